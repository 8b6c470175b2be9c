import Foundation

/// The child side of a batch run: reads book paths from standard input, one per line, and writes
/// one JSON record per book to standard output, so that a crash or a hang costs one book only.
enum BatchWorker {
    static func serve(_ check: (String) -> BatchRecord) -> Never {
        while let path = readLine() {
            guard !path.isEmpty else { continue }
            MemoryProbe.resetPeak()
            var record = check(path)
            record.peakMemoryKiB = MemoryProbe.peakKiB()
            FileHandle.standardOutput.write(Data((record.line + "\n").utf8))
        }
        exit(0)
    }

    /// Milliseconds since `start`.
    static func elapsed(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
    }
}
