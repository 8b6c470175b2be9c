import EPUBDocument
import EPUBReports
import EPUBValidator
import Foundation

/// Validation on edits: a burst is waited out (`debounce`), one run per book at a time, and only
/// the result for the latest version is published; a run that a later edit made stale is dropped
/// and the book validated again.
extension LanguageServer {
    func scheduleValidation(_ root: String) {
        let book = books[root] ?? BookState(root: root)
        books[root] = book
        book.generation += 1
        let generation = book.generation
        state.asyncAfter(deadline: .now() + debounce) {
            guard book.generation == generation else { return }
            self.startValidation(book)
        }
    }

    func startValidation(_ book: BookState) {
        guard !book.running else {
            book.dirty = true
            return
        }
        book.running = true
        book.dirty = false
        let generation = book.generation
        let unsaved = unsaved(in: book.root)
        let locale = locale
        work.async {
            let published = Self.diagnostics(root: book.root, unsaved: unsaved, locale: locale)
            self.state.async {
                book.running = false
                if book.generation == generation { self.publish(published, for: book) }
                if book.dirty || book.generation != generation { self.startValidation(book) }
            }
        }
    }

    /// Diagnostics per file URI for the book as the editor holds it; nil when it cannot be read at
    /// all (the folder was deleted): its files' diagnostics are cleared and the reason logged.
    static func diagnostics(root: String, unsaved: [String: Data], locale: MessageLocale) -> Result<[String: [JSONValue]], LSPError> {
        guard FileManager.default.fileExists(atPath: root) else { return .failure(LSPError(code: 0, message: "\(root) no longer exists")) }
        switch Validator.validate(path: root, unsaved: unsaved) {
        case .unusable(let reason):
            return .failure(LSPError(code: 0, message: "\(root): \(reason.rendered(in: locale))"))
        case .report(let report):
            return .success(DiagnosticMapper(root: root, unsaved: unsaved, locale: locale).map(report.localized(locale).messages,
                                                                                                    packagePath: report.session?.package.path))
        }
    }

    func publish(_ outcome: Result<[String: [JSONValue]], LSPError>, for book: BookState) {
        var byURI: [String: [JSONValue]] = [:]
        switch outcome {
        case .failure(let error): log(error.message, type: 2)
        case .success(let found): byURI = found
        }
        // Files that had diagnostics and have none now are cleared; open ones are answered either way.
        let prefix = book.root + "/"
        let open = documents.filter { $0.key.hasPrefix(prefix) }.map(\.value.uri)
        for uri in book.published.union(open) where byURI[uri] == nil { byURI[uri] = [] }
        for (uri, diagnostics) in byURI.sorted(by: { $0.key < $1.key }) {
            var params: [(String, JSONValue)] = [("uri", .string(uri))]
            if let path = FileURI.path(uri), let version = documents[path]?.version { params.append(("version", .integer(Int64(version)))) }
            params.append(("diagnostics", .array(diagnostics)))
            connection.send(.object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/publishDiagnostics")), ("params", .object(params))]))
        }
        book.published = Set(byURI.filter { !$0.value.isEmpty }.keys)
    }
}
