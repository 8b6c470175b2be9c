import EPUBContract

/// The book being repaired: every file of its container, in archive order, as bytes, with what it
/// held before the first repair. Repairs change it here; nothing reaches the disk until the whole
/// book is written (`RepairOutput`), so a failed run leaves no half-repaired book.
public struct RepairBook: Sendable {
    struct File: Sendable {
        var name: String
        var bytes: [UInt8]
        /// The bytes and name as the source had them; nil for a file a repair added.
        var original: [UInt8]?
        var originalName: String?
    }

    private(set) var files: [File]
    /// Files of the source a repair removed, by their original names.
    private(set) var removed: [String] = []
    /// Counts the changes made, so a round that made none is seen at once.
    private(set) var revision = 0
    /// True once a file moved in the archive's order.
    private(set) var reordered = false
    /// The source listed folders as entries of their own; true once they are left out.
    private(set) var hadFolderEntries = false
    private(set) var droppedFolders = false
    private(set) var rewritten = false

    /// Reads every file entry of `container` (folders are not entries a book needs: a folder is
    /// recreated by the files in it, and an empty one is PKG-014).
    init(_ container: any OCFContainer) throws(ContainerError) {
        var files: [File] = []
        for entry in container.entries where !entry.isDirectory {
            let bytes = Array(try container.read(entry.path))
            files.append(File(name: entry.path, bytes: bytes, original: bytes, originalName: entry.path))
        }
        self.files = files
        hadFolderEntries = container.entries.contains { $0.isDirectory }
    }

    /// A book with no files: what a source that is no container at all gives.
    init() { files = [] }

    /// The names of the book's files, in archive order.
    var names: [String] { files.map(\.name) }

    func contains(_ name: String) -> Bool { files.contains { $0.name == name } }

    func bytes(_ name: String) -> [UInt8]? { files.first { $0.name == name }?.bytes }

    func text(_ name: String) -> String? { bytes(name).map { String(decoding: $0, as: UTF8.self) } }

    /// Sets a file's bytes, adding the file at the end when the book does not have it.
    mutating func set(_ name: String, _ bytes: [UInt8]) {
        if let i = files.firstIndex(where: { $0.name == name }) {
            guard files[i].bytes != bytes else { return }
            files[i].bytes = bytes
        } else {
            files.append(File(name: name, bytes: bytes, original: nil, originalName: nil))
        }
        revision += 1
    }

    /// Adds a file before every other (`mimetype`).
    mutating func prepend(_ name: String, _ bytes: [UInt8]) {
        guard files.first?.name != name || files.first?.bytes != bytes else { return }
        var file = File(name: name, bytes: bytes, original: nil, originalName: nil)
        if let i = files.firstIndex(where: { $0.name == name }) {
            file = files.remove(at: i)
            file.bytes = bytes
            reordered = reordered || i != 0
        }
        files.insert(file, at: 0)
        revision += 1
    }

    mutating func remove(_ name: String) {
        guard let i = files.firstIndex(where: { $0.name == name }) else { return }
        if let original = files[i].originalName { removed.append(original) }
        files.remove(at: i)
        revision += 1
    }

    mutating func rename(_ name: String, to newName: String) {
        guard let i = files.firstIndex(where: { $0.name == name }) else { return }
        files[i].name = newName
        revision += 1
    }

    /// Marks the archive to be written anew even where no file's bytes change: what is wrong is in
    /// the ZIP's own headers (PKG-005, an extra field on `mimetype`).
    mutating func rewriteArchive() {
        guard !rewritten else { return }
        rewritten = true
        revision += 1
    }

    /// Marks the source's folder entries as gone: the book is written without them (PKG-014).
    mutating func dropFolderEntries() {
        guard hadFolderEntries, !droppedFolders else { return }
        droppedFolders = true
        revision += 1
    }

    /// Applies byte edits to one file.
    mutating func edit(_ name: String, _ edits: ByteEdits) {
        guard !edits.isEmpty, let bytes = bytes(name) else { return }
        set(name, edits.applied(to: bytes))
    }

    /// True when any file differs from the source: bytes, name, order, added or removed.
    var isChanged: Bool {
        reordered || droppedFolders || rewritten || !removed.isEmpty || files.contains { $0.original == nil || $0.original != $0.bytes || $0.originalName != $0.name }
    }

    /// Each text file that changed, with its bytes before and after (nil: added or removed).
    var changes: [(name: String, before: [UInt8]?, after: [UInt8]?)] {
        var out: [(name: String, before: [UInt8]?, after: [UInt8]?)] = []
        for file in files where file.original != file.bytes || file.originalName != file.name {
            out.append((file.name, file.original, file.bytes))
        }
        return out + removed.map { ($0, nil, nil) }
    }

    /// The repair as an editor applies it to a folder: files renamed, created, deleted, text
    /// files' new content; nil when it changes or creates a file that is not text, or what it
    /// changes is the archive itself (PKG-005's header, PKG-014's folder entries).
    var editorOperations: [EditorOperation]? {
        guard !rewritten, !droppedFolders else { return nil }
        var operations: [EditorOperation] = removed.map { .delete($0) }
        for file in files where file.original != file.bytes || file.originalName != file.name {
            guard let original = file.original, let name = file.originalName else {
                guard FixResult.isText(file.bytes) else { return nil }
                operations.append(.create(file.name, text: String(decoding: file.bytes, as: UTF8.self)))
                continue
            }
            if name != file.name { operations.append(.rename(from: name, to: file.name)) }
            if original != file.bytes {
                guard FixResult.isText(original), FixResult.isText(file.bytes) else { return nil }
                operations.append(.edit(file.name, text: String(decoding: file.bytes, as: UTF8.self)))
            }
        }
        return operations
    }

    /// The files, in the order the archive takes them.
    var archiveFiles: [(name: String, bytes: [UInt8])] { files.map { ($0.name, $0.bytes) } }
}
