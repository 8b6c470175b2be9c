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

    /// Hazard values that contradict each other (EPUB Accessibility Techniques 1.1 §2.5: "none"
    /// stands alone, and so does "unknown"; a hazard, its absence and its being unknown exclude one
    /// another). Reported once, at the first value that contradicts an earlier one.
    static func hazards(_ package: PackageDocument) -> [Found] {
        let found = entries(package, "accessibilityHazard")
        let families = [["flashing", "noFlashingHazard", "unknownFlashingHazard"],
                        ["motionSimulation", "noMotionSimulationHazard", "unknownMotionSimulationHazard"],
                        ["sound", "noSoundHazard", "unknownSoundHazard"]]
        var seen: [String] = []
        for entry in found {
            let value = entry.value
            let clash = seen.contains { earlier in
                earlier != value && (["none", "unknown"].contains(earlier) || ["none", "unknown"].contains(value)
                    || families.contains { $0.contains(earlier) && $0.contains(value) })
            }
            if clash { return [(.hazardsContradict, at(package, entry))] }
            seen.append(value)
        }
        return []
    }

    /// Page navigation (EPUB Accessibility Techniques 1.1 §3, page markers and page list): with a
    /// page list, every page-break marker is in it and every entry that names an element leads to
    /// a marker (one that names a whole document or a CFI is a place of its own); with markers and
    /// no page list, the list is missing.
    static func pageList(_ session: PublicationSession, _ facts: ContentFacts) -> [Found] {
        let pageList = session.navigation.pageList
        let navigation = session.navigation.navDocument ?? session.navigation.ncx ?? session.package.path
        if pageList.isEmpty {
            return facts.pageBreakMarkers.isEmpty ? [] : [(.pageList, .init(path: navigation, line: nil, cfi: nil, element: nil))]
        }
        let markers = Set(facts.pageBreakMarkers.compactMap { marker in marker.id.map { marker.path + "#" + $0 } })
        var targets = Set<String>()
        var out: [Found] = []
        for entry in pageList {
            guard let href = entry.href else { continue }
            targets.insert(href)
            // A whole document (a fixed-layout page) or an EPUB CFI is a page's place without a
            // marker; only an element `id` is asked to be a page-break marker.
            guard let hash = href.firstIndex(of: "#"), !href[hash...].hasPrefix("#epubcfi(") else { continue }
            if !markers.contains(href) { out.append((.pageList, .init(path: navigation, line: nil, cfi: nil, element: nil, value: href))) }
        }
        for marker in facts.pageBreakMarkers where marker.id.map({ targets.contains(marker.path + "#" + $0) }) != true {
            out.append((.pageList, marker.place))
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
