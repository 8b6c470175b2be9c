import EPUBContract
import Foundation

/// Choosing and making each fixed-layout page's thumbnail from the session (never re-reading
/// the book): a page whose content is a picture (a bitmap in the spine, or a document with an
/// image and next to no text) shows that picture; an SVG page shows itself; any other page a
/// preview drawn from its blocks and styles.
extension PageThumbnail {
    /// Text a page may carry and still be "a picture" (a page number, a caption's few words).
    static let pictureTextLimit = 40
    /// What a page shows as it is: the types the report embeds (its cover's too).
    static var embeddable: Set<String> { HTMLReportFormatter.embeddable }

    /// Thumbnails of the pre-paginated pages of a book, by spine index, made on all cores.
    public static func all(of session: PublicationSession, _ contract: ReaderContract) -> [Int: PageThumbnail] {
        let pages = contract.spine.filter { $0.effective.layout == .prePaginated }
        guard !pages.isEmpty else { return [:] }
        let sheets = StyleResolver.Sheets(loader: session.resources)
        let made = ParallelMap.map(pages) { make($0, session, sheets) }
        var out: [Int: PageThumbnail] = [:]
        for (entry, thumbnail) in zip(pages, made) { out[entry.index] = thumbnail }
        return out
    }

    /// One page: its picture if it is one, else its own drawing, else a preview. The document is
    /// read once and handed on.
    static func make(_ entry: SpineEntry, _ session: PublicationSession, _ sheets: StyleResolver.Sheets) -> PageThumbnail? {
        let type = entry.mediaType.lowercased()
        if type.hasPrefix("image/"), type != "image/svg+xml" {
            return picture(entry.href, type, session)
        }
        guard ManifestItem.isContentDocument(type), let model = session.contentDocument(at: entry.href) else { return nil }
        if let image = pageImage(model, entry.href, session), let thumbnail = picture(image.path, image.type, session) {
            return thumbnail
        }
        let drawn = type == "image/svg+xml" ? drawing(entry.href, model, session) : inlineDrawing(model, entry)
        return drawn ?? preview(entry, model, session, sheets)
    }

    /// The page's size in CSS px: its viewport, else the screen the cascade assumes.
    static func pageSize(_ entry: SpineEntry) -> (width: Double, height: Double) {
        (entry.viewport?.width ?? MediaAssumptions.width, entry.viewport?.height ?? MediaAssumptions.height)
    }

    /// SVG text as embedded bytes: as it is within budget, else slimmed; nil when still over.
    static func svgWithinBudget(_ text: String) -> Data? {
        var bytes = Data(text.utf8)
        if bytes.count > budget { bytes = Data(SVGSlimmer.slim(text).utf8) }
        return bytes.count <= budget ? bytes : nil
    }

    /// A page whose content is one inline `svg` (a PDF converted page by page, say) shown as that
    /// drawing, taken out of its document with the namespaces it needs declared on it.
    static func inlineDrawing(_ model: ContentDocument, _ entry: SpineEntry) -> PageThumbnail? {
        guard model.elements.contains(where: { $0.localName == "body" && $0.namespace == .xhtml }),
              let svg = model.elements.indices.first(where: { model.elements[$0].namespace == .svg && model.elements[$0].parent.map { model.elements[$0].namespace } == .xhtml })
        else { return nil }
        let outside = visibleText(model) - LibXMLNode.content(model.elements[svg].node).unicodeScalars.count { !$0.properties.isWhitespace }
        guard outside <= pictureTextLimit, var markup = LibXMLNode.serialized(model.elements[svg].node) else { return nil }
        let open = markup.prefix { $0 != ">" }
        if !open.contains("xmlns=\"\(XMLNamespace.svg)\"") {
            markup = markup.replacingOccurrences(of: "^<([A-Za-z_][\\w.-]*:)?svg", with: "<svg xmlns=\"\(XMLNamespace.svg)\"", options: .regularExpression)
            markup = markup.replacingOccurrences(of: "(</?)[A-Za-z_][\\w.-]*:", with: "$1", options: .regularExpression)  // svg:rect → rect
        }
        if markup.contains("xlink:"), !open.contains("xmlns:xlink") {
            markup = markup.replacingOccurrences(of: "^<svg", with: "<svg xmlns:xlink=\"\(XMLNamespace.xlink)\"", options: .regularExpression)
        }
        guard let bytes = svgWithinBudget(markup) else { return nil }
        let page = pageSize(entry)
        let (w, h) = fitted(page.width, page.height)
        return PageThumbnail(kind: .drawing, mediaType: "image/svg+xml", bytes: bytes, width: w, height: h, source: entry.href)
    }

    /// The picture a document's page is, if it is one: its largest image (by pixels), when the
    /// page's text beside it is at most a caption.
    static func pageImage(_ model: ContentDocument, _ document: String, _ session: PublicationSession) -> (path: String, type: String)? {
        var best: (path: String, type: String, area: Double)?
        for number in model.elements.indices {
            guard let image = bitmap(number, model, document, session),
                  let size = ImageSize.of(prefixes: { session.data(at: image.path, prefix: $0) }) else { continue }
            if size.width * size.height > best?.area ?? 0 { best = (image.path, image.type, size.width * size.height) }
        }
        guard let best, visibleText(model) <= pictureTextLimit else { return nil }
        return (best.path, best.type)
    }

    /// Elements whose text no reader sees on the page.
    static let unseen: Set<String> = ["title", "desc", "metadata", "style", "script", "template", "noscript"]

    /// How many characters other than white space a page shows: its body's text (an SVG page's
    /// whole text) less what titles, descriptions, styles and scripts hold.
    static func visibleText(_ model: ContentDocument) -> Int {
        func count(_ number: Int) -> Int { LibXMLNode.content(model.elements[number].node).unicodeScalars.count { !$0.properties.isWhitespace } }
        let svgPage = model.elements.first?.namespace == .svg
        guard let root = svgPage ? 0 : model.elements.firstIndex(where: { $0.localName == "body" && $0.namespace == .xhtml }) else { return 0 }
        var total = count(root)
        for number in model.elements.indices where number > root && unseen.contains(model.elements[number].localName) {
            // Only the outermost of nested unseen elements is subtracted.
            var ancestor = model.elements[number].parent, nested = false
            while let a = ancestor, a > root { if unseen.contains(model.elements[a].localName) { nested = true; break }; ancestor = model.elements[a].parent }
            if !nested { total -= count(number) }
        }
        return total
    }

    /// The bitmap an `img` or SVG `image` element shows: its file in the container and the
    /// manifest's media type, when that is a type the report can show.
    static func bitmap(_ number: Int, _ model: ContentDocument, _ document: String, _ session: PublicationSession) -> (path: String, type: String)? {
        let element = model.elements[number]
        let reference: String?
        switch (element.namespace, element.localName) {
        case (.xhtml, "img"): reference = model.attribute(number, "src")
        case (.svg, "image"): reference = LibXMLNode.attribute(element.node, "href", namespace: XMLNamespace.xlink) ?? model.attribute(number, "href")
        default: return nil
        }
        guard let reference, let path = HrefResolver.path(reference, against: document),
              let type = session.package.item(path: path)?.mediaType.lowercased(),
              embeddable.contains(type), type != "image/svg+xml" else { return nil }
        return (path, type)
    }

    /// A bitmap within budget embedded as it is (sharper than any copy); a larger one scaled into
    /// the box: JPEGs read at an eighth, PNGs whole (over white), averaged down and written as
    /// JPEG at a quality that keeps within budget; any other picture (too large, of a kind not read, damaged) drawn as a
    /// placeholder of its proportions that names it.
    static func picture(_ path: String, _ type: String, _ session: PublicationSession) -> PageThumbnail? {
        guard let data = session.data(at: path) else { return nil }
        let size = ImageSize.of(prefixes: { Data(data.prefix($0)) })
        if embeddable.contains(type), data.count <= budget, let size {
            let (w, h) = fitted(size.width, size.height)
            return PageThumbnail(kind: .image, mediaType: type, bytes: data, width: w, height: h, source: path)
        }
        let decoded: RasterImage? = switch type {
        case "image/jpeg": try? JPEGDecoder.eighth(Array(data))
        case "image/png": try? PNGDecoder.decode(Array(data))
        default: nil
        }
        if let decoded {
            let small = decoded.scaled(toFit: box.width, box.height)
            for quality in [80, 65, 45, 25] {
                let bytes = JPEGEncoder.encode(small, quality: quality)
                if bytes.count <= budget {
                    return PageThumbnail(kind: .image, mediaType: "image/jpeg", bytes: bytes, width: small.width, height: small.height, source: path)
                }
            }
        }
        guard let size else { return nil }
        let (w, h) = fitted(size.width, size.height)
        let name = type.split(separator: "/").last.map { $0.uppercased() } ?? type
        let svg = PagePreview.placeholder(width: size.width, height: size.height, label: "\(name) \(Int(size.width)) × \(Int(size.height))")
        return PageThumbnail(kind: .preview, mediaType: "image/svg+xml", bytes: Data(svg.utf8), width: w, height: h, source: path)
    }

    /// An SVG page as it is, in an `img` (where it runs no script and loads nothing), when small
    /// enough to embed.
    static func drawing(_ path: String, _ model: ContentDocument, _ session: PublicationSession) -> PageThumbnail? {
        guard model.elements.first?.namespace == .svg, let data = session.data(at: path),
              let bytes = data.count <= budget ? data : svgWithinBudget(String(decoding: data, as: UTF8.self)) else { return nil }
        let size = ContentRendition.viewBoxSize(model.attribute(0, "viewBox")) ?? (Double(box.width), Double(box.height))
        let (w, h) = fitted(size.width, size.height)
        return PageThumbnail(kind: .drawing, mediaType: "image/svg+xml", bytes: bytes, width: w, height: h, source: path)
    }

    /// The page drawn from its blocks and styles: its images as their own thumbnails while the
    /// preview stays within budget, else (or when it would not) as grey boxes of their shape.
    static func preview(_ entry: SpineEntry, _ model: ContentDocument, _ session: PublicationSession, _ sheets: StyleResolver.Sheets) -> PageThumbnail? {
        let page = pageSize(entry)
        let styles = StyleResolver.styles(of: model, sheets: sheets)
        func drawn(embedding: Bool) -> Data {
            var spent = 0
            let pictures: (Int) -> (size: (Double, Double), url: String?)? = { number in
                guard let image = bitmap(number, model, entry.href, session),
                      let size = ImageSize.of(prefixes: { session.data(at: image.path, prefix: $0) }) else { return nil }
                guard embedding, let small = picture(image.path, image.type, session), small.kind == .image,
                      spent + small.bytes.count * 4 / 3 <= budget * 3 / 4 else { return ((size.width, size.height), nil) }
                spent += small.bytes.count * 4 / 3
                return ((size.width, size.height), small.dataURL)
            }
            return Data(PagePreview(model: model, styles: styles, width: page.width, height: page.height, pictures: pictures).svg().utf8)
        }
        var bytes = drawn(embedding: true)
        if bytes.count > budget { bytes = drawn(embedding: false) }
        guard bytes.count <= budget else { return nil }
        let (w, h) = fitted(page.width, page.height)
        return PageThumbnail(kind: .preview, mediaType: "image/svg+xml", bytes: bytes, width: w, height: h, source: entry.href)
    }

    /// A size of these proportions within the box.
    static func fitted(_ width: Double, _ height: Double) -> (Int, Int) {
        guard width > 0, height > 0 else { return (box.width, box.height) }
        let scale = min(Double(box.width) / width, Double(box.height) / height)
        return (max(1, Int((width * scale).rounded())), max(1, Int((height * scale).rounded())))
    }
}
