import EPUBContract

/// NCX checks, on the NCX the session already parsed for navigation: its structure against the
/// NCX grammar (RSC-005), empty labels (NCX-006),
/// the `dtb:uid` (NCX-001, NCX-004), id syntax and the `ncx.sch` rules on `playOrder` and page targets (RSC-005)
/// (where entries lead is registered for `ReferenceRules`: RSC-007, RSC-012).
enum NCXRules {
    /// The NCX the session reads for navigation, when it is there and well-formed: the NCX
    /// registry's input.
    static func input(_ session: PublicationSession) -> DocumentInput? {
        guard let path = session.navigation.ncx, let document = session.wellFormedTree(at: path) else { return nil }
        return DocumentInput(path: path, tree: document, source: { session.data(at: path) }, publication: (session, session.package))
    }

    /// Labels, ids, `playOrder` and page targets; the `dtb:uid` against the package's identifier.
    static func check(_ input: DocumentInput, into found: inout RuleOutput) {
        let document = input.tree
        // The structure (elements, their order, required attributes): the NCX grammar.
        found.add(SchemaRules.validate(document, path: input.path, with: SchemaRules.ncx))
        var out: [Diagnostic] = []
        func report(_ id: MessageID, _ message: MessageText, _ line: Int?, _ column: Int? = nil) {
            out.append(input.diagnostic(id, message, line: line, column: column))
        }
        // NCX-006 (usage): a label text that is empty.
        for text in document.elements(named: "text", in: XMLNamespace.ncx) where text.text.trimmingXMLWhitespace().isEmpty {
            report(.NCX_006, .ncxLabelHasEmptyText, text.line)
        }
        // NCX-001, NCX-004: dtb:uid is the package's unique identifier, written without spaces around it.
        if let package = input.publication?.package, let meta = uidMeta(document), let raw = meta.attribute("content"),
           let ref = package.uniqueIdentifierRef,
           let identifier = package.entries(Vocabulary.dc + "identifier").first(where: { $0.id == ref }) {
            if raw.trimmingXMLWhitespace() != identifier.value {
                report(.NCX_001, .ncxDtbUidDiffersFromPackage(raw.trimmingXMLWhitespace(), identifier.value), meta.line)
            } else if raw != raw.trimmingXMLWhitespace() {
                report(.NCX_004, .ncxDtbUidHasSpacesAround, meta.line)
            }
        }
        // 113, 114: playOrder starts at 1 with no gaps; one target, one playOrder; one playOrder, one target.
        // Several entries often share a line: columns keep their reports apart.
        let locator = input.source().map(SourceLocator.init)
        // The NCX grammar types ids as XML names without colons.
        var idPositions = TagPositions()
        for element in document.elements(where: { $0.attribute("id") != nil }) {
            let position = idPositions.next(line: element.line, tag: element.name)
            guard let id = element.attribute("id"), !id.isXMLNCName else { continue }
            report(.RSC_005, .idNotXmlNameWithoutColons(id), element.line, locator?.column(position))
        }
        for duplicate in document.duplicateIDs() {
            report(.RSC_005, .idUsedMoreThanOnceNcx(duplicate.id), duplicate.position.line, locator?.column(duplicate.position))
        }
        var entryPositions = TagPositions()
        let entries = document.elements(where: { $0.namespace == XMLNamespace.ncx && ["navPoint", "navTarget", "pageTarget"].contains($0.name) }).map { element in
            let position = entryPositions.next(line: element.line, tag: element.name)
            return (element: element, order: Int((element.attribute("playOrder") ?? "").trimmingXMLWhitespace()),
                    src: element.firstChild(named: "content", in: XMLNamespace.ncx)?.attribute("src")?.trimmingXMLWhitespace(),
                    column: locator?.column(position))
        }
        let orders = Set(entries.compactMap(\.order))
        var ordersBySrc: [String: Set<Int>] = [:]
        var srcsByOrder: [Int: Set<String>] = [:]
        for entry in entries {
            guard let order = entry.order, let src = entry.src else { continue }
            ordersBySrc[src, default: []].insert(order)
            srcsByOrder[order, default: []].insert(src)
        }
        for entry in entries {
            guard let order = entry.order else { continue }
            if order > 1 && !orders.contains(order - 1) {
                report(.RSC_005, .playorderSequenceHasGapBefore(order), entry.element.line, entry.column)
            }
            if let src = entry.src, (ordersBySrc[src]?.count ?? 0) > 1 {
                report(.RSC_005, .entriesPointingHaveDifferentPlayorderValues(src), entry.element.line, entry.column)
            }
            if (srcsByOrder[order]?.count ?? 0) > 1 {
                report(.RSC_005, .entriesPlayorderPointDifferentTargets(order), entry.element.line, entry.column)
            }
        }
        if !entries.isEmpty && !orders.contains(1) && !orders.isEmpty {
            report(.RSC_005, .noNcxEntryHasPlayorder, entries.first?.element.line)
        }
        languageClashes(document, locator, report)
        // 112: a page target's type and value are unique (each target of a clash is reported).
        let pageTargets = document.elements { $0.is("pageTarget", in: XMLNamespace.ncx) && $0.attribute("value") != nil }
        func pageKey(_ target: XMLElement) -> String { (target.attribute("type") ?? "") + "\u{0}" + (target.attribute("value") ?? "") }
        var pages: [String: Int] = [:]
        for target in pageTargets { pages[pageKey(target), default: 0] += 1 }
        for target in pageTargets where (pages[pageKey(target)] ?? 0) > 1 {
            report(.RSC_005, .anotherPageTargetHasTypeValue(target.attribute("type") ?? "", target.attribute("value") ?? ""), target.line)
        }
        found.add(out)
    }

    /// ncx.sch: an entry's labels (navLabel) and notes (navInfo) each in one language once; those
    /// without xml:lang are not compared. Every element of a clash is reported, by column (they
    /// often share a line).
    private static func languageClashes(_ document: XMLDocument, _ locator: SourceLocator?,
                                        _ report: (MessageID, MessageText, Int?, Int?) -> Void) {
        let labels = document.elements { $0.namespace == XMLNamespace.ncx && ($0.name == "navLabel" || $0.name == "navInfo") }
        var clashes: [(XMLElement, String)] = []
        var seen: Set<XMLElement> = []
        for label in labels where label.attribute("lang", namespace: XMLNamespace.xml) != nil {
            guard let parent = label.parent, seen.insert(parent).inserted else { continue }
            for name in ["navLabel", "navInfo"] {
                let languages = parent.children(named: name, in: XMLNamespace.ncx).compactMap { child in
                    child.attribute("lang", namespace: XMLNamespace.xml).map { (child, $0) }
                }
                guard languages.count > 1 else { continue }
                var count: [String: Int] = [:]
                for (_, lang) in languages { count[lang, default: 0] += 1 }
                clashes += languages.filter { (count[$0.1] ?? 0) > 1 }
            }
        }
        guard !clashes.isEmpty else { return }
        // Columns only when something is said: finding them reads the labels' lines.
        var positions = TagPositions()
        var columns: [XMLElement: Int] = [:]
        for label in labels {
            let position = positions.next(line: label.line, tag: label.name)
            if let column = locator?.column(position) { columns[label] = column }
        }
        for (child, lang) in clashes {
            report(.RSC_005, .ncxSiblingsShareLanguage(child.name, lang), child.line, columns[child])
        }
    }

    /// The head's `meta name="dtb:uid"`, the first of them.
    private static func uidMeta(_ document: XMLDocument) -> XMLElement? {
        guard let root = document.root, root.is("ncx", in: XMLNamespace.ncx),
              let head = root.firstChild(named: "head", in: XMLNamespace.ncx) else { return nil }
        return head.children(named: "meta", in: XMLNamespace.ncx).first { $0.attribute("name") == "dtb:uid" }
    }

    /// Where each entry's `content/@src` leads, registered for `ReferenceRules` to judge (RSC-007,
    /// RSC-012): an NCX entry is a reference like any other, placed at its `content` element.
    static func register(_ session: PublicationSession, into registry: inout ReferenceRegistry) {
        guard let path = session.navigation.ncx, let document = session.wellFormedTree(at: path) else { return }
        let locator = session.data(at: path).map(SourceLocator.init)
        let item = session.package.item(path: path)
        var positions = TagPositions()
        for content in document.elements(where: { $0.is("content", in: XMLNamespace.ncx) && $0.attribute("src") != nil }) {
            let position = positions.next(line: content.line, tag: content.name)
            let src = (content.attribute("src") ?? "").trimmingXMLWhitespace()
            var reference = Reference(origin: .ncx, kind: .hyperlink, url: src, resolution: HrefResolver.resolve(src, against: path),
                                      line: content.line, column: locator?.column(position))
            reference.element = "content"
            reference.attribute = "src"
            registry.register(reference, from: item, path: path)
        }
    }
}
