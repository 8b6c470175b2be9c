/// An EPUB CFI (EPUB Canonical Fragment Identifiers 1.1): a location, or a simple range, in a
/// publication, as a path of steps from the package document's `package` element through the
/// spine (`/6/4[chap01ref]`), an indirection (`!`) into the spine item, steps down its elements
/// (even indexes) and chunks of character data (odd indexes), and an optional terminal offset.
///
/// The value keeps every part of the expression (assertions, parameters, numbers as written in
/// canonical form), so that `description` gives the canonical string back: a parsed CFI prints
/// as the spec spells it, whatever leniency the parser allowed.
public struct CFI: Sendable, Equatable, CustomStringConvertible {
    /// One `/N` step with its optional assertion (`[id]`, `[;s=b]`).
    public struct Step: Sendable, Equatable {
        public var index: Int
        public var assertion: Assertion?

        public init(_ index: Int, assertion: Assertion? = nil) {
            self.index = index
            self.assertion = assertion
        }

        /// An even step names an element (or the virtual ones at 0 and n+2); an odd one a chunk of text.
        public var isElement: Bool { index % 2 == 0 }
    }

    /// What is asserted in brackets: values (an id after a step; the text before and after the
    /// point after an offset, either possibly empty) and `;name=v1,v2` parameters (`s` is the side bias).
    public struct Assertion: Sendable, Equatable {
        public var values: [String]
        public var parameters: [Parameter]

        public init(values: [String] = [], parameters: [Parameter] = []) {
            self.values = values
            self.parameters = parameters
        }

        /// The asserted id of a step (its first value), nil when none is given.
        public var id: String? { values.first.flatMap { $0.isEmpty ? nil : $0 } }
        /// The text asserted before the point, nil when none.
        public var textBefore: String? { values.first.flatMap { $0.isEmpty ? nil : $0 } }
        /// The text asserted after the point, nil when none.
        public var textAfter: String? { values.count > 1 && !values[1].isEmpty ? values[1] : nil }
        /// The side bias (`;s=a` or `;s=b`), nil when not given.
        public var side: Side? {
            parameters.first { $0.name == "s" }?.values.first.flatMap(Side.init(rawValue:))
        }
    }

    /// A `;name=v1,v2` parameter of an assertion.
    public struct Parameter: Sendable, Equatable {
        public var name: String
        public var values: [String]

        public init(name: String, values: [String]) {
            self.name = name
            self.values = values
        }
    }

    /// Which content a point sticks to where a break falls on it: before (`b`) or after (`a`).
    public enum Side: String, Sendable, Equatable {
        case before = "b"
        case after = "a"
    }

    /// A terminal offset: characters (`:N`, UTF-16 units), time (`~S` seconds, with an optional
    /// point in the frame) or a point in an image (`@X:Y`, each 0–100).
    public enum Offset: Sendable, Equatable {
        case character(Int)
        case temporal(CFINumber, spatial: (x: CFINumber, y: CFINumber)?)
        case spatial(x: CFINumber, y: CFINumber)

        public static func == (a: Offset, b: Offset) -> Bool {
            switch (a, b) {
            case (.character(let x), .character(let y)): return x == y
            case (.spatial(let x1, let y1), .spatial(let x2, let y2)): return x1 == x2 && y1 == y2
            case (.temporal(let t1, let s1), .temporal(let t2, let s2)):
                return t1 == t2 && s1?.x == s2?.x && s1?.y == s2?.y
            default: return false
            }
        }
    }

    /// A path: steps in segments (each `!` starts the next segment, in the document the step
    /// before it references), then the terminal offset with its assertion, if any.
    public struct Path: Sendable, Equatable {
        public var segments: [[Step]]
        public var offset: Offset?
        public var offsetAssertion: Assertion?

        public init(segments: [[Step]], offset: Offset? = nil, offsetAssertion: Assertion? = nil) {
            self.segments = segments
            self.offset = offset
            self.offsetAssertion = offsetAssertion
        }

        /// This path followed by a range's local path: the local path's first steps continue the
        /// last segment (EPUB CFI 1.1 §3.4: the start is P + S, the end P + E).
        public func appending(_ local: Path) -> Path {
            var joined = segments
            if joined.isEmpty { joined = [[]] }
            joined[joined.count - 1] += local.segments.first ?? []
            joined += local.segments.dropFirst()
            return Path(segments: joined, offset: local.offset, offsetAssertion: local.offsetAssertion)
        }
    }

    /// The path; for a range, the common parent path.
    public var path: Path
    /// A range's start and end local paths; nil for a location.
    public var range: (start: Path, end: Path)?

    public init(path: Path, range: (start: Path, end: Path)? = nil) {
        self.path = path
        self.range = range
    }

    /// The location a CFI stands for where one location is wanted: a range's start (§3.4).
    public var start: Path { range.map { path.appending($0.start) } ?? path }
    /// A range's end; the location itself for a location.
    public var end: Path { range.map { path.appending($0.end) } ?? path }

    public static func == (a: CFI, b: CFI) -> Bool {
        a.path == b.path && a.range?.start == b.range?.start && a.range?.end == b.range?.end
    }

    /// The canonical expression, `epubcfi(…)`, with special characters escaped by `^`.
    public var description: String {
        var out = "epubcfi(" + Self.format(path)
        if let range { out += "," + Self.format(range.start) + "," + Self.format(range.end) }
        return out + ")"
    }

    static func format(_ path: Path) -> String {
        var out = path.segments.map { steps in
            steps.map { "/\($0.index)" + ($0.assertion.map(format) ?? "") }.joined()
        }.joined(separator: "!")
        switch path.offset {
        case .character(let n)?: out += ":\(n)"
        case .temporal(let t, let spatial)?: out += "~\(t)" + (spatial.map { "@\($0.x):\($0.y)" } ?? "")
        case .spatial(let x, let y)?: out += "@\(x):\(y)"
        case nil: break
        }
        if let assertion = path.offsetAssertion { out += format(assertion) }
        return out
    }

    static func format(_ assertion: Assertion) -> String {
        var values = assertion.values
        while values.count > 1, values.last == "" { values.removeLast() }
        if values == [""] { values = [] }
        var out = "[" + values.map(escape).joined(separator: ",")
        for parameter in assertion.parameters {
            out += ";" + escape(parameter.name) + "=" + parameter.values.map(escape).joined(separator: ",")
        }
        return out + "]"
    }

    /// Characters the grammar reserves, escaped with a circumflex (§2.2).
    static let special: Set<Character> = ["^", "[", "]", "(", ")", ",", ";", "="]

    static func escape(_ value: String) -> String {
        var out = ""
        for character in value {
            if special.contains(character) { out.append("^") }
            out.append(character)
        }
        return out
    }
}

/// A number of a temporal or spatial offset, kept in the grammar's canonical spelling (no leading
/// zeros, no trailing zeros after the point, an integral value as an integer).
public struct CFINumber: Sendable, Equatable, CustomStringConvertible {
    public let description: String
    public let value: Double

    /// The canonical number for a decimal string of digits with at most one point; nil otherwise.
    public init?(_ text: Substring) {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              text.filter({ $0 == "." }).count <= 1, let value = Double(text.hasPrefix(".") ? "0" + text : String(text)) else { return nil }
        var whole = String(text.split(separator: ".", omittingEmptySubsequences: false).first ?? "")
        var fraction = text.contains(".") ? String(text.split(separator: ".", omittingEmptySubsequences: false).last ?? "") : ""
        while whole.count > 1, whole.first == "0" { whole.removeFirst() }
        if whole.isEmpty { whole = "0" }
        while fraction.last == "0" { fraction.removeLast() }
        description = fraction.isEmpty ? whole : whole + "." + fraction
        self.value = value
    }
}
