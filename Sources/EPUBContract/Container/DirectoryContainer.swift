import Foundation

/// An unpacked publication folder. Symbolic links are followed only while they stay inside the root.
/// `unsaved` lays an editor's buffers over the files on disk (the language server validates what
/// the user sees, saved or not): a path there reads as those bytes, and exists even if no file does.
package final class DirectoryContainer: OCFContainer, @unchecked Sendable {
    package let kind = ContainerKind.directory
    package let entries: [ContainerEntry]
    package let limits: ContainerLimits
    package let leadingEntryHeader: LeadingEntryHeader? = nil
    private let root: URL
    private let rootPath: String
    private let byName: [String: Int]
    private let budget: ReadBudget
    private let unsaved: [String: Data]

    package init(path: String, limits: ContainerLimits = .default, unsaved: [String: Data] = [:]) throws(ContainerError) {
        self.unsaved = unsaved
        self.limits = limits
        self.budget = ReadBudget(limits: limits)
        let root = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        self.root = root
        self.rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isSymbolicLinkKey], options: [], errorHandler: { _, _ in true }) else {
            throw .unreadable(path, reason: .folderCannotListed)
        }
        var found: [(String, UInt64)] = []
        var total: UInt64 = 0
        let prefix = rootPath
        for case let url as URL in walker {
            let values = try? url.resourceValues(forKeys: [.isSymbolicLinkKey])
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(prefix) else { continue }
            let relative = String(full.dropFirst(prefix.count))
            if values?.isSymbolicLink == true {
                let target = url.resolvingSymlinksInPath().path
                if !target.hasPrefix(prefix) {
                    throw .unsafeEntryName(relative)
                }
            }
            let resolved = url.resolvingSymlinksInPath().path
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDir), !isDir.boolValue else { continue }
            let attributes = try? FileManager.default.attributesOfItem(atPath: resolved)
            let size = (attributes?[.size] as? NSNumber)?.uint64Value ?? 0
            found.append((relative, size))
            total &+= size
            if found.count > limits.maxEntryCount {
                throw .tooManyEntries(count: found.count, limit: limits.maxEntryCount)
            }
        }
        for (name, data) in unsaved {
            let size = UInt64(data.count)
            if let at = found.firstIndex(where: { $0.0 == name }) {
                total = total &- found[at].1 &+ size
                found[at].1 = size
            } else {
                found.append((name, size))
                total &+= size
            }
        }
        if total > limits.maxTotalSize {
            throw .bookTooLarge(size: total, limit: limits.maxTotalSize)
        }
        found.sort { $0.0 < $1.0 }
        var list: [ContainerEntry] = []
        var names: [String: Int] = [:]
        for (i, (name, size)) in found.enumerated() {
            names[name] = i
            list.append(ContainerEntry(path: name, index: i, compression: .stored, compressedSize: size, size: size, isDirectory: false))
        }
        self.entries = list
        self.byName = EntryName.withNormalizedNames(names)
    }

    package func entry(_ path: String) -> ContainerEntry? {
        (byName[path] ?? EntryName.normalizedKey(path).flatMap { byName[$0] }).map { entries[$0] }
    }

    package func read(_ path: String) throws(ContainerError) -> Data {
        let entry = try readableEntry(path)
        if let data = unsaved[entry.path] {
            try budget.reserve(path, size: UInt64(data.count))
            return data
        }
        let url = root.appendingPathComponent(entry.path).resolvingSymlinksInPath()
        guard url.path.hasPrefix(rootPath) else { throw .unsafeEntryName(path) }
        try budget.reserve(path, size: entry.size)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .unreadable(path, reason: .fileCannotRead)
        }
        // The file may have grown since the folder was listed.
        if UInt64(data.count) > limits.maxEntrySize {
            throw .entryTooLarge(entry: path, size: UInt64(data.count), limit: limits.maxEntrySize)
        }
        return data
    }

    package func read(_ path: String, prefix count: Int) throws(ContainerError) -> Data {
        let entry = try readableEntry(path)
        if let data = unsaved[entry.path] { return data.prefix(max(count, 0)) }
        let url = root.appendingPathComponent(entry.path).resolvingSymlinksInPath()
        guard url.path.hasPrefix(rootPath) else { throw .unsafeEntryName(path) }
        let wanted = Int(min(UInt64(max(count, 0)), entry.size))
        try budget.reserve(path, size: UInt64(wanted))
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw .unreadable(path, reason: .fileCannotRead)
        }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: wanted)) ?? Data()
    }
}
