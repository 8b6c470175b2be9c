/// Why a container or one of its entries could not be read; each message says what to check.
public enum ContainerError: UserFacingError, Sendable, Hashable, CustomStringConvertible {
    case fileNotFound(String)
    case notAnEPUB(String, reason: MessageArgument)
    case unreadable(String, reason: MessageArgument)
    case tooManyEntries(count: Int, limit: Int)
    case bookTooLarge(size: UInt64, limit: UInt64)
    case entryTooLarge(entry: String, size: UInt64, limit: UInt64)
    case noSuchEntry(String)
    case unsafeEntryName(String)
    case corruptEntry(String, reason: MessageArgument)

    public var description: String { text.rendered() }

    /// The reason as a catalog message, for reports in the reader's locale.
    public var text: MessageText {
        switch self {
        case .fileNotFound(let path):
            return .noSuchFileFolder(path)
        case .notAnEPUB(let path, let reason):
            return .notEpubContainer(path, reason)
        case .unreadable(let path, let reason):
            return .cannotRead(path, reason)
        case .tooManyEntries(let count, let limit):
            return .containerHasEntriesMoreThanLimit(count, limit)
        case .bookTooLarge(let size, let limit):
            return .containerDecompressesBytesMoreThanLimit(size, limit)
        case .entryTooLarge(let entry, let size, let limit):
            return .decompressesBytesMoreThanLimitBytes(entry, size, limit)
        case .noSuchEntry(let entry):
            return .notContainer(entry)
        case .unsafeEntryName(let entry):
            return .entryNamePointsOutsideContainerSo(entry)
        case .corruptEntry(let entry, let reason):
            return .corruptEntry(entry, reason)
        }
    }
}
