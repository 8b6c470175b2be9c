import EPUBContract
import Foundation

/// The child side of a batch run: reads book paths from standard input, one per line, and writes
/// one JSON record per book to standard output, so that a crash or a hang costs one book only.
package enum BatchWorker {
    package static func serve(_ check: (String) -> BatchRecord) -> Never {
        serve { path, _ in check(path) }
    }

    /// The same, for a command that writes a file per book: each line is `path NUL output`.
    package static func serve(_ check: (String, String?) -> BatchRecord) -> Never {
        // The run that started the worker decides when it stops (Ctrl-C reaches the whole process
        // group): an interrupted run kills its workers itself, after keeping the records they sent.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        while let line = readLine() {
            guard !line.isEmpty else { continue }
            let parts = line.split(separator: "\u{0}", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            MemoryProbe.resetPeak()
            var record = check(parts[0], parts.count > 1 ? parts[1] : nil)
            record.peakMemoryKiB = MemoryProbe.peakKiB()
            // The run is gone (its end of the pipe closed): nobody is left to take records.
            if StandardOutput.writeAll(Array((record.line + "\n").utf8), to: STDOUT_FILENO) != nil { exit(2) }
        }
        exit(0)
    }

    /// Milliseconds since `start`.
    package static func elapsed(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
    }
}
