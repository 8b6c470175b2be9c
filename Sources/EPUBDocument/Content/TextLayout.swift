import CLibXML2

/// Lays out a content document's model as plain text, the addressable text that offsets count
/// in: block elements end in a newline, whitespace collapses as CSS `white-space: normal` does
/// (kept in `pre`), ruby bases stay in the text and their annotations are listed apart, media
/// become U+FFFC (an attachment, as in CoreText), page breaks leave no text. Every element gets
/// the UTF-16 range of its content (`AddressableText.elementRanges`, by model index) and every id
/// its range; blocks carry the language and direction in effect (from the model), and inline runs
/// (emphasis, links, language spans …) their ranges.
package enum TextLayout {
    static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "caption", "dd", "details", "dialog", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup",
        "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table", "tbody", "thead", "tfoot", "tr",
        "td", "th", "ul", "legend",
    ]
    package static let skipped: Set<String> = ["head", "script", "style", "template", "rp", "noscript", "title"]
    package static let media: Set<String> = ["img", "svg", "audio", "video", "math", "object", "embed", "iframe", "canvas"]
    /// Inline elements a native renderer styles, by the run type they make.
    static let runTypes: [String: String] = [
        "em": "emphasis", "i": "emphasis", "cite": "emphasis", "dfn": "emphasis", "var": "emphasis",
        "strong": "strong", "b": "strong", "code": "code", "kbd": "code", "samp": "code", "tt": "code", "ruby": "ruby",
    ]
    static let blockTypes: [String: String] = [
        "p": "paragraph", "ol": "list", "ul": "list", "dl": "list", "li": "listItem", "dt": "listItem", "dd": "listItem",
        "table": "table", "figure": "figure", "blockquote": "blockquote", "pre": "preformatted",
    ]

    /// The text is kept as UTF-8 with its UTF-16 length counted alongside: offsets are UTF-16, but
    /// growing a UTF-16 buffer and decoding it at the end cost a third of a large book's export.
    private struct Builder {
        var out: [UInt8] = []
        /// UTF-16 code units in `out`: what every offset counts.
        var length = 0
        var pendingSpace = false
        var preserve = 0
        var ids: [(id: String, offset: Int)] = []
        var blocks: [AddressableText.Block] = []
        var ruby: [AddressableText.Annotation] = []
        var runs: [AddressableText.Run] = []
        var idRanges: [(id: String, start: Int, end: Int)] = []
        /// Each model element's range, as the walk closes it; nil for an element not laid out.
        var elementRanges: [Range<Int>?] = []
        /// The body's language and direction, once the walk has reached it.
        var bodyLanguage: Inherited?
        /// With `chunks:`, where each chunk of character data went; the chunk the text being laid
        /// out belongs to; where a pending collapsed space began (its chunk and offset there).
        var chunkMap: TextChunkMap?
        var currentChunk: Int?
        var spaceOrigin: (chunk: Int, raw: Int)?

        mutating func place(_ number: Int, _ start: Int, _ end: Int) {
            elementRanges[number] = start..<max(start, end)
        }

        var atLineStart: Bool { out.isEmpty || out.last == 0x0A }

        /// Where the next character will go (a pending space counts, unless at a line start).
        var nextOffset: Int { length + (pendingSpace && !atLineStart ? 1 : 0) }

        mutating func text(_ s: String) {
            if chunkMap != nil, let chunk = currentChunk {
                recordingText(s, chunk: chunk)
                return
            }
            var s = s
            s.withUTF8 { bytes in
                if preserve > 0 {
                    out.append(contentsOf: bytes)
                    for byte in bytes { length += UTF16Length.units(startedBy: byte) }
                    return
                }
                for byte in bytes {
                    if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                        pendingSpace = true
                    } else {
                        if pendingSpace && !atLineStart { out.append(0x20); length += 1 }
                        pendingSpace = false
                        out.append(byte)
                        length += UTF16Length.units(startedBy: byte)
                    }
                }
            }
        }

        /// `text(_:)` that also notes, for each character kept, where it was in its chunk.
        mutating func recordingText(_ s: String, chunk: Int) {
            guard var map = chunkMap else { return }
            chunkMap = nil  // no copy of the map while it grows
            var raw = map.chunks[chunk].length
            for byte in s.utf8 {
                let units = UTF16Length.units(startedBy: byte)
                let space = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
                if preserve == 0 && space {
                    if !pendingSpace { spaceOrigin = (chunk, raw) }
                    pendingSpace = true
                    raw += units
                    continue
                }
                if preserve == 0 {
                    emitPendingSpace(&map)
                }
                if units > 0 { map.keep(chunk: chunk, raw: raw, text: length, width: units) }
                out.append(byte)
                length += units
                raw += units
            }
            map.chunks[chunk].length = raw
            map.chunks[chunk].end = length
            chunkMap = map
        }

        /// A collapsed run's one space, once something follows it on the line (noted at the run's start).
        mutating func emitPendingSpace(_ map: inout TextChunkMap) {
            if pendingSpace && !atLineStart {
                if let origin = spaceOrigin { map.keep(chunk: origin.chunk, raw: origin.raw, text: length, width: 1) }
                out.append(0x20)
                length += 1
            }
            pendingSpace = false
            spaceOrigin = nil
        }

        mutating func breakLine() {
            pendingSpace = false
            if !atLineStart { out.append(0x0A); length += 1 }
        }

        mutating func object() {
            if var map = chunkMap {
                chunkMap = nil
                emitPendingSpace(&map)
                chunkMap = map
            }
            if pendingSpace && !atLineStart { out.append(0x20); length += 1 }
            pendingSpace = false
            out.append(contentsOf: [0xEF, 0xBF, 0xBC])  // U+FFFC, one UTF-16 unit
            length += 1
        }
    }

    /// The language and base direction in effect at an element.
    struct Inherited: Equatable {
        var lang: String?
        var dir: String?
    }

    /// The walk's fixed inputs: the model and the base language.
    private struct Source {
        let model: ContentDocument
        let base: Inherited

        /// What an element inherits: the model's language and direction, else the base's.
        func inherited(_ number: Int) -> Inherited {
            Inherited(lang: model.language(of: number) ?? base.lang, dir: model.elements[number].direction?.rawValue ?? base.dir)
        }
    }

    /// The addressable text of a model; nil (a document that could not be read at all) gives empty
    /// text. `language`: what the document is in when it says nothing itself (the publication's).
    package static func text(of model: ContentDocument?, language: String? = nil) -> AddressableText {
        layout(model, language: language, chunks: false).text
    }

    /// The addressable text with the map of where each chunk of character data went in it: what
    /// EPUB CFIs resolve through (`chunks` is empty when the model is nil).
    package static func textWithChunks(of model: ContentDocument?, language: String? = nil) -> (text: AddressableText, chunks: TextChunkMap) {
        let laid = layout(model, language: language, chunks: true)
        return (laid.text, laid.chunks ?? TextChunkMap())
    }

    private static func layout(_ model: ContentDocument?, language: String?, chunks: Bool) -> (text: AddressableText, chunks: TextChunkMap?) {
        var b = Builder()
        if chunks { b.chunkMap = TextChunkMap() }
        let base = Inherited(lang: language, dir: nil)
        b.bodyLanguage = base
        if let model, !model.elements.isEmpty {
            b.elementRanges = Array(repeating: nil, count: model.elements.count)
            walk(0, Source(model: model, base: base), &b, rubyStart: nil)
        }
        b.breakLine()
        return (result(b), b.chunkMap)
    }

    /// The text, with what the walk found clipped to it and in document order.
    private static func result(_ b: Builder) -> AddressableText {
        let text = String(decoding: b.out, as: UTF8.self)
        let length = b.length
        let ids = b.ids.map { ($0.id, min($0.offset, length)) }
        // In document order: by start, an enclosing block before what it holds.
        let blocks = b.blocks.enumerated().map { index, block -> (Int, AddressableText.Block) in
            var block = block
            block.start = min(block.start, length)
            block.end = min(max(block.end, block.start), length)
            return (index, block)
        }.sorted { a, b in
            if a.1.start != b.1.start { return a.1.start < b.1.start }
            if a.1.end != b.1.end { return a.1.end > b.1.end }
            return a.0 > b.0  // blocks are recorded when they close: the outer one closes later
        }.map(\.1)
        var result = AddressableText(text: text, length: length, ids: ids, blocks: blocks, ruby: b.ruby)
        result.idRanges = b.idRanges.map { ($0.id, min($0.start, length), min(max($0.end, $0.start), length)) }
        result.elementRanges = b.elementRanges.map { range in range.map { min($0.lowerBound, length)..<min($0.upperBound, length) } }
        result.runs = b.runs.enumerated().sorted { x, y in
            (x.element.start, -x.element.end, x.offset) < (y.element.start, -y.element.end, y.offset)
        }.map(\.element)
        result.lang = b.bodyLanguage?.lang
        result.dir = b.bodyLanguage?.dir
        return result
    }

    private static func walk(_ number: Int, _ source: Source, _ b: inout Builder, rubyStart: Int?) {
        let model = source.model
        let node = model.elements[number].node
        let name = model.elements[number].localName
        if skipped.contains(name) { return }
        let here = source.inherited(number)
        if name == "body" { b.bodyLanguage = here }
        let id = model.id(of: number)
        let isBlock = blocks.contains(name) || name == "br"
        if name == "br" {
            if let id { b.ids.append((id, b.nextOffset)); b.idRanges.append((id, b.nextOffset, b.nextOffset)) }
            b.place(number, b.nextOffset, b.nextOffset)
            b.breakLine()
            return
        }
        if model.isPageBreak(number) {
            // A page number marks a place; it is not text to read.
            let offset = b.nextOffset
            if let id { b.ids.append((id, offset)); b.idRanges.append((id, offset, offset)) }
            b.place(number, offset, offset)
            b.blocks.append(.init(type: "pageBreak", start: offset, end: offset, detail: model.pageBreakLabel(number), id: id,
                                  lang: here.lang, dir: here.dir))
            return
        }
        if isBlock { b.breakLine() }
        let start = b.nextOffset
        if let id { b.ids.append((id, start)) }
        if media.contains(name) {
            let src = LibXMLNode.attribute(node, "src") ?? LibXMLNode.attribute(node, "data")
            let offset = b.nextOffset
            b.object()
            b.blocks.append(.init(type: "media", start: offset, end: offset + 1, detail: name, src: src, id: id, lang: here.lang, dir: here.dir))
            if let id { b.idRanges.append((id, offset, offset + 1)) }
            b.place(number, offset, offset + 1)
            // Fallback content of audio/video/object is not laid out when the media plays.
            collectIDs(number, source, offset, &b)
            return
        }
        if name == "rt" {
            // A ruby annotation: listed apart, over the base text since the last annotation.
            let text = LibXMLNode.content(node).collapsingXMLWhitespace()
            if let base = rubyStart, !text.isEmpty { b.ruby.append(.init(start: base, end: b.length, text: text)) }
            if let id { b.idRanges.append((id, b.length, b.length)) }
            b.place(number, b.length, b.length)
            collectIDs(number, source, b.length, &b)
            return
        }
        walkChildren(number, name, source, &b, rubyStart: rubyStart)
        if isBlock { b.breakLine() }
        let end = b.length
        if let id { b.idRanges.append((id, start, end)) }
        b.place(number, start, end)
        let parent = model.elements[number].parent.map(source.inherited) ?? source.base
        close(node, name, start: start, end: end, id: id, parent: parent, here: here, &b)
    }

    /// The element's children in order: element children by model index (each after the subtree
    /// of the one before), text as it comes.
    private static func walkChildren(_ number: Int, _ name: String, _ source: Source, _ b: inout Builder, rubyStart: Int?) {
        if name == "pre" { b.preserve += 1 }
        var currentRubyBase = name == "ruby" ? b.nextOffset : rubyStart
        var next = number + 1
        var child = source.model.elements[number].node.pointee.children
        // CFI chunks: the character data between element children (comments do not split it).
        var elementChildren = 0
        var chunk: Int?
        while let c = child {
            switch c.pointee.type {
            case XML_ELEMENT_NODE:
                walk(next, source, &b, rubyStart: currentRubyBase)
                if name == "ruby", String(cString: c.pointee.name) == "rt" { currentRubyBase = b.length }
                next = source.model.subtreeEnd(of: next)
                elementChildren += 1
                chunk = nil
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if b.chunkMap != nil {
                    if chunk == nil { chunk = b.chunkMap?.open(element: number, index: 2 * elementChildren + 1, at: b.length) }
                    b.currentChunk = chunk
                }
                if let content = c.pointee.content { b.text(String(cString: content)) }
            default:
                break
            }
            child = c.pointee.next
        }
        if name == "pre" { b.preserve -= 1 }
    }

    /// What an element that was laid out leaves behind: its block, or its inline runs.
    private static func close(_ node: xmlNodePtr, _ name: String, start: Int, end: Int, id: String?, parent: Inherited, here: Inherited,
                              _ b: inout Builder) {
        if name.count == 2, name.first == "h", let level = Int(String(name.last ?? "x")), (1...6).contains(level) {
            b.blocks.append(.init(type: "heading", start: start, end: end, level: level, id: id, lang: here.lang, dir: here.dir))
        } else if let type = blockTypes[name] {
            b.blocks.append(.init(type: type, start: start, end: end, id: id, lang: here.lang, dir: here.dir))
        }
        guard end > start, !blocks.contains(name), name != "html" else { return }
        if let type = runTypes[name] { b.runs.append(.init(type: type, start: start, end: end)) }
        if name == "a", let href = LibXMLNode.attribute(node, "href") { b.runs.append(.init(type: "link", start: start, end: end, href: href)) }
        if here.lang != parent.lang, let lang = here.lang { b.runs.append(.init(type: "language", start: start, end: end, lang: lang)) }
    }

    /// Elements inside content that is not laid out (media fallbacks, annotations) all sit at
    /// `offset`, and so do their ids.
    private static func collectIDs(_ number: Int, _ source: Source, _ offset: Int, _ b: inout Builder) {
        for inner in source.model.descendants(of: number) {
            b.place(inner, offset, offset)
            if let id = source.model.id(of: inner) {
                b.ids.append((id, offset))
                b.idRanges.append((id, offset, offset))
            }
        }
    }
}
