import Dispatch
import Foundation

/// Maps independent pieces of work on all cores, results in input order. For reading a long
/// spine's heads and checking a book's documents, which share nothing but thread-safe caches.
package enum ParallelMap {
    /// One thread when `EPUBCONTRACT_THREADS=1`: a batch's workers already fill the cores with
    /// whole books, and threads inside each would only contend. The variable is read with `getenv`:
    /// `ProcessInfo.environment` copies the whole environment into a dictionary first.
    package static let allowed = getenv("EPUBCONTRACT_THREADS").map { String(cString: $0) } != "1"
        && ProcessInfo.processInfo.activeProcessorCount > 1

    package static func map<T, R>(_ items: [T], _ transform: (T) -> R) -> [R] {
        guard items.count > 1, allowed else { return items.map(transform) }
        let results = Results<R>(count: items.count)
        withoutActuallyEscaping(transform) { transform in
            let work = UncheckedBox(transform)
            let inputs = UncheckedBox(items)
            DispatchQueue.concurrentPerform(iterations: items.count) { i in
                results.set(i, work.value(inputs.value[i]))
            }
        }
        return results.values()
    }

    /// Slots written once each, from any thread.
    private final class Results<R>: @unchecked Sendable {
        private var slots: [R?]
        private let lock = NSLock()

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ i: Int, _ value: R) {
            lock.lock()
            slots[i] = value
            lock.unlock()
        }

        func values() -> [R] { slots.map { $0! } }
    }

    /// Hands a value to the worker threads; the caller guarantees they only read it.
    private struct UncheckedBox<V>: @unchecked Sendable {
        let value: V
        init(_ value: V) { self.value = value }
    }
}
