/// Bounds that keep hostile containers (zip bombs, millions of entries) and the documents inside
/// them (millions of elements, entity expansion) from exhausting the machine.
public struct ContainerLimits: Sendable, Equatable {
    /// Largest decompressed size of one entry.
    public var maxEntrySize: UInt64
    /// Largest decompressed size of all entries together, declared or read.
    public var maxTotalSize: UInt64
    /// Largest number of entries in one container.
    public var maxEntryCount: Int
    /// Budgets for each XML document parsed from the container.
    public var document: DocumentLimits

    public init(maxEntrySize: UInt64 = 512 << 20, maxTotalSize: UInt64 = 2 << 30, maxEntryCount: Int = 100_000,
                document: DocumentLimits = .default) {
        self.maxEntrySize = maxEntrySize
        self.maxTotalSize = maxTotalSize
        self.maxEntryCount = maxEntryCount
        self.document = document
    }

    public static let `default` = ContainerLimits()
}
