import ArgumentParser
import EPUBAccessibility
import CommandLineSupport
import EPUBContract
import EPUBReports
import EPUBValidator
import Foundation

/// `epubcontract accessibility` (`a11y`): EPUB Accessibility 1.1 and the WCAG rules that need no
/// layout, reported with axe-core's rule IDs.
struct AccessibilityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accessibility",
        abstract: "Check an EPUB's accessibility metadata and markup (EPUB Accessibility 1.1, axe-core's static rules).",
        discussion: """
            Checks the package's accessibility metadata (present, from its vocabulary, a conformance statement, claims the book contradicts, the page source, reading order from the contents) and each XHTML document's markup with axe-core's rules that need no layout (image-alt, link-name, document-title, html-has-lang, list, aria-roles …) and Ace's EPUB rules. Nothing is rendered or fetched.

            --format html writes one self-contained page (the inspect report's contract, then the accessibility summary worded after the W3C's display guide and the violations by rule); --format sarif gives SARIF 2.1.0 for code-scanning tools (a rule per ID, a result per place).

            Exit status: 0 no violation (or only minor ones, unless --fail-on minor), 1 violations found, 2 the input could not be used.

            Examples:
              epubcontract accessibility book.epub
              epubcontract a11y book.epub --json --pretty
              epubcontract a11y book.epub --format html -o a11y.html
              epubcontract a11y book.epub --format sarif -o a11y.sarif
              epubcontract a11y book.epub --locale ja
              epubcontract a11y catalog/ -r --jsonl a11y.jsonl
            """,
        aliases: ["a11y"]
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, html, sarif }

    @Argument(help: "A .epub file or an unpacked EPUB folder; for a batch, several, folders of books, @list.txt or -.", completion: .file())
    var paths: [String] = []

    @OptionGroup(title: "Many books")
    var batch: BatchOptions

    @Option(name: [.customShort("j"), .long], help: ArgumentHelp("Books checked at once in a batch (default: the cores).", valueName: "N"))
    var jobs: Int?

    @Flag(name: .long, help: "Print the report as JSON (the same as --format json).")
    var json = false

    @Option(name: .long, help: "What to print: text, json, html (a report page) or sarif.")
    var format: Format?

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write to FILE instead of standard output (whole or not at all; a device or pipe such as /dev/null is written to as it is).", valueName: "FILE"))
    var output: String?

    @Flag(name: .long, help: "Indent the JSON (and SARIF) output.")
    var pretty = false

    @Option(name: .long, help: ReportLocale.optionHelp)
    var locale: String?

    @Option(name: .long, help: "The least impact that makes the exit status 1: minor, moderate (default), serious or critical.")
    var failOn: AccessibilityReport.Impact = .moderate

    @OptionGroup(title: "Budgets")
    var budgets: LimitOptions

    var isBatch: Bool { batch.isBatch(paths) }

    func validate() throws {
        if !batch.worker && paths.isEmpty { throw ReportLocale.usage(.cliNameBookToCheck) }
        if let jobs, !(1...256).contains(jobs) { throw ReportLocale.usage(.cliJobsRange) }
        if jobs != nil && !isBatch { throw ReportLocale.usage(.cliJobsForSeveral) }
        if json, let format, format != .json { throw ReportLocale.usage(.cliJSONAndFormatDiffer(format.rawValue)) }
        if isBatch && (format != nil || output != nil || json) {
            throw ReportLocale.usage(.cliA11yOneBookSwitches)
        }
    }

    func run() throws {
        if batch.worker { BatchWorker.serve { record(for: $0) } }
        if isBatch {
            let arguments = ["accessibility", "--fail-on", failOn.rawValue] + budgets.arguments
            let run = BatchRun(options: batch, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount, workerArguments: arguments, describe: Self.describe)
            Foundation.exit(try run.run(paths))
        }
        let path = paths[0]
        let reportLocale = try ReportLocale.resolve(locale)  // an unknown --locale stops the run before the book is read
        let prepared = AccessibilityChecker.prepare()  // on another core while the book is read
        let session = try budgets.session(at: path, digest: false)
        let report = AccessibilityChecker.check(session, prepared: prepared)
        let text: String
        switch format ?? (json ? .json : .text) {
        case .text: text = AccessibilityReportFormatter.text(report, locale: reportLocale)
        case .json:
            // Written as it is made: a long book's report can hold hundreds of thousands of places.
            let value = AccessibilityReportFormatter.jsonValue(report, locale: reportLocale)
            if let output { try OutputFile.write(json: value, pretty: pretty, to: output, input: path) } else { try StandardOutput.write(json: value, pretty: pretty) }
            if let worst = report.worst, worst >= failOn { throw ExitCode(1) }
            return
        case .sarif: text = SARIFFormatter.format(report, pretty: pretty) + "\n"
        case .html:
            // The inspect page's contract and diagnostics, with the accessibility section.
            let contract = ContractBuilder.build(session)
            let diagnostics = ValidationReport(sourcePath: contract.source.path, diagnostics: contract.diagnostics, session: nil, elapsedMilliseconds: 0)
                .localized(reportLocale)
            text = HTMLReportFormatter.format(diagnostics, contract: contract, cover: HTMLReportFormatter.cover(of: session, contract),
                                              command: "accessibility", accessibility: report,
                                              labels: HTMLReportFormatter.pageLabels(of: session, contract),
                                              thumbnails: PageThumbnail.all(of: session, contract),
                                              images: HTMLReportFormatter.inventoryImages(of: session, report.inventory))
        }
        if let output { try OutputFile.write(text, to: output, input: path) } else { try StandardOutput.write(text) }
        if let worst = report.worst, worst >= failOn { throw ExitCode(1) }
    }

    /// One book checked by a worker: its record, with the violations a `--json` run prints.
    private func record(for path: String) -> BatchRecord {
        let start = DispatchTime.now()
        var record = BatchRecord(path: path, size: nil, sha256: nil, status: .unusable, exitCode: 2, elapsedMs: 0)
        (record.size, record.sha256) = BatchRecord.digest(of: path)
        switch AccessibilityChecker.check(path: path, limits: budgets.limits) {
        case .unusable(let reason):
            record.error = reason.rendered(in: ReportLocale.current)
        case .report(let report):
            let failing = report.worst.map { $0 >= failOn } ?? false
            record.status = failing ? .errors : report.violations.isEmpty ? .clean : .warnings
            record.exitCode = failing ? 1 : 0
            record.payload = ("accessibility", AccessibilityReportFormatter.json(report))
        }
        record.elapsedMs = BatchWorker.elapsed(since: start)
        return record
    }

    /// A finished book on standard output: its worst violations, or why it could not be read.
    static func describe(_ record: [String: Any]) -> [String] {
        let book = record["path"] as? String ?? "?"
        guard let report = record["accessibility"] as? [String: Any], let violations = report["violations"] as? [[String: Any]] else {
            return [BatchRecord.failureLine(record)]
        }
        if violations.isEmpty { return [MessageText.describeNoViolations(book).rendered(in: ReportLocale.current)] }
        return violations.map { v in
            MessageText.describeA11yViolation(book, (v["impact"] as? String ?? "").uppercased(), v["id"] as? String ?? "", (v["nodes"] as? [Any])?.count ?? 0).rendered(in: ReportLocale.current)
        }
    }
}

extension AccessibilityReport.Impact: ExpressibleByArgument {}
