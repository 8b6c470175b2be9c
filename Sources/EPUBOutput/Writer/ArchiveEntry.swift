import EPUBContract
import CLibZip

/// One file as the archive stores it: its bytes raw-DEFLATEd (or stored, for `mimetype`), with the
/// size and CRC-32 of the original, so libzip copies it without compressing it again.
struct ArchiveEntry {
    /// The stored bytes: compressed unless `method` is `ZIP_CM_STORE`.
    var stored: [UInt8]
    var size: Int
    var crc: UInt32
    var method: Int32

    /// zlib's default level: on converted text, level 9 (libzip's default) spends a fifth more time
    /// for 0.2 % fewer bytes.
    static let level: Int32 = 6

    /// `bytes` stored as they are.
    static func stored(_ bytes: [UInt8]) -> ArchiveEntry {
        ArchiveEntry(stored: bytes, size: bytes.count, crc: checksum(bytes), method: ZIP_CM_STORE)
    }

    /// `bytes` compressed with raw DEFLATE (RFC 1951), or nil when zlib cannot (out of memory).
    static func deflated(_ bytes: [UInt8]) -> ArchiveEntry? {
        guard bytes.count < Int(UInt32.max) else { return nil }
        var stream = z_stream()
        guard epubcontract_deflate_init_raw(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var finished = false
        let output = [UInt8](unsafeUninitializedCapacity: bound) { out, count in
            bytes.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(bound)
                finished = deflate(&stream, Z_FINISH) == Z_STREAM_END
            }
            count = finished ? Int(stream.total_out) : 0
        }
        guard finished else { return nil }
        // The buffer was made at zlib's bound, about the input's size: a file waiting for libzip
        // keeps only its compressed bytes (the package, nav and NCX of a long novel are megabytes).
        return ArchiveEntry(stored: output.compacted(), size: bytes.count, crc: checksum(bytes), method: ZIP_CM_DEFLATE)
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(crc32_z(0, $0.baseAddress, z_size_t($0.count))) }
    }
}
