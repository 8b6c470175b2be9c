import EPUBContract
import Foundation

/// One child process of a batch run (this program with `--batch-worker`), with pipes to its
/// standard input, output and error; the run's loop polls the pipes, so nothing here blocks.
package final class WorkerProcess {
    package let pid: pid_t
    /// Write end of the child's standard input.
    private(set) var input: Int32
    /// Read ends of the child's standard output and error.
    package let output: Int32
    package let errors: Int32
    /// The book it is checking and since when.
    package var book: (path: String, start: DispatchTime)?
    package var outputClosed = false
    /// Records read but not yet handed on.
    package var completed: [String] = []
    /// How many books it has finished.
    package var finishedCount = 0
    private var pending: [UInt8] = []
    private var errorTail: [UInt8] = []

    package init(executable: String, arguments: [String]) throws {
        let stdin = try Self.pipe(), stdout = try Self.pipe(), stderr = try Self.pipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin.read, 0)
        posix_spawn_file_actions_adddup2(&actions, stdout.write, 1)
        posix_spawn_file_actions_adddup2(&actions, stderr.write, 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
        [stdin.read, stdout.write, stderr.write].forEach { _ = close($0) }
        guard status == 0 else {
            [stdin.write, stdout.read, stderr.read].forEach { _ = close($0) }
            throw CLIFailure(.cliCannotStartWorker(String(cString: strerror(status))))
        }
        pid = child
        input = stdin.write
        output = stdout.read
        errors = stderr.read
    }

    /// A pipe whose ends are not inherited by later children (each child sees only its own).
    private static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { throw CLIFailure(.cliCannotCreatePipe(String(cString: strerror(errno)))) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }

    /// Hands the worker a book (and what the command writes for it, after a NUL); false when it
    /// can no longer take one.
    package func send(_ path: String, output: String? = nil) -> Bool {
        let line = Array((path + (output.map { "\u{0}" + $0 } ?? "") + "\n").utf8)
        let written = line.withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
        guard written == line.count else { return false }
        book = (path, .now())
        return true
    }

    /// The complete lines the worker has written since the last call; marks `outputClosed` at end.
    package func readLines() -> [String] {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
        if count <= 0 {
            if count == 0 || errno != EINTR { outputClosed = true }
            return []
        }
        pending += buffer[..<count]
        var lines: [String] = []
        while let end = pending.firstIndex(of: 0x0A) {
            lines.append(String(decoding: pending[..<end], as: UTF8.self))
            pending.removeSubrange(...end)
        }
        return lines
    }

    /// Keeps the last 4 KiB the worker wrote on standard error (what a crash said).
    package func drainErrors() {
        var buffer = [UInt8](repeating: 0, count: 1 << 14)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(errors, $0.baseAddress, $0.count) }
        guard count > 0 else { return }
        errorTail += buffer[..<count]
        if errorTail.count > 4096 { errorTail.removeFirst(errorTail.count - 4096) }
    }

    /// The last non-empty line of the worker's standard error, if any.
    package var lastError: String? {
        String(decoding: errorTail, as: UTF8.self).split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// Asks the worker to finish (end of its input); it exits after the book in hand.
    package func closeInput() {
        if input >= 0 { close(input); input = -1 }
    }

    /// Stops the worker at once and collects it.
    package func kill() -> (exitCode: Int32?, signal: Int32?) {
        if ended == nil { _ = Glibc.kill(pid, SIGKILL) }
        return reap()
    }

    /// How the worker ended, once it was collected (a second stop must not signal a reused pid
    /// or close descriptors that now belong to something else).
    private var ended: (exitCode: Int32?, signal: Int32?)?

    /// Waits for the worker to end, closes its pipes, and says how it ended.
    package func reap() -> (exitCode: Int32?, signal: Int32?) {
        if let ended { return ended }
        closeInput()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(output)
        close(errors)
        let signal = status & 0x7F
        let outcome: (exitCode: Int32?, signal: Int32?) = signal == 0 ? ((status >> 8) & 0xFF, nil) : (nil, signal)
        ended = outcome
        return outcome
    }
}
