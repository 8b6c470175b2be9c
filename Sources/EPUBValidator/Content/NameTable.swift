import EPUBContract
/// Names looked up straight from libxml2's C strings (FNV-1a hash, then a byte comparison), so
/// that a check run on every element and attribute of a book makes no `String` at all.
struct NameTable: Sendable {
    private let names: [[UInt8]]
    private let slots: [UInt64: Int]

    init(_ list: [String]) {
        names = list.map { Array($0.utf8) }
        var slots: [UInt64: Int] = [:]
        for (index, name) in names.enumerated() {
            // Two names of a table never share a hash (64-bit FNV over a few hundred short names);
            // if they did, the later one would simply never be found and so read as unknown.
            slots[Self.hash(name)] = slots[Self.hash(name)] ?? index
        }
        self.slots = slots
    }

    /// The index of the name in the list, or nil.
    func index(_ raw: UnsafePointer<UInt8>) -> Int? {
        var hash: UInt64 = 0xcbf29ce484222325
        var length = 0
        while raw[length] != 0 {
            hash = (hash ^ UInt64(raw[length])) &* 0x100000001b3
            length += 1
        }
        guard let index = slots[hash] else { return nil }
        let name = names[index]
        guard name.count == length else { return nil }
        for i in 0..<length where name[i] != raw[i] { return nil }
        return index
    }

    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf29ce484222325) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
    }
}
