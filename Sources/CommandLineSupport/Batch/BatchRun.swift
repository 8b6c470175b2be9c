import EPUBContract
import EPUBOutput
import Foundation

/// A catalog run from the command line: inputs expanded, `--shard` and `--resume` applied, the
/// books checked by worker processes, each record written as it finishes, a summary at the end.
package struct BatchRun {
    package var options: BatchOptions
    package var jobs: Int
    /// The subcommand and its switches, as each worker runs it (without `--batch-worker`).
    package var workerArguments: [String]
    /// Lines of standard output for one finished book, when there is no `--jsonl`.
    package var describe: ([String: Any]) -> [String]
    /// For a command that writes a file per book (export): the folder, and the extension of the
    /// files named after the books in it.
    package var outputFolder: (path: String, suffix: String)? = nil

    package init(options: BatchOptions, jobs: Int, workerArguments: [String], describe: @escaping ([String: Any]) -> [String],
                 outputFolder: (path: String, suffix: String)? = nil) {
        self.options = options
        self.jobs = jobs
        self.workerArguments = workerArguments
        self.describe = describe
        self.outputFolder = outputFolder
    }

    /// Runs the batch and returns the exit status: 2 if a book could not be checked, 1 if a book
    /// failed, else 0; 128 + the signal when SIGINT or SIGTERM stopped it (the records written so
    /// far are whole, and the summary says how far it got).
    package func run(_ arguments: [String]) throws -> Int32 {
        var books = try BatchInputs.expand(arguments, recursive: options.recursive)
        if let (k, n) = try options.shardSpec() { books = books.filter { BatchInputs.inShard($0, k: k, n: n) } }
        var summary = BatchSummary()
        summary.doneWord = ["inspect": MessageText.batchDoneRead, "export": .batchDoneExported][workerArguments.first ?? ""]
        if let resume = options.resume {
            let done = try booksInResumeFile(resume)
            let before = books.count
            books = books.filter { book in
                guard let sha = done[book] else { return true }
                return sha != BatchRecord.digest(of: book).sha256
            }
            summary.skipped = before - books.count
        }
        if options.list {
            try StandardOutput.write(books.map { $0 + "\n" }.joined())
            return 0
        }
        guard !books.isEmpty || summary.skipped > 0 else { throw CLIFailure(.cliNoBooksFound(arguments.joined(separator: " "))) }
        BatchInterruption.install()
        let sink = try openSink(books)
        let progress = BatchProgress(total: books.count, quiet: options.quiet)
        var worst: Int32 = 0
        // Workers say why a book failed in the run's language.
        let locale = workerArguments.contains("--locale") ? [] : ["--locale", ReportLocale.current.rawValue]
        let runner = BatchRunner(workerArguments: workerArguments + locale + ["--batch-worker"], jobs: jobs, timeout: options.timeout,
                                 memoryBudgetKiB: options.maxMemoryMib * 1024)
        let outputs = try outputFolder.map { try Self.outputNames(books, in: $0.path, suffix: $0.suffix) } ?? [:]
        let interrupted: Int32?
        do {
            interrupted = try runner.run(books, outputs: outputs) { line in
                guard let record = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { return }
                try sink?.append(line)
                if options.jsonl == nil { try StandardOutput.write(describe(record).map { $0 + "\n" }.joined()) }
                let status = (record["status"] as? String).flatMap(BatchRecord.Status.init(rawValue:)) ?? .crashed
                let ids = (record["messages"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
                summary.add(status: status, messageIDs: ids)
                let exit = record["exitCode"] as? Int
                worst = max(worst, exit.map(Int32.init) ?? 2)
                progress.update(done: summary.books, current: record["path"] as? String ?? "")
            }
            try sink?.close()
        } catch {
            progress.clear()
            try? sink?.close()
            throw error
        }
        progress.clear()
        var text = summary.text
        if let signal = interrupted {
            text += "\n" + interruptionLine(signal, done: summary.books, of: books.count)
        }
        if !options.quiet || interrupted != nil { StandardError.write(text + "\n") }
        if let file = options.summary {
            try OutputFile.write(summary.json.serialized(pretty: true) + "\n", to: file, input: books.first ?? ".")
        }
        return interrupted.map { 128 + $0 } ?? worst
    }

    /// What an interrupted run says: how far it got and how to go on.
    private func interruptionLine(_ signal: Int32, done: Int, of total: Int) -> String {
        let line = MessageText.batchInterrupted(BatchInterruption.name(signal), done, total)
        guard let jsonl = options.jsonl, jsonl != "-" else { return line.rendered(in: ReportLocale.current) }
        return MessageText.batchInterruptedResume(line, jsonl).rendered(in: ReportLocale.current)
    }

    /// The books the `--resume` file holds. When the run appends to that file, a record a killed
    /// run left cut off at its end is dropped first (and said), so the file stays JSON Lines.
    private func booksInResumeFile(_ resume: String) throws -> [String: String?] {
        if let jsonl = options.jsonl, jsonl != "-", Self.sameFile(resume, jsonl) {
            let dropped = try JSONLinesSink.repairTornEnd(of: resume)
            if dropped > 0 {
                StandardError.write("epubcontract: " + MessageText.cliResumeRecordCut(resume, dropped).rendered(in: ReportLocale.current) + "\n")
            }
        }
        return try Self.finishedBooks(in: resume)
    }

    /// Where records go (nil: nowhere): a file (appended to when it is also the --resume file) or standard output.
    private func openSink(_ books: [String]) throws -> JSONLinesSink? {
        guard let jsonl = options.jsonl else { return nil }
        if jsonl == "-" { return JSONLinesSink(path: jsonl, fd: STDOUT_FILENO) }
        // Streamed into place (not renamed over), so a FIFO or /dev/null is fine; a folder is not.
        if BatchInputs.isFolder(jsonl) { throw CLIFailure(.cliOutputIsFolder(jsonl)) }
        do {
            for book in books { try OutputPath.refuseOverwritingInput(book, jsonl) }
        } catch {
            throw CLIFailure(.cliCannotWrite(jsonl, error.description))
        }
        let append = options.resume.map { Self.sameFile($0, jsonl) } ?? false
        let fd = open(jsonl, O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC), 0o644)
        guard fd >= 0 else { throw CLIFailure(.cliCannotWrite(jsonl, String(cString: strerror(errno)))) }
        return JSONLinesSink(path: jsonl, fd: fd)
    }

    /// One output file per book in `folder`, named after the book (`a.epub` → `a.json`); a name
    /// two books share gets `-2`, `-3` … in input order. The folder is made if its parent exists.
    package static func outputNames(_ books: [String], in folder: String, suffix: String) throws -> [String: String] {
        if !BatchInputs.isFolder(folder) {
            guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)) != nil else {
                throw CLIFailure(.cliCannotMakeOutputFolder(folder))
            }
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        var taken: Set<String> = []
        var names: [String: String] = [:]
        for book in books {
            var stem = (book.hasSuffix("/") ? String(book.dropLast()) : book).split(separator: "/").last.map(String.init) ?? "book"
            if stem.lowercased().hasSuffix(".epub") { stem = String(stem.dropLast(5)) }
            var name = stem + suffix, n = 1
            while !taken.insert(name.lowercased()).inserted {
                n += 1
                name = "\(stem)-\(n)\(suffix)"
            }
            names[book] = base + name
        }
        return names
    }

    /// The books a JSON Lines file already holds, with their SHA-256 (nil for folders); lines
    /// that do not parse (a run cut off mid-line) are left out.
    package static func finishedBooks(in file: String) throws -> [String: String?] {
        guard FileManager.default.fileExists(atPath: file) else { return [:] }
        // Decoded leniently: a line cut off inside a character must not make the file unreadable.
        guard let data = FileManager.default.contents(atPath: file) else {
            throw CLIFailure(.cliCannotReadResume(file))
        }
        let text = String(decoding: data, as: UTF8.self)
        var books: [String: String?] = [:]
        for line in text.split(separator: "\n") {
            guard let record = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any],
                  let path = record["path"] as? String else { continue }
            books[path] = record["sha256"] as? String
        }
        return books
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat(), y = stat()
        guard stat(a, &x) == 0, stat(b, &y) == 0 else { return a == b }
        return x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }
}
