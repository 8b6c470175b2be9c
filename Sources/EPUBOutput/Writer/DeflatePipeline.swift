import Dispatch
import EPUBContract
import Foundation

/// Makes and compresses an archive's files on worker threads, in order and a few files ahead of
/// libzip, which writes them one after another at `zip_close`. Compression is most of a large
/// conversion's time, and every file compresses on its own; the window keeps memory to a few
/// files, never the whole book.
final class DeflatePipeline: @unchecked Sendable {
    /// A file to make: `store` for `mimetype`, which must not be compressed.
    struct Job: Sendable {
        var store: Bool
        var make: @Sendable () -> [UInt8]
    }

    private enum Slot {
        case waiting, working, done(ArchiveEntry?), taken
    }

    private let jobs: [Job]
    private var slots: [Slot]
    /// The first index no worker has claimed yet.
    private var next = 0
    /// Files made and not yet taken, or being made: at most `window`.
    private var ahead = 0
    private let window: Int
    private var stopped = false
    private let condition = NSCondition()
    private let group = DispatchGroup()

    init(_ jobs: [Job], workers: Int = ParallelMap.allowed ? ProcessInfo.processInfo.activeProcessorCount : 0) {
        self.jobs = jobs
        slots = Array(repeating: .waiting, count: jobs.count)
        window = max(2, workers * 3)
        for _ in 0..<workers {
            DispatchQueue.global(qos: .userInitiated).async(group: group) { [self] in work() }
        }
    }

    /// The file at `index`, made here if no worker has started it; nil when it could not be
    /// compressed. Each index is taken once.
    func take(_ index: Int) -> ArchiveEntry? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            switch slots[index] {
            case .waiting:
                slots[index] = .working
                condition.unlock()
                let entry = Self.make(jobs[index])
                condition.lock()
                slots[index] = .taken
                return entry
            case .working:
                condition.wait()
            case .done(let entry):
                slots[index] = .taken
                ahead -= 1
                condition.broadcast()
                return entry
            case .taken:
                return nil
            }
        }
    }

    /// Stops the workers and waits for them: after this, no thread touches the jobs.
    func finish() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        group.wait()
    }

    private func work() {
        condition.lock()
        while true {
            while !stopped, next < jobs.count, ahead >= window { condition.wait() }
            while next < jobs.count, case .taken = slots[next] { next += 1 }
            guard !stopped, next < jobs.count else { break }
            let index = next
            next += 1
            guard case .waiting = slots[index] else { continue }
            slots[index] = .working
            ahead += 1
            condition.unlock()
            let entry = Self.make(jobs[index])
            condition.lock()
            slots[index] = .done(entry)
            condition.broadcast()
        }
        condition.unlock()
    }

    private static func make(_ job: Job) -> ArchiveEntry? {
        let bytes = job.make()
        return job.store ? ArchiveEntry.stored(bytes) : ArchiveEntry.deflated(bytes)
    }
}
