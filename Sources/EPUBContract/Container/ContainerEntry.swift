/// One file of an OCF container, as the archive (or the folder) lists it.
public struct ContainerEntry: Sendable, Equatable, Codable {
    /// Path inside the container, exactly as stored (UTF-8, `/`-separated).
    public var path: String
    /// Position in the archive's central directory (0 for the first entry); folders list in sorted order.
    public var index: Int
    public var compression: Compression
    public var compressedSize: UInt64
    public var size: UInt64
    public var isDirectory: Bool

    public init(path: String, index: Int, compression: Compression, compressedSize: UInt64, size: UInt64, isDirectory: Bool) {
        self.path = path
        self.index = index
        self.compression = compression
        self.compressedSize = compressedSize
        self.size = size
        self.isDirectory = isDirectory
    }

    /// The ZIP compression method; a folder's files are `stored`.
    public enum Compression: Sendable, Equatable, Codable {
        case stored
        case deflated
        case other(Int32)
    }
}
