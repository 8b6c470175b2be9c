import ArgumentParser
import CommandLineSupport
import ReaderCommands
import CommandLineSupport
import EPUBContract
import Foundation

/// The `epubcontract` command. Exit status: 0 done, 1 problems found (validate), 2 input unusable or bad usage.
@main
struct EPUBContractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "epubcontract",
        abstract: "Read EPUB publications the way a reading system must, and say so in a reader contract.",
        discussion: """
            Examples:
              epubcontract inspect book.epub             a short summary
              epubcontract inspect book.epub --json      the reader contract as JSON
              epubcontract inspect unpacked-book/ --json --pretty
              epubcontract validate book.epub            EPUBCheck's message IDs
              epubcontract validate book.epub -u --json report.json
              epubcontract fix book.epub -o fixed.epub   repair what the book determines
              epubcontract convert novel.txt -o novel.epub
              epubcontract positions book.epub           Readium's positions list
              epubcontract version                       this tool's version (or --version)
            """,
        version: ReaderContract.version,
        subcommands: [InspectCommand.self, ValidateCommand.self, FixCommand.self, LSPCommand.self, AccessibilityCommand.self, ConvertCommand.self, ExportCommand.self, PositionsCommand.self, LocateCommand.self, AnnotationsCommand.self, VersionCommand.self]
    )

    /// Runs the command and maps every failure to a one-line message and exit status 2.
    static func main() {
        StandardOutput.reportFailedWritesAsErrors()
        do {
            if let request = ValidateFastPath.request(Array(CommandLine.arguments.dropFirst())) { try request.run() }
            var command = try parseAsRoot()
            try command.run()
        } catch let error as CLIFailure {
            StandardError.write("epubcontract: \(error.message)\n")
            Foundation.exit(error.status)
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            StandardError.write("\(fullMessage(for: error))\n")
            Foundation.exit(2)
        }
    }
}
