/// A selector of Selectors Level 3 parsed once and matched against the content-document model:
/// type, universal, class, id and attribute selectors (`=`, `~=`, `|=`, `^=`, `$=`, `*=`, the `i`
/// flag), the structural pseudo-classes (`:root`, `:empty`, `:first-child` … `:nth-last-of-type()`),
/// `:lang()`, `:link`/`:any-link`, the logical `:is()`, `:where()`, `:not()` and `:has()` of
/// Selectors 4, and the four combinators. A
/// namespace prefix on a type (`svg|rect`) is matched by local name; on an attribute
/// (`epub|type`) it asks for a namespaced attribute of that local name. The dynamic pseudo-classes
/// (`:visited`, `:hover`, `:focus` …) match nothing in a book at rest. A selector that is valid
/// CSS but outside this subset (pseudo-elements, `:nth-child(… of S)` …) is unparsed: nil, so a rule
/// is never applied to elements it may not match; one that is not valid CSS (an unknown
/// pseudo-class, an undeclared namespace prefix, a dangling combinator) makes the whole list
/// invalid, and a browser drops the rule (Selectors 4 § 3.1, 18).
package struct CSSSelector: Sendable, Equatable {
    package enum Combinator: Sendable, Equatable { case descendant, child, adjacent, sibling }

    package enum Simple: Sendable, Equatable {
        case type(String)
        case id(String)
        case className(String)
        /// `[name]` (operator nil) or `[name op value]`; `namespaced`: written with a prefix
        /// (`[epub|type]`), so an attribute in a namespace; `ignoreCase`: the `i` flag.
        case attribute(name: String, op: String?, value: String, namespaced: Bool = false, ignoreCase: Bool = false)
        case firstChild, lastChild, onlyChild
        /// `:nth-child(an+b)` and its kin: counted among siblings (of the same type), from the end.
        case nth(a: Int, b: Int, ofType: Bool, fromEnd: Bool)
        case root, empty
        /// `:only-of-type`: no sibling of the same type.
        case onlyOfType
        /// `*` alone: any element.
        case universal
        case lang(String)
        /// `:link`, `:any-link`: an `a` or `area` with `href`.
        case link
        /// A dynamic pseudo-class: no element of a book at rest is visited, hovered or focused.
        case never
        indirect case not(Simple)
        /// `:is()` and `:where()` (`zero`: no specificity of its own) of a selector list, each
        /// selector matched from the element up; `:not()` of a list (`negated`).
        case any([CSSSelector], zero: Bool, negated: Bool)
        /// `:has()`: some element related to this one as each relative selector says (its
        /// leftmost compound is `.scope`, joined by the leading combinator) matches it.
        case has([CSSSelector], leading: [Combinator])
        /// The element `:has()` is tested on (Selectors 4 § 3.7, the anchor of a relative selector).
        case scope
        /// `:disabled` (true) and `:enabled` (false): form controls actually disabled (HTML § 4.16.2).
        case disabled(Bool)
    }

    /// Compounds from the subject leftwards: `compounds[0]` is the element itself, and
    /// `combinators[i]` joins `compounds[i]` to `compounds[i + 1]`.
    package var compounds: [[Simple]]
    package var combinators: [Combinator]

    /// (ids, classes + attributes + pseudo-classes, types), CSS's specificity.
    package var specificity: (Int, Int, Int) {
        var a = 0, b = 0, c = 0
        func add(_ s: Simple) {
            switch s {
            case .id: a += 1
            case .className, .attribute, .firstChild, .lastChild, .onlyChild, .onlyOfType, .nth, .root, .empty, .lang, .link, .never, .disabled: b += 1
            case .type: c += 1
            case .universal, .scope: break
            case .not(let inner): add(inner)
            case .any(let list, let zero, _): if !zero { addMost(list) }
            case .has(let list, _): addMost(list)
            }
        }
        // A list counts as its most specific selector (Selectors 4 § 17); `:has()`'s anchor none.
        func addMost(_ list: [CSSSelector]) {
            guard let most = list.map(\.specificity).max(by: { ($0.0, $0.1, $0.2) < ($1.0, $1.1, $1.2) }) else { return }
            a += most.0; b += most.1; c += most.2
        }
        compounds.joined().forEach(add)
        return (a, b, c)
    }

    package static func == (x: CSSSelector, y: CSSSelector) -> Bool { x.compounds == y.compounds && x.combinators == y.combinators }

    /// Each selector of a comma-separated list; nil for one this subset does not cover.
    /// `namespaces`: the prefixes the sheet declares with `@namespace` (nil: any prefix is taken).
    /// Nil when the list is not valid CSS: a browser drops the whole rule.
    package static func parseList(_ text: String, namespaces: Set<String>? = nil) -> [CSSSelector?]? {
        var out: [CSSSelector?] = []
        for part in split(text, on: ",") {
            switch read(part, namespaces: namespaces) {
            case .selector(let selector): out.append(selector)
            case .unmatched: out.append(nil)
            case .invalid: return nil
            }
        }
        return out
    }

    /// One selector in this subset, or nil (outside it, or not valid CSS).
    package static func parse(_ text: String) -> CSSSelector? {
        if case .selector(let selector) = read(text, namespaces: nil) { return selector }
        return nil
    }

    /// What one selector of a list is to a browser and to this subset.
    enum Reading: Equatable {
        case selector(CSSSelector)
        /// Valid CSS that this subset does not match (pseudo-elements …).
        case unmatched
        case invalid
    }

    static func read(_ text: String, namespaces: Set<String>?) -> Reading {
        var compounds: [[Simple]] = [], combinators: [Combinator] = []
        var scanner = Scanner(Array(text.unicodeScalars), namespaces: namespaces)
        scanner.skipSpace()
        while !scanner.atEnd {
            guard let compound = scanner.compound(), !compound.isEmpty else { return .invalid }
            compounds.append(compound)
            let hadSpace = scanner.skipSpace()
            if scanner.atEnd { break }
            guard scanner.pseudoElementName == nil else { return .invalid }  // no combinator after a pseudo-element
            switch scanner.peek {
            case ">": scanner.advance(); combinators.append(.child)
            case "+": scanner.advance(); combinators.append(.adjacent)
            case "~": scanner.advance(); combinators.append(.sibling)
            default:
                guard hadSpace else { return .invalid }
                combinators.append(.descendant)
            }
            scanner.skipSpace()
        }
        guard !compounds.isEmpty, combinators.count == compounds.count - 1 else { return .invalid }
        if scanner.unmatched { return .unmatched }
        return .selector(CSSSelector(compounds: compounds.reversed(), combinators: combinators.reversed()))
    }

    /// Splits at a separator outside brackets, parentheses and strings (selector lists, and the
    /// query lists `MediaAssumptions` reads).
    static func split(_ text: String, on separator: Character) -> [String] {
        var parts: [String] = [], current = "", depth = 0, quote: Character?
        for c in text {
            if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c }
            else if c == "(" || c == "[" { depth += 1 } else if c == ")" || c == "]" { depth -= 1 }
            else if c == separator && depth == 0 { parts.append(current); current = ""; continue }
            current.append(c)
        }
        parts.append(current)
        return parts
    }
}
