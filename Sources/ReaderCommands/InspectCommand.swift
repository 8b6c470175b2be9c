import ArgumentParser
import CommandLineSupport
import EPUBAccessibility
import EPUBContract
import EPUBReports
import Foundation

/// `epubcontract inspect`: open a publication and print its reader contract.
package struct InspectCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the reader contract of an EPUB (.epub file or unpacked folder).",
        discussion: """
            Without --json, prints a short summary. With --json, prints the reader contract (schema: schemas/reader-contract.schema.json). With --format html, writes one self-contained page (no script, nothing loaded from the network): metadata and cover, the spine drawn as pages and spreads, the contents, media-overlay timelines and the diagnostics. A broken but readable book still gets a contract, with what could not be read listed under "diagnostics".

            Exit status: 0 a contract was produced; 2 the input cannot be read at all.

            Examples:
              epubcontract inspect book.epub
              epubcontract inspect book.epub --json > contract.json
              epubcontract inspect unpacked/ --json --pretty
              epubcontract inspect book.epub --format html -o report.html

            Many books: give several paths, folders of books (-r for subfolders), @list.txt or -; each book is read in a worker process (-j N at a time), one summary line per book on standard output, the contracts as JSON Lines with --jsonl.
              epubcontract inspect catalog/ -r --jsonl contracts.jsonl

            A book from a stream: --stdin-book NAME reads one .epub's bytes from standard input; the contract names it NAME.
              curl -s https://example.org/book.epub | epubcontract inspect --stdin-book book.epub --json
            """
    )

    @Argument(help: "A .epub file or an unpacked EPUB folder; for a batch, several, folders of books, @list.txt or -.", completion: .file())
    package var paths: [String] = []

    @OptionGroup(title: "Many books")
    package var batch: BatchOptions

    @Option(name: [.customShort("j"), .long], help: ArgumentHelp("Books read at once in a batch (default: the cores).", valueName: "N"))
    package var jobs: Int?

    @Option(name: .long, help: ArgumentHelp("Read one book's bytes (a .epub) from standard input and name it NAME (its path where the bytes came from).", valueName: "NAME"))
    package var stdinBook: String?

    /// The one book of a single run.
    package var path: String { paths.first ?? "" }

    /// Several books, a folder of books, a list, or a batch switch: the run goes through workers.
    package var isBatch: Bool { stdinBook == nil && batch.isBatch(paths) }

    /// What a single run prints.
    package enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, html }

    @Flag(name: .long, help: "Print the reader contract as JSON (the same as --format json).")
    package var json = false

    @Option(name: .long, help: "What to print: text (a summary), json (the contract) or html (a report page).")
    package var format: Format?

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write to FILE instead of standard output (whole or not at all; a device or pipe such as /dev/null is written to as it is).", valueName: "FILE"))
    package var output: String?

    @Flag(name: .long, help: "Indent the JSON output.")
    package var pretty = false

    @Option(name: .long, help: ReportLocale.optionHelp)
    package var locale: String?

    @OptionGroup(title: "Budgets")
    package var budgets: LimitOptions

    package func validate() throws {
        if let stdinBook {
            try StdinBook.validateArguments(name: stdinBook, paths: paths, batch: batch)
            if batch.jsonl != nil && (format != nil || json || output != nil) { throw ReportLocale.usage(.cliJSONLinesAloneInspect) }
        } else if !batch.worker && paths.isEmpty { throw ReportLocale.usage(.cliNameBookToInspect) }
        if let jobs, !(1...256).contains(jobs) { throw ReportLocale.usage(.cliJobsRange) }
        if jobs != nil && !isBatch { throw ReportLocale.usage(.cliJobsForSeveral) }
        if json, let format, format != .json { throw ReportLocale.usage(.cliJSONAndFormatDiffer(format.rawValue)) }
        if isBatch && (format != nil || output != nil) {
            throw ReportLocale.usage(.cliFormatOneBookInspect)
        }
    }

    private var limits: ContainerLimits { budgets.limits }

    package func run() throws {
        if batch.worker { BatchWorker.serve { record(for: $0) } }
        var stdin: StdinBook?
        if let name = stdinBook {
            let book = try StdinBook.spool(name: name, limit: limits.maxTotalSize)
            if let jsonl = batch.jsonl { Foundation.exit(try book.write(record(for: book.path, from: book), to: jsonl)) }
            stdin = book
        }
        let path = stdin?.path ?? self.path
        if isBatch {
            let arguments = ["inspect"] + budgets.arguments
            let run = BatchRun(options: batch, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                               workerArguments: arguments, describe: Self.describe)
            Foundation.exit(try run.run(paths))
        }
        let session: PublicationSession
        do {
            session = try PublicationSession(path: path, limits: limits)
        } catch {
            throw CLIFailure(stdin?.shown(error.text) ?? error.text)
        }
        var contract = ContractBuilder.build(session)
        if let stdin { contract.source.path = stdin.name }
        let text: String
        switch format ?? (json ? .json : .text) {
        case .text: text = ContractSummary.text(contract, locale: try ReportLocale.resolve(locale)) + "\n"
        case .json: text = ContractBuilder.json(contract, pretty: pretty) + "\n"
        case .html:
            let report = ValidationReport(sourcePath: contract.source.path, diagnostics: contract.diagnostics, session: nil, elapsedMilliseconds: 0)
                .localized(try ReportLocale.resolve(locale))
            text = HTMLReportFormatter.format(report, contract: contract, cover: HTMLReportFormatter.cover(of: session, contract), command: "inspect",
                                              accessibility: AccessibilityChecker.check(session), labels: HTMLReportFormatter.pageLabels(of: session, contract),
                                              thumbnails: PageThumbnail.all(of: session, contract))
        }
        if let output {
            try OutputFile.write(text, to: output, input: path)
        } else {
            try StandardOutput.write(text)
        }
    }

    /// One book read by a worker: its record, with the contract a single `--json` run prints
    /// (`stdin`: the book came from standard input, and `path` is its spooled copy).
    private func record(for path: String, from stdin: StdinBook? = nil) -> BatchRecord {
        let start = DispatchTime.now()
        var record = BatchRecord(path: path, size: nil, sha256: nil, status: .unusable, exitCode: 2, elapsedMs: 0)
        do {
            let session = try PublicationSession(path: path, limits: limits)
            var contract = ContractBuilder.build(session)
            if let stdin { contract.source.path = stdin.name }
            // The contract's own source digest, hashed while the book was read: the file is read once.
            if !BatchInputs.isFolder(path), let digest = session.sourceDigest?.value {
                (record.size, record.sha256) = (digest.size, digest.sha256)
            }
            record.status = .clean
            record.exitCode = 0
            record.payload = ("contract", ContractBuilder.json(contract, pretty: false))
        } catch {
            record.error = (stdin?.shown(messageText(of: error)) ?? messageText(of: error)).rendered(in: ReportLocale.current)
            (record.size, record.sha256) = BatchRecord.digest(of: path)
        }
        record.elapsedMs = BatchWorker.elapsed(since: start)
        if let stdin { record.path = stdin.name }
        return record
    }

    /// A finished book on standard output: its title and layout, or why it could not be read.
    package static func describe(_ record: [String: Any]) -> [String] {
        let book = record["path"] as? String ?? "?"
        guard let contract = record["contract"] as? [String: Any] else {
            return [BatchRecord.failureLine(record)]
        }
        let title = ((contract["metadata"] as? [String: Any])?["title"] as? String).map { MessageArgument.text($0) } ?? MessageText.describeNoTitle.messageArgument
        let spine = (contract["spine"] as? [Any])?.count ?? 0
        return [MessageText.describeInspect(book, title, spine).rendered(in: ReportLocale.current)]
    }
}
