import Foundation

/// One file checked on its own (`validate --mode opf`): a container with that file as its only
/// entry, named by its file name. It reports `.directory`, as the file's folder stands in for a
/// publication that is not there; nothing else in the folder is listed or read.
package final class SingleFileContainer: OCFContainer, @unchecked Sendable {
    package let kind = ContainerKind.directory
    package let entries: [ContainerEntry]
    package let limits: ContainerLimits
    package let leadingEntryHeader: LeadingEntryHeader? = nil
    /// The entry name: the file name, without folders.
    package let name: String
    private let data: Data

    package init(path: String, limits: ContainerLimits = .default) throws(ContainerError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .fileNotFound(path) }
        guard !isDirectory.boolValue else { throw .unreadable(path, reason: .singleFileModeNeedsFileNot) }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.uint64Value ?? 0
        if size > limits.maxEntrySize { throw .entryTooLarge(entry: path, size: size, limit: limits.maxEntrySize) }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path, reason: .fileCannotRead) }
        self.limits = limits
        self.data = data
        self.name = URL(fileURLWithPath: path).lastPathComponent
        self.entries = [ContainerEntry(path: name, index: 0, compression: .stored, compressedSize: UInt64(data.count), size: UInt64(data.count), isDirectory: false)]
    }

    package func entry(_ path: String) -> ContainerEntry? {
        path == name ? entries.first : nil
    }

    package func read(_ path: String) throws(ContainerError) -> Data {
        guard path == name else { throw .noSuchEntry(path) }
        return data
    }

    package func read(_ path: String, prefix count: Int) throws(ContainerError) -> Data {
        guard path == name else { throw .noSuchEntry(path) }
        return data.prefix(max(count, 0))
    }
}
