import EPUBContract

/// The EPUB 3 navigation document: the Schematron rules on its `nav` elements (RSC-005 and the
/// RSC-017 warning), the list structure its schema requires (RSC-005), remote links in the
/// standard navs (NAV-010) and a `toc` in reading order (NAV-011). Read from the session's tree.
enum NavRules {
    /// The navigation document of the session's own package, when it is EPUB 3, well-formed and
    /// there: the navigation registry's input.
    static func input(_ session: PublicationSession) -> DocumentInput? {
        let package = session.package
        guard package.isEPUB3,
              let path = package.manifest.first(where: { $0.has(property: "nav") })?.path,
              let document = session.wellFormedTree(at: path) else { return nil }
        return DocumentInput(path: path, tree: document, source: { session.data(at: path) }, publication: (session, package))
    }

    /// The rules a navigation document answers for on its own (also `--mode nav`): everything but
    /// reading order, which needs the spine.
    static func document(_ input: DocumentInput, into found: inout RuleOutput) {
        found.add(documentRules(input.tree, path: input.path))
    }

    private static func documentRules(_ document: XMLDocument, path: String) -> [Diagnostic] {
        guard let root = document.root, root.is("html", in: XMLNamespace.xhtml),
              let body = root.firstChild(named: "body", in: XMLNamespace.xhtml) else { return [] }
        var out: [Diagnostic] = []
        func error(_ message: MessageText, _ line: Int) {
            out.append(Diagnostic(.RSC_005, message: message, location: .init(path: path, line: line)))
        }
        func types(_ element: XMLElement) -> [String] {
            element.epubTypes
        }
        let navs = document.elements(named: "nav", in: XMLNamespace.xhtml)
        // 58, 59: exactly one toc, at most one page-list and one landmarks.
        if navs.filter({ types($0).contains("toc") }).count != 1 {
            error(.navigationDocumentSBodyHoldExactly, body.line)
        }
        for kind in ["page-list", "landmarks"] {
            let found = navs.filter { types($0).contains(kind) }
            if found.count > 1 { error(.navigationDocumentHaveOnlyOneNav(kind), found[1].line) }
        }
        for nav in navs where !types(nav).isEmpty {
            let kinds = types(nav)
            let standard = kinds.contains("toc") || kinds.contains("page-list") || kinds.contains("landmarks")
            // 64: other navs open with a heading.
            if !standard, let first = nav.children.first, !headings.contains(first.name) {
                error(.navTypeBeginHeadingH1H6(kinds.joined(separator: " ")), nav.line)
            }
            // 68: one ol; each ol has an li; each li is a link, or a label (a or span) heading a sublist.
            for ol in nav.descendants(named: "ol", in: XMLNamespace.xhtml) where ol.children(named: "li", in: XMLNamespace.xhtml).isEmpty {
                error(.olNavHaveLeastOneLi, ol.line)
            }
            for li in nav.descendants(named: "li", in: XMLNamespace.xhtml) {
                guard let first = li.children.first, first.name == "a" || first.name == "span" else {
                    error(.liNavBeginLinkLabelSpan, li.children.first?.line ?? li.line)
                    continue
                }
                if first.name == "span" && li.firstChild(named: "ol", in: XMLNamespace.xhtml) == nil {
                    error(.liWhoseLabelSpanHoldSublist, li.line)
                }
            }
            // 62, 63: links and labels have text (their own, an image's alt, or aria-label).
            for label in nav.descendants(where: { $0.is("a", in: XMLNamespace.xhtml) || $0.is("span", in: XMLNamespace.xhtml) }) where !hasText(label) {
                error(label.name == "a" ? .linkNavHaveText : .labelNavHaveText, label.line)
            }
            // 66: page-list and landmarks are flat.
            if kinds.contains("page-list") || kinds.contains("landmarks"), nav.descendants(named: "ol", in: XMLNamespace.xhtml).contains(where: { !$0.descendants(named: "ol", in: XMLNamespace.xhtml).isEmpty }) {
                out.append(Diagnostic(.RSC_017, message: .navSingleFlatList(kinds.contains("page-list") ? "page-list" : "landmarks"), location: .init(path: path, line: nav.line)))
            }
            if kinds.contains("landmarks") {
                // 60, 61: every landmark is typed, and no type repeats for one target (case-insensitively;
                // each landmark of such a pair is reported).
                let links = nav.descendants(named: "a", in: XMLNamespace.xhtml)
                var count: [String: Int] = [:]
                for a in links {
                    if types(a).isEmpty { error(.eachLandmarkLinkHaveEpubType, a.line) }
                    for type in types(a) { count[type + "\u{0}" + (a.attribute("href") ?? "").lowercased(), default: 0] += 1 }
                }
                for a in links {
                    let href = (a.attribute("href") ?? "").lowercased()
                    if let type = types(a).first(where: { (count[$0 + "\u{0}" + href] ?? 0) > 1 }) {
                        error(.anotherLandmarkHasTypeSameTarget(type), a.line)
                    }
                }
            }
            // NAV-010: the standard navs stay inside the publication.
            if standard {
                for a in links(in: nav) {
                    if case .remote(let url) = HrefResolver.resolve(a.attribute("href") ?? "", against: path) {
                        out.append(Diagnostic(.NAV_010, message: .navLinksRemoteResource(kinds.first { ["toc", "page-list", "landmarks"].contains($0) } ?? "toc", url), location: .init(path: path, line: a.line)))
                    }
                }
            }
        }
        // 65: headings have text.
        for heading in document.elements(where: { $0.namespace == XMLNamespace.xhtml && headings.contains($0.name) }) where !hasText(heading) {
            error(.headingsNavigationDocumentHaveText, heading.line)
        }
        return out
    }

    static let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]

    /// The links below an element (`a` with an `href`), in document order.
    static func links(in element: XMLElement) -> [XMLElement] {
        element.descendants { $0.is("a", in: XMLNamespace.xhtml) && $0.attribute("href") != nil }
    }

    /// Text a reader can show for an element: its own text, an image's alt, or an aria-label.
    static func hasText(_ element: XMLElement) -> Bool {
        if !element.text.trimmingXMLWhitespace().isEmpty { return true }
        if let label = element.attribute("aria-label"), !label.trimmingXMLWhitespace().isEmpty { return true }
        return element.descendants(named: "img", in: XMLNamespace.xhtml).contains { !($0.attribute("alt") ?? "").trimmingXMLWhitespace().isEmpty }
    }

    /// NAV-011 (warning): each toc link's target comes no earlier than the one before it, by spine
    /// position, then by element order inside one document; every toc of the document as one
    /// sequence. It needs the spine: alone, a navigation document has no reading order.
    static func readingOrder(_ input: DocumentInput, into found: inout RuleOutput) {
        guard let session = input.publication?.session else { return }
        let tocs = input.tree.elements(named: "nav", in: XMLNamespace.xhtml).filter { $0.epubTypes.contains("toc") }
        var order = ReadingOrder()
        for a in tocs.flatMap(links(in:)) {
            guard case .local(let target, let fragment) = HrefResolver.resolve(a.attribute("href") ?? "", against: input.path),
                  order.stepsBack(session, to: target, fragment: fragment) == true else { continue }
            found.add([input.diagnostic(.NAV_011, .tocNotReadingOrderComesBefore(target, fragment.map { "#" + $0 } ?? ""), line: a.line)])
        }
    }
}
