import ArgumentParser
import CommandLineSupport
import EPUBContract
import EPUBReports
import EPUBValidator
import Foundation

/// `epubcontract validate`: EPUBCheck's message IDs and switches, our speed.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check an EPUB against EPUB 3.3 and report with EPUBCheck's message IDs.",
        discussion: """
            Takes EPUBCheck's switches with the same meaning, so scripts can swap the command. Exit status: 0 no errors (warnings allowed unless --fail-on warning), 1 errors or fatal errors found, 2 the input could not be used at all.

            Examples:
              epubcontract validate book.epub
              epubcontract validate book.epub -u --json report.json
              epubcontract validate unpacked/ --mode exp --format sarif > book.sarif
              epubcontract validate book.epub --format json --fail-on warning
              epubcontract validate OEBPS/content.opf --mode opf
              epubcontract validate webtoon.epub --epub 3.4
              epubcontract validate book.epub --format html -o report.html

            Many books (a catalog): give several paths, folders of books (-r for subfolders), @list.txt (one path per line) or - (paths on standard input). Each book is checked in a worker process (-j N at a time, default the cores), so one that hangs or crashes is recorded and the run goes on. Messages go to standard output one per line, prefixed by the book; a summary goes to standard error.
              epubcontract validate catalog/ -r --jsonl out.jsonl --summary sum.json
              epubcontract validate *.epub -q --jsonl - | jq -r 'select(.exitCode>0).path'
              epubcontract validate @books.txt --jsonl results.jsonl --resume results.jsonl

            A book from a stream (object storage, HDFS, Spark's binaryFiles): --stdin-book NAME reads one .epub's bytes from standard input and reports it as NAME; with --jsonl, as the one record a batch would write for it.
              aws s3 cp s3://bucket/book.epub - | epubcontract validate --stdin-book s3://bucket/book.epub --jsonl -
            """
    )

    enum Mode: String, ExpressibleByArgument, CaseIterable { case exp, opf, xhtml, svg, nav, mo }
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, epubcheck, sarif, html }
    enum FailOn: String, ExpressibleByArgument, CaseIterable { case error, warning }

    @Argument(help: "A .epub file or an unpacked EPUB folder; for a batch, several, folders of books, @list.txt or -.", completion: .file())
    var paths: [String] = []

    @OptionGroup(title: "Many books")
    var batch: BatchOptions

    @Option(name: .long, help: ArgumentHelp("Read one book's bytes (a .epub) from standard input and report it as NAME (its path where the bytes came from).", valueName: "NAME"))
    var stdinBook: String?

    @Option(name: .long, help: ArgumentHelp("Books checked at once in a batch (default: the cores). -j N means the same when several books are given.", valueName: "N"))
    var jobs: Int?

    /// The one book of a single run.
    var path: String { paths.first ?? "" }

    /// Several books, a folder of books, a list, or a batch switch: the run goes through workers.
    var isBatch: Bool { stdinBook == nil && batch.isBatch(paths) }

    @Option(name: .long, help: "EPUBCheck's mode: exp checks an unpacked folder (the default for folders); opf checks one package document on its own (the default for .opf files); xhtml and svg check one EPUB 3 content document's markup, ids and semantics (no references); nav checks a navigation document alone; mo a media overlay alone.")
    var mode: Mode?

    @Option(name: .customShort("v"), help: "EPUB version for single-file checks (2.0 or 3.0), as EPUBCheck's -v; a whole publication declares its own.")
    var epubVersion: String?

    @Flag(name: .customLong("version"), help: "Print epubcontract's version and exit (EPUBCheck's --version).")
    var printVersion = false

    @Option(name: .long, help: "Validation profile: default, dict (dictionaries), edupub, idx (indexes) or preview; a package whose dc:type names one gets it anyway.")
    var profile: Profile = .default

    @Option(name: .customLong("epub"), help: ArgumentHelp("EPUB revision to hold an EPUB 3 publication to: 3.3 (EPUBCheck 5.3.0's rules, the default) or 3.4 (roll layouts, AVIF and JPEG XL core images, ITS attributes, the properties 3.4 deprecates; docs/epub34.md).", valueName: "REVISION"))
    var revision: EPUBRevision = .epub33

    @Flag(name: [.customShort("u"), .customLong("usage")], help: "Include USAGE messages.")
    var usage = false

    @Flag(name: [.customShort("e"), .customLong("error")], help: "Report only fatal errors and errors.")
    var errorsOnly = false

    @Flag(name: [.customShort("w"), .customLong("warn")], help: "Report errors and warnings only.")
    var warningsAndErrors = false

    @Option(name: [.customShort("j"), .customLong("json")], help: "Also write EPUBCheck-compatible JSON to FILE ('-' for standard output).")
    var jsonFile: String?

    @Option(name: [.customShort("o"), .customLong("out")], help: ArgumentHelp("Write the --format report to FILE (whole or not at all; a device or pipe such as /dev/null, when only the exit status matters, is written to as it is). EPUBCheck's XML report, which -o alone asks for, is not supported.", valueName: "FILE"))
    var xmlFile: String?

    @Option(name: .long, help: "Report format: text, json, epubcheck, sarif or html (a page with the spine, contents and overlays drawn).")
    var format: Format = .text

    @Option(name: .long, help: "Exit with 1 on errors (default) or on warnings too.")
    var failOn: FailOn = .error

    @Flag(name: .long, help: "Indent JSON output.")
    var pretty = false

    @Option(name: .long, help: ArgumentHelp("Language of the messages and advice: en, zh-Hans or ja (default: from LC_ALL, LC_MESSAGES or LANG, else English). IDs, severities and places never change; JSON keeps English under 'message' and adds 'localizedMessage'.", valueName: "LOCALE"))
    var locale: String?

    @OptionGroup(title: "Budgets")
    var budgets: LimitOptions

    func validate() throws {
        if batch.worker || printVersion { return }
        if let stdinBook { try validateStdinBook(stdinBook) }
        guard !paths.isEmpty || stdinBook != nil else { throw ReportLocale.usage(.cliNameBookToCheck) }
        if isBatch { return try validateBatch() }
        if jobs != nil { throw ReportLocale.usage(.cliJobsForSeveral) }
        if xmlFile != nil && format == .text {
            throw ReportLocale.usage(.cliXMLReportUnsupported(MessageArgument.list(["json", "epubcheck", "sarif", "html"].map(MessageArgument.text), .or)))
        }
        if xmlFile != nil && jsonFile == "-" { throw ReportLocale.usage(.cliJSONDashAndOut) }
        if mode == .opf {
            var isDirectory: ObjCBool = false
            if path.lowercased().hasSuffix(".epub") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
                throw ReportLocale.usage(.cliModeOPF("opf"))
            }
        }
        if let epubVersion, !["2.0", "3.0", "2", "3"].contains(epubVersion) { throw ReportLocale.usage(.cliEPUBVersion(MessageArgument.list(["2.0", "3.0"].map(MessageArgument.text), .or))) }
    }

    /// One book from standard input: its record (`--jsonl`) goes with no single-book report.
    private func validateStdinBook(_ name: String) throws {
        try StdinBook.validateArguments(name: name, paths: paths, batch: batch)
        if batch.jsonl != nil && (format != .text || jsonFile != nil || xmlFile != nil) {
            throw ReportLocale.usage(.cliJSONLinesAloneValidate)
        }
    }

    /// Switches that make no sense for many books are refused with what to use instead.
    private func validateBatch() throws {
        if xmlFile != nil { throw ReportLocale.usage(.cliXMLReportsBatch) }
        if let jsonFile, Int(jsonFile) == nil {
            throw ReportLocale.usage(.cliJSONFileOneBook)
        }
        if format != .text { throw ReportLocale.usage(.cliFormatOneBookValidate) }
        if let n = jobs ?? jsonFile.flatMap({ Int($0) }), !(1...256).contains(n) { throw ReportLocale.usage(.cliJobsRange) }
    }

    /// This run's switches for one book, as plain values.
    var request: ValidateRequest {
        ValidateRequest(path: path, mode: mode, epubVersion: epubVersion, profile: profile, revision: revision, usage: usage, errorsOnly: errorsOnly,
                        warningsAndErrors: warningsAndErrors, jsonFile: jsonFile, xmlFile: xmlFile, format: format, failOn: failOn,
                        pretty: pretty, limits: budgets.limits, locale: locale)
    }

    func run() throws {
        if printVersion {
            try StandardOutput.write(ReaderContract.version + "\n")
            return
        }
        if batch.worker { BatchWorker.serve { record(for: $0) } }
        if let name = stdinBook {
            _ = try ReportLocale.resolve(locale)  // an unknown --locale stops the run before the bytes are read
            let book = try StdinBook.spool(name: name, limit: budgets.limits.maxTotalSize)
            if let jsonl = batch.jsonl { Foundation.exit(try book.write(record(for: book.path, from: book), to: jsonl)) }
            var single = request
            single.path = book.path
            single.stdinBook = book
            try single.run()
        }
        if isBatch {
            _ = try ReportLocale.resolve(locale)  // an unknown --locale stops the batch before it starts
            let jobCount = jobs ?? jsonFile.flatMap { Int($0) } ?? ProcessInfo.processInfo.activeProcessorCount
            let run = BatchRun(options: batch, jobs: jobCount, workerArguments: workerArguments, describe: Self.describe)
            Foundation.exit(try run.run(paths))
        }
        try request.run()
    }

    /// The switches a worker needs to check each book as this run would.
    private var workerArguments: [String] {
        var arguments = ["validate", "--profile", profile.rawValue, "--epub", revision.rawValue, "--fail-on", failOn.rawValue] + budgets.arguments
        if usage { arguments.append("-u") }
        if errorsOnly { arguments.append("-e") }
        if warningsAndErrors { arguments.append("-w") }
        if let mode { arguments += ["--mode", mode.rawValue] }
        if let epubVersion { arguments += ["-v", epubVersion] }
        return arguments
    }

    /// One book checked by a worker: its record, with the messages a single run would report
    /// (`stdin`: the book came from standard input, and `path` is its spooled copy).
    private func record(for path: String, from stdin: StdinBook? = nil) -> BatchRecord {
        let start = DispatchTime.now()
        let digest = BatchRecord.digest(of: path)
        var record = BatchRecord(path: path, size: digest.size, sha256: digest.sha256, status: .unusable, exitCode: 2, elapsedMs: 0)
        let request = self.request
        switch Validator.validate(path: path, limits: request.limits, input: request.input(for: path), epub2: epubVersion?.hasPrefix("2") ?? false, profile: profile,
                                  revision: revision) {
        case .unusable(let reason):
            record.error = (stdin?.shown(reason) ?? reason).rendered(in: ReportLocale.current)
        case .report(let full):
            let report = stdin.map { full.showingSource(as: $0.name) } ?? full
            let shown = report.filtered(includeUsage: usage, minimum: request.minimum).localized((try? ReportLocale.resolve(locale)) ?? .english)
            record.status = report.hasErrors ? .errors : report.count(.warning) > 0 ? .warnings : .clean
            record.exitCode = report.hasErrors || (failOn == .warning && report.count(.warning) > 0) ? 1 : 0
            record.counts = Diagnostic.Severity.allCases.map { ($0.rawValue, shown.count($0)) }
            record.payload = ("messages", JSONValue.array(shown.messages.map(JSONReportFormatter.message)).serialized())
        }
        record.elapsedMs = BatchWorker.elapsed(since: start)
        if let stdin { record.path = stdin.name }
        return record
    }

    /// A finished book on standard output: one line per message, prefixed by the book.
    static func describe(_ record: [String: Any]) -> [String] {
        let book = record["path"] as? String ?? "?"
        guard let messages = record["messages"] as? [[String: Any]] else {
            return [BatchRecord.failureLine(record)]
        }
        // One line per place, as the single-book text report shows them.
        return messages.flatMap { message -> [String] in
            let head = "\(book): \((message["severity"] as? String ?? "").uppercased())(\(message["id"] as? String ?? "")):"
            let text = " " + (message["localizedMessage"] as? String ?? message["message"] as? String ?? "")  // in the locale asked for
            let places = (message["locations"] as? [[String: Any]] ?? []).map { location -> String in
                let line = location["line"] as? Int, column = location["column"] as? Int
                return " \(location["path"] as? String ?? "")" + (line.map { "(\($0),\(column ?? -1))" } ?? "") + ":"
            }
            return places.isEmpty ? [head + text] : places.map { head + $0 + text }
        }
    }
}

extension Profile: ExpressibleByArgument {}
extension EPUBRevision: ExpressibleByArgument {}
