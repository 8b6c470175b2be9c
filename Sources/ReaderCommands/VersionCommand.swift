import ArgumentParser
import CommandLineSupport
import EPUBContract

/// `epubcontract version`: the tool's version (also `epubcontract --version` and, as EPUBCheck's,
/// `validate --version`; `validate -v <x>` is EPUBCheck's EPUB version of a single file).
package struct VersionCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print the version of epubcontract (also: epubcontract --version).",
        discussion: """
            validate -v <2.0|3.0> is EPUBCheck's switch for the EPUB version of a single file; validate --version prints this version, as EPUBCheck's --version does.

            Examples:
              epubcontract version
              epubcontract --version
            """
    )

    @Option(name: .long, help: ReportLocale.optionHelp)
    package var locale: String?

    package func run() throws {
        _ = try ReportLocale.resolve(locale)
        try StandardOutput.write(ReaderContract.version + "\n")
    }
}
