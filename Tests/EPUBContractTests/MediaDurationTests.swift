@testable import EPUBContract
import Foundation
import Testing

/// `MediaDuration` reads how long a file plays from its header: WAV's data size over its byte
/// rate, an MP4's `mvhd` duration over its time scale (both box versions), nothing for a format
/// it does not read or a header cut short.
struct MediaDurationTests {
    /// A RIFF/WAVE file of `seconds` of 8-bit mono silence at 8 kHz, with a `LIST` chunk before `data`.
    static func wave(seconds: Int) -> Data {
        func le32(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24 & 0xFF)] }
        let samples = 8000 * seconds
        var fmt: [UInt8] = Array("fmt ".utf8) + le32(16) + [1, 0, 1, 0] + le32(8000) + le32(8000) + [1, 0, 8, 0]
        fmt += Array("LIST".utf8) + le32(3) + [0x49, 0x4E, 0x46, 0]  // an odd size, padded
        let body: [UInt8] = Array("WAVE".utf8) + fmt + Array("data".utf8) + le32(samples) + [UInt8](repeating: 128, count: samples)
        return Data(Array("RIFF".utf8) + le32(body.count) + body)
    }

    /// `ftyp`, then `moov` holding `mvhd` of the given version, time scale and duration.
    static func mp4(version: UInt8, scale: Int, duration: Int) -> Data {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(8 + body.count) + Array(type.utf8) + body }
        let dates: [UInt8] = [UInt8](repeating: 0, count: version == 1 ? 16 : 8)
        let length = version == 1 ? be32(duration >> 32) + be32(duration) : be32(duration)
        let mvhd = box("mvhd", [version, 0, 0, 0] + dates + be32(scale) + length + [UInt8](repeating: 0, count: 80))
        return Data(box("ftyp", Array("M4A ".utf8) + be32(0)) + box("free", [1, 2, 3]) + box("moov", mvhd))
    }

    @Test func waveAndMP4Durations() {
        #expect(MediaDuration.of(Self.wave(seconds: 4)) == 4)
        #expect(MediaDuration.of(Self.wave(seconds: 1)) == 1)
        #expect(MediaDuration.of(Self.mp4(version: 0, scale: 44100, duration: 44100 * 3 / 2)) == 1.5)
        #expect(MediaDuration.of(Self.mp4(version: 1, scale: 1000, duration: 5_000_000_000)) == 5_000_000)
    }

    /// A prefix of the file will do: a WAV's data chunk is sized in its header, an MP4's `moov`
    /// that runs past the prefix is read as far as it goes; an MP4 cut before its `mvhd` says nothing.
    @Test func aPrefixSays() {
        let wave = Self.wave(seconds: 4), mp4 = Self.mp4(version: 0, scale: 1000, duration: 2500)
        #expect(MediaDuration.of(wave.prefix(64)) == 4)
        #expect(MediaDuration.of(mp4.prefix(mp4.count - 40)) == 2.5)
        var asked: [Int] = []
        #expect(MediaDuration.of(prefixes: { asked.append($0); return wave.prefix($0) }) == 4)
        #expect(asked == [64 * 1024])
    }

    @Test func unreadFormatsAndCutHeadersSayNothing() {
        #expect(MediaDuration.of(Data("ID3\u{3}\0\0\0\0\0\0".utf8)) == nil)
        #expect(MediaDuration.of(Self.wave(seconds: 2).prefix(40)) == nil)
        #expect(MediaDuration.of(Self.mp4(version: 0, scale: 600, duration: 600).prefix(30)) == nil)
        #expect(MediaDuration.of(Self.mp4(version: 0, scale: 0, duration: 600)) == nil)
        #expect(MediaDuration.of(Data()) == nil)
    }
}
