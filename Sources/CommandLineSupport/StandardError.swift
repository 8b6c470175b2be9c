import EPUBContract
import Glibc

/// Standard error, for messages to the person running the command. A message that cannot be
/// written has nowhere else to go, so a failure is ignored rather than trapped on (as
/// Foundation's `FileHandle` would) or allowed to end the process.
package enum StandardError {
    package static func write(_ text: String) {
        _ = StandardOutput.writeAll(Array(text.utf8), to: STDERR_FILENO)
    }
}
