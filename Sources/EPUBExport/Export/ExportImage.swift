import CLibXML2
import EPUBContract
import EPUBOutput

/// An image a renderer must reserve room for before it decodes anything: `img` (with the
/// `source`s of its `picture`), SVG's `image`, `object`, `embed`, and inline `svg` kept whole.
/// The intrinsic size comes from the file's header (PNG, JPEG, GIF, WebP) or an SVG root's
/// `viewBox`/`width`/`height`; the declared size from the element's attributes.
struct ExportImage: Equatable {
    /// One `source` of a `picture`: its first `srcset` candidate resolved, with `type` and `media`.
    struct PictureSource: Equatable {
        var src: String
        var type: String?
        var media: String?
    }

    struct Size: Equatable {
        var width: Double
        var height: Double
    }

    /// `img`, `image` (SVG), `object`, `embed` or `svg` (inline).
    var element: String
    var id: String?
    var range: ExportTable.Span
    /// A container path, or a remote URL as written; nil for inline SVG or no usable reference.
    var src: String?
    var remote: Bool
    var mediaType: String?
    /// `img`'s `alt` as written (empty: decorative); an `object`'s fallback text.
    var alt: String?
    var width: Double?
    var height: Double?
    var intrinsic: Size?
    var sources: [PictureSource]
    /// Inline SVG only: `viewBox` as written, and the element serialized whole.
    var viewBox: String?
    var markup: String?

    /// The JSON object, written by hand: an image-heavy book spent a twentieth of its export in
    /// the generic encoder.
    var jsonValue: JSONValue {
        func string(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        func number(_ n: Double?) -> JSONValue { n.map(JSONValue.number) ?? .null }
        return .object([
            ("element", .string(element)), ("id", string(id)), ("range", range.jsonValue), ("src", string(src)), ("remote", .bool(remote)),
            ("mediaType", string(mediaType)), ("alt", string(alt)), ("width", number(width)), ("height", number(height)),
            ("intrinsic", intrinsic.map { .object([("width", .number($0.width)), ("height", .number($0.height))]) } ?? .null),
            ("sources", .array(sources.map { .object([("src", .string($0.src)), ("type", string($0.type)), ("media", string($0.media))]) })),
            ("viewBox", string(viewBox)), ("markup", string(markup)),
        ])
    }

    static let names: Set<String> = ["img", "embed", "object", "image", "svg"]

    /// `candidates`: the elements named as `names` are.
    /// `sizes`: intrinsic sizes already read in this export, by container path (a book shows the
    /// same ornament on many pages).
    static func images(in model: ContentDocument, _ text: AddressableText, document: String, _ session: PublicationSession,
                       sizes: inout [String: Size?], among candidates: [Int]) -> [ExportImage] {
        return candidates.compactMap { number -> ExportImage? in
            let e = model.elements[number]
            let name = e.localName
            let reference: String?
            switch (e.namespace, name) {
            case (.xhtml, "img"), (.xhtml, "embed"): reference = model.attribute(number, "src")
            case (.xhtml, "object"): reference = model.attribute(number, "data")
            case (.svg, "image"): reference = LibXMLNode.attribute(e.node, "href", namespace: XMLNamespace.xlink) ?? model.attribute(number, "href")
            case (.svg, "svg") where e.parent.map({ model.elements[$0].namespace }) == .xhtml: reference = nil
            default: return nil
            }
            guard let range = ExportTable.span(number, text) else { return nil }
            var image = ExportImage(element: name, id: model.id(of: number), range: range, src: nil, remote: false,
                                    mediaType: model.attribute(number, "type"), alt: name == "img" ? model.attribute(number, "alt") : nil,
                                    width: ExportMedia.dimension(model.attribute(number, "width")),
                                    height: ExportMedia.dimension(model.attribute(number, "height")),
                                    intrinsic: nil, sources: [], viewBox: nil, markup: nil)
            if let reference, let found = ExportMedia.source(reference, type: image.mediaType, document, session) {
                image.src = found.src
                image.remote = found.remote
                image.mediaType = found.type
                if !found.remote, let type = found.type {
                    if sizes[found.src] == nil { sizes[found.src] = ImageSize.of(file: found.src, mediaType: type, in: session).map { Size(width: $0.width, height: $0.height) } }
                    image.intrinsic = sizes[found.src] ?? nil
                }
            }
            if name == "svg" {
                image.viewBox = model.attribute(number, "viewBox")
                image.intrinsic = inlineSize(viewBox: image.viewBox, width: image.width, height: image.height)
                image.markup = LibXMLNode.serialized(e.node)
            }
            if name == "object" {
                let fallback = ExportMedia.fallbackText(number, model)
                image.alt = fallback.isEmpty ? nil : fallback
            }
            if name == "img", let parent = e.parent, model.elements[parent].localName == "picture" {
                image.sources = pictureSources(parent, model, document, session)
            }
            return image
        }
    }

    /// The `source` children of a `picture`, each with the first URL of its `srcset`.
    private static func pictureSources(_ picture: Int, _ model: ContentDocument, _ document: String, _ session: PublicationSession) -> [PictureSource] {
        model.children(of: picture).compactMap { child in
            guard model.elements[child].localName == "source", let srcset = model.attribute(child, "srcset"),
                  let first = srcset.split(separator: ",").first?.xmlTokens().first,
                  let found = ExportMedia.source(first, type: model.attribute(child, "type"), document, session) else { return nil }
            return PictureSource(src: found.src, type: found.type, media: model.attribute(child, "media"))
        }
    }

    /// An inline `svg`'s size as an SVG file's would be read: the `viewBox`, else `width` and `height`.
    static func inlineSize(viewBox: String?, width: Double?, height: Double?) -> Size? {
        if let box = ContentRendition.viewBoxSize(viewBox) { return Size(width: box.width, height: box.height) }
        guard let width, let height else { return nil }
        return Size(width: width, height: height)
    }
}
