import Foundation

/// Pixel size of a bitmap from its header alone (PNG, JPEG, GIF, WebP), for bitmap spine items.
package enum ImageSize {
    /// Bytes a header needs at most (JPEG frames can follow large metadata segments).
    static let headerBytes = 256 * 1024
    /// Prefixes read in turn: nearly every header is in the first 4 KiB, and inflating a quarter
    /// megabyte of each image (most of it, for most images) cost a plain export 7 % of its time.
    static let prefixes = [4 * 1024, 64 * 1024, headerBytes]

    /// The size from the shortest prefix of an entry that holds it (`read(n)`: its first n bytes).
    package static func of(prefixes read: (Int) -> Data?) -> (width: Double, height: Double)? {
        HeaderPrefixes.first(prefixes, read: read) { of(Array($0)) }
    }

    package static func of(_ bytes: [UInt8]) -> (width: Double, height: Double)? {
        func be16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        func le16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        func le24(_ i: Int) -> Int { le16(i) | Int(bytes[i + 2]) << 16 }
        func size(_ w: Int, _ h: Int) -> (Double, Double)? { w > 0 && h > 0 ? (Double(w), Double(h)) : nil }
        if bytes.count >= 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes[12...15].elementsEqual("IHDR".utf8) {
            return size(be32(16), be32(20))
        }
        if bytes.count >= 10, bytes.starts(with: Array("GIF8".utf8)) {
            return size(le16(6), le16(8))
        }
        if bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), bytes[8...11].elementsEqual("WEBP".utf8) {
            switch String(decoding: bytes[12...15], as: UTF8.self) {
            case "VP8 " where bytes[23...25].elementsEqual([0x9D, 0x01, 0x2A]):
                return size(le16(26) & 0x3FFF, le16(28) & 0x3FFF)
            case "VP8L" where bytes[20] == 0x2F:
                let b = (21...24).map { Int(bytes[$0]) }
                return size(1 + (b[0] | (b[1] & 0x3F) << 8), 1 + ((b[1] >> 6) | b[2] << 2 | (b[3] & 0x0F) << 10))
            case "VP8X":
                return size(1 + le24(24), 1 + le24(27))
            default:
                return nil
            }
        }
        if bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 {
            var i = 2
            while i + 9 < bytes.count {
                guard bytes[i] == 0xFF else { return nil }
                let marker = bytes[i + 1]
                if marker == 0xFF { i += 1; continue }
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
                // Start-of-frame markers carry the size (not DHT C4, JPG C8, DAC CC).
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    return size(be16(i + 7), be16(i + 5))
                }
                let length = be16(i + 2)
                guard length >= 2 else { return nil }
                i += 2 + length
            }
        }
        return nil
    }
}

extension ImageSize {
    /// The intrinsic size of an image file of the publication, from what a renderer would read
    /// first: a bitmap's header, an SVG root's `viewBox` (else its `width` and `height`). Nil when
    /// the file is missing, of another type, or says no complete size.
    package static func of(file path: String, mediaType: String, in session: PublicationSession) -> (width: Double, height: Double)? {
        if mediaType == "image/svg+xml" {
            guard let head = session.head(at: path), let box = ContentRendition.svgViewport(head),
                  let width = box.width, let height = box.height else { return nil }
            return (width, height)
        }
        guard mediaType.hasPrefix("image/") else { return nil }
        return of(prefixes: { session.data(at: path, prefix: $0) })
    }
}
