import EPUBContract
import Foundation

/// Which elements of a document no reader is shown: the cascade of the one property that decides
/// it, `display`, over the author's style sheets (linked, `@import`ed and `style` elements; `@media`
/// blocks other than print and speech ones; alternate and print-only sheets left out, as a browser
/// does), inline `style`, and the user-agent rule `[hidden] { display: none }`. An element is hidden
/// when it or an ancestor computes `display: none`. Selectors outside `CSSSelector`'s subset are
/// not applied.
struct DisplayCascade {
    /// One `display` declaration of a style rule, with what ranks it.
    struct Rule {
        let selector: CSSSelector
        let value: String
        let important: Bool
        let order: Int
    }

    /// Rules per style sheet path, read once per publication.
    /// Shared by the threads that check documents: the cache is read and filled under a lock.
    final class Sheets: @unchecked Sendable {
        let session: PublicationSession
        private var cache: [String: [(CSSSelector, String, Bool)]] = [:]
        private let lock = NSLock()

        init(_ session: PublicationSession) { self.session = session }

        /// The `display` rules of a sheet and what it imports, in cascade order.
        func rules(at path: String) -> [(CSSSelector, String, Bool)] {
            lock.lock()
            defer { lock.unlock() }
            return rules(at: path, depth: 0)
        }

        private func rules(at path: String, depth: Int) -> [(CSSSelector, String, Bool)] {
            if let known = cache[path] { return known }
            cache[path] = []  // an import cycle reads nothing twice
            guard depth < 8, let sheet = session.styleSheet(at: path) else { return [] }
            var out: [(CSSSelector, String, Bool)] = []
            for target in sheet.imports {
                if case .local(let imported, _) = HrefResolver.resolve(target, against: path) { out += rules(at: imported, depth: depth + 1) }
            }
            out += DisplayCascade.rules(of: sheet.rules)
            cache[path] = out
            return out
        }
    }

    /// The `display` rules of a list of rules, descending into applicable `@media` and `@supports`.
    static func rules(of list: [CSSStyleSheet.Rule]) -> [(CSSSelector, String, Bool)] {
        var out: [(CSSSelector, String, Bool)] = []
        for rule in list {
            switch rule {
            case .style(let selectors, let declarations, _):
                guard let display = declarations.last(where: { $0.name == "display" }) else { continue }
                for case let selector? in CSSSelector.parseList(selectors) ?? [] {
                    out.append((selector, display.value.lowercased(), display.important))
                }
            case .at(let name, let prelude, let nested, _, _):
                let at = name.lowercased()
                if (at == "media" && MediaAssumptions.matches(prelude)) || at == "supports" { out += rules(of: nested) }
            }
        }
        return out
    }

    /// Whether each element of the document is hidden from every reader.
    static func hidden(_ model: ContentDocument, sheets: Sheets) -> [Bool] {
        let rules = documentRules(model, sheets)
        let matcher = SelectorMatcher(model)
        var hidden = [Bool](repeating: false, count: model.elements.count)
        for (number, element) in model.elements.enumerated() {
            if let parent = element.parent, hidden[parent] { hidden[number] = true; continue }
            hidden[number] = display(number, model, rules, matcher) == "none"
        }
        return hidden
    }

    /// The computed `display` keyword of one element, as far as hiding goes; nil when no rule sets it.
    private static func display(_ number: Int, _ model: ContentDocument, _ rules: [Rule], _ matcher: SelectorMatcher) -> String? {
        let node = model.elements[number].node
        let inline = LibXMLNode.attribute(node, "style").flatMap { CSSParser.parseDeclarations($0).last { $0.name == "display" } }
        if let inline, inline.important { return inline.value.lowercased() }
        var winner: Rule?
        for rule in rules where rule.important || inline == nil {
            guard matcher.matches(rule.selector, number) else { continue }
            if let w = winner, !outranks(rule, w) { continue }
            winner = rule
        }
        if let winner, winner.important || inline == nil { return winner.value }
        if let inline { return inline.value.lowercased() }
        return model.elements[number].namespace == .xhtml && LibXMLNode.attribute(node, "hidden") != nil ? "none" : nil
    }

    private static func outranks(_ a: Rule, _ b: Rule) -> Bool {
        if a.important != b.important { return a.important }
        let x = a.selector.specificity, y = b.selector.specificity
        if x != y { return x > y }
        return a.order > b.order
    }

    /// The author's `display` rules for one document, in cascade order.
    private static func documentRules(_ model: ContentDocument, _ sheets: Sheets) -> [Rule] {
        var found: [(CSSSelector, String, Bool)] = []
        for element in model.elements where element.namespace == .xhtml {
            let node = element.node
            if let media = LibXMLNode.attribute(node, "media"), !MediaAssumptions.matches(media) { continue }
            switch element.localName {
            case "link":
                let rel = (LibXMLNode.attribute(node, "rel") ?? "").lowercased().split(separator: " ")
                guard rel.contains("stylesheet"), !rel.contains("alternate"), let href = LibXMLNode.attribute(node, "href"),
                      case .local(let path, _) = HrefResolver.resolve(href, against: model.path) else { continue }
                found += sheets.rules(at: path)
            case "style":
                found += rules(of: CSSParser.parse(LibXMLNode.content(node)).rules)
            default:
                continue
            }
        }
        return found.enumerated().map { Rule(selector: $1.0, value: $1.1, important: $1.2, order: $0) }
    }
}
