import Foundation

/// A file written piece by piece and put in place whole or not at all: pieces go to a temporary
/// sibling, renamed over the target by `finish()`; a file not finished (an error, a throw on the
/// way) is removed. For outputs too large to build in memory first (`export --styles`).
final class StreamingFile {
    private let path: String
    private let temporary: String
    private var fd: Int32
    private var finished = false

    init(_ path: String) throws(ConversionError) {
        try OutputPath.requireParent(of: path)
        try OutputPath.requireReplaceable(path)
        self.path = path
        temporary = OutputPath.temporarySibling(of: path)
        fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotWrite(path, reason: String(cString: strerror(errno))) }
    }

    func write(_ bytes: [UInt8]) throws(ConversionError) {
        if let failure = OutputPath.writeAll(bytes, to: fd) { throw .cannotWrite(path, reason: String(cString: strerror(failure))) }
    }

    func write(_ text: String) throws(ConversionError) { try write(Array(text.utf8)) }

    func finish() throws(ConversionError) {
        let closed = close(fd)
        fd = -1
        guard closed == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path, reason: reason)
        }
        try OutputPath.moveIntoPlace(temporary, path)
        finished = true
    }

    deinit {
        if fd >= 0 { close(fd) }
        if !finished { unlink(temporary) }
    }
}
