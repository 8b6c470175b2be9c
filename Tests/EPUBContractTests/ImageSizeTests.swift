@testable import EPUBContract
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
}
