import Dispatch

/// One value computed on another core while the caller goes on; `value` waits for it. For work
/// that reads what nobody changes meanwhile: a book file being hashed, a document's tree being
/// styled while the next document is normalized. With one thread allowed (`ParallelMap.allowed`:
/// a batch worker, a one-core machine) the work runs when the value is first asked for.
package final class BackgroundValue<Value>: @unchecked Sendable {
    private let group = DispatchGroup()
    private var work: (() -> Value)?
    private var result: Value?

    /// `work` runs once, on another thread: the caller guarantees that what it reads is not
    /// written until `value` has returned.
    package init(inBackground: Bool = ParallelMap.allowed, _ work: @escaping () -> Value) {
        self.work = work
        guard inBackground else { return }
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            result = self.work?()
            self.work = nil
            group.leave()
        }
    }

    /// The value, waiting for the other thread if it is still at work.
    package var value: Value {
        group.wait()
        if let work {
            result = work()
            self.work = nil
        }
        // Set by the work above or on the other thread before it left the group.
        return result!
    }
}
