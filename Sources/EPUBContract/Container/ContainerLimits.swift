/// Bounds that keep hostile containers (zip bombs, millions of entries) from exhausting the machine.
public struct ContainerLimits: Sendable, Equatable {
    /// Largest decompressed size of one entry.
    public var maxEntrySize: UInt64
    /// Largest decompressed size of all entries together, declared or read.
    public var maxTotalSize: UInt64
    /// Largest number of entries in one container.
    public var maxEntryCount: Int

    public init(maxEntrySize: UInt64 = 512 << 20, maxTotalSize: UInt64 = 2 << 30, maxEntryCount: Int = 100_000) {
        self.maxEntrySize = maxEntrySize
        self.maxTotalSize = maxTotalSize
        self.maxEntryCount = maxEntryCount
    }

    public static let `default` = ContainerLimits()
}
