import ArgumentParser
import EPUBContract
import EPUBValidator
import Foundation

/// `epubcontract validate`: EPUBCheck's message IDs and switches, our speed.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check an EPUB against EPUB 3.3 and report with EPUBCheck's message IDs.",
        discussion: """
            Takes EPUBCheck's switches with the same meaning, so scripts can swap the command.
            Exit status: 0 no errors (warnings allowed unless --fail-on warning), 1 errors or fatal
            errors found, 2 the input could not be used at all.

            Examples:
              epubcontract validate book.epub
              epubcontract validate book.epub -u --json report.json
              epubcontract validate unpacked/ --mode exp --format sarif > book.sarif
              epubcontract validate book.epub --format json --fail-on warning
              epubcontract validate OEBPS/content.opf --mode opf
            """
    )

    enum Mode: String, ExpressibleByArgument, CaseIterable { case exp, opf, xhtml, svg, nav, mo }
    enum Profile: String, ExpressibleByArgument, CaseIterable { case `default`, dict, edupub, idx, preview }
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, epubcheck, sarif }
    enum FailOn: String, ExpressibleByArgument, CaseIterable { case error, warning }

    @Argument(help: "A .epub file or an unpacked EPUB folder.", completion: .file())
    var path: String

    @Option(name: .long, help: "EPUBCheck's mode: exp checks an unpacked folder (the default for folders); opf checks one package document on its own (the default for .opf files); xhtml and svg check one EPUB 3 content document's markup, ids and semantics (no references); nav checks a navigation document alone; mo a media overlay alone.")
    var mode: Mode?

    @Option(name: [.customShort("v"), .customLong("version")], help: "EPUB version for single-file checks (2.0 or 3.0); a whole publication declares its own.")
    var epubVersion: String?

    @Option(name: .long, help: "Validation profile (default, dict, edupub, idx, preview). Only the default profile's rules exist so far.")
    var profile: Profile = .default

    @Flag(name: [.customShort("u"), .customLong("usage")], help: "Include USAGE messages.")
    var usage = false

    @Flag(name: [.customShort("e"), .customLong("error")], help: "Report only fatal errors and errors.")
    var errorsOnly = false

    @Flag(name: [.customShort("w"), .customLong("warn")], help: "Report errors and warnings only.")
    var warningsAndErrors = false

    @Option(name: [.customShort("j"), .customLong("json")], help: "Also write EPUBCheck-compatible JSON to FILE ('-' for standard output).")
    var jsonFile: String?

    @Option(name: [.customShort("o"), .customLong("out")], help: "EPUBCheck's XML report (not supported: use --json or --format).")
    var xmlFile: String?

    @Option(name: .long, help: "Report format on standard output: text, json, epubcheck or sarif.")
    var format: Format = .text

    @Option(name: .long, help: "Exit with 1 on errors (default) or on warnings too.")
    var failOn: FailOn = .error

    @Flag(name: .long, help: "Indent JSON output.")
    var pretty = false

    func validate() throws {
        if xmlFile != nil { throw ValidationError("XML reports (-o/--out) are not supported; use --json FILE or --format epubcheck.") }
        if mode == .opf {
            var isDirectory: ObjCBool = false
            if path.lowercased().hasSuffix(".epub") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
                throw ValidationError("--mode opf checks one package document (.opf file); leave --mode out to check the whole publication.")
            }
        }
        if let epubVersion, !["2.0", "3.0", "2", "3"].contains(epubVersion) { throw ValidationError("--version must be 2.0 or 3.0.") }
    }

    func run() throws {
        let report: ValidationReport
        let input: Validator.Input
        switch mode {
        case .opf: input = .packageDocument
        case .xhtml, .svg: input = .contentDocument
        case .nav: input = .navigationDocument
        case .mo: input = .mediaOverlay
        default: input = path.lowercased().hasSuffix(".opf") ? .packageDocument : .publication
        }
        switch Validator.validate(path: path, input: input, epub2: epubVersion?.hasPrefix("2") ?? false) {
        case .unusable(let reason): throw CLIFailure(message: reason)
        case .report(let r): report = r
        }
        let minimum: Diagnostic.Severity? = errorsOnly ? .error : warningsAndErrors ? .warning : nil
        let shown = report.filtered(includeUsage: usage, minimum: minimum)
        if let jsonFile {
            let json = EPUBCheckJSONFormatter.format(shown, pretty: true) + "\n"
            if jsonFile == "-" {
                FileHandle.standardOutput.write(Data(json.utf8))
            } else {
                try OutputFile.write(json, to: jsonFile, input: path)
            }
        }
        if jsonFile != "-" {
            let text: String
            switch format {
            case .text:
                let colour = isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
                text = TextFormatter.format(shown, colour: colour)
            case .json: text = JSONReportFormatter.format(shown, pretty: pretty)
            case .epubcheck: text = EPUBCheckJSONFormatter.format(shown, pretty: pretty)
            case .sarif: text = SARIFFormatter.format(shown, pretty: pretty)
            }
            FileHandle.standardOutput.write(Data((text + "\n").utf8))
        }
        let failing = report.hasErrors || (failOn == .warning && report.count(.warning) > 0)
        // Everything is written: leave without tearing down the session's thousands of parsed
        // documents one by one (a large book spends a fifth of its time there); the OS frees it all.
        Foundation.exit(failing ? 1 : 0)
    }
}
