import EPUBContract
import Foundation

/// Bytes set aside on disk while an export goes on, copied into the output at the end: an unlinked file
/// in the temporary folder, gone with the process whatever happens.
package final class SpoolFile {
    package let fd: Int32
    private var size = 0

    package init() throws(ConversionError) {
        var template = Array((NSTemporaryDirectory() + "/epubcontract-spool-XXXXXX").utf8CString)
        fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .cannotWrite(NSTemporaryDirectory(), reason: .text(String(cString: strerror(errno)))) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    }

    /// Appends and says where the bytes are.
    package func append(_ bytes: [UInt8]) throws(ConversionError) -> Range<Int> {
        if let failure = OutputPath.writeAll(bytes, to: fd) { throw .cannotWrite(NSTemporaryDirectory(), reason: .text(String(cString: strerror(failure)))) }
        defer { size += bytes.count }
        return size..<(size + bytes.count)
    }

    deinit { close(fd) }
}
