import Foundation

/// One unpacked book the editor works in: which version of it was last asked for, whether a
/// validation is running, and which files were last given diagnostics (to clear them later).
/// Touched only on the server's state queue (hence unchecked Sendable: the queue is its lock).
final class BookState: @unchecked Sendable {
    let root: String
    /// Bumped by every change; a run's result is published only if no change came after it started.
    var generation = 0
    var running = false
    /// A change arrived while a run was going: run again when it ends.
    var dirty = false
    /// URIs given diagnostics by the last published run.
    var published: Set<String> = []

    init(root: String) { self.root = root }

    /// The book a file belongs to: the nearest folder above it holding `mimetype` or
    /// `META-INF/container.xml` (a folder already known as a book is taken without looking).
    static func root(of path: String, known: [String]) -> String? {
        if let book = known.filter({ path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }).max(by: { $0.count < $1.count }) { return book }
        var folder = (path as NSString).deletingLastPathComponent
        let files = FileManager.default
        while !folder.isEmpty && folder != "/" {
            if files.fileExists(atPath: folder + "/mimetype") || files.fileExists(atPath: folder + "/META-INF/container.xml") { return folder }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }
}
