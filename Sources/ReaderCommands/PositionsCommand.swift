import ArgumentParser
import CommandLineSupport
import EPUBContract
import Foundation

/// `epubcontract positions`: Readium's positions list, for readers that share progress and
/// bookmarks with Readium-based apps.
package struct PositionsCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "positions",
        abstract: "Print Readium's positions list of an EPUB as Locator JSON.",
        discussion: """
            Prints {"total": N, "positions": [{"href", "type", "locations": {"position", "progression", "totalProgression"}}]}, computed as Readium does by default: the linear spine items in order, each manifest item once; one position for a pre-paginated item, max(1, ceil(length / 1024)) for any other, where length is the ZIP entry's compressed size (its size when stored). The contract gives each spine item its range as "positions": {"first", "count"}.

            Exit status: 0 printed; 2 the input cannot be read at all.

            Examples:
              epubcontract positions book.epub
              epubcontract positions book.epub --pretty | jq '.total'
            """
    )

    @Argument(help: "A .epub file or an unpacked EPUB folder.", completion: .file())
    package var path: String

    @Flag(name: .long, help: "Indent the JSON output.")
    package var pretty = false

    @Option(name: .long, help: ReportLocale.optionHelp)
    package var locale: String?

    @OptionGroup(title: "Budgets")
    package var budgets: LimitOptions

    package func run() throws {
        let session = try budgets.session(at: path, digest: false)
        let text = ContractBuilder.json(ContractBuilder.positions(session), pretty: pretty)
        try StandardOutput.write(text + "\n")
    }
}
