import EPUBContract
import Glibc
import Synchronization

/// SIGINT and SIGTERM during a batch run. The handler only notes the signal (an atomic store is
/// safe in a handler); the run's loop sees it between polls, keeps the records its workers have
/// sent, stops them and ends with the summary so far, exit 128 + the signal (130, 143).
package enum BatchInterruption {
    private static let received = Atomic<Int32>(0)

    /// Installs the handlers; from now on a signal stops the run instead of the process.
    package static func install() {
        // Touch the value first: a lazily made global must not be made inside a handler.
        _ = received.load(ordering: .relaxed)
        signal(SIGINT) { BatchInterruption.received.store($0, ordering: .relaxed) }
        signal(SIGTERM) { BatchInterruption.received.store($0, ordering: .relaxed) }
    }

    /// The signal that asked the run to stop, if one came.
    package static var caught: Int32? {
        let value = received.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    /// The signal's name for messages.
    package static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        default: return "signal \(signal)"
        }
    }
}
