@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Foundation
import Testing

struct ImageSizeTests {
    private func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: FixturePaths.fixtures.appendingPathComponent("fxl-svg-and-bitmaps/EPUB/\(name)")))
    }

    @Test(arguments: [("i1.png", 3.0, 2.0), ("i2.gif", 5, 4), ("i3.jpg", 7, 6), ("i4.webp", 9, 8), ("i5.webp", 9, 8)])
    func headers(name: String, width: Double, height: Double) throws {
        let size = try #require(ImageSize.of(try bytes(name)))
        #expect(size.width == width)
        #expect(size.height == height)
    }

    @Test func truncatedAndForeignBytesGiveNothing() throws {
        #expect(ImageSize.of([]) == nil)
        #expect(ImageSize.of(Array(try bytes("i1.png").prefix(20))) == nil)
        #expect(ImageSize.of(Array(try bytes("i3.jpg").prefix(12))) == nil)
        #expect(ImageSize.of(Array("<svg/>".utf8)) == nil)
        #expect(ImageSize.of([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00, 0, 0, 0, 0, 0, 0]) == nil)  // a zero-length JPEG segment
    }

    /// A frame after 100 KB of metadata is found by the third prefix; a PNG by the first, and a
    /// file shorter than a prefix is not read again.
    @Test func prefixesGrowOnlyWhenTheHeaderNeedsThem() throws {
        let jpeg = try bytes("i3.jpg")
        let padding = [UInt8](repeating: 0x20, count: 100_000)
        // An APPn segment can hold at most 65,533 bytes: two of them.
        var big: [UInt8] = [0xFF, 0xD8]
        for chunk in [padding[0..<60_000], padding[60_000...]] {
            let length = chunk.count + 2
            big += [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + chunk
        }
        big += jpeg.dropFirst(2)
        var asked: [Int] = []
        let size = ImageSize.of(prefixes: { count in asked.append(count); return Data(big.prefix(count)) })
        #expect(size?.width == 7 && size?.height == 6)
        #expect(asked == [4096, 65536, 262_144])
        asked = []
        let png = try bytes("i1.png")
        #expect(ImageSize.of(prefixes: { count in asked.append(count); return Data(png.prefix(count)) })?.width == 3)
        #expect(asked == [4096])
        asked = []
        #expect(ImageSize.of(prefixes: { count in asked.append(count); return Data(Array(png.prefix(20)).prefix(count)) }) == nil)
        #expect(asked == [4096])
    }
}
