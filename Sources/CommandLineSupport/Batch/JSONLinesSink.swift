import EPUBContract
import Glibc

/// The `--jsonl` file of a batch run, which `--resume` reads back: every record is written whole
/// or not at all. A write that fails (a full disk, a file-size limit) is cut back to the last
/// whole record, so the file stays JSON Lines and the run can go on from it.
package final class JSONLinesSink {
    /// The file as the user named it ("-" for standard output).
    package let path: String
    package let fd: Int32
    /// Records this run has written.
    private(set) var written = 0
    private var closed = false

    package init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    /// Appends one record (a line without its newline).
    package func append(_ line: String) throws(CLIFailure) {
        // Where the record starts (-1 for a pipe or a device, which cannot be cut back).
        let start = lseek(fd, 0, SEEK_END)
        if let failure = StandardOutput.writeAll(Array((line + "\n").utf8), to: fd) {
            let cut = start >= 0 && ftruncate(fd, start) == 0
            throw CLIFailure(failureMessage(failure, cutBack: cut))
        }
        written += 1
    }

    /// Closes the file; a close that fails (a delayed write error) is a failed write too.
    package func close() throws(CLIFailure) {
        guard fd > STDERR_FILENO, !closed else { return }
        closed = true
        if Glibc.close(fd) != 0 { throw CLIFailure(failureMessage(errno, cutBack: false)) }
    }

    private func failureMessage(_ error: Int32, cutBack: Bool) -> MessageText {
        let cause = StandardOutput.describe(error)
        guard path != "-" else { return .cliCannotWrite(MessageText.cliStandardOutput, cause) }
        return cutBack ? .cliCannotWriteCutBack(path, cause, written) : .cliCannotWrite(path, cause)
    }

    /// Drops a record cut off mid-line at the end of a JSON Lines file (a run killed while writing
    /// it), so that appending goes on from a whole line; the number of bytes dropped (0: the file
    /// ended on a whole line). A last line that is a whole record but lacks its newline gets one.
    package static func repairTornEnd(of path: String) throws(CLIFailure) -> Int {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return 0 }
        defer { _ = Glibc.close(fd) }
        let size = lseek(fd, 0, SEEK_END)
        guard size > 0 else { return 0 }
        // Read back from the end to the last newline: a record is small next to a whole file.
        var tail: [UInt8] = []
        var position = size
        while position > 0 {
            let step = min(Int(position), 65536)
            var chunk = [UInt8](repeating: 0, count: step)
            guard pread(fd, &chunk, step, position - off_t(step)) == step else { throw unreadable(path) }
            tail = chunk + tail
            position -= off_t(step)
            if tail.contains(0x0A) { break }
        }
        if tail.last == 0x0A { return 0 }
        let lastLine = tail.lastIndex(of: 0x0A).map { tail[($0 + 1)...] } ?? tail[...]
        if BatchRecord.isWholeRecord(Array(lastLine)) {
            guard StandardOutput.writeAll([0x0A], to: fd) == nil else { throw unreadable(path) }
            return 0
        }
        guard ftruncate(fd, size - off_t(lastLine.count)) == 0 else { throw unreadable(path) }
        return lastLine.count
    }

    private static func unreadable(_ path: String) -> CLIFailure {
        CLIFailure(.cliCannotRepairResume(path, StandardOutput.describe(errno)))
    }
}
