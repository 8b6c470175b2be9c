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
    public var message: String
    public var locations: [Location]
    public var suggestion: String?
}
