/// Something the pipeline could not read or had to guess, kept with its place so that
/// `inspect` still works on broken books and `validate` can report the same facts.
public struct Diagnostic: Sendable, Codable, Equatable, Hashable {
    /// EPUBCheck's message ID where one applies (`OPF-003`), else ours (`EC-…`).
    public var id: String
    public var severity: Severity
    public var message: String
    public var location: Location?

    public init(id: String, severity: Severity, message: String, location: Location? = nil) {
        self.id = id
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// A diagnostic of a catalogued ID, at the catalog's severity (info for an ID suppressed by default).
    public init(_ id: MessageID, message: String, location: Location? = nil) {
        self.init(id: id.rawValue, severity: id.defaultSeverity ?? .info, message: message, location: location)
    }

    /// The catalog entry of this diagnostic's ID; nil for an ID the catalog does not know.
    public var messageID: MessageID? { MessageID(rawValue: id) }

    /// EPUBCheck's severities, most severe first; `usage` and `info` are advice, not faults.
    public enum Severity: String, Sendable, Codable, Hashable, CaseIterable {
        case fatal, error, warning, usage, info
    }

    /// A place inside the publication: the container-relative path, and line/column when known.
    public struct Location: Sendable, Codable, Equatable, Hashable {
        public var path: String
        public var line: Int?
        public var column: Int?

        public init(path: String, line: Int? = nil, column: Int? = nil) {
            self.path = path
            self.line = line
            self.column = column
        }
    }
}
