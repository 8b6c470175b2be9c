import Foundation

/// How long an audio or video file plays, in seconds, from its container's header alone: WAV
/// (`RIFF`/`WAVE`: the `data` chunk's size over the `fmt ` chunk's byte rate) and the ISO base
/// media format (MP4, M4A, MOV: the `moov` box's `mvhd` duration over its time scale). Other
/// formats (MP3, Ogg) are not read: nil, as for a file too short or malformed to say.
package enum MediaDuration {
    /// Prefixes read in turn: a WAV's chunks and a streaming MP4's `moov` come first; a film is
    /// never read whole for its length (an MP4 whose `moov` is at its end says nothing here).
    static let prefixes = [64 * 1024, 1024 * 1024]

    /// The duration from the shortest prefix of a file that holds it (`read(n)`: its first n bytes).
    package static func of(prefixes read: (Int) -> Data?) -> Double? {
        HeaderPrefixes.first(prefixes, read: read, of)
    }

    package static func of(_ data: Data) -> Double? {
        let bytes = [UInt8](data)
        if bytes.count >= 12, bytes[0..<4].elementsEqual("RIFF".utf8), bytes[8..<12].elementsEqual("WAVE".utf8) { return wave(bytes) }
        if bytes.count >= 8, bytes[4..<8].elementsEqual("ftyp".utf8) { return isoMedia(bytes) }
        return nil
    }

    private static func le32(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 | Int(b[i + 3]) << 24 }
    private static func be32(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
    private static func be64(_ b: [UInt8], _ i: Int) -> Int { be32(b, i) << 32 | be32(b, i + 4) }

    /// RIFF chunks after the 12-byte header, each an id, a little-endian size and its (even-padded) body.
    private static func wave(_ b: [UInt8]) -> Double? {
        var byteRate: Int?
        var i = 12
        while i + 8 <= b.count {
            let size = le32(b, i + 4)
            if b[i..<i + 4].elementsEqual("fmt ".utf8), i + 20 <= b.count { byteRate = le32(b, i + 16) }
            if b[i..<i + 4].elementsEqual("data".utf8) {
                guard let byteRate, byteRate > 0 else { return nil }
                return Double(size) / Double(byteRate)
            }
            i += 8 + size + (size & 1)
        }
        return nil
    }

    /// Top-level boxes to `moov`, then its boxes to `mvhd` (version 0: 32-bit time scale and
    /// duration after two 32-bit dates; version 1: 64-bit dates and duration). A box that runs
    /// past the bytes at hand (a prefix of the file) is read as far as they go.
    private static func isoMedia(_ b: [UInt8]) -> Double? {
        func boxes(_ start: Int, _ end: Int, _ visit: (String, Int, Int) -> Double?) -> Double? {
            var i = start
            while i + 8 <= end {
                var size = be32(b, i), header = 8
                if size == 1, i + 16 <= end {
                    size = be64(b, i + 8)
                    header = 16
                } else if size == 0 {
                    size = end - i
                }
                guard size >= header else { return nil }
                let type = String(decoding: b[i + 4..<i + 8], as: UTF8.self)
                if let found = visit(type, i + header, min(size, end - i) + i) { return found }
                guard size <= end - i else { return nil }
                i += size
            }
            return nil
        }
        return boxes(0, b.count) { type, body, end in
            guard type == "moov" else { return nil }
            return boxes(body, end) { type, body, end in
                guard type == "mvhd", body + 4 <= end else { return nil }
                let long = b[body] == 1
                let at = body + 4 + (long ? 16 : 8)
                guard at + (long ? 12 : 8) <= end else { return nil }
                let scale = be32(b, at)
                let duration = long ? be64(b, at + 4) : be32(b, at + 4)
                return scale > 0 ? Double(duration) / Double(scale) : nil
            }
        }
    }
}
