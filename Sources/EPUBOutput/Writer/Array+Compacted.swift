import EPUBContract
/// Arrays held for the whole of a conversion (a chapter's paragraphs, a compressed file waiting for
/// libzip) are kept at their size: an array grown by appending, or made at a bound, holds up to
/// twice what it needs, and a 20,000-chapter novel holds hundreds of thousands of them at once.
extension Array {
    /// The same elements in a buffer of exactly their count (self when there is little to gain).
    package func compacted() -> [Element] {
        guard capacity - count > count / 8 else { return self }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: self)
        }
    }
}
