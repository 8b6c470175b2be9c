import ArgumentParser
import CommandLineSupport
import EPUBContract
import EPUBOutput
import EPUBRepair
import Foundation

/// `epubcontract fix`: validate, repair what the book itself determines, validate again.
struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Repair what validate reports when the book itself says what is right.",
        discussion: """
            The book is validated, repaired, and validated again until no repair applies; the report names each repair with the message ID it answers and the file it changed, and lists what is left for a person (alt text, a missing file's content: nothing is invented). docs/fix.md lists every repair. The source is never modified unless --in-place is given, and then its original is kept beside it. Output is written whole or not at all; a book with nothing to repair is copied byte for byte.

            An output path ending in .epub gets a packed book; any other path a new folder. A device or a pipe (-o /dev/null, when only the exit status matters) is written to as it is, getting the packed book: nothing can be written whole or not at all there.

            Exit status: 0 the repaired book has no error or warning; 1 errors or warnings are left; 2 the input could not be used or the output could not be written.

            Examples:
              epubcontract fix book.epub -o fixed.epub
              epubcontract fix book.epub --dry-run --diff
              epubcontract fix book.epub --in-place
              epubcontract fix unpacked/ -o fixed/ --only PKG-006,OPF-014
              epubcontract fix book.epub -o fixed.epub --format json --pretty > fix.json

            Many books: give several paths, folders of books (-r), @list.txt or -, and -o a folder (made if missing): each book becomes FOLDER/NAME.epub, repaired in worker processes (-j N) with the batch switches of validate (--jsonl, --summary, --timeout, --resume, --shard, -q); or --dry-run, or --in-place.
              epubcontract fix catalog/ -r -o fixed/ --jsonl fix.jsonl
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "A .epub file or an unpacked EPUB folder; for a batch, several, folders of books, @list.txt or -.", completion: .file())
    var paths: [String] = []

    @OptionGroup(title: "Many books")
    var batch: BatchOptions

    @Option(name: [.customShort("j"), .long], help: ArgumentHelp("Books repaired at once in a batch (default: the cores).", valueName: "N"))
    var jobs: Int?

    /// The one book of a single run.
    var input: String { paths.first ?? "" }

    /// Several books, a folder of books, a list, or a batch switch: the run goes through workers.
    var isBatch: Bool { batch.isBatch(paths) }

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the repaired book: a .epub file, or a new folder; for a batch, the folder each book goes into (NAME.epub).", valueName: "PATH"))
    var output: String?

    @Flag(name: .long, help: "Repair the book where it is, keeping the original beside it (--backup).")
    var inPlace = false

    @Option(name: .long, help: ArgumentHelp("With --in-place, where the original goes (default: the book's name with .orig before its extension).", valueName: "PATH"))
    var backup: String?

    @Flag(name: .long, help: "Report what would be repaired; write nothing.")
    var dryRun = false

    @Option(name: .long, help: ArgumentHelp("Only the repairs answering these message IDs (comma-separated).", valueName: "ID,…"))
    var only: String?

    @Option(name: .long, help: "Report format: text or json (with a unified diff of each changed file).")
    var format: Format = .text

    @Flag(name: .long, help: "With the text report, show a unified diff of each changed text file.")
    var diff = false

    @Flag(name: .long, help: "Indent JSON output.")
    var pretty = false

    @Option(name: .long, help: ReportLocale.optionHelp)
    var locale: String?

    @OptionGroup(title: "Budgets")
    var budgets: LimitOptions

    func validate() throws {
        if batch.worker { return }
        guard !paths.isEmpty else { throw ReportLocale.usage(.cliNameBookToCheck) }
        if let jobs, !(1...256).contains(jobs) { throw ReportLocale.usage(.cliJobsRange) }
        if jobs != nil && !isBatch { throw ReportLocale.usage(.cliJobsForSeveral) }
        if isBatch && (format != .text || diff) { throw ReportLocale.usage(.cliFormatOneBookValidate) }
        let destinations = [output != nil, inPlace, dryRun].filter { $0 }.count
        guard destinations == 1 else { throw ReportLocale.usage(.cliFixOneDestination) }
        if backup != nil && !inPlace { throw ReportLocale.usage(.cliFixBackupInPlace) }
        if let ids = onlyIDs {
            let known = Set(RepairEngine.messageIDs)
            if let unknown = ids.first(where: { !known.contains($0) }) {
                throw ReportLocale.usage(.cliFixUnknownID(unknown, MessageArgument.list(RepairEngine.messageIDs.map(MessageArgument.text), .or)))
            }
        }
    }

    private var onlyIDs: Set<String>? {
        only.map { Set($0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }.filter { !$0.isEmpty }) }
    }

    /// One book repaired by a worker: written to the file the run named for it, in place, or nowhere (`--dry-run`).
    private func record(for path: String, output: String?) -> BatchRecord {
        let start = DispatchTime.now()
        var record = BatchRecord(path: path, size: nil, sha256: nil, status: .unusable, exitCode: 2, elapsedMs: 0)
        (record.size, record.sha256) = BatchRecord.digest(of: path)
        let modified = RepairEngine.now()
        switch RepairEngine.run(path: path, options: RepairEngine.Options(only: onlyIDs, modified: modified, limits: budgets.limits)) {
        case .unusable(let reason):
            record.error = reason.rendered(in: ReportLocale.current)
        case .repaired(let result):
            do {
                var written: String?
                if result.isReadable, let output {
                    try RepairOutput.write(result, to: output, folder: false, modified: modified)
                    written = output
                } else if result.isReadable, inPlace, try RepairOutput.writeInPlace(result, backup: Self.backup(of: path), modified: modified) {
                    written = path
                }
                let left = result.remaining
                record.status = left.contains { $0.severity == .error || $0.severity == .fatal } ? .errors : left.isEmpty ? .clean : .warnings
                record.exitCode = result.isClean ? 0 : 1
                let summary: [(String, JSONValue)] = [("repairs", .integer(Int64(result.records.count))), ("left", .integer(Int64(left.count))),
                                                      ("output", written.map(JSONValue.string) ?? .null)]
                record.payload = ("fix", JSONValue.object(summary).serialized())
            } catch {
                record.error = error.text.rendered(in: ReportLocale.current)
            }
        }
        record.elapsedMs = BatchWorker.elapsed(since: start)
        return record
    }

    /// A finished book on standard output: its repairs, what is left, where it went.
    static func describe(_ record: [String: Any]) -> [String] {
        let book = record["path"] as? String ?? "?"
        guard let fix = record["fix"] as? [String: Any] else { return [BatchRecord.failureLine(record)] }
        let repairs = fix["repairs"] as? Int ?? 0, left = fix["left"] as? Int ?? 0
        let line = fix["output"] as? String
        return [(line.map { MessageText.describeFixWrote(book, repairs, left, $0) } ?? .describeFixed(book, repairs, left)).rendered(in: ReportLocale.current)]
    }

    /// The original's name beside the book: `book.epub` → `book.orig.epub`, `folder` → `folder.orig`.
    private var backupPath: String { backup ?? Self.backup(of: input) }

    static func backup(of input: String) -> String {
        let url = URL(fileURLWithPath: input.hasSuffix("/") ? String(input.dropLast()) : input)
        let ext = url.pathExtension
        let base = url.deletingPathExtension().path
        return ext.isEmpty || url.hasDirectoryPath ? url.path + ".orig" : base + ".orig." + ext
    }

    func run() throws {
        if batch.worker { BatchWorker.serve(record(for:output:)) }
        let locale = try ReportLocale.resolve(locale)
        if isBatch {
            var arguments = ["fix"] + budgets.arguments + (dryRun ? ["--dry-run"] : []) + (inPlace ? ["--in-place"] : [])
            if let only { arguments += ["--only", only] }
            var run = BatchRun(options: batch, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, workerArguments: arguments, describe: Self.describe)
            if let output { run.outputFolder = (output, ".epub") }
            Foundation.exit(try run.run(paths))
        }
        let modified = RepairEngine.now()
        let options = RepairEngine.Options(only: onlyIDs, modified: modified, limits: budgets.limits)
        MemoryPolicy.returnLargeBlocks()
        let result: FixResult
        switch RepairEngine.run(path: input, options: options) {
        case .unusable(let reason): throw CLIFailure(reason)
        case .repaired(let repaired): result = repaired
        }
        var destination = FixReportFormatter.Destination.dryRun
        do {
            if !result.isReadable {
                destination = .unreadable
            } else if let output {
                // A device or a pipe (`-o /dev/null`: the exit status alone) takes the packed book.
                let folder = !output.lowercased().hasSuffix(".epub") && !OutputPath.isStream(output)
                try RepairOutput.write(result, to: output, folder: folder, modified: modified)
                destination = .file(output)
            } else if inPlace {
                destination = try RepairOutput.writeInPlace(result, backup: backupPath, modified: modified) ? .inPlace(backup: backupPath) : .untouched
            }
        } catch {
            throw CLIFailure(error.text)
        }
        switch format {
        case .text: try StandardOutput.write(FixReportFormatter.text(result, destination: destination, diffs: diff, locale: locale) + "\n")
        case .json: try StandardOutput.write(FixReportFormatter.json(result, destination: destination, pretty: pretty) + "\n")
        }
        if !result.isClean { throw ExitCode(1) }
    }
}
