import EPUBContract
import Foundation

/// One XML document as the rules of its kind read it (a navigation document, an NCX, a media
/// overlay): in a publication, or checked alone (`--mode nav|mo`), where `publication` is nil and
/// the rules that need the package say nothing.
struct DocumentInput {
    /// The document's container path (alone: its file name).
    var path: String
    /// Its tree, well-formed: a rule never reads a recovered one.
    var tree: XMLDocument
    /// Its bytes, read only when a rule needs columns.
    var source: () -> Data?
    /// The publication it belongs to and the package that lists it.
    var publication: (session: PublicationSession, package: PackageDocument)?

    /// A located finding in this document.
    func diagnostic(_ id: MessageID, _ message: MessageText, line: Int?, column: Int? = nil) -> Diagnostic {
        Diagnostic(id, message: message, location: .init(path: path, line: line, column: column))
    }
}
