import Foundation

/// Counts what a container has decompressed against its limits, so both container kinds refuse
/// an oversized entry or book in the same way before reading it.
final class ReadBudget: @unchecked Sendable {
    let limits: ContainerLimits
    private let lock = NSLock()
    private var reserved: UInt64 = 0

    init(limits: ContainerLimits) {
        self.limits = limits
    }

    /// Reserves an entry's declared size, or throws when it would break a limit.
    func reserve(_ path: String, size: UInt64) throws(ContainerError) {
        if size > limits.maxEntrySize {
            throw .entryTooLarge(entry: path, size: size, limit: limits.maxEntrySize)
        }
        lock.lock()
        defer { lock.unlock() }
        if reserved &+ size > limits.maxTotalSize {
            throw .bookTooLarge(size: reserved &+ size, limit: limits.maxTotalSize)
        }
        reserved &+= size
    }
}

extension OCFContainer {
    /// The file entry at `path`, after the checks every read starts with.
    func readableEntry(_ path: String) throws(ContainerError) -> ContainerEntry {
        guard EntryName.isSafe(path) else { throw .unsafeEntryName(path) }
        guard let entry = entry(path), !entry.isDirectory else { throw .noSuchEntry(path) }
        return entry
    }
}
