import CLibZip
import EPUBDocument
import Foundation

/// One ZIP entry inflated as its reader asks, held to the size the central directory records as
/// `ZipContainer.read` holds the whole entry: a stream longer or shorter than declared, or one
/// libzip cannot inflate (its CRC-32 is checked at the end), fails with the same error.
package final class ZipEntryStream: ByteStream {
    private let entry: ContainerEntry
    private let file: OpaquePointer
    private let release: () -> Void
    private var delivered: UInt64 = 0
    /// Why the stream failed, once it has.
    package private(set) var failure: ContainerError?

    /// `release`: gives the archive handle `file` was opened on back to its container.
    init(entry: ContainerEntry, file: OpaquePointer, release: @escaping () -> Void) {
        self.entry = entry
        self.file = file
        self.release = release
    }

    deinit {
        zip_fclose(file)
        release()
    }

    /// The whole entry: `ZipContainer.read`, so both ways of reading hold it to one size check.
    func readAll() throws(ContainerError) -> Data {
        var data = Data(count: Int(entry.size) + 1)
        var filled = 0
        let ended = data.withUnsafeMutableBytes { buffer in
            while true {
                guard let n = read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])) else { return false }
                if n == 0 { return true }
                filled += n
            }
        }
        if !ended, let failure { throw failure }
        data.count = filled
        return data
    }

    package func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        guard failure == nil, let base = buffer.baseAddress else { return failure == nil ? 0 : nil }
        // One byte more than declared is asked for: a stream longer than its header says is a lie.
        let wanted = min(UInt64(buffer.count), entry.size - min(delivered, entry.size) + 1)
        let n = zip_fread(file, base, zip_uint64_t(wanted))
        if n < 0 {
            failure = .corruptEntry(entry.path, reason: .text(String(cString: zip_file_strerror(file))))
            return nil
        }
        delivered += UInt64(n)
        if delivered > entry.size {
            failure = .corruptEntry(entry.path, reason: .decompressesToMoreBytesThanDeclared(entry.size))
            return nil
        }
        if n == 0, delivered < entry.size {
            failure = .corruptEntry(entry.path, reason: .decompressesToFewerBytesThanDeclared(entry.size))
            return nil
        }
        return Int(n)
    }
}
