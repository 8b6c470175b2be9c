import EPUBAccessibility
import CommandLineSupport
import EPUBContract
import EPUBReports
import EPUBValidator
import Foundation

/// One book's `validate` run as plain values. `ValidateCommand` fills it from ArgumentParser, and
/// `ValidateFastPath` from the everyday command lines without it; both run the same `run()`.
struct ValidateRequest: Equatable, Sendable {
    var path: String
    var mode: ValidateCommand.Mode?
    var epubVersion: String?
    var profile: Profile = .default
    var revision: EPUBRevision = .epub33
    var usage = false
    var errorsOnly = false
    var warningsAndErrors = false
    var jsonFile: String?
    var xmlFile: String?
    var format: ValidateCommand.Format = .text
    var failOn: ValidateCommand.FailOn = .error
    var pretty = false
    var limits: ContainerLimits = .default
    /// `--locale` as given; nil for the environment's.
    var locale: String?
    /// The book read from standard input (`--stdin-book`): `path` is its spooled copy, reported under its name.
    var stdinBook: StdinBook?

    /// The input kind for one path, from --mode or the file's extension.
    func input(for path: String) -> Validator.Input {
        switch mode {
        case .opf: return .packageDocument
        case .xhtml, .svg: return .contentDocument
        case .nav: return .navigationDocument
        case .mo: return .mediaOverlay
        default: return path.lowercased().hasSuffix(".opf") ? .packageDocument : .publication
        }
    }

    /// The least severity shown (-e, -w), nil for all.
    var minimum: Diagnostic.Severity? {
        errorsOnly ? .error : warningsAndErrors ? .warning : nil
    }

    /// Checks the book, writes the reports asked for and exits: 0, or 1 on errors (on warnings
    /// too with --fail-on warning). A book that cannot be read at all throws a `CLIFailure`.
    func run() throws -> Never {
        let locale = try ReportLocale.resolve(self.locale)
        let report: ValidationReport
        // EPUBCheck's JSON lists what each file holds; only that report pays for gathering it.
        let facts = jsonFile != nil || format == .epubcheck
        switch Validator.validate(path: path, limits: limits, input: input(for: path), epub2: epubVersion?.hasPrefix("2") ?? false,
                                  profile: profile, revision: revision, facts: facts) {
        case .unusable(let reason): throw CLIFailure(stdinBook?.shown(reason) ?? reason)
        case .report(let r): report = stdinBook.map { r.showingSource(as: $0.name) } ?? r
        }
        let shown = report.filtered(includeUsage: usage, minimum: minimum).localized(locale)
        if let jsonFile {
            let json = EPUBCheckJSONFormatter.format(shown, pretty: true) + "\n"
            if jsonFile == "-" {
                try StandardOutput.write(json)
            } else {
                try OutputFile.write(json, to: jsonFile, input: path)
            }
        }
        if jsonFile != "-" {
            let text = formatted(shown, full: report)
            if let xmlFile {
                try OutputFile.write(text + "\n", to: xmlFile, input: path)
            } else {
                try StandardOutput.write(text + "\n")
            }
        }
        let failing = report.hasErrors || (failOn == .warning && report.count(.warning) > 0)
        // Everything is written: leave without tearing down the session's thousands of parsed
        // documents one by one (a large book spends a fifth of its time there); the OS frees it all.
        Foundation.exit(failing ? 1 : 0)
    }

    /// The --format report of the messages shown.
    private func formatted(_ shown: ValidationReport, full report: ValidationReport) -> String {
        switch format {
        case .text:
            let colour = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            return TextFormatter.format(shown, full: report, colour: colour)
        case .json: return JSONReportFormatter.format(shown, pretty: pretty)
        case .epubcheck: return EPUBCheckJSONFormatter.format(shown, pretty: pretty)
        case .sarif: return SARIFFormatter.format(shown, pretty: pretty)
        case .html:
            // The messages, and the book as its contract draws it when it could be read.
            let contract = shown.session.map(ContractBuilder.build)
            let cover = shown.session.flatMap { session in contract.flatMap { HTMLReportFormatter.cover(of: session, $0) } }
            let accessibility = shown.session.map(AccessibilityChecker.check)
            let images = shown.session.flatMap { session in accessibility.map { HTMLReportFormatter.inventoryImages(of: session, $0.inventory) } } ?? [:]
            return HTMLReportFormatter.format(shown, contract: contract, cover: cover, command: "validate",
                                              accessibility: accessibility,
                                              labels: shown.session.flatMap { session in contract.map { HTMLReportFormatter.pageLabels(of: session, $0) } } ?? [:],
                                              thumbnails: shown.session.flatMap { session in contract.map { PageThumbnail.all(of: session, $0) } } ?? [:],
                                              images: images)
        }
    }
}
