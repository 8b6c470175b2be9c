import EPUBContract
/// A RELAX NG pattern in the simplified form the derivative algorithm works on (James Clark,
/// "An algorithm for RELAX NG validation"). Elements refer to their content by index, so
/// recursive grammars stay finite values.
indirect enum RelaxNGPattern: Hashable, Sendable {
    case empty
    case notAllowed
    case text
    case choice(RelaxNGPattern, RelaxNGPattern)
    case interleave(RelaxNGPattern, RelaxNGPattern)
    case group(RelaxNGPattern, RelaxNGPattern)
    case oneOrMore(RelaxNGPattern)
    case list(RelaxNGPattern)
    case data(XSDDatatype)
    case value(XSDDatatype, String)
    case attribute(RelaxNGNameClass, RelaxNGPattern)
    case element(RelaxNGNameClass, Int)
    case after(RelaxNGPattern, RelaxNGPattern)

    /// Smart constructors: they keep derivatives small by dropping what can never match.
    static func either(_ a: RelaxNGPattern, _ b: RelaxNGPattern) -> RelaxNGPattern {
        if a == .notAllowed { return b }
        if b == .notAllowed || a == b { return a }
        return .choice(a, b)
    }

    static func sequence(_ a: RelaxNGPattern, _ b: RelaxNGPattern) -> RelaxNGPattern {
        if a == .notAllowed || b == .notAllowed { return .notAllowed }
        if a == .empty { return b }
        if b == .empty { return a }
        return .group(a, b)
    }

    static func both(_ a: RelaxNGPattern, _ b: RelaxNGPattern) -> RelaxNGPattern {
        if a == .notAllowed || b == .notAllowed { return .notAllowed }
        if a == .empty { return b }
        if b == .empty { return a }
        return .interleave(a, b)
    }

    static func then(_ a: RelaxNGPattern, _ b: RelaxNGPattern) -> RelaxNGPattern {
        if a == .notAllowed || b == .notAllowed { return .notAllowed }
        return .after(a, b)
    }

    static func repeated(_ a: RelaxNGPattern) -> RelaxNGPattern {
        a == .notAllowed ? .notAllowed : .oneOrMore(a)
    }

    /// True when the pattern matches an empty sequence.
    var nullable: Bool {
        switch self {
        case .empty, .text: return true
        case .choice(let a, let b): return a.nullable || b.nullable
        case .group(let a, let b), .interleave(let a, let b): return a.nullable && b.nullable
        case .oneOrMore(let a): return a.nullable
        default: return false
        }
    }
}

/// The names an element or attribute pattern accepts.
indirect enum RelaxNGNameClass: Hashable, Sendable {
    case name(namespace: String, local: String)
    case namespace(String, except: RelaxNGNameClass?)
    case anyName(except: RelaxNGNameClass?)
    case choice(RelaxNGNameClass, RelaxNGNameClass)

    func contains(namespace ns: String, local: String) -> Bool {
        switch self {
        case .name(let n, let l): return n == ns && l == local
        case .namespace(let n, let except): return n == ns && !(except?.contains(namespace: ns, local: local) ?? false)
        case .anyName(let except): return !(except?.contains(namespace: ns, local: local) ?? false)
        case .choice(let a, let b): return a.contains(namespace: ns, local: local) || b.contains(namespace: ns, local: local)
        }
    }

    /// The explicit names, for messages ("expected dc:title").
    var names: [(namespace: String, local: String)] {
        switch self {
        case .name(let n, let l): return [(n, l)]
        case .choice(let a, let b): return a.names + b.names
        default: return []
        }
    }
}
