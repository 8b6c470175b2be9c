import EPUBContract
import Foundation

/// The one-line progress display on standard error: only on a terminal, rewritten in place.
package struct BatchProgress {
    package let total: Int
    package let enabled: Bool
    private let start = DispatchTime.now()

    package init(total: Int, quiet: Bool) {
        self.total = total
        enabled = !quiet && isatty(STDERR_FILENO) == 1
    }

    package func update(done: Int, current: String) {
        guard enabled else { return }
        let seconds = BatchWorker.elapsed(since: start) / 1000
        let rate = seconds > 0 ? Double(done) / seconds : 0
        let eta = rate > 0 ? Int(Double(total - done) / rate) : 0
        let name = (current as NSString).lastPathComponent
        let line = MessageText.batchProgress(done, total, String(format: "%.1f", rate), "\(eta / 60):" + String(format: "%02d", eta % 60), name.prefix(40)).rendered(in: ReportLocale.current)
        StandardError.write("\r\u{1B}[K\(line)")
    }

    package func clear() {
        guard enabled else { return }
        StandardError.write("\r\u{1B}[K")
    }
}
