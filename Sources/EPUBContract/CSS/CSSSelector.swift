/// A selector of Selectors Level 3 parsed once and matched against the content-document model:
/// type, universal, class, id and attribute selectors (`=`, `~=`, `|=`, `^=`, `$=`, `*=`, the `i`
/// flag), the structural pseudo-classes (`:root`, `:empty`, `:first-child` … `:nth-last-of-type()`),
/// `:lang()`, `:link`/`:any-link`, `:not()` of a simple selector, and the four combinators. A
/// namespace prefix on a type (`svg|rect`) is matched by local name; on an attribute
/// (`epub|type`) it asks for a namespaced attribute of that local name. The dynamic pseudo-classes
/// (`:visited`, `:hover`, `:focus` …) match nothing in a book at rest. Anything else
/// (pseudo-elements, unknown pseudo-classes) makes the selector unparsed: nil, so a rule is never
/// applied to elements it may not match.
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
        /// `*` alone: any element.
        case universal
        case lang(String)
        /// `:link`, `:any-link`: an `a` or `area` with `href`.
        case link
        /// A dynamic pseudo-class: no element of a book at rest is visited, hovered or focused.
        case never
        indirect case not(Simple)
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
            case .className, .attribute, .firstChild, .lastChild, .onlyChild, .nth, .root, .empty, .lang, .link, .never: b += 1
            case .type: c += 1
            case .universal: break
            case .not(let inner): add(inner)
            }
        }
        compounds.joined().forEach(add)
        return (a, b, c)
    }

    package static func == (x: CSSSelector, y: CSSSelector) -> Bool { x.compounds == y.compounds && x.combinators == y.combinators }

    /// Each selector of a comma-separated list; nil for one this subset does not cover.
    package static func parseList(_ text: String) -> [CSSSelector?] {
        split(text, on: ",").map { parse($0) }
    }

    package static func parse(_ text: String) -> CSSSelector? {
        var compounds: [[Simple]] = [], combinators: [Combinator] = []
        var scanner = Scanner(Array(text.unicodeScalars))
        scanner.skipSpace()
        while !scanner.atEnd {
            guard let compound = scanner.compound(), !compound.isEmpty else { return nil }
            compounds.append(compound)
            let hadSpace = scanner.skipSpace()
            if scanner.atEnd { break }
            switch scanner.peek {
            case ">": scanner.advance(); combinators.append(.child)
            case "+": scanner.advance(); combinators.append(.adjacent)
            case "~": scanner.advance(); combinators.append(.sibling)
            default:
                guard hadSpace else { return nil }
                combinators.append(.descendant)
            }
            scanner.skipSpace()
        }
        guard !compounds.isEmpty, combinators.count == compounds.count - 1 else { return nil }
        return CSSSelector(compounds: compounds.reversed(), combinators: combinators.reversed())
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
