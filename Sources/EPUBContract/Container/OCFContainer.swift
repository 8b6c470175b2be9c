import Foundation

/// Kind of input a container was opened from; it reaches the contract's `source.kind`.
public enum ContainerKind: String, Sendable, Codable {
    case epub
    case directory
}

/// One interface over a packed `.epub` and an unpacked folder, so later stages never care which.
public protocol OCFContainer: AnyObject, Sendable {
    var kind: ContainerKind { get }
    /// Every entry, in archive order (a folder: sorted by path).
    var entries: [ContainerEntry] { get }
    var limits: ContainerLimits { get }
    /// The entry stored under exactly this path, if any.
    func entry(_ path: String) -> ContainerEntry?
    /// The first local header of a ZIP file (OCF's `mimetype` rules); nil for a folder.
    var leadingEntryHeader: LeadingEntryHeader? { get }
    /// The bytes of one file entry, bounded by `limits`.
    func read(_ path: String) throws(ContainerError) -> Data
    /// At most the first `count` bytes of a file entry (image headers), without inflating the rest.
    func read(_ path: String, prefix count: Int) throws(ContainerError) -> Data
    /// Entry names readers may resolve differently (a name listed twice, names that differ only
    /// in case, backslashes), with the choice `entry(_:)` makes. A folder has none to report.
    /// Found when asked, like the check below.
    var nameAmbiguities: [ContainerNameAmbiguity] { get }
    /// Why the local file headers disagree with the central directory (libzip's words), or nil
    /// when they agree or the container has none (a folder). Read on demand: it reads every local
    /// header, which only a reader's contract asks for.
    func localHeaderDisagreement() -> String?
    /// The CRC-32 the container records for an entry's bytes (a ZIP's central directory), known
    /// without reading it; nil for a folder or an entry it does not have.
    func recordedCRC32(_ path: String) -> UInt32?
}

extension OCFContainer {
    public var nameAmbiguities: [ContainerNameAmbiguity] { [] }
    public func localHeaderDisagreement() -> String? { nil }
    public func recordedCRC32(_ path: String) -> UInt32? { nil }

    public func contains(_ path: String) -> Bool {
        entry(path) != nil
    }
}

/// Opens whatever the user pointed at: a folder becomes a `DirectoryContainer`, a file a `ZipContainer`.
package enum ContainerOpener {
    /// `unsaved`: an editor's buffers laid over a folder's files (paths relative to the folder);
    /// a packed book has none.
    package static func open(_ path: String, limits: ContainerLimits = .default, unsaved: [String: Data] = [:]) throws(ContainerError) -> any OCFContainer {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .fileNotFound(path)
        }
        if isDirectory.boolValue {
            return try DirectoryContainer(path: path, limits: limits, unsaved: unsaved)
        }
        return try ZipContainer(path: path, limits: limits)
    }
}
