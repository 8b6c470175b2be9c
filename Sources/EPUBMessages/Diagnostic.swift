/// Something the pipeline could not read or had to guess, kept with its place so that
/// `inspect` still works on broken books and `validate` can report the same facts.
public struct Diagnostic: Sendable, Codable, Equatable, Hashable {
    /// EPUBCheck's message ID where one applies (`OPF-003`), else ours (`EC-…`).
    public var id: String
    public var severity: Severity
    /// The text in English, as the contract and English reports print it.
    public var message: String
    public var location: Location?
    /// The template and arguments the text was made from; nil only for a diagnostic built from
    /// finished text (another tool's message read back).
    public var text: MessageText?

    private enum CodingKeys: String, CodingKey { case id, severity, message, location }

    public init(id: String, severity: Severity, message: String, location: Location? = nil) {
        self.id = id
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// A diagnostic of a catalogued ID, at the catalog's severity (info for an ID suppressed by default).
    public init(_ id: MessageID, message: MessageText, location: Location? = nil) {
        self.init(id: id.rawValue, severity: id.defaultSeverity ?? .info, message: message.rendered(), location: location)
        self.text = message
    }

    /// The text in one locale (the English text when the diagnostic has no template).
    public func message(in locale: MessageLocale) -> String {
        locale == .english ? message : text?.rendered(in: locale) ?? message
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
