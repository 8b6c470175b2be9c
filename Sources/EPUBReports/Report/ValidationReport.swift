import EPUBContract

/// What `validate` found. Identical messages (same ID, severity, template and arguments) are one
/// message with several locations, in the order first found.
public struct ValidationReport: Sendable {
    public var sourcePath: String
    public var messages: [ValidationMessage]
    /// The session the report came from; nil when the input could not be opened at all.
    public var session: PublicationSession?
    /// Wall time of the check, in milliseconds.
    public var elapsedMilliseconds: Int
    /// What the rules learnt of the publication's files (text, fonts, references) for EPUBCheck's
    /// JSON report; nil when no publication was checked.
    public var facts: PublicationFacts?
    /// The locale the messages are read in; English unless `localized(_:)` says otherwise.
    public private(set) var locale: MessageLocale = .english

    /// What makes two diagnostics one message: as EPUBCheck merges equal texts, we merge equal
    /// templates with equal arguments, so that merging does not depend on the locale.
    private struct MergeKey: Hashable {
        var id: String
        var severity: Diagnostic.Severity
        var text: MessageText?
        var message: String
    }

    /// Merges diagnostics into messages, applying the catalog's severities and dropping suppressed IDs.
    /// Messages are in a fixed order, by place (file, line, column) then ID and text, so a report
    /// never depends on the order in which rules ran or documents were first read.
    public init(sourcePath: String, diagnostics: [Diagnostic], session: PublicationSession?, elapsedMilliseconds: Int) {
        self.sourcePath = sourcePath
        self.session = session
        self.elapsedMilliseconds = elapsedMilliseconds
        var messages: [ValidationMessage] = []
        var index: [MergeKey: Int] = [:]
        for diagnostic in diagnostics.sorted(by: Self.inReportOrder) {
            var severity = diagnostic.severity
            switch MessageCatalog.lookup(diagnostic.id) {
            case .suppressed: continue
            case .severity(let s): severity = s
            case .unknown: break
            }
            let key = MergeKey(id: diagnostic.id, severity: severity, text: diagnostic.text, message: diagnostic.text == nil ? diagnostic.message : "")
            let location = diagnostic.location.map { ValidationMessage.Location(path: $0.path, line: $0.line, column: $0.column, context: nil) }
            if let i = index[key] {
                if let location, !messages[i].locations.contains(location) { messages[i].locations.append(location) }
            } else {
                index[key] = messages.count
                messages.append(ValidationMessage(id: diagnostic.id, severity: severity, message: diagnostic.message,
                                                  locations: location.map { [$0] } ?? [], suggestion: diagnostic.messageID?.suggestion,
                                                  text: diagnostic.text))
            }
        }
        self.messages = messages
    }

    /// By file (none first), line, column (unknown first), then ID and text.
    static func inReportOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        let pa = a.location?.path ?? "", pb = b.location?.path ?? ""
        if pa != pb { return pa < pb }
        let la = a.location?.line ?? 0, lb = b.location?.line ?? 0
        if la != lb { return la < lb }
        let ca = a.location?.column ?? 0, cb = b.location?.column ?? 0
        if ca != cb { return ca < cb }
        if a.id != b.id { return a.id < b.id }
        return a.message < b.message
    }

    /// The same report with the book named `name`: a book read from a copy (standard input spooled
    /// to a file) is reported under the name its bytes came from, in the source and in every place.
    public func showingSource(as name: String) -> ValidationReport {
        var copy = self
        copy.sourcePath = name
        for i in copy.messages.indices {
            for j in copy.messages[i].locations.indices where copy.messages[i].locations[j].path == sourcePath {
                copy.messages[i].locations[j].path = name
            }
        }
        return copy
    }

    /// The same report, read in another locale: IDs, severities, places and order stay as they are.
    public func localized(_ locale: MessageLocale) -> ValidationReport {
        var copy = self
        copy.locale = locale
        for i in copy.messages.indices { copy.messages[i].locale = locale }
        return copy
    }

    public func count(_ severity: Diagnostic.Severity) -> Int {
        messages.filter { $0.severity == severity }.count
    }

    /// True when a fatal error or an error was found.
    public var hasErrors: Bool {
        messages.contains { $0.severity == .fatal || $0.severity == .error }
    }

    /// The messages a user asked to see: usage only with `-u`, then the `-e`/`-w` floor.
    public func filtered(includeUsage: Bool, minimum: Diagnostic.Severity?) -> ValidationReport {
        var copy = self
        copy.messages = messages.filter { message in
            if message.severity == .usage && !includeUsage { return false }
            guard let minimum else { return true }
            return message.severity.rank >= minimum.rank
        }
        return copy
    }
}

extension Diagnostic.Severity {
    /// Higher is more severe.
    public var rank: Int {
        switch self {
        case .info: return 0
        case .usage: return 1
        case .warning: return 2
        case .error: return 3
        case .fatal: return 4
        }
    }
}
