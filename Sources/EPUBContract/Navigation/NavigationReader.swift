/// Chooses and assembles the publication's navigation from the nav document, the NCX, the guide
/// and the spine, in the order a reading system falls back through them.
enum NavigationReader {
    /// EPUB 2 guide types → EPUB 3 landmark (structural semantics) types.
    static let guideTypes: [String: String] = [
        "title-page": "titlepage", "text": "bodymatter", "notes": "endnotes", "toc": "toc", "cover": "cover",
        "index": "index", "glossary": "glossary", "acknowledgements": "acknowledgments", "bibliography": "bibliography",
        "colophon": "colophon", "copyright-page": "copyright-page", "dedication": "dedication", "epigraph": "epigraph",
        "foreword": "foreword", "loi": "loi", "lot": "lot", "preface": "preface",
    ]

    /// Reads through the loader, which parses each document once and keeps what went wrong.
    static func read(_ package: PackageDocument, spineIndexByPath: [String: Int], loader session: any ResourceLoader) -> PublicationNavigation {
        let target = SpineTargetResolver(spineIndexByPath: spineIndexByPath)
        let navPath = package.manifest.first { $0.has(property: "nav") }?.path
        // The spine's `toc` when it names an NCX; an item of another type cannot be read as one.
        let ncxType = "application/x-dtbncx+xml"
        let ncxItem = package.spineToc.flatMap { package.item(id: $0) }.flatMap { $0.mediaType == ncxType ? $0 : nil }
            ?? package.manifest.first { $0.mediaType == ncxType }
        let ncxPath = ncxItem?.path

        let nav = navPath.flatMap { path in session.xml(at: path)?.document.map { NavDocumentParser(target: target, path: path).parse($0) } }
        let ncx = ncxPath.flatMap { path in session.xml(at: path)?.document.map { NCXParser(target: target, path: path).parse($0) } }

        if let nav, !nav.diagnostics.isEmpty { session.record(nav.diagnostics) }
        var result = PublicationNavigation.empty
        result.navDocument = navPath
        result.ncx = ncxPath
        if let nav, !nav.toc.isEmpty {
            result.tocSource = .nav
            result.toc = nav.toc
        } else if let ncx, !ncx.toc.isEmpty {
            result.tocSource = .ncx
            result.toc = ncx.toc
        } else {
            result.tocSource = .spine
            result.toc = spineToc(package, session)
        }
        if let nav, let ncx, !nav.toc.isEmpty, !ncx.toc.isEmpty {
            let n = count(nav.toc), m = count(ncx.toc)
            if max(n, m) - min(n, m) >= 3 && Double(max(n, m)) > 1.5 * Double(min(n, m)) {
                session.record([Diagnostic(.navigationDisagrees(navEntries: n, ncxEntries: m),
                                           location: navPath.map { .init(path: $0) })])
            }
        }
        result.pageList = (nav?.pageList).flatMap { $0.isEmpty ? nil : $0 } ?? ncx?.pageList ?? []
        result.landmarks = (nav?.landmarks).flatMap { $0.isEmpty ? nil : $0 } ?? guideLandmarks(package, target: target)
        result.navLists = nav?.navLists ?? ncx?.navLists ?? []
        return result
    }

    private static func count(_ entries: [TocEntry]) -> Int {
        entries.reduce(0) { $0 + 1 + count($1.children) }
    }

    private static func guideLandmarks(_ package: PackageDocument, target: SpineTargetResolver) -> [Landmark] {
        package.guide.compactMap { reference in
            guard let resolved = target.resolve(reference.href, in: package.path) else { return nil }
            let type = guideTypes[reference.type.lowercased()] ?? reference.type
            return Landmark(title: reference.title ?? type, href: resolved.href, type: type,
                            spineIndex: resolved.spineIndex, fragment: resolved.fragment)
        }
    }

    /// No nav toc and no NCX: the linear spine items, titled by their `<title>` (else the file name).
    private static func spineToc(_ package: PackageDocument, _ session: any ResourceLoader) -> [TocEntry] {
        package.spine.enumerated().compactMap { index, ref in
            guard ref.linear, let item = package.item(id: ref.idref), let path = item.path else { return nil }
            let title = item.mediaType == "application/xhtml+xml" ? session.head(at: path)?.title : nil
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return TocEntry(title: title.flatMap { $0.isEmpty ? nil : $0 } ?? name, href: path, spineIndex: index, fragment: nil, children: [])
        }
    }
}
