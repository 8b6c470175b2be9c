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

            An output path ending in .epub gets a packed book; any other path a new folder.

            Exit status: 0 the repaired book has no error or warning; 1 errors or warnings are left; 2 the input could not be used or the output could not be written.

            Examples:
              epubcontract fix book.epub -o fixed.epub
              epubcontract fix book.epub --dry-run --diff
              epubcontract fix book.epub --in-place
              epubcontract fix unpacked/ -o fixed/ --only PKG-006,OPF-014
              epubcontract fix book.epub -o fixed.epub --format json --pretty > fix.json
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "A .epub file or an unpacked EPUB folder.", completion: .file())
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the repaired book: a .epub file, or a new folder.", valueName: "PATH"))
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

    /// The original's name beside the book: `book.epub` → `book.orig.epub`, `folder` → `folder.orig`.
    private var backupPath: String {
        if let backup { return backup }
        let url = URL(fileURLWithPath: input.hasSuffix("/") ? String(input.dropLast()) : input)
        let ext = url.pathExtension
        let base = url.deletingPathExtension().path
        return ext.isEmpty || url.hasDirectoryPath ? url.path + ".orig" : base + ".orig." + ext
    }

    func run() throws {
        let locale = try ReportLocale.resolve(locale)
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
                let folder = !output.lowercased().hasSuffix(".epub")
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
