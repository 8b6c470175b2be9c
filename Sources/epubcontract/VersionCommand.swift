import ArgumentParser
import EPUBContract

/// `epubcontract version`: the tool's version, reachable as a subcommand because `validate` gives
/// `-v/--version <x>` EPUBCheck's meaning (the EPUB version of a single file).
struct VersionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print the version of epubcontract (also: epubcontract --version).",
        discussion: """
            validate -v/--version <2.0|3.0> is EPUBCheck's switch for the EPUB version of a single file, not this one.

            Examples:
              epubcontract version
              epubcontract --version
            """
    )

    func run() {
        print(ReaderContract.version)
    }
}
