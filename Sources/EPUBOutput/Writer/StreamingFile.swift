import EPUBContract
import Foundation

/// A file written piece by piece and put in place whole or not at all: pieces go to a temporary
/// sibling, renamed over the target by `finish()`; a file not finished (an error, a throw on the
/// way) is removed. For outputs too large to build in memory first (`export --styles`).
package final class StreamingFile {
    private let path: String
    private let temporary: String
    private var fd: Int32
    private var finished = false

    package init(_ path: String) throws(ConversionError) {
        try OutputPath.requireParent(of: path)
        try OutputPath.requireReplaceable(path)
        self.path = path
        temporary = OutputPath.temporarySibling(of: path)
        fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path, reason: .text(String(cString: strerror(errno)))) }
    }

    package func write(_ bytes: [UInt8]) throws(ConversionError) {
        if let failure = OutputPath.writeAll(bytes, to: fd) { throw .cannotWrite(path, reason: .text(String(cString: strerror(failure)))) }
    }

    package func write(_ text: String) throws(ConversionError) { try write(Array(text.utf8)) }

    /// Copies a range of a spool file in the kernel (`sendfile`): a styled export's hundreds of
    /// megabytes never pass through the process a second time.
    package func copy(_ range: Range<Int>, from spool: SpoolFile) throws(ConversionError) {
        var offset = off_t(range.lowerBound)
        var left = range.count
        while left > 0 {
            let n = sendfile(fd, spool.fd, &offset, left)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw .cannotWrite(path, reason: n < 0 ? .text(String(cString: strerror(errno))) : .phrase(.writeSpoolCutShort)) }
            left -= n
        }
    }

    package func finish() throws(ConversionError) {
        let closed = close(fd)
        fd = -1
        guard closed == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path, reason: .text(reason))
        }
        try OutputPath.moveIntoPlace(temporary, path)
        finished = true
    }

    deinit {
        if fd >= 0 { close(fd) }
        if !finished { unlink(temporary) }
    }
}
