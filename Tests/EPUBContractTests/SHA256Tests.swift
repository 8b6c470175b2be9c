@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Foundation
import Testing

struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func knownVectors(input: String, digest: String) {
        #expect(SHA256.hex(of: Data(input.utf8)) == digest)
    }

    @Test func millionAs() {
        #expect(SHA256.hex(of: Data(repeating: UInt8(ascii: "a"), count: 1_000_000)) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func incrementalUpdatesMatchOneShot() {
        let data = Data((0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7) })
        var hasher = SHA256()
        hasher.update(data.prefix(3))
        hasher.update(data.dropFirst(3).prefix(100))
        hasher.update(data.dropFirst(103))
        let incremental = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        #expect(incremental == SHA256.hex(of: data))
    }

    /// The SHA-instruction path (where the CPU has it) and the portable one agree on every length
    /// around the block and padding boundaries, and on a few long inputs.
    @Test func instructionsAndPortableCodeAgree() {
        var generator = SystemRandomNumberGenerator()
        for count in Array(0...200) + [1000, 4096, 65_537, 1_000_003] {
            let data = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
            var fast = SHA256(), portable = SHA256(portable: true)
            fast.update(data)
            portable.update(data)
            #expect(fast.finalize() == portable.finalize(), "length \(count)")
        }
    }

    /// Files are hashed from reads in chunks, never mapped (a mapped file shortened meanwhile is a SIGBUS).
    @Test func filesAreHashedInChunks() throws {
        let path = FixturePacker.temporaryPath("sha") + ".bin"
        let bytes = Data((0..<(3 << 20) + 17).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: URL(fileURLWithPath: path))
        let digest = try #require(SHA256.file(at: path))
        #expect(digest.size == UInt64(bytes.count))
        #expect(digest.hex == SHA256.hex(of: bytes))
        #expect(SHA256.file(at: path + ".missing") == nil)
    }
}
