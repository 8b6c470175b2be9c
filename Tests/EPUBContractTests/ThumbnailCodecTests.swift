@testable import EPUBReports
import Foundation
import Testing

/// The thumbnail codec: the encoder's baseline JPEG read back by the DC decoder gives each 8 × 8
/// block's mean, and the decoder refuses what it does not read rather than guessing.
struct ThumbnailCodecTests {
    /// A picture whose blocks differ: red rises left to right, green top to bottom, blue in a checker.
    private func gradient(_ w: Int, _ h: Int) -> RasterImage {
        var pixels: [UInt8] = []
        for y in 0..<h {
            for x in 0..<w { pixels += [UInt8(x * 255 / (w - 1)), UInt8(y * 255 / (h - 1)), (x / 8 + y / 8) % 2 == 0 ? 40 : 200] }
        }
        return RasterImage(width: w, height: h, pixels: pixels)
    }

    /// The mean of each 8 × 8 block (partial blocks at the edges averaged over what they hold).
    private func blockMeans(_ image: RasterImage) -> RasterImage {
        let w = (image.width + 7) / 8, h = (image.height + 7) / 8
        var out: [UInt8] = []
        for by in 0..<h {
            for bx in 0..<w {
                for c in 0..<3 {
                    var sum = 0, n = 0
                    for y in (by * 8)..<min(by * 8 + 8, image.height) {
                        for x in (bx * 8)..<min(bx * 8 + 8, image.width) { sum += Int(image.pixels[(y * image.width + x) * 3 + c]); n += 1 }
                    }
                    out.append(UInt8((Double(sum) / Double(n)).rounded()))
                }
            }
        }
        return RasterImage(width: w, height: h, pixels: out)
    }

    @Test func encodedJPEGDecodesToBlockMeans() throws {
        let image = gradient(64, 48)
        let jpeg = EPUBReports.JPEGEncoder.encode(image, quality: 95)
        #expect(jpeg.starts(with: [0xFF, 0xD8, 0xFF, 0xE0]))
        #expect(jpeg.suffix(2) == Data([0xFF, 0xD9]))
        let decoded = try JPEGDecoder.eighth(Array(jpeg))
        #expect(decoded.width == 8 && decoded.height == 6)
        let expected = blockMeans(image)
        let worst = zip(decoded.pixels, expected.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(worst <= 3, "largest difference from the block means: \(worst)")
    }

    @Test func partialBlocksAndOddSizes() throws {
        let image = gradient(21, 13)
        let decoded = try JPEGDecoder.eighth(Array(EPUBReports.JPEGEncoder.encode(image, quality: 95)))
        #expect(decoded.width == 3 && decoded.height == 2)
        // The encoder repeats the last column and row into a partial block, so its mean leans to the edge.
        #expect(abs(Int(decoded.pixels[0]) - Int(blockMeans(image).pixels[0])) <= 3)
    }

    @Test func solidColourSurvivesAtLowQuality() throws {
        let image = RasterImage(width: 40, height: 24, red: 200, green: 30, blue: 90)
        let decoded = try JPEGDecoder.eighth(Array(EPUBReports.JPEGEncoder.encode(image, quality: 30)))
        for i in stride(from: 0, to: decoded.pixels.count, by: 3) {
            #expect(abs(Int(decoded.pixels[i]) - 200) <= 4 && abs(Int(decoded.pixels[i + 1]) - 30) <= 4 && abs(Int(decoded.pixels[i + 2]) - 90) <= 4)
        }
    }

    @Test func restartIntervalsAreFollowed() throws {
        let image = gradient(40, 32)
        let plain = try JPEGDecoder.eighth(Array(EPUBReports.JPEGEncoder.encode(image, quality: 90)))
        for interval in [1, 3, 7] {
            let jpeg = Array(EPUBReports.JPEGEncoder.encode(image, quality: 90, restartInterval: interval))
            #expect(jpeg.contains(0xDD))
            #expect(try JPEGDecoder.eighth(jpeg) == plain, "restart interval \(interval)")
        }
        // A restart interval the data do not follow (no RSTn anywhere) ends in bounded work.
        var broken = Array(EPUBReports.JPEGEncoder.encode(image, quality: 90))
        broken.insert(contentsOf: [0xFF, 0xDD, 0x00, 0x04, 0x00, 0x01], at: 2)
        #expect(try JPEGDecoder.eighth(broken).width == 5)
    }

    @Test func refusesWhatItDoesNotRead() {
        #expect(throws: JPEGDecoder.Failure.notJPEG) { try JPEGDecoder.eighth(Array("GIF89a".utf8)) }
        // A lossless frame (SOF3).
        let lossless: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC3, 0x00, 0x0B, 8, 0, 8, 0, 8, 1, 1, 0x11, 0, 0xFF, 0xD9]
        #expect(throws: JPEGDecoder.Failure.self) { try JPEGDecoder.eighth(lossless) }
        // A forged size of 65,535 × 65,535 pixels.
        let huge: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 8, 0xFF, 0xFF, 0xFF, 0xFF, 1, 1, 0x11, 0, 0xFF, 0xD9]
        #expect(throws: JPEGDecoder.Failure.unsupported(.tooLarge)) { try JPEGDecoder.eighth(huge) }
        // Truncated in the middle of its data: decodes what is there, never hangs.
        let jpeg = Array(EPUBReports.JPEGEncoder.encode(gradient(64, 64), quality: 80))
        #expect((try? JPEGDecoder.eighth(Array(jpeg.prefix(jpeg.count / 2)))).map { $0.width } == 8)
    }

    @Test func scalingAveragesAreas() {
        let image = RasterImage(width: 4, height: 2, pixels: [0, 0, 0, 100, 100, 100, 200, 200, 200, 40, 40, 40,
                                                              0, 0, 0, 100, 100, 100, 200, 200, 200, 40, 40, 40])
        let half = image.scaled(toFit: 2, 2)
        #expect(half.width == 2 && half.height == 1)
        #expect(half.pixels == [50, 50, 50, 120, 120, 120])
        #expect(image.scaled(toFit: 10, 10) == image)
    }

    @Test func standardTablesAreCanonical() {
        for table in [JPEGHuffmanTable.standardLuminanceDC, .standardChrominanceDC, .standardLuminanceAC, .standardChrominanceAC] {
            #expect(table.symbols.count == table.counts.reduce(0) { $0 + Int($1) })
            #expect(Set(table.symbols).count == table.symbols.count)
        }
        // Annex K.5: the luminance AC code for end-of-block is 1010, for ZRL 11111111001.
        let ac = JPEGHuffmanTable.standardLuminanceAC
        #expect(ac.codes[0x00].code == 0b1010 && ac.codes[0x00].length == 4)
        #expect(ac.codes[0xF0].code == 0b111_1111_1001 && ac.codes[0xF0].length == 11)
        // Table K.3: DC category 0 is 00, category 11 is 111111110.
        #expect(JPEGHuffmanTable.standardLuminanceDC.codes[0].code == 0 && JPEGHuffmanTable.standardLuminanceDC.codes[0].length == 2)
        #expect(JPEGHuffmanTable.standardLuminanceDC.codes[11].code == 0b1_1111_1110 && JPEGHuffmanTable.standardLuminanceDC.codes[11].length == 9)
    }
}

/// The PNG reader on seeds written by scripts/thumbnail-check's writer (which Chromium's decoder
/// agrees with on every colour type and depth): the pixels the writer's formulas give.
struct PNGDecoderTests {
    private func seed(_ name: String) throws -> [UInt8] {
        try Array(Data(contentsOf: FixturePaths.fixtures.appendingPathComponent("fuzz/image/\(name)")))
    }

    /// Over white: what the report's white tile shows under a pixel of this alpha.
    private func over(_ c: Int, _ alpha: Int) -> UInt8 { UInt8((Double(c * alpha) / 255 + 255 * (1 - Double(alpha) / 255)).rounded()) }

    @Test func paletteTwoBitInterlacedWithTransparency() throws {
        let image = try PNGDecoder.decode(seed("colour3-2-bit-adam7-tRNS.png"))
        #expect(image.width == 37 && image.height == 29)
        // Index (x + 2y) mod 4; palette k = (53k, 101k, 255 − 31k) mod 256; alpha 37k mod 256.
        func expected(_ x: Int, _ y: Int) -> [UInt8] {
            let k = (x + 2 * y) % 4, a = (k * 37) % 256
            return [over((k * 53) % 256, a), over((k * 101) % 256, a), over(255 - (k * 31) % 256, a)]
        }
        for (x, y) in [(0, 0), (1, 0), (3, 0), (0, 1), (5, 7), (36, 28)] {
            let i = (y * 37 + x) * 3
            #expect(Array(image.pixels[i..<(i + 3)]) == expected(x, y), "pixel \(x),\(y)")
        }
    }

    @Test func greyOneBitColourKey() throws {
        let image = try PNGDecoder.decode(seed("colour0-1-bit-adam7-tRNS.png"))
        // Value (7x + 5y) mod 2; tRNS makes 0 transparent, so every pixel is white.
        #expect(Set(image.pixels) == [255])
    }

    @Test func rgbaSixteenBit() throws {
        let image = try PNGDecoder.decode(seed("colour6-16-bit.png"))
        // Pixel (0, 0): red 0, green 0, blue 0 at alpha 0 → white; pixel (36, 28) is opaque blue-ish.
        #expect(Array(image.pixels[0..<3]) == [255, 255, 255])
        let last = (28 * 37 + 36) * 3
        let top = 65535
        let r = (36 * 997 + 28 * 463) * (top / 255) % (top + 1), g = (r * 5 + 36) % (top + 1)
        #expect(Array(image.pixels[last..<(last + 3)]) == [UInt8(r >> 8), UInt8(g >> 8), 255])
    }

    @Test func refusesAndSurvives() throws {
        #expect(throws: PNGDecoder.Failure.notPNG) { try PNGDecoder.decode(Array("GIF89a".utf8)) }
        let whole = try seed("colour6-16-bit.png")
        // Cut inside the image data: the rows that inflate are kept, the rest stay white.
        let cut = try PNGDecoder.decode(Array(whole.prefix(whole.count * 2 / 3)) + [])
        #expect(cut.width == 37)
        // A forged size past 16 megapixels.
        var huge = whole
        huge.replaceSubrange(16..<24, with: [0, 0, 0x40, 0, 0, 0, 0x40, 0])
        #expect(throws: PNGDecoder.Failure.unsupported(.tooLarge)) { try PNGDecoder.decode(huge) }
    }
}
