/// Names looked up straight from libxml2's C strings (FNV-1a hash into an open-addressing table,
/// then a byte comparison), so that a check run on every element and attribute of a book makes no
/// `String` and runs no general-purpose hasher.
struct NameTable: Sendable {
    private let names: [[UInt8]]
    /// Slot → index into `names`, or -1 for an empty slot; a power-of-two size, at most a quarter full.
    private let slots: [Int32]
    /// The full hash stored in each slot, so that most misses stop without comparing bytes.
    private let slotHashes: [UInt64]
    private let mask: Int

    init(_ list: [String]) {
        names = list.map { Array($0.utf8) }
        var size = 8
        while size < names.count * 4 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        var slotHashes = [UInt64](repeating: 0, count: size)
        for (index, name) in names.enumerated() {
            let hash = Self.hash(name)
            var slot = Int(truncatingIfNeeded: hash) & (size - 1)
            while slots[slot] != -1 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index)
            slotHashes[slot] = hash
        }
        self.slots = slots
        self.slotHashes = slotHashes
        self.mask = size - 1
    }

    /// The index of the name in the list, or nil.
    func index(_ raw: UnsafePointer<UInt8>) -> Int? {
        var hash: UInt64 = 0xcbf29ce484222325
        var length = 0
        while raw[length] != 0 {
            hash = (hash ^ UInt64(raw[length])) &* 0x100000001b3
            length += 1
        }
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != -1 {
            if slotHashes[slot] == hash, matches(Int(slots[slot]), raw, length) { return Int(slots[slot]) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private func matches(_ index: Int, _ raw: UnsafePointer<UInt8>, _ length: Int) -> Bool {
        let name = names[index]
        guard name.count == length else { return false }
        for i in 0..<length where name[i] != raw[i] { return false }
        return true
    }

    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf29ce484222325) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
    }
}
