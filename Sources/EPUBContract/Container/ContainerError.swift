/// Why a container or one of its entries could not be read; each message says what to check.
public enum ContainerError: Error, Sendable, Equatable, CustomStringConvertible {
    case fileNotFound(String)
    case notAnEPUB(String, reason: String)
    case unreadable(String, reason: String)
    case tooManyEntries(count: Int, limit: Int)
    case bookTooLarge(size: UInt64, limit: UInt64)
    case entryTooLarge(entry: String, size: UInt64, limit: UInt64)
    case noSuchEntry(String)
    case unsafeEntryName(String)
    case corruptEntry(String, reason: String)

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path): no such file or folder"
        case .notAnEPUB(let path, let reason):
            return "\(path): not an EPUB container (\(reason))"
        case .unreadable(let path, let reason):
            return "\(path): cannot be read (\(reason))"
        case .tooManyEntries(let count, let limit):
            return "the container has \(count) entries, more than the limit of \(limit)"
        case .bookTooLarge(let size, let limit):
            return "the container decompresses to \(size) bytes, more than the limit of \(limit) bytes"
        case .entryTooLarge(let entry, let size, let limit):
            return "\(entry): decompresses to \(size) bytes, more than the limit of \(limit) bytes"
        case .noSuchEntry(let entry):
            return "\(entry): not in the container"
        case .unsafeEntryName(let entry):
            return "\(entry): this entry name points outside the container, so the container is refused (a safe EPUB never does this)"
        case .corruptEntry(let entry, let reason):
            return "\(entry): corrupt entry (\(reason))"
        }
    }
}
