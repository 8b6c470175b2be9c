/// The text of one spine item as a native text renderer lays it out, with stable positions:
/// offsets are UTF-16 code units (what CoreText and NSString count) into `text`.
public struct AddressableText: Sendable, Equatable {
    /// A block of the document's structure, in document order.
    public struct Block: Sendable, Equatable, Codable {
        /// heading, paragraph, list, listItem, table, figure, blockquote, preformatted, media, pageBreak.
        public var type: String
        public var start: Int
        public var end: Int
        /// Heading rank 1–6.
        public var level: Int?
        /// media: image, svg, audio, video, math, object; for a page break, its label.
        public var detail: String?
        /// The media's source (exported as is: a container path).
        public var src: String?
        public var id: String?
        /// The language and base direction in effect at the block (inherited from its ancestors).
        public var lang: String? = nil
        public var dir: String? = nil

        /// The block as its JSON object, built directly: a book of a million blocks would spend most
        /// of its time and memory in the generic encoder's intermediate tree.
        package var jsonValue: JSONValue {
            let rank: JSONValue = level.map { JSONValue.integer(Int64($0)) } ?? .null
            let fields: [(String, JSONValue)] = [
                ("type", .string(type)), ("start", .integer(Int64(start))), ("end", .integer(Int64(end))), ("level", rank),
                ("detail", detail.map(JSONValue.string) ?? .null), ("src", src.map(JSONValue.string) ?? .null),
                ("id", id.map(JSONValue.string) ?? .null), ("lang", lang.map(JSONValue.string) ?? .null),
                ("dir", dir.map(JSONValue.string) ?? .null),
            ]
            return .object(fields)
        }
    }

    /// An inline run of the text at [start, end): what a native renderer styles or links.
    public struct Run: Sendable, Equatable {
        /// emphasis, strong, code, link, language, ruby.
        public var type: String
        public var start: Int
        public var end: Int
        /// A `language` run's language.
        public var lang: String?
        /// A `link` run's `href` as written.
        public var href: String?
    }

    /// A ruby annotation: the base text at [start, end) reads `text`.
    public struct Annotation: Sendable, Equatable, Codable {
        public var start: Int
        public var end: Int
        public var text: String

        package var jsonValue: JSONValue {
            .object([("start", .integer(Int64(start))), ("end", .integer(Int64(end))), ("text", .string(text))])
        }
    }

    public var text: String
    /// UTF-16 length of `text`.
    public var length: Int
    /// Every element id and where its content starts.
    public var ids: [(id: String, offset: Int)]
    /// Every element id with the range its content covers (a media object: its one character).
    public var idRanges: [(id: String, start: Int, end: Int)] = []
    /// The range each element of the document's model covers, by model index (`ContentDocument`
    /// elements); nil for an element that is not laid out (in `head`, a script, a style).
    public var elementRanges: [Range<Int>?] = []
    public var blocks: [Block]
    public var ruby: [Annotation]
    /// Inline runs, in document order (by start; an enclosing run first).
    public var runs: [Run] = []
    /// The language and base direction of the body (its own, else the root's).
    public var lang: String? = nil
    public var dir: String? = nil

    public static func == (a: AddressableText, b: AddressableText) -> Bool {
        a.text == b.text && a.ids.map(\.id) == b.ids.map(\.id) && a.ids.map(\.offset) == b.ids.map(\.offset) && a.blocks == b.blocks
            && a.ruby == b.ruby && a.runs == b.runs && a.lang == b.lang && a.dir == b.dir
            && a.idRanges.map { [$0.start, $0.end] } == b.idRanges.map { [$0.start, $0.end] } && a.elementRanges == b.elementRanges
    }

    /// Offset of an element id; 0 for no fragment; nil when the id is not in the document.
    public func offset(of fragment: String?) -> Int? {
        guard let fragment, !fragment.isEmpty else { return 0 }
        return idIndex[fragment]
    }

    var idIndex: [String: Int] = [:]

    /// Each id's range, of the element `offset(of:)` finds (the first in document order that bears
    /// it): what a media-overlay fragment highlights. Built once per document, not per lookup.
    public func idRangeIndex() -> [String: Range<Int>] {
        var out: [String: Range<Int>] = [:]
        for (id, start, end) in idRanges where out[id] == nil && idIndex[id] == start { out[id] = start..<end }
        return out
    }

    package init(text: String, length: Int, ids: [(id: String, offset: Int)], blocks: [Block], ruby: [Annotation]) {
        self.text = text
        self.length = length
        self.ids = ids
        self.blocks = blocks
        self.ruby = ruby
        for (id, offset) in ids where idIndex[id] == nil { idIndex[id] = offset }
    }
}
