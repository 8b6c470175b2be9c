/// The entropy-coded bits of a JPEG scan (ITU T.81 F.2.2.5): bytes read most significant bit
/// first, a stuffed `FF 00` read as `FF`, and zeros supplied once a marker is reached, so a
/// truncated or damaged scan ends in bounded work instead of running on into the next segment.
struct JPEGBitReader {
    private let bytes: [UInt8]
    /// Where the next unread byte is; at a marker, where that marker starts.
    private(set) var position: Int
    private var buffer: UInt32 = 0
    private var count = 0
    private var atMarker = false

    init(_ bytes: [UInt8], from position: Int) {
        self.bytes = bytes
        self.position = position
    }

    private mutating func fill() {
        while count <= 24 {
            var byte: UInt8 = 0
            if !atMarker, position < bytes.count {
                byte = bytes[position]
                if byte == 0xFF {
                    let next = position + 1 < bytes.count ? bytes[position + 1] : 0xD9
                    if next == 0 { position += 2 } else { atMarker = true; byte = 0 }
                } else {
                    position += 1
                }
            }
            buffer |= UInt32(byte) << UInt32(24 - count)
            count += 8
        }
    }

    mutating func bits(_ n: Int) -> Int {
        guard n > 0 else { return 0 }
        if count < n { fill() }
        let value = Int(buffer >> UInt32(32 - n))
        buffer <<= UInt32(n)
        count -= n
        return value
    }

    /// A value of `size` bits as T.81's EXTEND makes it signed (F.2.2.1).
    mutating func signed(_ size: Int) -> Int {
        guard size > 0 else { return 0 }
        let value = bits(size)
        return value < 1 << (size - 1) ? value - (1 << size) + 1 : value
    }

    /// The next Huffman symbol: eight bits at once where the code is that short, else bit by bit.
    mutating func decode(_ table: JPEGHuffmanTable) throws -> Int {
        if count < 16 { fill() }
        let fast = table.lookahead[Int(buffer >> 24)]
        if fast != 0 {
            let length = Int(fast >> 8)
            buffer <<= UInt32(length)
            count -= length
            return Int(fast & 0xFF)
        }
        var code: Int32 = 0
        for length in 1...16 {
            code = code << 1 | Int32(bits(1))
            if code <= table.maxCode[length] {
                let index = Int(table.valueOffset[length] + code)
                guard table.symbols.indices.contains(index) else { break }
                return Int(table.symbols[index])
            }
        }
        throw JPEGDecoder.Failure.damaged(.unknownHuffmanCode)
    }

    /// After a restart interval: drop the partial byte and step over the `RSTn` marker (searching
    /// forward for one when the data are damaged).
    mutating func restart() {
        buffer = 0
        count = 0
        atMarker = false
        var i = position
        while i + 1 < bytes.count {
            if bytes[i] == 0xFF, (0xD0...0xD7).contains(bytes[i + 1]) { position = i + 2; return }
            if bytes[i] == 0xFF, bytes[i + 1] != 0, bytes[i + 1] != 0xFF { position = i; atMarker = true; return }
            i += 1
        }
        position = bytes.count
    }

    /// Where the scan's data end: the first marker that is not a restart, from where reading stopped.
    func endOfScan() -> Int {
        var i = position  // bytes read ahead into the buffer are never a marker's
        while i + 1 < bytes.count {
            if bytes[i] == 0xFF, bytes[i + 1] != 0, bytes[i + 1] != 0xFF, !(0xD0...0xD7).contains(bytes[i + 1]) { return i }
            i += 1
        }
        return bytes.count
    }
}
