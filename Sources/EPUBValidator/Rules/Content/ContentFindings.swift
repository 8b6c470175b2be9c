import EPUBContract

/// What the content rules found in one document, each message located in it (line, and column
/// when the document's bytes were at hand).
struct ContentFindings {
    let path: String
    /// Turns tag positions into columns (nil when the document's bytes were not at hand).
    let locator: SourceLocator?
    private(set) var out: [Diagnostic] = []

    init(_ index: DocumentIndex) {
        self.path = index.path
        self.locator = index.locator
    }

    mutating func report(_ id: MessageID, _ message: MessageText, at position: TagPosition) {
        report(id, message, line: position.line, column: locator?.column(position))
    }

    /// A diagnostic made elsewhere (a pipeline fact), placed here.
    mutating func report(_ diagnostic: Diagnostic, at position: TagPosition) {
        var placed = diagnostic
        placed.location = .init(path: path, line: position.line, column: locator?.column(position))
        out.append(placed)
    }

    mutating func report(_ id: MessageID, _ message: MessageText, line: Int?, column: Int? = nil) {
        out.append(Diagnostic(id, message: message, location: .init(path: path, line: line, column: column)))
    }
}

/// What a content rule may need beyond the document: its kind and the package's word on it.
struct ContentContext {
    var isXHTML: Bool
    /// Every id of the document (`id` and `xml:id`), for ID references; nil when unknown. Asked
    /// for only when a document has such references (collecting them walks the whole tree).
    var ids: () -> ElementIDs?
    /// Whether the manifest calls the document a Data Navigation Document.
    var dataNav: Bool
    /// Whether the package declares the document an index (EPUB Indexes): it must hold one.
    var declaredIndex = false
    /// Whether the publication is a dictionary (EPUB Dictionaries): its content model applies.
    var dictionary = false
    /// Whether the document is a reflowable linear document of an EDUPUB publication.
    var edupub = false
    /// Whether each manifest item (by path) is fixed-layout; empty when the package is not known.
    var fixedLayout: [String: Bool] = [:]
    /// Whether the document is reflowable by its spine entry (a document outside the spine, or
    /// checked alone, is).
    var reflowable = true
    /// The EPUB revision the publication is held to (`--epub`).
    var revision = EPUBRevision.epub33
    /// The head scan of the document (its viewport metas), read only when a rule asks.
    var head: () -> DocumentHead? = { nil }
}

/// A rule over one indexed content document.
typealias ContentRule = @Sendable (DocumentIndex, ContentContext, inout ContentFindings) -> Void
