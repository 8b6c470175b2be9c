/// One selector of a style rule with its declarations expanded to longhands, ready for the
/// cascade: where it comes from (origin and position) decides which of two matches wins.
struct StyleRule: Sendable {
    enum Origin: Int, Sendable, Comparable {
        /// The browser's defaults; the reading system's user style sheet (`export --user-css`);
        /// the book's.
        case userAgent = 0, user = 1, author = 2

        static func < (a: Origin, b: Origin) -> Bool { a.rawValue < b.rawValue }
    }

    struct Declaration: Sendable {
        /// A longhand's `StyleSlot`: physical (`margin-top`) or logical (`margin-inline-start`).
        var slot: Int
        var value: String
        var important: Bool
    }

    let selector: CSSSelector
    let specificity: (Int, Int, Int)
    let declarations: [Declaration]
    let origin: Origin
    /// Position among all the rules of the document's cascade.
    var order: Int
    /// The namespace the subject must be in: user-agent rules are HTML's or SVG's; author rules
    /// match elements of any namespace (no default `@namespace` is read).
    var namespace: ContentNamespace? = nil

    /// The longhands of a declaration block; a declaration of a property we compute whose value
    /// it does not take is skipped, as a browser skips it, and recorded.
    /// `kept`: only declarations that can set one of these slots are expanded (nil: all).
    static func expand(_ block: [CSSStyleSheet.Declaration], keeping kept: [Bool]? = nil, skipped: inout [SkippedCSS]) -> [Declaration] {
        block.flatMap { d -> [Declaration] in
            if let kept, !StyleDeclarations.longhands(of: StyleDeclarations.alias(d.name.lowercased())).contains(where: { StyleSlot.byName[$0].map { kept[$0] } ?? false }) {
                return []
            }
            let longhands = StyleDeclarations.expand(d.name, d.value)
            if longhands.isEmpty, StyleDeclarations.rejects(d.name, d.value) {
                skipped.append(SkippedCSS(.value(property: d.name), d.value, line: d.line, column: d.column))
            }
            return longhands.compactMap { name, value in
                StyleSlot.byName[name].map { Declaration(slot: $0, value: value, important: d.important) }
            }
        }
    }

    /// The style rules of a sheet's rules (`imported` reads an `@import` target's rules; nil:
    /// not followed), with what a browser skips in them: invalid selector lists (an undeclared
    /// namespace prefix among them) and values.
    static func rules(ofSheet list: [CSSStyleSheet.Rule], origin: Origin, imported: ((String, String) -> [StyleRule])?, base: String,
                      keeping kept: [Bool]? = nil, skipped: inout [SkippedCSS]) -> [StyleRule] {
        rules(of: list, origin: origin, imported: imported, base: base, namespaces: namespacePrefixes(list), keeping: kept, skipped: &skipped)
    }

    /// The prefixes a sheet's `@namespace` rules declare (`@namespace epub url(…)`).
    static func namespacePrefixes(_ list: [CSSStyleSheet.Rule]) -> Set<String> {
        var out: Set<String> = []
        for case .at(let name, let prelude, _, _, _) in list where name.lowercased() == "namespace" {
            let words = prelude.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
            if words.count == 2 { out.insert(String(words[0])) }
        }
        return out
    }

    /// The style rules of a list, descending into `@media` that match the assumed screen and
    /// `@supports` that hold; `imported` reads an `@import` target's rules (nil: not followed).
    static func rules(of list: [CSSStyleSheet.Rule], origin: Origin, imported: ((String, String) -> [StyleRule])?, base: String,
                      namespaces: Set<String>? = nil, keeping kept: [Bool]? = nil, skipped: inout [SkippedCSS]) -> [StyleRule] {
        var out: [StyleRule] = []
        for rule in list {
            switch rule {
            case .style(let selectors, let block, let line):
                // A cascade of a few longhands reads no selector of a rule that sets none of them.
                if kept != nil, expand(block, keeping: kept, skipped: &skipped).isEmpty { continue }
                guard let list = CSSSelector.parseList(selectors, namespaces: namespaces) else {
                    skipped.append(SkippedCSS(.selector, selectors, line: line, column: nil))
                    continue
                }
                let declarations = expand(block, keeping: kept, skipped: &skipped)
                guard !declarations.isEmpty else { continue }
                for case let selector? in list {
                    out.append(StyleRule(selector: selector, specificity: selector.specificity, declarations: declarations, origin: origin, order: 0))
                }
            case .at(let name, let prelude, let nested, _, _):
                switch name.lowercased() {
                case "media", "supports":
                    // Rules for other media are read too, for what a browser skips in them.
                    let found = rules(of: nested, origin: origin, imported: imported, base: base, namespaces: namespaces, keeping: kept, skipped: &skipped)
                    let applies = name.lowercased() == "media" ? MediaAssumptions.matches(prelude) : MediaAssumptions.supports(prelude)
                    if applies { out += found }
                case "import":
                    guard let imported, let target = CSSStyleSheet.importTarget(prelude) else { continue }
                    // Media after the URL: `@import url(x.css) print;`.
                    let afterURL = prelude.range(of: ")").map { String(prelude[$0.upperBound...]) }
                        ?? prelude.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
                    if MediaAssumptions.matches(afterURL.trimmingXMLWhitespace()) { out += imported(target, base) }
                default: continue
                }
            }
        }
        return out
    }
}
