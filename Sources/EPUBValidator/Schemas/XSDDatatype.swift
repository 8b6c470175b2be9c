import EPUBContract
import CLibXML2
import Foundation

/// The XML Schema datatypes (and facets) our RELAX NG schemas use, checked in Swift so that the
/// schema diagnoser can say which value is wrong. Unknown types accept every value: the diagnoser
/// explains libxml2's verdict, it must never invent an error.
struct XSDDatatype: Hashable, Sendable {
    enum Facet: Hashable, Sendable {
        case minLength(Int)
        case maxLength(Int)
        case length(Int)
        case pattern(String)
    }

    /// Local type name (`token`, `NCName` …); the built-in library's `string`/`token` too.
    var name: String
    var facets: [Facet] = []
    /// The schema's own words for a valid value (`a:documentation` on the `data`), used in messages.
    /// The grammar's own words for what a value looks like (`a:documentation`): a catalog key.
    var description: MessageKey? = nil

    /// `string` keeps the value as written; every other type collapses whitespace first.
    func normalized(_ value: String) -> String {
        if name == "string" { return value }
        return value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }

    func allows(_ raw: String) -> Bool {
        let value = normalized(raw)
        let items = value.isEmpty ? [] : value.split(separator: " ").map(String.init)
        switch name {
        case "NCName", "ID", "IDREF", "ENTITY":
            guard Self.isName(value, colons: false) else { return false }
        case "IDREFS", "ENTITIES":
            guard !items.isEmpty, items.allSatisfy({ Self.isName($0, colons: false) }) else { return false }
        case "NMTOKEN":
            guard Self.isToken(value) else { return false }
        case "NMTOKENS":
            guard !items.isEmpty, items.allSatisfy(Self.isToken) else { return false }
        case "Name", "QName":
            guard Self.isName(value, colons: true) else { return false }
        case "language":
            guard Self.matches(value, Self.language) else { return false }
        case "integer", "int", "long", "short":
            guard Self.matches(value, #"[+-]?[0-9]+"#) else { return false }
        case "nonNegativeInteger":
            guard Self.matches(value, #"\+?[0-9]+"#) else { return false }
        case "positiveInteger":
            guard Self.matches(value, #"\+?0*[1-9][0-9]*"#) else { return false }
        case "decimal":
            guard Self.matches(value, #"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)"#) else { return false }
        case "boolean":
            guard ["true", "false", "1", "0"].contains(value) else { return false }
        default:
            break
        }
        let isList = ["NMTOKENS", "IDREFS", "ENTITIES"].contains(name)
        let length = isList ? items.count : value.unicodeScalars.count
        for facet in facets {
            switch facet {
            case .minLength(let n): if length < n { return false }
            case .maxLength(let n): if length > n { return false }
            case .length(let n): if length != n { return false }
            case .pattern(let p): if !Self.matches(value, p) { return false }
            }
        }
        return true
    }

    /// Value equality for `<value>`: after the type's normalization.
    func equal(_ a: String, _ b: String) -> Bool {
        normalized(a) == normalized(b)
    }

    /// What a valid value looks like, for messages.
    var summary: MessageText {
        if let description { return MessageText(description) }
        var parts: [MessageText]
        switch name {
        case "NCName", "ID", "IDREF": parts = [.xmlNameWithoutColons]
        case "NMTOKENS": parts = [.spaceSeparatedListOfTokens]
        case "NMTOKEN": parts = [.singleNameToken]
        case "language": parts = [.languageTagSuchAs]
        case "integer", "nonNegativeInteger", "positiveInteger", "decimal": parts = [.numberOfType(name)]
        default: parts = [.plainText]
        }
        for facet in facets {
            switch facet {
            case .minLength(let n): parts.append(n == 1 ? .notEmpty : .atLeastCharactersLong(n))
            case .maxLength(let n): parts.append(.atMostCharactersLong(n))
            case .length(let n): parts.append(.exactlyCharactersLong(n))
            case .pattern(let p): parts.append(.matchingPattern(p))
            }
        }
        return parts.count == 1 ? parts[0] : .datatypeWithFacets(MessageArgument.list(parts.map(MessageArgument.phrase), .none))
    }

    /// XML names as XSD's patterns define them (`XMLName`).
    static func isName<S: StringProtocol>(_ value: S, colons: Bool) -> Bool {
        XMLName.isValid(value, colons: colons)
    }

    /// `[\p{L}\p{N}\p{M}._:\-\u00B7]+`.
    static func isToken(_ value: String) -> Bool {
        XMLName.isToken(value)
    }
    private static let language = #"[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*"#

    /// Whole-value match with libxml2's XML Schema regular expressions, the engine that judges
    /// the same facets in libxml2's validation (and compiles in microseconds, where ICU's first
    /// expression costs a process about a millisecond). Compiled patterns are shared.
    static func matches(_ value: String, _ pattern: String) -> Bool {
        RegexCache.shared.matches(value, pattern)
    }
}

/// Compiled XML Schema regular expressions by source, each compiled once per process.
private final class RegexCache: @unchecked Sendable {
    static let shared = RegexCache()
    private let lock = NSLock()
    private var compiled: [String: xmlRegexpPtr?] = [:]

    /// True when `value` matches `pattern` whole, or when libxml2 cannot compile the pattern.
    func matches(_ value: String, _ pattern: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if compiled[pattern] == nil { compiled[pattern] = .some(xmlRegexpCompile(pattern)) }
        guard let regex = compiled[pattern] ?? nil else { return true }
        return xmlRegexpExec(regex, value) == 1
    }
}
