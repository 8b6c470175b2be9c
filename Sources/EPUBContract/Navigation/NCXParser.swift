/// Reads an NCX (EPUB 2 navigation): `navMap` as the toc, `pageList`, and `navList`s.
struct NCXParser {
    let target: SpineTargetResolver
    let path: String

    func parse(_ document: XMLDocument) -> NavigationLists {
        var result = NavigationLists()
        guard let root = document.root else { return result }
        let ns = root.namespace
        if let map = root.firstChild(named: "navMap", in: ns) {
            result.toc = points(in: map, named: "navPoint", ns: ns, depth: 0)
        }
        if let pages = root.firstChild(named: "pageList", in: ns) {
            result.pageList = points(in: pages, named: "pageTarget", ns: ns, depth: 0)
        }
        for list in root.children(named: "navList", in: ns) {
            result.navLists.append(NavList(type: "navList", title: label(of: list, ns: ns),
                                           entries: points(in: list, named: "navTarget", ns: ns, depth: 0)))
        }
        return result
    }

    private func label(of element: XMLElement, ns: String?) -> String? {
        let text = element.firstChild(named: "navLabel", in: ns)?.firstChild(named: "text", in: ns)?.text.collapsingXMLWhitespace()
        return text?.isEmpty == false ? text : nil
    }

    private func points(in parent: XMLElement, named name: String, ns: String?, depth: Int) -> [TocEntry] {
        guard depth < 64 else { return [] }
        var out: [TocEntry] = []
        for point in parent.children(named: name, in: ns) {
            let children = name == "navPoint" ? points(in: point, named: name, ns: ns, depth: depth + 1) : []
            guard let title = label(of: point, ns: ns) else {
                out.append(contentsOf: children)  // an unlabelled point still carries its children
                continue
            }
            let resolved = point.firstChild(named: "content", in: ns)?.attribute("src").flatMap { target.resolve($0, in: path) }
            // A leaf that leads nowhere is no entry; with children it heads them (null href).
            if resolved == nil && children.isEmpty { continue }
            out.append(TocEntry(title: title, href: resolved?.href, spineIndex: resolved?.spineIndex, fragment: resolved?.fragment, children: children))
        }
        return out
    }
}
