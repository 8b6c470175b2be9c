import EPUBDocument
import EPUBMessages

/// What `annotations` found in an EPUB Annotations 1.0 file: what in it breaks the profile, and
/// where each annotation's target lands in the book now.
public struct AnnotationReport: Sendable {
    /// A rule of the profile the file breaks, at a JSON pointer.
    public struct Finding: Sendable, Equatable {
        /// A MUST of the profile broken (error) or a SHOULD (warning).
        public enum Severity: String, Sendable { case error, warning }
        public var severity: Severity
        public var pointer: String
        public var message: MessageText
    }

    /// One selector's answer: the range it selects in the source's text, or why it selects nothing.
    public struct SelectorResult: Sendable {
        public var pointer: String
        public var type: String
        public var range: Range<Int>?
        /// Set for a selector that applies to a whole resource (media fragments, no selector).
        public var whole = false
        public var problem: MessageText?
    }

    /// One annotation with its target resolved.
    public struct Item: Sendable {
        public var pointer: String
        public var id: String?
        public var motivation: String?
        public var source: String?
        public var spineIndex: Int?
        public var href: String?
        public var selectors: [SelectorResult] = []
        /// The first selector's range that resolved (selectors are alternatives, best first).
        public var range: Range<Int>?
        public var cfi: CFI?
        public var notes: [MessageText] = []

        /// Whether the target is found: a whole resource, or a selector that resolved.
        public var resolved: Bool { range != nil || selectors.contains { $0.whole } || (selectors.isEmpty && source != nil && href != nil) }
    }

    public var findings: [Finding] = []
    public var items: [Item] = []

    public var errors: Int { findings.filter { $0.severity == .error }.count }
    public var warnings: Int { findings.filter { $0.severity == .warning }.count }
    public var stale: Int { items.filter { !$0.resolved }.count }

    public var summary: MessageText {
        .annoSummary(items.count, items.count - stale, stale, errors, warnings)
    }

    /// The report as JSON, its messages in a locale.
    public func json(_ locator: CFILocator, locale: MessageLocale = .english) -> JSONValue {
        let findings = self.findings.map { finding -> JSONValue in
            .object([("severity", .string(finding.severity.rawValue)), ("pointer", .string(finding.pointer)), ("message", .string(finding.message.rendered(in: locale)))])
        }
        let counts: [(String, JSONValue)] = [
            ("annotations", .integer(Int64(items.count))), ("resolved", .integer(Int64(items.count - stale))),
            ("stale", .integer(Int64(stale))), ("errors", .integer(Int64(errors))), ("warnings", .integer(Int64(warnings))),
        ]
        return .object([
            ("summary", .object(counts)),
            ("findings", .array(findings)),
            ("annotations", .array(items.map { Self.json($0, locator, locale) })),
        ])
    }

    private static func json(_ item: Item, _ locator: CFILocator, _ locale: MessageLocale) -> JSONValue {
        let selectors: [JSONValue] = item.selectors.map { json($0, item, locator, locale) }
        let notes: [JSONValue] = item.notes.map { .string($0.rendered(in: locale)) }
        var fields: [(String, JSONValue)] = []
        fields.append(("pointer", .string(item.pointer)))
        fields.append(("id", item.id.map(JSONValue.string) ?? .null))
        fields.append(("motivation", item.motivation.map(JSONValue.string) ?? .null))
        fields.append(("source", item.source.map(JSONValue.string) ?? .null))
        fields.append(("status", .string(item.resolved ? "resolved" : "stale")))
        fields.append(("spineIndex", item.spineIndex.map { JSONValue.integer(Int64($0)) } ?? .null))
        fields.append(("href", item.href.map(JSONValue.string) ?? .null))
        fields.append(("offset", item.range.map { JSONValue.integer(Int64($0.lowerBound)) } ?? .null))
        fields.append(("end", item.range.map { JSONValue.integer(Int64($0.upperBound)) } ?? .null))
        fields.append(("cfi", item.cfi.map { JSONValue.string($0.description) } ?? .null))
        fields.append(("text", item.range.map { text(item, $0, locator) } ?? .null))
        fields.append(("selectors", .array(selectors)))
        fields.append(("notes", .array(notes)))
        return .object(fields)
    }

    private static func json(_ result: SelectorResult, _ item: Item, _ locator: CFILocator, _ locale: MessageLocale) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        fields.append(("pointer", .string(result.pointer)))
        fields.append(("type", .string(result.type)))
        fields.append(("offset", result.range.map { JSONValue.integer(Int64($0.lowerBound)) } ?? .null))
        fields.append(("end", result.range.map { JSONValue.integer(Int64($0.upperBound)) } ?? .null))
        fields.append(("whole", .bool(result.whole)))
        fields.append(("text", result.range.map { text(item, $0, locator) } ?? .null))
        fields.append(("problem", result.problem.map { JSONValue.string($0.rendered(in: locale)) } ?? .null))
        return .object(fields)
    }

    private static func text(_ item: Item, _ range: Range<Int>, _ locator: CFILocator) -> JSONValue {
        guard let index = item.spineIndex, let units = locator.item(index)?.units else { return .null }
        let clamped = min(range.lowerBound, units.count)..<min(range.upperBound, units.count)
        return .string(String(decoding: units[clamped], as: UTF16.self))
    }
}
