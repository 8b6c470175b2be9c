import EPUBContract
import EPUBOutput
import Glibc

/// Standard output with every write checked. A full disk, a file-size limit, a closed pipe or a
/// read-only file ends the command with a one-line error and exit 2, never with a run that claims
/// success on a short file (`print` buffers and drops errors; Foundation's `FileHandle` traps).
package enum StandardOutput {
    /// Writes all of `text`; throws the one-line failure naming standard output and the cause.
    package static func write(_ text: String) throws(CLIFailure) {
        if let failure = writeAll(Array(text.utf8), to: STDOUT_FILENO) {
            throw CLIFailure(.cliCannotWrite(MessageText.cliStandardOutput, describe(failure)))
        }
    }

    /// Writes a JSON value and a newline piece by piece (see `JSONValue.write(pretty:piece:to:)`);
    /// the first failed write ends it.
    package static func write(json value: JSONValue, pretty: Bool) throws(CLIFailure) {
        var failure: Int32?
        value.write(pretty: pretty) { piece in
            if failure == nil { failure = writeAll(piece, to: STDOUT_FILENO) }
        }
        if failure == nil { failure = writeAll([0x0A], to: STDOUT_FILENO) }
        if let failure { throw CLIFailure(.cliCannotWrite(MessageText.cliStandardOutput, describe(failure))) }
    }

    /// Writes all of `bytes` to `fd` (the writers' one loop); the error number of a failed write.
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        OutputPath.writeAll(bytes, to: fd)
    }

    /// The system's words for an error number ("No space left on device").
    package static func describe(_ error: Int32) -> String {
        String(cString: strerror(error))
    }

    /// Write failures become errors the writers report, not signals that end the process
    /// silently: a closed pipe (SIGPIPE) and a file past `ulimit -f` (SIGXFSZ).
    package static func reportFailedWritesAsErrors() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }
}
