import Foundation

/// The cascade for one content document: the user-agent defaults, the author's style sheets
/// (linked, `@import`ed and `style` elements, in document order, `@media` and `@supports`
/// evaluated for `MediaAssumptions`' screen), HTML's presentational hints and `style` attributes,
/// ordered by origin and importance, specificity and order (CSS Cascading and Inheritance 4 § 6),
/// then computed element by element from the root down (`StyleComputer`).
package enum StyleResolver {
    /// Style sheet files of a publication, read and reduced to rules once for all its documents;
    /// shared by threads under a lock.
    package final class Sheets: @unchecked Sendable {
        let session: PublicationSession
        private var cache: [String: [StyleRule]] = [:]
        private var skippedCSS: [(path: String, item: SkippedCSS)] = []
        private let lock = NSLock()

        /// What a browser skips in the CSS read so far, by file (a sheet's, or a document's for
        /// its `style` elements and attributes), in the order read.
        package var skipped: [(path: String, item: SkippedCSS)] {
            lock.lock()
            defer { lock.unlock() }
            return skippedCSS
        }

        func record(_ items: [SkippedCSS], in path: String) {
            guard !items.isEmpty else { return }
            lock.lock()
            defer { lock.unlock() }
            skippedCSS += items.sorted(by: SkippedCSS.inTextOrder).map { (path, $0) }
        }

        package init(_ session: PublicationSession) { self.session = session }

        func rules(at path: String) -> [StyleRule] {
            lock.lock()
            defer { lock.unlock() }
            return rules(at: path, depth: 0)
        }

        private func rules(at path: String, depth: Int) -> [StyleRule] {
            if let known = cache[path] { return known }
            cache[path] = []  // an import cycle reads nothing twice
            guard depth < 8, let sheet = session.styleSheet(at: path) else { return [] }
            var skipped = sheet.skipped
            let found = StyleRule.rules(ofSheet: sheet.rules, origin: .author, imported: { target, base in
                guard case .local(let imported, _) = HrefResolver.resolve(target, against: base) else { return [] }
                return self.rules(at: imported, depth: depth + 1)
            }, base: path, skipped: &skipped)
            cache[path] = found
            skippedCSS += skipped.sorted(by: SkippedCSS.inTextOrder).map { (path, $0) }
            return found
        }
    }

    static let userAgentRules: [StyleRule] = {
        func rules(_ list: [CSSStyleSheet.Rule], _ namespace: ContentNamespace) -> [StyleRule] {
            var ignored: [SkippedCSS] = []
            return StyleRule.rules(of: list, origin: .userAgent, imported: nil, base: "", skipped: &ignored).map { rule in
                var r = rule
                r.namespace = namespace
                return r
            }
        }
        return rules(UserAgentStyleSheet.rules, .xhtml) + rules(UserAgentStyleSheet.svgRules, .svg) + rules(UserAgentStyleSheet.mathRules, .mathml)
    }()

    /// The computed style of every element of the model, by model index.
    package static func styles(of model: ContentDocument, sheets: Sheets) -> [ComputedStyle] {
        let resolved = resolve(model, sheets: sheets)
        return resolved.index.map { resolved.unique[$0] }
    }

    /// Two elements whose parents have the same style and to which the same values cascade have
    /// the same style: it is computed once.
    private struct Key: Hashable {
        let parent: Int
        let winners: [Cascade.Winner]
    }

    /// The distinct computed styles of the model, and each element's among them (by model index):
    /// most elements of a book share a handful of styles.
    package static func resolve(_ model: ContentDocument, sheets: Sheets) -> (unique: [ComputedStyle], index: [Int]) {
        var rules = userAgentRules + authorRules(model, sheets)
        for i in rules.indices { rules[i].order = i }
        let ruleIndex = RuleIndex(rules)
        let matcher = SelectorMatcher(model)
        var unique: [ComputedStyle] = []
        var known: [Key: Int] = [:]
        var index: [Int] = []
        index.reserveCapacity(model.elements.count)
        var rootFontSize = 16.0
        var cascade = Cascade()
        for number in model.elements.indices {
            let element = model.elements[number]
            let parentIndex = element.parent.map { index[$0] } ?? -1
            let parent = parentIndex >= 0 ? unique[parentIndex] : nil
            cascade.reset()
            for r in ruleIndex.candidates(number, model)
            where (rules[r].namespace == nil || rules[r].namespace == element.namespace) && matcher.matches(rules[r].selector, number) {
                cascade.add(rules[r])
            }
            PresentationalHints.add(number, model, to: &cascade)
            MathScripts.add(number, model, to: &cascade)
            if let inline = model.attribute(number, "style") {
                let (declarations, broken) = CSSParser.parseDeclarationList(inline)
                var skipped = broken
                cascade.addInline(StyleRule.expand(declarations, skipped: &skipped))
                sheets.record(skipped.map { placed($0, at: number, in: model, attribute: true) }, in: model.path)
            }
            let key = Key(parent: parentIndex, winners: cascade.winningValues)
            if let found = known[key] {
                index.append(found)
                continue
            }
            let context = StyleComputer.Context(isRoot: element.parent == nil, rootFontSize: rootFontSize, parentDisplay: parent?["display"])
            let style = StyleComputer.compute(cascade.values(parent: parent), parent: parent, context)
            if element.parent == nil { rootFontSize = style.fontSize }
            known[key] = unique.count
            index.append(unique.count)
            unique.append(style)
        }
        return (unique, index)
    }

    /// The author's sheets in document order: `link rel=stylesheet` (not alternates) and `style`
    /// elements whose `media` matches.
    static func authorRules(_ model: ContentDocument, _ sheets: Sheets) -> [StyleRule] {
        var out: [StyleRule] = []
        for number in model.elements.indices {
            let element = model.elements[number]
            guard element.namespace == .xhtml || element.namespace == .svg else { continue }
            if let media = model.attribute(number, "media"), !MediaAssumptions.matches(media) { continue }
            switch element.localName {
            case "link" where element.namespace == .xhtml:
                let rel = (model.attribute(number, "rel") ?? "").lowercased().xmlTokens()
                guard rel.contains("stylesheet"), !rel.contains("alternate"), let href = model.attribute(number, "href"),
                      case .local(let path, _) = HrefResolver.resolve(href, against: model.path) else { continue }
                out += sheets.rules(at: path)
            case "style":
                let sheet = CSSParser.parse(LibXMLNode.content(element.node))
                var skipped = sheet.skipped
                out += StyleRule.rules(ofSheet: sheet.rules, origin: .author, imported: { target, base in
                    guard case .local(let imported, _) = HrefResolver.resolve(target, against: base) else { return [] }
                    return sheets.rules(at: imported)
                }, base: model.path, skipped: &skipped)
                sheets.record(skipped.map { placed($0, at: number, in: model, attribute: false) }, in: model.path)
            default:
                continue
            }
        }
        return out
    }

    /// CSS of a `style` element or attribute placed in its document, by the element's CFI path.
    static func placed(_ item: SkippedCSS, at number: Int, in model: ContentDocument, attribute: Bool) -> SkippedCSS {
        var out = item
        let cfi = model.cfiPath(of: number)
        out.inline = attribute ? .attribute(cfi: cfi) : .element(cfi: cfi)
        return out
    }
}
