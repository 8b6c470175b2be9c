import EPUBContract

/// A reported message: one ID, severity and text, with every place it was found.
public struct ValidationMessage: Sendable, Equatable {
    /// One place a message was found, with an excerpt when the source is at hand.
    public struct Location: Sendable, Equatable, Hashable {
        public var path: String
        public var line: Int?
        public var column: Int?
        /// A short excerpt of what is at the location, when known.
        public var context: String?
    }

    public var id: String
    public var severity: Diagnostic.Severity
    /// The text in English: what JSON reports keep under `message`, whatever the locale.
    public var message: String
    public var locations: [Location]
    /// The advice in English.
    public var suggestion: String?
    /// The template and arguments the text came from.
    public var text: MessageText?
    /// The locale the report is read in (`ValidationReport.localized`).
    public var locale: MessageLocale = .english

    /// The text in the report's locale.
    public var localizedMessage: String {
        locale == .english ? message : text?.rendered(in: locale) ?? message
    }

    /// The advice in the report's locale.
    public var localizedSuggestion: String? {
        guard locale != .english, suggestion != nil else { return suggestion }
        return MessageID(rawValue: id)?.suggestion(in: locale) ?? suggestion
    }
}
