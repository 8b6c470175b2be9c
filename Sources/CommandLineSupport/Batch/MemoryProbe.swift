import EPUBContract
import Foundation

/// Resident memory from Linux's /proc: a worker's peak per book, and the run's watch on workers.
package enum MemoryProbe {
    /// Starts a new peak for this process (Linux ≥ 4.0); false where /proc does not allow it.
    @discardableResult
    package static func resetPeak() -> Bool {
        let fd = open("/proc/self/clear_refs", O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return write(fd, "5", 1) == 1
    }

    /// This process's peak resident memory since start or the last reset, in KiB.
    package static func peakKiB() -> Int? { field("VmHWM", of: "self") }

    /// A process's resident memory now, in KiB (nil once it is gone).
    package static func residentKiB(of pid: pid_t) -> Int? { field("VmRSS", of: String(pid)) }

    private static func field(_ name: String, of process: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(process)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
        }
        return nil
    }
}
