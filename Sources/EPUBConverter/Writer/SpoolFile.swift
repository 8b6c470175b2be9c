import Foundation

/// Bytes set aside on disk while an export goes on, read back once at the end: an unlinked file
/// in the temporary folder, gone with the process whatever happens.
final class SpoolFile {
    private let fd: Int32
    private var size = 0

    init() throws(ConversionError) {
        var template = Array((NSTemporaryDirectory() + "/epubcontract-spool-XXXXXX").utf8CString)
        fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .cannotWrite(NSTemporaryDirectory(), reason: String(cString: strerror(errno))) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }

    /// Appends and says where the bytes are.
    func append(_ bytes: [UInt8]) throws(ConversionError) -> Range<Int> {
        if let failure = OutputPath.writeAll(bytes, to: fd) { throw .cannotWrite(NSTemporaryDirectory(), reason: String(cString: strerror(failure))) }
        defer { size += bytes.count }
        return size..<(size + bytes.count)
    }

    func read(_ range: Range<Int>) throws(ConversionError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: range.count)
        var done = 0
        while done < range.count {
            let n = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, range.count - done, off_t(range.lowerBound + done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .cannotWrite(NSTemporaryDirectory(), reason: n < 0 ? String(cString: strerror(errno)) : "the spool file was cut short") }
            done += n
        }
        return out
    }

    deinit { close(fd) }
}
