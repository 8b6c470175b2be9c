import EPUBContract
import Foundation

/// Runs books through a pool of worker processes: each worker checks many books (its start-up is
/// paid once), and a book that hangs, crashes or outgrows its memory budget costs that worker
/// only; the run records the book and starts a new worker.
package struct BatchRunner {
    /// The subcommand and switches a worker runs with (`--batch-worker` included).
    package var workerArguments: [String]
    package var jobs: Int
    package var timeout: Double
    package var memoryBudgetKiB: Int
    /// A worker holding more than this after a book is replaced, so memory never grows with the run.
    package var recycleKiB = 512 * 1024

    /// Checks every book, handing each finished record's JSON line to `finished` as it comes.
    /// `outputs`: per book, the file the command writes for it (export), passed to its worker.
    /// Returns the signal that interrupted the run (`BatchInterruption`), nil when every book was
    /// checked. When `finished` throws (its record could not be written), the workers are stopped
    /// and the error goes on.
    package func run(_ books: [String], outputs: [String: String] = [:], finished: (String) throws -> Void) throws -> Int32? {
        signal(SIGPIPE, SIG_IGN)
        // Workers that fill the cores with whole books do better without threads of their own.
        if jobs >= ProcessInfo.processInfo.activeProcessorCount { setenv("EPUBCONTRACT_THREADS", "1", 1) }
        let executable = try Self.executablePath()
        var queue = Self.largestFirst(books)[...]
        var workers: [WorkerProcess] = []
        var failedStarts = 0
        do {
            while !queue.isEmpty || workers.contains(where: { $0.book != nil }) {
                while workers.count < min(jobs, workers.count + queue.count) {
                    workers.append(try WorkerProcess(executable: executable, arguments: workerArguments))
                }
                for worker in workers where worker.book == nil {
                    guard let path = queue.first else { break }
                    if worker.send(path, output: outputs[path]) { queue.removeFirst() } else { worker.outputClosed = true }
                }
                wait(for: workers)
                // Checked after the wait, before workers are judged: a worker that died of the same
                // signal is no crash. (A signal interrupts the wait, so it is seen at once.)
                if let signal = BatchInterruption.caught {
                    try Self.stop(workers, keeping: finished)
                    return signal
                }
                let before = workers
                workers = try workers.compactMap { try step($0, finished: finished) }
                for gone in before where gone.finishedCount == 0 && gone.book == nil && !workers.contains(where: { $0 === gone }) {
                    failedStarts += 1
                    if failedStarts > 3 { throw CLIFailure(gone.lastError.map { .cliWorkersEndEarlyBecause($0) } ?? .cliWorkersEndEarly) }
                }
            }
        } catch {
            try? Self.stop(workers, keeping: { _ in })
            throw error
        }
        for worker in workers {
            worker.closeInput()
            _ = worker.reap()
        }
        return nil
    }

    /// Hands on the records workers have sent, then stops them: a worker between books ends when
    /// its input closes, one in the middle of a book is killed (its book is left for `--resume`).
    private static func stop(_ workers: [WorkerProcess], keeping finished: (String) throws -> Void) throws {
        var failure: Error?
        for worker in workers {
            do { try worker.completed.forEach(finished) } catch { failure = failure ?? error }
            worker.completed.removeAll()
            if worker.book != nil {
                _ = worker.kill()
            } else {
                worker.closeInput()
                _ = worker.reap()
            }
        }
        if let failure { throw failure }
    }

    /// Waits up to 50 ms for any worker to write something.
    private func wait(for workers: [WorkerProcess]) {
        var fds = workers.flatMap { [pollfd(fd: $0.output, events: Int16(POLLIN), revents: 0), pollfd(fd: $0.errors, events: Int16(POLLIN), revents: 0)] }
        _ = poll(&fds, nfds_t(fds.count), 50)
        for (i, worker) in workers.enumerated() {
            if fds[2 * i + 1].revents != 0 { worker.drainErrors() }
            if fds[2 * i].revents != 0 {
                for line in worker.readLines() {
                    finished(line, worker)
                }
            }
        }
    }

    private func finished(_ line: String, _ worker: WorkerProcess) {
        worker.book = nil
        worker.finishedCount += 1
        worker.completed.append(line)
    }

    /// Hands on what a worker finished and decides its fate: kept, replaced, or gone with its book
    /// recorded as timed out, crashed or over budget. nil when the worker is gone.
    private func step(_ worker: WorkerProcess, finished: (String) throws -> Void) throws -> WorkerProcess? {
        try worker.completed.forEach(finished)
        worker.completed.removeAll()
        if let book = worker.book {
            let seconds = BatchWorker.elapsed(since: book.start) / 1000
            if worker.outputClosed {
                worker.drainErrors()
                let end = worker.reap()
                let how = end.signal.map { "signal \($0)" } ?? "exit status \(end.exitCode ?? -1)"
                let said = worker.lastError.map { ": \($0)" } ?? ""
                try finished(stopped(book, .crashed, "the check ended abnormally (\(how))\(said)").line)
                return nil
            }
            if seconds > timeout {
                _ = worker.kill()
                try finished(stopped(book, .timeout, "stopped after \(Self.seconds(timeout)) s (--timeout)").line)
                return nil
            }
            if let resident = MemoryProbe.residentKiB(of: worker.pid), resident > memoryBudgetKiB {
                _ = worker.kill()
                var record = stopped(book, .memory, "stopped at \(resident / 1024) MiB (--max-memory-mib \(memoryBudgetKiB / 1024))")
                record.peakMemoryKiB = resident
                try finished(record.line)
                return nil
            }
            return worker
        }
        if worker.outputClosed || (MemoryProbe.residentKiB(of: worker.pid) ?? 0) > recycleKiB {
            _ = worker.reap()
            return nil
        }
        return worker
    }

    private func stopped(_ book: (path: String, start: DispatchTime), _ status: BatchRecord.Status, _ error: String) -> BatchRecord {
        let digest = BatchRecord.digest(of: book.path)
        return BatchRecord(path: book.path, size: digest.size, sha256: digest.sha256, status: status, exitCode: nil,
                           elapsedMs: BatchWorker.elapsed(since: book.start), error: error)
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Big books first: a large book started last would finish alone while the other cores idle.
    package static func largestFirst(_ books: [String]) -> [String] {
        let sizes = books.map { book -> Int64 in
            var info = stat()
            return stat(book, &info) == 0 ? Int64(info.st_size) : 0
        }
        return books.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }.map { books[$0] }
    }

    /// This program's own file, which the workers run.
    package static func executablePath() throws -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { throw CLIFailure(.cliCannotFindOwnFile("/proc/self/exe")) }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
