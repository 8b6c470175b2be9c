import CLibZip
import Foundation

/// Reads a PNG (ISO/IEC 15948, the W3C PNG specification) into RGB for a thumbnail: every colour
/// type and bit depth, palettes with `tRNS`, Adam7 interlacing; transparency composited over
/// white, as the report's tiles are white; 16-bit samples cut to their high byte. The image data
/// are inflated by zlib, which the project already links through libzip. Gamma, colour profiles
/// and animation chunks are ignored (a thumbnail shows the first frame as stored).
package enum PNGDecoder {
    /// Why a PNG was not read; the report then draws a placeholder, so none is shown as text.
    package enum Failure: Error, Equatable {
        case notPNG
        case unsupported(Feature)
        case damaged(Defect)
    }

    package enum Feature: Equatable, Sendable {
        /// Past `largestPixelCount` pixels.
        case tooLarge
    }

    package enum Defect: Equatable, Sendable {
        case noHeader, noPalette, imageDataDoNotInflate, rowsPastImageData
        case colourTypeAndDepth(Int, Int)
        case filterType(Int)
    }

    /// Images past this many pixels are refused: the whole image is held while it is scaled.
    static let largestPixelCount = 16_000_000

    struct Header {
        var width = 0, height = 0, depth = 0, colour = 0, interlaced = false
        /// Samples per pixel for the colour type (grey, RGB, palette index, grey+alpha, RGBA).
        var channels: Int {
            switch colour {
            case 2: 3
            case 4: 2
            case 6: 4
            default: 1
            }
        }
        /// Bytes a filter looks back (at least one).
        var bytesPerPixel: Int { max(1, channels * depth / 8) }
        func rowBytes(_ width: Int) -> Int { (width * channels * depth + 7) / 8 }
    }

    package static func decode(_ bytes: [UInt8]) throws -> RasterImage {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { throw Failure.notPNG }
        var header: Header?
        var palette: [UInt8] = [], alphas: [UInt8] = [], data: [UInt8] = []
        var i = 8
        while i + 8 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            let start = i + 8, end = start + length
            guard length >= 0, end + 4 <= bytes.count else {
                // A truncated file: the image data that came so far.
                if type == "IDAT", start < bytes.count { data.append(contentsOf: bytes[start..<min(end, bytes.count)]) }
                break
            }
            let body = bytes[start..<end]
            switch type {
            case "IHDR": header = try readHeader(Array(body))
            case "PLTE": palette = Array(body)
            case "tRNS": alphas = Array(body)
            case "IDAT": data.append(contentsOf: body)
            case "IEND": i = bytes.count; continue
            default: break
            }
            i = end + 4
        }
        guard let header else { throw Failure.damaged(.noHeader) }
        guard header.colour != 3 || palette.count >= 3 else { throw Failure.damaged(.noPalette) }
        let raw = try inflated(data, expected: expectedSize(header))
        var pixels = [UInt8](repeating: 255, count: header.width * header.height * 3)
        var offset = 0
        for pass in passes(header) {
            let rows = try unfilter(raw, from: &offset, width: pass.width, height: pass.height, header)
            place(rows, pass, header, palette: palette, alphas: alphas, into: &pixels)
        }
        return RasterImage(width: header.width, height: header.height, pixels: pixels)
    }

    private static func readHeader(_ b: [UInt8]) throws -> Header {
        guard b.count >= 13 else { throw Failure.damaged(.noHeader) }
        var h = Header()
        h.width = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
        h.height = Int(b[4]) << 24 | Int(b[5]) << 16 | Int(b[6]) << 8 | Int(b[7])
        h.depth = Int(b[8])
        h.colour = Int(b[9])
        h.interlaced = b[12] == 1
        let depths: [Int: Set<Int>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard depths[h.colour]?.contains(h.depth) == true, b[10] == 0, b[11] == 0, b[12] <= 1 else {
            throw Failure.damaged(.colourTypeAndDepth(h.colour, h.depth))
        }
        guard h.width > 0, h.height > 0, h.width <= largestPixelCount / h.height else { throw Failure.unsupported(.tooLarge) }
        return h
    }

    /// One Adam7 pass (or the whole image): its size and where its pixels go.
    struct Pass {
        let width: Int, height: Int, x0: Int, y0: Int, dx: Int, dy: Int
    }

    static func passes(_ h: Header) -> [Pass] {
        guard h.interlaced else { return [Pass(width: h.width, height: h.height, x0: 0, y0: 0, dx: 1, dy: 1)] }
        let adam7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return adam7.compactMap { x0, y0, dx, dy in
            let w = (h.width - x0 + dx - 1) / dx, hh = (h.height - y0 + dy - 1) / dy
            return w > 0 && hh > 0 ? Pass(width: w, height: hh, x0: x0, y0: y0, dx: dx, dy: dy) : nil
        }
    }

    private static func expectedSize(_ h: Header) -> Int {
        passes(h).reduce(0) { $0 + $1.height * (1 + h.rowBytes($1.width)) }
    }

    /// The zlib stream inflated, to exactly the size the header implies (more is not read).
    private static func inflated(_ data: [UInt8], expected: Int) throws -> [UInt8] {
        var stream = z_stream()
        guard epubcontract_inflate_init(&stream) == Z_OK else { throw Failure.damaged(.imageDataDoNotInflate) }
        defer { inflateEnd(&stream) }
        var out = [UInt8](repeating: 0, count: expected)
        var status: Int32 = Z_OK
        data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                status = inflate(&stream, Z_FINISH)
            }
        }
        // A stream cut short gives the rows it holds; the rest stay blank (white).
        guard status == Z_STREAM_END || status == Z_BUF_ERROR || status == Z_OK, stream.total_out > 0 else {
            throw Failure.damaged(.imageDataDoNotInflate)
        }
        return out
    }

    /// A pass's rows with their filters undone (PNG §9), as bytes per row.
    private static func unfilter(_ raw: [UInt8], from offset: inout Int, width: Int, height: Int, _ h: Header) throws -> [[UInt8]] {
        let stride = h.rowBytes(width), bpp = h.bytesPerPixel
        var previous = [UInt8](repeating: 0, count: stride)
        var rows: [[UInt8]] = []
        rows.reserveCapacity(height)
        for _ in 0..<height {
            guard offset + 1 + stride <= raw.count else { throw Failure.damaged(.rowsPastImageData) }
            let filter = raw[offset]
            var row = Array(raw[(offset + 1)..<(offset + 1 + stride)])
            offset += 1 + stride
            for x in 0..<stride {
                let a = x >= bpp ? Int(row[x - bpp]) : 0, b = Int(previous[x]), c = x >= bpp ? Int(previous[x - bpp]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw Failure.damaged(.filterType(Int(filter)))
                }
                row[x] = UInt8(truncatingIfNeeded: Int(row[x]) + predictor)
            }
            rows.append(row)
            previous = row
        }
        return rows
    }

    /// A pass's samples as RGB over white, at their places in the image.
    private static func place(_ rows: [[UInt8]], _ pass: Pass, _ h: Header, palette: [UInt8], alphas: [UInt8], into pixels: inout [UInt8]) {
        let maxSample = Double((1 << min(h.depth, 8)) - 1)
        // tRNS's colour key for grey and RGB images, compared at full depth (PNG §11.3.2.1).
        var key: [Int]?
        if h.colour == 0 || h.colour == 2, alphas.count >= 2 * h.channels {
            key = (0..<h.channels).map { (k: Int) -> Int in Int(alphas[2 * k]) << 8 | Int(alphas[2 * k + 1]) }
        }
        func full(_ row: [UInt8], _ index: Int) -> Int {
            h.depth == 16 ? Int(row[index * 2]) << 8 | Int(row[index * 2 + 1]) : sample(row, index)
        }
        func sample(_ row: [UInt8], _ index: Int) -> Int {
            switch h.depth {
            case 16: return Int(row[index * 2])
            case 8: return Int(row[index])
            default:
                let bit = index * h.depth
                return Int(row[bit / 8] >> UInt8(8 - h.depth - bit % 8)) & ((1 << h.depth) - 1)
            }
        }
        for (y, row) in rows.enumerated() {
            for x in 0..<pass.width {
                var rgb: (Double, Double, Double), alpha = 1.0
                let s = x * h.channels
                switch h.colour {
                case 0:
                    let g = Double(sample(row, s)) * 255 / maxSample
                    rgb = (g, g, g)
                    if let key, full(row, s) == key[0] { alpha = 0 }
                case 2:
                    rgb = (Double(sample(row, s)), Double(sample(row, s + 1)), Double(sample(row, s + 2)))
                    if let key, full(row, s) == key[0], full(row, s + 1) == key[1], full(row, s + 2) == key[2] { alpha = 0 }
                case 3:
                    let p = sample(row, s)
                    rgb = 3 * p + 2 < palette.count ? (Double(palette[3 * p]), Double(palette[3 * p + 1]), Double(palette[3 * p + 2])) : (0, 0, 0)
                    if p < alphas.count { alpha = Double(alphas[p]) / 255 }
                case 4:
                    let g = Double(sample(row, s))
                    rgb = (g, g, g)
                    alpha = Double(sample(row, s + 1)) / 255
                default:
                    rgb = (Double(sample(row, s)), Double(sample(row, s + 1)), Double(sample(row, s + 2)))
                    alpha = Double(sample(row, s + 3)) / 255
                }
                let o = ((pass.y0 + y * pass.dy) * h.width + pass.x0 + x * pass.dx) * 3
                pixels[o] = UInt8((rgb.0 * alpha + 255 * (1 - alpha)).rounded())
                pixels[o + 1] = UInt8((rgb.1 * alpha + 255 * (1 - alpha)).rounded())
                pixels[o + 2] = UInt8((rgb.2 * alpha + 255 * (1 - alpha)).rounded())
            }
        }
    }
}
