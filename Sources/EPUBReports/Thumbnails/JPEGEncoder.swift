import Foundation

/// Writes a baseline JPEG (ITU T.81, JFIF 1.01): YCbCr with no chroma subsampling, the typical
/// quantization and Huffman tables of Annex K scaled by a quality as IJG's libjpeg scales them.
/// Small and exact rather than fast: it encodes thumbnails of a few hundred blocks.
package enum JPEGEncoder {
    /// Zig-zag position → row-major index within a block (T.81 Figure A.6).
    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]
    /// Annex K.1 and K.2, row-major.
    static let luminanceQuantization: [Int] = [
        16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
        18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
    ]
    static let chrominanceQuantization: [Int] = [17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99,
                                                 47, 66] + [Int](repeating: 99, count: 38)
    /// cos((2x + 1)uπ/16) · C(u)/2, the separable forward DCT's factors (A.3.3).
    private static let dct: [Double] = (0..<64).map { i in
        let u = i / 8, x = i % 8
        return (u == 0 ? 1 / 2.0.squareRoot() : 1) / 2 * cos(Double(2 * x + 1) * Double(u) * .pi / 16)
    }

    /// The quantization table for a quality 1…100 (50: the tables as printed), row-major.
    static func scaled(_ table: [Int], quality: Int) -> [Int] {
        let q = max(1, min(100, quality))
        let scale = q < 50 ? 5000 / q : 200 - 2 * q
        return table.map { max(1, min(255, ($0 * scale + 50) / 100)) }
    }

    /// `restartInterval`: MCUs between restart markers (0: none); decoders resynchronise at each.
    package static func encode(_ image: RasterImage, quality: Int = 75, restartInterval: Int = 0) -> Data {
        let tables = [scaled(luminanceQuantization, quality: quality), scaled(chrominanceQuantization, quality: quality)]
        var out = Data([0xFF, 0xD8])
        segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0], into: &out)
        for (slot, table) in tables.enumerated() { segment(0xDB, [UInt8(slot)] + zigzag.map { UInt8(table[$0]) }, into: &out) }
        let w = image.width, h = image.height
        segment(0xC0, [8, UInt8(h >> 8), UInt8(h & 255), UInt8(w >> 8), UInt8(w & 255), 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1], into: &out)
        let huffman: [(UInt8, JPEGHuffmanTable)] = [(0x00, .standardLuminanceDC), (0x10, .standardLuminanceAC),
                                                    (0x01, .standardChrominanceDC), (0x11, .standardChrominanceAC)]
        for (slot, table) in huffman { segment(0xC4, [slot] + table.counts + table.symbols, into: &out) }
        if restartInterval > 0 { segment(0xDD, [UInt8(restartInterval >> 8 & 255), UInt8(restartInterval & 255)], into: &out) }
        segment(0xDA, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0], into: &out)
        var writer = BitWriter()
        var predictions = [0, 0, 0]
        let planes = ycc(image)
        var mcus = 0
        for by in stride(from: 0, to: h, by: 8) {
            for bx in stride(from: 0, to: w, by: 8) {
                if restartInterval > 0, mcus > 0, mcus % restartInterval == 0 {
                    writer.restart(UInt8(0xD0 + (mcus / restartInterval - 1) % 8))
                    predictions = [0, 0, 0]
                }
                mcus += 1
                for c in 0..<3 {
                    let block = coefficients(planes[c], w, h, bx, by, tables[c == 0 ? 0 : 1])
                    let (dc, ac) = c == 0 ? (JPEGHuffmanTable.standardLuminanceDC, JPEGHuffmanTable.standardLuminanceAC)
                        : (.standardChrominanceDC, .standardChrominanceAC)
                    writer.block(block, previousDC: &predictions[c], dc, ac)
                }
            }
        }
        out.append(contentsOf: writer.finished())
        out.append(contentsOf: [0xFF, 0xD9])
        return out
    }

    private static func segment(_ marker: UInt8, _ body: [UInt8], into out: inout Data) {
        let length = body.count + 2
        out.append(contentsOf: [0xFF, marker, UInt8(length >> 8), UInt8(length & 255)])
        out.append(contentsOf: body)
    }

    /// Y, Cb and Cr planes (JFIF's full-range conversion), level-shifted by −128.
    private static func ycc(_ image: RasterImage) -> [[Double]] {
        let n = image.width * image.height
        var planes = [[Double]](repeating: [Double](repeating: 0, count: n), count: 3)
        for i in 0..<n {
            let r = Double(image.pixels[3 * i]), g = Double(image.pixels[3 * i + 1]), b = Double(image.pixels[3 * i + 2])
            planes[0][i] = 0.299 * r + 0.587 * g + 0.114 * b - 128
            planes[1][i] = -0.168736 * r - 0.331264 * g + 0.5 * b
            planes[2][i] = 0.5 * r - 0.418688 * g - 0.081312 * b
        }
        return planes
    }

    /// One block's quantized DCT coefficients in zig-zag order; edges past the image repeat its
    /// last row and column (as encoders pad, so no dark seam appears at a partial block).
    private static func coefficients(_ plane: [Double], _ w: Int, _ h: Int, _ bx: Int, _ by: Int, _ table: [Int]) -> [Int] {
        var samples = [Double](repeating: 0, count: 64)
        for y in 0..<8 {
            let row = min(by + y, h - 1) * w
            for x in 0..<8 { samples[y * 8 + x] = plane[row + min(bx + x, w - 1)] }
        }
        var rows = [Double](repeating: 0, count: 64)  // the DCT along each row first
        for y in 0..<8 {
            for u in 0..<8 {
                var sum = 0.0
                for x in 0..<8 { sum += dct[u * 8 + x] * samples[y * 8 + x] }
                rows[y * 8 + u] = sum
            }
        }
        var out = [Int](repeating: 0, count: 64)
        for (k, index) in zigzag.enumerated() {
            let v = index / 8, u = index % 8
            var sum = 0.0
            for y in 0..<8 { sum += dct[v * 8 + y] * rows[y * 8 + u] }
            out[k] = Int((sum / Double(table[index])).rounded())
        }
        return out
    }

    /// Huffman-coded output with byte stuffing (`FF` followed by `00`), padded with ones.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var buffer: UInt32 = 0
        var count = 0

        mutating func put(_ value: Int, _ length: Int) {
            guard length > 0 else { return }
            buffer = buffer << UInt32(length) | UInt32(value & ((1 << length) - 1))
            count += length
            while count >= 8 {
                let byte = UInt8(truncatingIfNeeded: buffer >> UInt32(count - 8))
                bytes.append(byte)
                if byte == 0xFF { bytes.append(0) }
                count -= 8
            }
            buffer &= (1 << UInt32(count)) - 1
        }

        mutating func code(_ symbol: Int, _ table: JPEGHuffmanTable) {
            let entry = table.codes[symbol]
            put(Int(entry.code), Int(entry.length))
        }

        /// A value as its size category and the bits T.81 F.1.2.1 writes after it.
        mutating func magnitude(_ value: Int) -> (size: Int, bits: Int) {
            let size = value == 0 ? 0 : Int.bitWidth - abs(value).leadingZeroBitCount
            return (size, value < 0 ? value - 1 : value)
        }

        mutating func block(_ coefficients: [Int], previousDC: inout Int, _ dcTable: JPEGHuffmanTable, _ acTable: JPEGHuffmanTable) {
            let (size, bits) = magnitude(coefficients[0] - previousDC)
            previousDC = coefficients[0]
            code(size, dcTable)
            put(bits, size)
            var run = 0
            for k in 1..<64 {
                let value = max(-1023, min(1023, coefficients[k]))
                if value == 0 { run += 1; continue }
                while run > 15 { code(0xF0, acTable); run -= 16 }
                let (size, bits) = magnitude(value)
                code(run << 4 | size, acTable)
                put(bits, size)
                run = 0
            }
            if run > 0 { code(0x00, acTable) }
        }

        /// Pads the last byte and writes an `RSTn` marker (not stuffed: it is a marker).
        mutating func restart(_ marker: UInt8) {
            _ = finished()
            bytes += [0xFF, marker]
        }

        mutating func finished() -> [UInt8] {
            if count > 0 { put((1 << (8 - count)) - 1, 8 - count) }
            return bytes
        }
    }
}
