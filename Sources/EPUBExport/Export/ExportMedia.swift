import CLibXML2
import EPUBContract
import EPUBOutput

/// An `audio` or `video` element as a native player needs it: its sources resolved to container
/// paths (remote ones as written), the poster, the boolean attributes, the declared size, the
/// fallback text a reader without the format shows, and whether it is a player in the text or a
/// soundtrack behind it.
struct ExportMedia: Equatable {
    struct Source: Equatable {
        /// A container path, or a remote URL as written.
        var src: String
        var remote: Bool
        /// The `type` attribute, else the manifest's media type of a local file.
        var type: String?
    }

    var kind: String
    var id: String?
    /// The U+FFFC the element is in the text.
    var range: ExportTable.Span
    var sources: [Source]
    var poster: String?
    var controls: Bool
    var autoplay: Bool
    var loop: Bool
    var muted: Bool
    var width: Double?
    var height: Double?
    var fallback: String
    /// `inline` (a player in the text: it has controls, or neither autoplays nor loops) or
    /// `background` (no controls, and it autoplays or loops: a soundtrack, an ambient loop).
    var role: String

    /// The JSON object, written by hand (as `ExportImage`'s).
    var jsonValue: JSONValue {
        func number(_ n: Double?) -> JSONValue { n.map(JSONValue.number) ?? .null }
        return .object([
            ("kind", .string(kind)), ("id", id.map(JSONValue.string) ?? .null), ("range", range.jsonValue),
            ("sources", .array(sources.map { .object([("src", .string($0.src)), ("remote", .bool($0.remote)), ("type", $0.type.map(JSONValue.string) ?? .null)]) })),
            ("poster", poster.map(JSONValue.string) ?? .null), ("controls", .bool(controls)), ("autoplay", .bool(autoplay)), ("loop", .bool(loop)),
            ("muted", .bool(muted)), ("width", number(width)), ("height", number(height)), ("fallback", .string(fallback)), ("role", .string(role)),
        ])
    }

    static let names: Set<String> = ["audio", "video"]

    /// `candidates`: the elements named as `names` are.
    static func media(in model: ContentDocument, _ text: AddressableText, document: String, _ session: PublicationSession,
                      among candidates: [Int]) -> [ExportMedia] {
        candidates.compactMap { number -> ExportMedia? in
            let name = model.elements[number].localName
            guard model.elements[number].namespace == .xhtml, name == "audio" || name == "video",
                  let range = ExportTable.span(number, text) else { return nil }
            func has(_ attribute: String) -> Bool { model.attribute(number, attribute) != nil }
            var sources: [Source] = []
            if let src = model.attribute(number, "src") {
                sources.append(contentsOf: source(src, type: nil, document, session).map { [$0] } ?? [])
            } else {
                for child in model.children(of: number) where model.elements[child].localName == "source" {
                    if let src = model.attribute(child, "src"), let found = source(src, type: model.attribute(child, "type"), document, session) {
                        sources.append(found)
                    }
                }
            }
            let controls = has("controls"), autoplay = has("autoplay"), loop = has("loop")
            return ExportMedia(kind: name, id: model.id(of: number), range: range, sources: sources,
                               poster: name == "video" ? model.attribute(number, "poster").flatMap { source($0, type: nil, document, session)?.src } : nil,
                               controls: controls, autoplay: autoplay, loop: loop, muted: has("muted"),
                               width: dimension(model.attribute(number, "width")), height: dimension(model.attribute(number, "height")),
                               fallback: fallbackText(number, model),
                               role: !controls && (autoplay || loop) ? "background" : "inline")
        }
    }

    /// A source resolved against its document; nil for a reference no reader can follow.
    static func source(_ href: String, type: String?, _ document: String, _ session: PublicationSession) -> Source? {
        switch HrefResolver.resolve(href, against: document) {
        case .local(let path, _): return Source(src: path, remote: false, type: type ?? session.package.item(path: path)?.mediaType)
        case .remote(let url): return Source(src: url, remote: true, type: type)
        case .invalid: return nil
        }
    }

    /// A size attribute as HTML reads a dimension: a number, `px` allowed; anything else is no size.
    static func dimension(_ value: String?) -> Double? {
        guard var value = value?.trimmingXMLWhitespace(), !value.isEmpty else { return nil }
        if value.hasSuffix("px") { value.removeLast(2) }
        return Double(value).flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
    }

    /// The text inside the element but outside its `source` and `track` children: what is shown
    /// where the media cannot play.
    static func fallbackText(_ number: Int, _ model: ContentDocument) -> String {
        var parts: [String] = []
        var child = model.elements[number].node.pointee.children
        while let c = child {
            switch c.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: parts.append(LibXMLNode.content(c))
            case XML_ELEMENT_NODE where !["source", "track"].contains(String(cString: c.pointee.name)): parts.append(LibXMLNode.content(c))
            default: break
            }
            child = c.pointee.next
        }
        return parts.joined().collapsingXMLWhitespace()
    }
}
