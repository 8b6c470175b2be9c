import CSHA256
import Foundation

/// SHA-256 (FIPS 180-4), so `source.sha256` needs no crypto dependency beyond the chosen C libraries.
package struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// Whether this hasher uses the CPU's SHA instructions (when there are any).
    private let hardware: Bool

    /// `portable`: never the SHA instructions (the tests compare both ways).
    package init(portable: Bool = false) { hardware = !portable && Self.hasInstructions }

    /// Hex digest of a whole buffer.
    package static func hex(of data: Data) -> String {
        var hasher = SHA256()
        hasher.update(data)
        return hex(hasher.finalize())
    }

    /// Lower-case hex of a digest: by table, since `String(format:)` costs microseconds a byte on
    /// Linux, which a thousand-document export pays per document.
    package static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(digest.count * 2)
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Size and hex digest of a file, read in chunks: a file mapped into memory instead would crash
    /// the process (SIGBUS) if another program shortened it meanwhile. Nil when it cannot be read.
    package static func file(at path: String) -> (size: UInt64, hex: String)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hasher = SHA256()
        var size: UInt64 = 0
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch { return nil }
            guard let chunk, !chunk.isEmpty else { break }  // nil or empty: the end of the file
            hasher.update(chunk)
            size += UInt64(chunk.count)
        }
        return (size, hex(hasher.finalize()))
    }

    package mutating func update(_ data: Data) {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            update(bytes)
        }
    }

    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    package mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        length &+= UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        if !buffer.isEmpty {
            let take = min(64 - buffer.count, bytes.count)
            buffer.append(contentsOf: UnsafeBufferPointer(start: base, count: take))
            offset = take
            if buffer.count == 64 {
                let block = buffer
                buffer.removeAll(keepingCapacity: true)
                block.withUnsafeBufferPointer { if let p = $0.baseAddress { compress(p, blocks: 1) } }
            }
        }
        let whole = (bytes.count - offset) / 64
        if whole > 0 {
            compress(base + offset, blocks: whole)
            offset += whole * 64
        }
        if offset < bytes.count {
            buffer.append(contentsOf: UnsafeBufferPointer(start: base + offset, count: bytes.count - offset))
        }
    }

    package mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        var tail: [UInt8] = [0x80]
        let padded = (buffer.count + 1) % 64
        tail.append(contentsOf: repeatElement(0, count: padded <= 56 ? 56 - padded : 120 - padded))
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        let savedLength = length
        tail.withUnsafeBufferPointer { update($0) }
        length = savedLength
        let s = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        return s.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (24 - 8 * UInt32($0))) } }
    }

    /// Whether the CPU's SHA instructions (a C routine) can do the compression, several times faster.
    private static let hasInstructions = csha256_available() != 0

    /// Runs the compression function over `blocks` consecutive 64-byte blocks.
    private mutating func compress(_ data: UnsafePointer<UInt8>, blocks: Int) {
        guard !hardware else {
            var words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
            words.withUnsafeMutableBufferPointer { if let p = $0.baseAddress { csha256_blocks(p, data, blocks) } }
            state = (words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7])
            return
        }
        compressPortably(data, blocks: blocks)
    }

    /// The portable compression function (FIPS 180-4), for CPUs without SHA instructions.
    private mutating func compressPortably(_ data: UnsafePointer<UInt8>, blocks: Int) {
        var (h0, h1, h2, h3, h4, h5, h6, h7) = state
        Self.k.withUnsafeBufferPointer { k in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                let raw = UnsafeRawPointer(data)
                for block in 0..<blocks {
                    let at = block &* 64
                    for i in 0..<16 {
                        w[i] = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: at &+ i &* 4, as: UInt32.self))
                    }
                    for i in 16..<64 {
                        let a = w[i &- 15], b = w[i &- 2]
                        let s0 = a.rotr(7) ^ a.rotr(18) ^ (a >> 3)
                        let s1 = b.rotr(17) ^ b.rotr(19) ^ (b >> 10)
                        w[i] = w[i &- 16] &+ s0 &+ w[i &- 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                    // Eight rounds per step with the variables renamed, instead of shifting them each round.
                    var i = 0
                    while i < 64 {
                        Self.round(a, b, c, &d, e, f, g, &h, k[i] &+ w[i])
                        Self.round(h, a, b, &c, d, e, f, &g, k[i &+ 1] &+ w[i &+ 1])
                        Self.round(g, h, a, &b, c, d, e, &f, k[i &+ 2] &+ w[i &+ 2])
                        Self.round(f, g, h, &a, b, c, d, &e, k[i &+ 3] &+ w[i &+ 3])
                        Self.round(e, f, g, &h, a, b, c, &d, k[i &+ 4] &+ w[i &+ 4])
                        Self.round(d, e, f, &g, h, a, b, &c, k[i &+ 5] &+ w[i &+ 5])
                        Self.round(c, d, e, &f, g, h, a, &b, k[i &+ 6] &+ w[i &+ 6])
                        Self.round(b, c, d, &e, f, g, h, &a, k[i &+ 7] &+ w[i &+ 7])
                        i &+= 8
                    }
                    h0 = h0 &+ a; h1 = h1 &+ b; h2 = h2 &+ c; h3 = h3 &+ d
                    h4 = h4 &+ e; h5 = h5 &+ f; h6 = h6 &+ g; h7 = h7 &+ h
                }
            }
        }
        state = (h0, h1, h2, h3, h4, h5, h6, h7)
    }

    @inline(__always)
    private static func round(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: inout UInt32,
                              _ e: UInt32, _ f: UInt32, _ g: UInt32, _ h: inout UInt32, _ kw: UInt32) {
        let t1 = h &+ (e.rotr(6) ^ e.rotr(11) ^ e.rotr(25)) &+ (g ^ (e & (f ^ g))) &+ kw
        d = d &+ t1
        h = t1 &+ (a.rotr(2) ^ a.rotr(13) ^ a.rotr(22)) &+ ((a & b) | (c & (a | b)))
    }
}

private extension UInt32 {
    @inline(__always) func rotr(_ n: UInt32) -> UInt32 { (self &>> n) | (self &<< (32 &- n)) }
}
