/// Reads a JPEG at one eighth of its width and height, from each 8 × 8 block's DC coefficient
/// alone: that coefficient is the block's mean, so the result is exactly the image box-filtered
/// by eight, without a single inverse DCT. Enough for a thumbnail, and a fraction of a full
/// decode's work (a progressive image needs only its first scan). Baseline, extended and
/// progressive Huffman-coded frames (SOF0–SOF2) with 8-bit samples; grey, YCbCr, RGB and Adobe
/// CMYK/YCCK. Arithmetic-coded, lossless and hierarchical JPEGs are refused, not guessed at.
package enum JPEGDecoder {
    /// Why a JPEG was not read; the report then draws a placeholder, so none is shown as text.
    package enum Failure: Error, Equatable {
        case notJPEG
        case unsupported(Feature)
        case damaged(Defect)
    }

    /// What T.81 allows and this reader leaves out.
    package enum Feature: Equatable, Sendable {
        /// SOF3, SOF5–7, SOF9–11, SOF13–15: lossless, hierarchical or arithmetic-coded frames.
        case codingProcess(Int)
        case samplePrecision(Int)
        /// A height of 0 in the frame header, given later by a DNL marker.
        case heightDefinedLater
        case componentCount(Int)
        /// Past `largestBlockCount` blocks.
        case tooLarge
    }

    /// What makes a file no JPEG a decoder can follow.
    package enum Defect: Equatable, Sendable {
        case segmentPastEnd, shortSegment, twoFrames, noImageData, badComponent, badHuffmanTable, badQuantizationTable
        case scanBeforeFrame, badScanHeader, missingTable, badCoefficient, unknownHuffmanCode
    }

    /// Images past this many 8 × 8 blocks per component (about 50 megapixels) are refused: a page
    /// needs no more, and a forged header must not make the report allocate gigabytes.
    static let largestBlockCount = 800_000

    struct Component {
        let id: UInt8
        let h: Int
        let v: Int
        let table: Int
        var blocksPerLine = 0
        var dc: [Int32] = []
    }

    struct Frame {
        var width = 0
        var height = 0
        var progressive = false
        var components: [Component] = [] {
            didSet {
                hMax = components.map(\.h).max() ?? 1
                vMax = components.map(\.v).max() ?? 1
            }
        }
        /// The largest sampling factors, kept (the pixel loop asks for them at every pixel).
        private(set) var hMax = 1
        private(set) var vMax = 1
        var mcusPerLine: Int { (width + 8 * hMax - 1) / (8 * hMax) }
        var mcusPerColumn: Int { (height + 8 * vMax - 1) / (8 * vMax) }
    }

    /// The decoder's state between segments.
    private struct State {
        var frame: Frame?
        var quantization = [[UInt16]?](repeating: nil, count: 4)
        var dcTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
        var acTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
        var restartInterval = 0
        var adobeTransform: Int?
        var scans = 0
    }

    package static func eighth(_ bytes: [UInt8]) throws -> RasterImage {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw Failure.notJPEG }
        var state = State()
        var i = 2
        segments: while i + 1 < bytes.count {
            guard bytes[i] == 0xFF else { i += 1; continue }  // garbage between segments: skipped as decoders do
            let marker = bytes[i + 1]
            if marker == 0xFF || marker == 0x00 || (0xD0...0xD7).contains(marker) || marker == 0x01 { i += 1; continue }
            if marker == 0xD9 { break }
            guard i + 3 < bytes.count else { break }
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let start = i + 4, end = i + 2 + length
            guard length >= 2, end <= bytes.count else { throw Failure.damaged(.segmentPastEnd) }
            let body = Array(bytes[start..<end])
            switch marker {
            case 0xC0, 0xC1, 0xC2:
                guard state.frame == nil else { throw Failure.damaged(.twoFrames) }
                state.frame = try frame(body, progressive: marker == 0xC2)
            case 0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                throw Failure.unsupported(.codingProcess(Int(marker) - 0xC0))
            case 0xC4: try huffmanTables(body, into: &state)
            case 0xDB: try quantizationTables(body, into: &state)
            case 0xDD:
                guard body.count >= 2 else { throw Failure.damaged(.shortSegment) }
                state.restartInterval = Int(body[0]) << 8 | Int(body[1])
            case 0xEE where body.count >= 12 && body.starts(with: Array("Adobe".utf8)):
                state.adobeTransform = Int(body[11])
            case 0xDA:
                i = try scan(body, bytes, from: end, into: &state)
                // A progressive image's first scans give every DC coefficient; the rest are detail.
                if let frame = state.frame, frame.progressive, frame.components.allSatisfy({ !$0.dc.contains(Int32.min) }) { break segments }
                continue segments
            default: break
            }
            i = end
        }
        guard let frame = state.frame, state.scans > 0 else { throw Failure.damaged(.noImageData) }
        return try pixels(frame, state)
    }

    private static func frame(_ body: [UInt8], progressive: Bool) throws -> Frame {
        guard body.count >= 6 else { throw Failure.damaged(.shortSegment) }
        guard body[0] == 8 else { throw Failure.unsupported(.samplePrecision(Int(body[0]))) }
        var frame = Frame()
        frame.height = Int(body[1]) << 8 | Int(body[2])
        frame.width = Int(body[3]) << 8 | Int(body[4])
        frame.progressive = progressive
        let count = Int(body[5])
        guard frame.width > 0, frame.height > 0 else { throw Failure.unsupported(.heightDefinedLater) }
        guard [1, 3, 4].contains(count), body.count >= 6 + 3 * count else { throw Failure.unsupported(.componentCount(count)) }
        for k in 0..<count {
            let o = 6 + 3 * k
            let h = Int(body[o + 1] >> 4), v = Int(body[o + 1] & 15)
            guard (1...4).contains(h), (1...4).contains(v), body[o + 2] < 4 else { throw Failure.damaged(.badComponent) }
            frame.components.append(Component(id: body[o], h: h, v: v, table: Int(body[o + 2])))
        }
        let lines = frame.mcusPerLine, columns = frame.mcusPerColumn
        for k in frame.components.indices {
            let blocks = lines * frame.components[k].h * columns * frame.components[k].v
            guard blocks <= largestBlockCount else { throw Failure.unsupported(.tooLarge) }
            frame.components[k].blocksPerLine = lines * frame.components[k].h
            // Int32.min marks a block no scan has given yet.
            frame.components[k].dc = [Int32](repeating: Int32.min, count: blocks)
        }
        return frame
    }

    private static func huffmanTables(_ body: [UInt8], into state: inout State) throws {
        var i = 0
        while i + 17 <= body.count {
            let kind = body[i] >> 4, slot = Int(body[i] & 15)
            let counts = Array(body[(i + 1)...(i + 16)])
            let total = counts.reduce(0) { $0 + Int($1) }
            guard slot < 4, kind < 2, i + 17 + total <= body.count,
                  let table = JPEGHuffmanTable(counts: counts, symbols: Array(body[(i + 17)..<(i + 17 + total)])) else {
                throw Failure.damaged(.badHuffmanTable)
            }
            if kind == 0 { state.dcTables[slot] = table } else { state.acTables[slot] = table }
            i += 17 + total
        }
    }

    private static func quantizationTables(_ body: [UInt8], into state: inout State) throws {
        var i = 0
        while i < body.count {
            let wide = body[i] >> 4 == 1, slot = Int(body[i] & 15)
            let size = wide ? 128 : 64
            guard slot < 4, i + 1 + size <= body.count else { throw Failure.damaged(.badQuantizationTable) }
            state.quantization[slot] = (0..<64).map { k in
                wide ? UInt16(body[i + 1 + 2 * k]) << 8 | UInt16(body[i + 2 + 2 * k]) : UInt16(body[i + 1 + k])
            }
            i += 1 + size
        }
    }

    /// One scan: its header, then its data, decoded for DC where it carries DC and skipped where it
    /// carries only refinements or AC (progressive); returns where the next marker starts.
    private static func scan(_ header: [UInt8], _ bytes: [UInt8], from start: Int, into state: inout State) throws -> Int {
        guard var frame = state.frame else { throw Failure.damaged(.scanBeforeFrame) }
        guard let count = header.first.map(Int.init), (1...4).contains(count), header.count >= 1 + 2 * count + 3 else {
            throw Failure.damaged(.badScanHeader)
        }
        var members: [(component: Int, dc: JPEGHuffmanTable?, ac: JPEGHuffmanTable?)] = []
        for k in 0..<count {
            let id = header[1 + 2 * k], tables = header[2 + 2 * k]
            guard let index = frame.components.firstIndex(where: { $0.id == id }) else { throw Failure.damaged(.badScanHeader) }
            members.append((index, state.dcTables[Int(tables >> 4) & 3], state.acTables[Int(tables & 15) & 3]))
        }
        let spectralStart = Int(header[1 + 2 * count]), approximation = header[3 + 2 * count]
        let high = Int(approximation >> 4), low = Int(approximation & 15)
        var reader = JPEGBitReader(bytes, from: start)
        let carriesDC = spectralStart == 0 && (!frame.progressive || high == 0)
        guard carriesDC else { return reader.endOfScan() }
        let walker = JPEGScanOrder(frame: frame, members: members.map(\.component), restartInterval: state.restartInterval)
        var predictions = [Int](repeating: 0, count: frame.components.count)
        try walker.forEachBlock(&reader, restart: { predictions = [Int](repeating: 0, count: predictions.count) }) { member, block, reader in
            let (component, dcTable, acTable) = members[member]
            guard let dcTable else { throw Failure.damaged(.missingTable) }
            let size = try reader.decode(dcTable)
            guard size <= 16 else { throw Failure.damaged(.badCoefficient) }
            predictions[component] += reader.signed(size)
            frame.components[component].dc[block] = Int32(clamping: predictions[component] << low)
            if !frame.progressive { try skipAC(&reader, acTable) }
        }
        state.frame = frame
        state.scans += 1
        return reader.endOfScan()
    }

    /// A baseline block's 63 AC coefficients, read only to find where the next block begins.
    private static func skipAC(_ reader: inout JPEGBitReader, _ table: JPEGHuffmanTable?) throws {
        guard let table else { throw Failure.damaged(.missingTable) }
        var k = 1
        while k < 64 {
            let symbol = try reader.decode(table)
            let run = symbol >> 4, size = symbol & 15
            if size == 0 {
                if run != 15 { break }  // end of block
                k += 16
                continue
            }
            k += run
            _ = reader.bits(size)
            k += 1
        }
    }

    /// The DC image in RGB: each block's mean (dequantized DC ÷ 8, plus the level shift of 128),
    /// subsampled components repeated, colours converted as the file's markers say.
    private static func pixels(_ frame: Frame, _ state: State) throws -> RasterImage {
        let width = (frame.width + 7) / 8, height = (frame.height + 7) / 8
        var planes: [[UInt8]] = []
        for component in frame.components {
            guard let table = state.quantization[component.table] else { throw Failure.damaged(.missingTable) }
            let q = Double(table[0])
            var plane = [UInt8](repeating: 0, count: width * height)
            for y in 0..<height {
                let row = y * component.v / frame.vMax
                for x in 0..<width {
                    let value = component.dc[row * component.blocksPerLine + x * component.h / frame.hMax]
                    let mean = value == Int32.min ? 128 : Double(value) * q / 8 + 128
                    plane[y * width + x] = UInt8(max(0, min(255, mean.rounded())))
                }
            }
            planes.append(plane)
        }
        return RasterImage(width: width, height: height, pixels: JPEGColour.rgb(planes, ids: frame.components.map(\.id), adobeTransform: state.adobeTransform))
    }
}
