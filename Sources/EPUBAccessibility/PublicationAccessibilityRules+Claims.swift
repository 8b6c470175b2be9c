import EPUBContract

extension PublicationAccessibilityRules {
    /// Features the package claims that the publication contradicts (EPUB Accessibility
    /// Techniques 1.1 §2: a claim must be true of the whole publication).
    static func claims(_ session: PublicationSession, _ facts: ContentFacts) -> [Found] {
        let package = session.package
        var out: [Found] = []
        for claim in entries(package, "accessibilityFeature") {
            let contradicted: Bool
            switch claim.value {
            case "pageNavigation": contradicted = session.navigation.pageList.isEmpty
            case "tableOfContents": contradicted = session.navigation.tocSource == .spine || session.navigation.toc.isEmpty
            case "printPageNumbers", "pageBreakMarkers": contradicted = facts.pageBreaks == 0
            case "alternativeText": contradicted = facts.imagesWithoutAlt > 0
            case "synchronizedAudioText": contradicted = session.mediaOverlays.isEmpty
            case "ttsMarkup": contradicted = !facts.usesSSML && !package.manifest.contains { $0.mediaType == "application/pls+xml" }
            default: contradicted = false
            }
            if contradicted { out.append((.claimContradicted, at(package, claim))) }
        }
        return out
    }

    /// A page list, or page-break markers, need the source of the pagination (Ace's epub-pagesource).
    static func pagination(_ session: PublicationSession, _ facts: ContentFacts) -> [Found] {
        let package = session.package
        guard !session.navigation.pageList.isEmpty || facts.pageBreaks > 0 else { return [] }
        let source = !package.entries(Vocabulary.a11y + "pageBreakSource").isEmpty || !package.namedEntries("a11y:pageBreakSource").isEmpty
            || package.entries(Vocabulary.dc + "source").contains { entry in
                entry.refinements.contains { $0.property == Vocabulary.meta + "source-of" && $0.value == "pagination" }
            }
        return source ? [] : [(.epubPageSource, at(package))]
    }

    /// The package's language and title.
    static func basics(_ package: PackageDocument) -> [Found] {
        var out: [Found] = []
        let place = at(package)
        if !package.entries(Vocabulary.dc + "language").contains(where: { !$0.value.isEmpty }) { out.append((.epubLang, place)) }
        if !package.entries(Vocabulary.dc + "title").contains(where: { !$0.value.isEmpty }) { out.append((.epubTitle, place)) }
        return out
    }

    /// Every linear spine document is the target of a table-of-contents entry, and the entries
    /// follow the spine: a reader who navigates by the contents meets the book in its order.
    static func tableOfContents(_ session: PublicationSession) -> [Found] {
        let navigation = session.navigation
        guard navigation.tocSource != .spine, !navigation.toc.isEmpty else { return [] }
        var targets: [Int] = []
        func walk(_ entries: [TocEntry]) {
            for entry in entries {
                if let index = entry.spineIndex { targets.append(index) }
                walk(entry.children)
            }
        }
        walk(navigation.toc)
        let reached = Set(targets)
        let place = navigation.navDocument ?? navigation.ncx ?? session.package.path
        var out: [Found] = []
        let package = session.package
        for (index, ref) in package.spine.enumerated() where ref.linear && !reached.contains(index) {
            // A document before the first one the contents name (a cover, a title page) is read on the way in.
            guard let first = targets.min(), index > first, let item = package.item(id: ref.idref), let path = item.path else { continue }
            out.append((.tocReachability, .init(path: path, line: nil, cfi: nil, element: nil)))
        }
        if zip(targets, targets.dropFirst()).contains(where: { $0 > $1 }) {
            out.append((.tocReachability, .init(path: place, line: nil, cfi: nil, element: nil)))
        }
        return out
    }
}
