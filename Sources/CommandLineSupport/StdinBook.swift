import EPUBContract
import ArgumentParser
import Foundation

/// One book whose bytes arrive on standard input (`--stdin-book NAME`), as a Spark task or any
/// pipe hands them over from storage that is no local file system. A ZIP container is read at
/// random offsets and a pipe cannot seek, so the bytes are spooled to a private temporary file
/// (mode 0600, in a fresh folder under `TMPDIR`), read from there exactly as a book on disk is,
/// and shown everywhere under NAME. The file is removed when the process exits, however it exits
/// short of a kill.
package struct StdinBook: Equatable, Sendable {
    /// What reports call the book: its path where the bytes came from.
    package let name: String
    /// The spooled copy, named like NAME so that its extension means what it would (`.opf`).
    package let path: String

    /// What `validate` and `inspect` both refuse beside `--stdin-book NAME`: paths, an empty name,
    /// and batch switches other than `--jsonl` (one book's record).
    package static func validateArguments(name: String, paths: [String], batch: BatchOptions) throws {
        if !paths.isEmpty { throw ReportLocale.usage(.cliStdinNoPaths) }
        if name.isEmpty { throw ReportLocale.usage(.cliStdinNeedsName) }
        if batch.recursive || batch.summary != nil || batch.resume != nil || batch.shard != nil || batch.list {
            throw ReportLocale.usage(.cliStdinOneBook)
        }
    }

    /// Reads standard input to its end into the spool file; at most `limit` bytes.
    package static func spool(name: String, limit: UInt64) throws -> StdinBook {
        if isatty(STDIN_FILENO) == 1 {
            throw CLIFailure(.cliStdinIsTerminal("cat book.epub | epubcontract validate --stdin-book book.epub"))
        }
        var template = Array((NSTemporaryDirectory() + "epubcontract-stdin-XXXXXX").utf8CString)
        guard let folder = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({ String(cString: $0) }) else {
            throw CLIFailure(.cliStdinCannotMakeFolder(NSTemporaryDirectory(), String(cString: strerror(errno))))
        }
        let leaf = name.split(separator: "/").last.map(String.init) ?? ""
        let path = folder + "/" + (leaf.isEmpty || leaf == "." || leaf == ".." ? "book.epub" : leaf)
        SpoolCleanup.register(file: path, folder: folder)
        try copyStandardInput(to: path, limit: limit)
        MemoryProbe.resetPeak()  // a record's peak is the book's reading, not the copying
        return StdinBook(name: name, path: path)
    }

    /// Text that may name the spool file (an error's reason), naming the book instead.
    package func shown(_ text: MessageText) -> MessageText {
        text.replacingValue(path, with: name)
    }

    /// Writes the book's record as the one line of `jsonl` ('-': standard output), as a batch
    /// would have written it, and returns the exit status a batch of this one book has.
    package func write(_ record: BatchRecord, to jsonl: String) throws -> Int32 {
        var record = record
        record.peakMemoryKiB = MemoryProbe.peakKiB()
        let line = record.line + "\n"
        if jsonl == "-" { try StandardOutput.write(line) } else { try OutputFile.write(line, to: jsonl, input: path) }
        return Int32(record.exitCode ?? 2)
    }

    private static func copyStandardInput(to path: String, limit: UInt64) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw CLIFailure(.cliStdinCannotWriteCopy(path, String(cString: strerror(errno)))) }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total: UInt64 = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw CLIFailure(.cliStdinCannotRead(String(cString: strerror(errno)))) }
            if n == 0 { return }
            total += UInt64(n)
            guard total <= limit else {
                throw CLIFailure(.cliStdinOverLimit(String(limit)))
            }
            if let failure = StandardOutput.writeAll(Array(buffer[0..<n]), to: fd) {
                throw CLIFailure(.cliStdinCannotWriteCopy(path, String(cString: strerror(failure))))
            }
        }
    }
}

/// Removes the spool file at exit, and on SIGINT, SIGTERM or SIGHUP before the signal does what it
/// would have done: commands leave through `exit()`, which runs no `defer`. (SIGKILL leaves the file
/// in `TMPDIR`; nothing can run then.)
private enum SpoolCleanup {
    nonisolated(unsafe) static var file: [CChar] = []
    nonisolated(unsafe) static var folder: [CChar] = []

    package static func register(file: String, folder: String) {
        Self.file = Array(file.utf8CString)
        Self.folder = Array(folder.utf8CString)
        atexit { SpoolCleanup.remove() }
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            _ = Glibc.signal(signal) { number in
                SpoolCleanup.remove()  // unlink and rmdir are async-signal-safe
                _ = Glibc.signal(number, SIG_DFL)
                _ = raise(number)
            }
        }
    }

    package static func remove() {
        file.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        folder.withUnsafeBufferPointer { _ = rmdir($0.baseAddress!) }
    }
}
