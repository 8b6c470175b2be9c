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
        let loader: any StyleSheetLoader
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

        /// The reading system's user style sheet (`export --user-css`) as rules of user origin:
        /// above the user agent's, below the book's unless `!important` (CSS Cascading and
        /// Inheritance 4 § 6.2). Its `@media` are read for the screen set when it is parsed;
        /// `@import` is not followed (the sheet stands alone), and what a browser skips in it is
        /// not listed with the book's CSS.
        let userRules: [StyleRule]

        /// Sheets read through a loader: a session's resources, or the rendition stage's loader
        /// (the contract's writing modes, before the session exists); `userStyleSheet`: the text
        /// of a reading system's user style sheet.
        /// The user agent's rules for the kept slots a caller will ask for, made ahead
        /// (`userAgentRules(only:)`, on another core while the caller read the book); asked for
        /// under the lock, once.
        let userAgent: (() -> KeptRules)?

        /// `userAgent`: the user agent's rules made ahead (nil: made when first asked for).
        package init(loader: any StyleSheetLoader, userStyleSheet: String? = nil, userAgent: (() -> KeptRules)? = nil) {
            self.loader = loader
            self.userAgent = userAgent
            var ignored: [SkippedCSS] = []
            userRules = userStyleSheet.map { StyleRule.rules(ofSheet: CSSParser.parse($0).rules, origin: .user, imported: nil, base: "", skipped: &ignored) } ?? []
        }

        func rules(at path: String) -> [StyleRule] {
            lock.lock()
            defer { lock.unlock() }
            return rules(at: path, depth: 0)
        }

        /// Computed styles shared by the publication's documents: the same parent style and
        /// cascaded values give the same style in every document (the root's font size and
        /// whether it is the root aside, which the key holds), and most of a book's documents
        /// compute the same few.
        private var sharedStyles: [SharedStyleKey: Int] = [:]
        private var sharedList: [ComputedStyle] = []

        /// The shared style under a key and its number, computed by `make` when no document has it yet.
        func sharedStyle(_ key: SharedStyleKey, _ make: () -> ComputedStyle) -> (style: ComputedStyle, id: Int) {
            lock.lock()
            if let id = sharedStyles[key] {
                defer { lock.unlock() }
                return (sharedList[id], id)
            }
            lock.unlock()
            let style = make()
            lock.lock()
            defer { lock.unlock() }
            // Another document may have computed it meanwhile: its number stands.
            if let id = sharedStyles[key] { return (sharedList[id], id) }
            sharedStyles[key] = sharedList.count
            sharedList.append(style)
            return (style, sharedList.count - 1)
        }

        private var keptCache: [String: [StyleRule]] = [:]
        private var preparedCache: [String: ([StyleRule], RuleIndex)] = [:]

        /// A document's whole rule list and its index, by what it was made of.
        func prepared(_ key: String) -> ([StyleRule], RuleIndex)? {
            lock.lock()
            defer { lock.unlock() }
            return preparedCache[key]
        }

        func prepare(_ key: String, _ value: ([StyleRule], RuleIndex)) {
            lock.lock()
            defer { lock.unlock() }
            preparedCache[key] = value
        }

        /// The rules of a sheet (`nil`: the user agent's) that declare a kept longhand, filtered
        /// once per publication: a cascade of one property over a book of many documents.
        /// `keptKey`: the kept slots as words (`Cascade.keptKey`).
        func rules(at path: String?, keeping kept: [Bool], keptKey: String) -> [StyleRule] {
            let key = keptKey + "|" + (path.map { "a:" + $0 } ?? "u:")
            lock.lock()
            if let known = keptCache[key] {
                lock.unlock()
                return known
            }
            // Only what can set a kept slot is expanded; nothing skipped is recorded (the full
            // read, `rules(at:)`, records it).
            let found: [StyleRule]
            if path == nil, let ahead = userAgent?(), ahead.keptKey == keptKey {
                found = ahead.rules
            } else {
                let all = path.map { rules(at: $0, depth: 0, keeping: kept, keptKey: keptKey) } ?? StyleResolver.userAgentRules(keeping: kept)
                found = all.filter { $0.declarations.contains { kept[$0.slot] } }
            }
            keptCache[key] = found
            lock.unlock()
            return found
        }

        private func rules(at path: String, depth: Int, keeping kept: [Bool]? = nil, keptKey: String = "") -> [StyleRule] {
            let key = kept == nil ? path : "k:" + keptKey + "|" + path
            if let known = cache[key] { return known }
            cache[key] = []  // an import cycle reads nothing twice
            guard depth < 8, let sheet = loader.styleSheet(at: path) else { return [] }
            var skipped = sheet.skipped
            let found = StyleRule.rules(ofSheet: sheet.rules, origin: .author, imported: { target, base in
                guard case .local(let imported, _) = HrefResolver.resolve(target, against: base) else { return [] }
                return self.rules(at: imported, depth: depth + 1, keeping: kept, keptKey: keptKey)
            }, base: path, keeping: kept, skipped: &skipped)
            cache[key] = found
            if kept == nil { skippedCSS += skipped.sorted(by: SkippedCSS.inTextOrder).map { (path, $0) } }
            return found
        }
    }

    static let userAgentRules = userAgentRules(keeping: nil)

    /// Rules that declare one of a set of kept slots (`Cascade.keptKey`).
    package struct KeptRules {
        let keptKey: String
        let rules: [StyleRule]
    }

    /// The user agent's rules for a cascade of these longhands: parsing and expanding its sheets
    /// is a millisecond and a half, half of what a small book's check costs beyond `validate`, so
    /// a command makes them on another core while it reads the package and hands them to `Sheets`.
    package static func userAgentRules(only names: Set<String>) -> KeptRules {
        var cascade = Cascade()
        cascade.keepOnly(names)
        guard let kept = cascade.kept else { return KeptRules(keptKey: cascade.keptKey, rules: userAgentRules) }
        return KeptRules(keptKey: cascade.keptKey, rules: userAgentRules(keeping: kept).filter { $0.declarations.contains { kept[$0.slot] } })
    }

    /// The user agent's rules for HTML, SVG and MathML; `kept`: only those that declare one of
    /// these slots (nil: all).
    static func userAgentRules(keeping kept: [Bool]?) -> [StyleRule] {
        // The user agent's sheets are parsed only when they can set a kept longhand: the contract's
        // writing mode asks for one they never set, and a run should not pay for parsing them.
        if let kept {
            let words = StyleSlot.names(kept).flatMap(StyleDeclarations.namesThatCanSet)
            let texts = [UserAgentStyleSheet.text, UserAgentStyleSheet.svgText, UserAgentStyleSheet.mathText]
            if !words.contains(where: { word in texts.contains { $0.contains(word) } }) { return [] }
        }
        func rules(_ list: [CSSStyleSheet.Rule], _ namespace: ContentNamespace) -> [StyleRule] {
            var ignored: [SkippedCSS] = []
            return StyleRule.rules(of: list, origin: .userAgent, imported: nil, base: "", keeping: kept, skipped: &ignored).map { rule in
                var r = rule
                r.namespace = namespace
                return r
            }
        }
        return rules(UserAgentStyleSheet.rules, .xhtml) + rules(UserAgentStyleSheet.svgRules, .svg) + rules(UserAgentStyleSheet.mathRules, .mathml)
    }

    /// The computed style of every element of the model, by model index.
    package static func styles(of model: ContentDocument, sheets: Sheets) -> [ComputedStyle] {
        let resolved = resolve(model, sheets: sheets)
        return resolved.index.map { resolved.unique[$0] }
    }

    /// Whether each element of a resolved document is hidden from every reader: it or an ancestor
    /// computes `display: none` (the user agent's rules, HTML's `hidden`, the author's sheets and
    /// `style` attributes, as a browser cascades them). The export and the accessibility checker
    /// both read it from the one resolution they make of a document.
    package static func hidden(_ model: ContentDocument, _ resolved: (unique: [ComputedStyle], index: [Int])) -> [Bool] {
        let none = resolved.unique.map { $0["display"] == "none" }
        var hidden = [Bool](repeating: false, count: model.elements.count)
        for number in model.elements.indices {
            hidden[number] = (model.elements[number].parent.map { hidden[$0] } ?? false) || none[resolved.index[number]]
        }
        return hidden
    }

    /// Each element's cascaded value of one longhand (nil: none declared), by model index.
    package static func cascaded(_ property: String, of model: ContentDocument, sheets: Sheets) -> [String?] {
        guard let slot = StyleSlot.byName[property] else { return Array(repeating: nil, count: model.elements.count) }
        var pass = Pass(model, sheets: sheets, only: [property])
        return model.elements.indices.map { number in
            pass.cascade(number)
            return pass.cascade.winner(slot)
        }
    }

    /// The rules of one document's cascade and what matches them, stepped element by element.
    private struct Pass {
        let model: ContentDocument
        let sheets: Sheets
        var rules: [StyleRule]
        let ruleIndex: RuleIndex
        let matcher: SelectorMatcher
        var cascade = Cascade()
        private var candidates: [Int] = []

        /// `only`: the longhands to cascade (nil: all); rules that declare none of them are dropped.
        init(_ model: ContentDocument, sheets: Sheets, only: Set<String>?) {
            self.model = model
            self.sheets = sheets
            if let only { cascade.keepOnly(only) }
            let keptKey = cascade.keptKey
            let (author, linked) = authorRules(model, sheets, keeping: cascade.kept, keptKey: keptKey)
            // Documents that link the same sheets and have no `style` element share their rules
            // and index, built once per publication.
            let key = linked.map { keptKey + "|" + $0.joined(separator: "\n") }
            if let key, let known = sheets.prepared(key) {
                (rules, ruleIndex) = known
            } else {
                var rules = cascade.kept.map { sheets.rules(at: nil, keeping: $0, keptKey: keptKey) } ?? userAgentRules
                let kept = cascade.kept
                rules += kept.map { k in sheets.userRules.filter { $0.declarations.contains { k[$0.slot] } } } ?? sheets.userRules
                rules += author
                for i in rules.indices { rules[i].order = i }
                self.rules = rules
                ruleIndex = RuleIndex(rules)
                if let key { sheets.prepare(key, (rules, ruleIndex)) }
            }
            matcher = SelectorMatcher(model)
        }

        /// Fills `cascade` with what reaches one element: matching rules, HTML's presentational
        /// hints, MathML's script levels, the `style` attribute.
        mutating func cascade(_ number: Int) {
            let element = model.elements[number]
            cascade.reset()
            ruleIndex.candidates(number, model, matcher, into: &candidates)
            for r in candidates
            where (rules[r].namespace == nil || rules[r].namespace == element.namespace) && matcher.matches(rules[r].selector, number) {
                cascade.add(rules[r])
            }
            let hasAttributes = model.hasAttributes(number)
            if hasAttributes { PresentationalHints.add(number, model, to: &cascade) }
            MathScripts.add(number, model, to: &cascade)
            if hasAttributes, let inline = model.attribute(number, "style") {
                let (declarations, broken) = CSSParser.parseDeclarationList(inline)
                var skipped = broken
                cascade.addInline(StyleRule.expand(declarations, skipped: &skipped))
                sheets.record(skipped.map { placed($0, at: number, in: model, attribute: true) }, in: model.path)
            }
        }
    }

    /// Two elements whose parents have the same style and to which the same values cascade have
    /// the same style: it is computed once.
    private struct Key: Hashable {
        let parent: Int
        let winners: [Cascade.Winner]
    }

    /// `Key` across a publication's documents: the parent's shared style number, and what else
    /// the computation reads (the kept slots, the root's font size, whether this is the root).
    struct SharedStyleKey: Hashable {
        let parent: Int
        let winners: [Cascade.Winner]
        let keptKey: String
        let isRoot: Bool
        let rootFontSize: Double
    }

    /// The distinct computed styles of the model, and each element's among them (by model index):
    /// most elements of a book share a handful of styles.
    /// `only`: the longhands a caller reads (nil: all), with those their computation reads
    /// (`font-size` needs `font-family`'s monospace): rules that declare none are never matched,
    /// and the other properties keep their initial or inherited values.
    package static func resolve(_ model: ContentDocument, sheets: Sheets, only: Set<String>? = nil) -> (unique: [ComputedStyle], index: [Int]) {
        var pass = Pass(model, sheets: sheets, only: only)
        var unique: [ComputedStyle] = []
        var known: [Key: Int] = [:]
        var index: [Int] = []
        index.reserveCapacity(model.elements.count)
        // Each distinct style's number among the publication's (`Sheets.sharedStyle`).
        var shared: [Int] = []
        var rootFontSize = MediaAssumptions.fontSize
        for number in model.elements.indices {
            let element = model.elements[number]
            let parentIndex = element.parent.map { index[$0] } ?? -1
            let parent = parentIndex >= 0 ? unique[parentIndex] : nil
            pass.cascade(number)
            let key = Key(parent: parentIndex, winners: pass.cascade.winningValues)
            if let found = known[key] {
                index.append(found)
                continue
            }
            let isRoot = element.parent == nil
            let sharedKey = SharedStyleKey(parent: parentIndex >= 0 ? shared[parentIndex] : -1, winners: key.winners, keptKey: pass.cascade.keptKey,
                                           isRoot: isRoot, rootFontSize: rootFontSize)
            let (style, id) = sheets.sharedStyle(sharedKey) {
                let context = StyleComputer.Context(isRoot: isRoot, rootFontSize: rootFontSize, parentDisplay: parent?["display"])
                return StyleComputer.compute(pass.cascade.values(parent: parent), parent: parent, context)
            }
            if isRoot { rootFontSize = style.fontSize }
            known[key] = unique.count
            index.append(unique.count)
            unique.append(style)
            shared.append(id)
        }
        return (unique, index)
    }

    /// The author's sheets in document order: `link rel=stylesheet` (not alternates) and `style`
    /// elements whose `media` matches.
    /// `kept`: only rules that declare one of these slots (nil: all).
    /// `linked`: the sheets' paths when they are all linked ones (nil: a `style` element too).
    static func authorRules(_ model: ContentDocument, _ sheets: Sheets, keeping kept: [Bool]? = nil, keptKey: String = "")
        -> (rules: [StyleRule], linked: [String]?) {
        var out: [StyleRule] = []
        var linked: [String]? = []
        for sheet in DocumentStyleSheet.all(in: model) where sheet.applies {
            switch sheet.source {
            case .file(let path):
                out += kept.map { sheets.rules(at: path, keeping: $0, keptKey: keptKey) } ?? sheets.rules(at: path)
                linked?.append(path)
            case .element(let number):
                let parsed = CSSParser.parse(LibXMLNode.content(model.elements[number].node))
                var skipped = parsed.skipped
                let found = StyleRule.rules(ofSheet: parsed.rules, origin: .author, imported: { target, base in
                    guard case .local(let imported, _) = HrefResolver.resolve(target, against: base) else { return [] }
                    return sheets.rules(at: imported)
                }, base: model.path, skipped: &skipped)
                out += kept.map { k in found.filter { $0.declarations.contains { k[$0.slot] } } } ?? found
                linked = nil
                sheets.record(skipped.map { placed($0, at: number, in: model, attribute: false) }, in: model.path)
            }
        }
        return (out, linked)
    }

    /// CSS of a `style` element or attribute placed in its document, by the element's CFI path.
    static func placed(_ item: SkippedCSS, at number: Int, in model: ContentDocument, attribute: Bool) -> SkippedCSS {
        var out = item
        let cfi = model.cfiPath(of: number)
        out.inline = attribute ? .attribute(cfi: cfi) : .element(cfi: cfi)
        return out
    }
}
