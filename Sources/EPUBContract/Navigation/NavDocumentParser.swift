/// Reads an EPUB 3 navigation document: every `nav` in the body, the first `toc`, `page-list` and
/// `landmarks`, the rest as generic lists.
struct NavDocumentParser {
    let target: SpineTargetResolver
    let path: String

    func parse(_ document: XMLDocument) -> NavigationLists {
        var result = NavigationLists()
        var seenToc = false, seenPageList = false, seenLandmarks = false
        for nav in document.select("//html:body//html:nav") {
            let tokens = nav.epubTypes
            let list = firstList(of: nav)
            if tokens.contains("toc"), !seenToc {
                seenToc = true
                result.toc = list.map { entries(of: $0, depth: 0, &result.diagnostics) } ?? []
            } else if tokens.contains("page-list"), !seenPageList {
                seenPageList = true
                result.pageList = list.map { entries(of: $0, depth: 0, &result.diagnostics) } ?? []
            } else if tokens.contains("landmarks"), !seenLandmarks {
                seenLandmarks = true
                result.landmarks = list.map(landmarks) ?? []
            } else {
                result.navLists.append(NavList(type: tokens.joined(separator: " "), title: heading(of: nav),
                                               entries: list.map { entries(of: $0, depth: 0, &result.diagnostics) } ?? []))
            }
        }
        return result
    }

    /// The nav's `ol`: its first child `ol`, else the first one below it.
    private func firstList(of nav: XMLElement) -> XMLElement? {
        nav.firstChild(named: "ol", in: XMLNamespace.xhtml) ?? nav.select(".//html:ol").first
    }

    private func heading(of nav: XMLElement) -> String? {
        for child in nav.children where child.namespace == XMLNamespace.xhtml && ["h1", "h2", "h3", "h4", "h5", "h6"].contains(child.name) {
            let title = child.text.collapsingXMLWhitespace()
            if !title.isEmpty { return title }
        }
        return nil
    }

    /// The `li` entries of an `ol`, recursively. Entries without a title are dropped, and so are
    /// leaves without a link; a `span` heading, or an `a` without `href` (said: EC-NAV-002), is
    /// kept with a null href when it has children.
    private func entries(of list: XMLElement, depth: Int, _ diagnostics: inout [Diagnostic]) -> [TocEntry] {
        guard depth < 64 else { return [] }
        var out: [TocEntry] = []
        for item in list.children(named: "li", in: XMLNamespace.xhtml) {
            guard let label = item.children.first(where: { $0.namespace == XMLNamespace.xhtml && ($0.name == "a" || $0.name == "span") }) else { continue }
            let title = Self.title(of: label)
            guard !title.isEmpty else { continue }
            let children = item.firstChild(named: "ol", in: XMLNamespace.xhtml).map { entries(of: $0, depth: depth + 1, &diagnostics) } ?? []
            if label.name == "span" || label.attribute("href") == nil {
                guard !children.isEmpty else { continue }
                if label.name == "a" {
                    diagnostics.append(Diagnostic(.navEntryWithoutLink(title: title), location: .init(path: path, line: label.line)))
                }
                out.append(TocEntry(title: title, href: nil, spineIndex: nil, fragment: nil, children: children))
                continue
            }
            let resolved = label.attribute("href").flatMap { target.resolve($0, in: path) }
            out.append(TocEntry(title: title, href: resolved?.href, spineIndex: resolved?.spineIndex,
                                fragment: resolved?.fragment, children: children))
        }
        return out
    }

    private func landmarks(_ list: XMLElement) -> [Landmark] {
        var out: [Landmark] = []
        for item in list.children(named: "li", in: XMLNamespace.xhtml) {
            guard let link = item.firstChild(named: "a", in: XMLNamespace.xhtml), let href = link.attribute("href"),
                  let resolved = target.resolve(href, in: path) else { continue }
            let title = Self.title(of: link)
            guard !title.isEmpty else { continue }
            let type = link.epubTypes.joined(separator: " ")
            out.append(Landmark(title: title, href: resolved.href, type: type, spineIndex: resolved.spineIndex, fragment: resolved.fragment))
        }
        return out
    }

    /// The label's text with markup flattened; an image-only label uses the image's `alt`, then `title`.
    static func title(of label: XMLElement) -> String {
        let text = label.text.collapsingXMLWhitespace()
        if !text.isEmpty { return text }
        for image in label.select(".//html:img | .//svg:image | .//svg:svg") {
            if let alt = image.attribute("alt")?.collapsingXMLWhitespace(), !alt.isEmpty { return alt }
        }
        return label.attribute("title")?.collapsingXMLWhitespace() ?? ""
    }
}
