import ArgumentParser
import EPUBContract
import Foundation

/// `epubcontract inspect`: open a publication and print its reader contract.
struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print the reader contract of an EPUB (.epub file or unpacked folder).",
        discussion: """
            Without --json, prints a short summary. With --json, prints the reader contract
            (schema: schemas/reader-contract.schema.json). A broken but readable book still gets a
            contract, with what could not be read listed under "diagnostics".

            Exit status: 0 a contract was produced; 2 the input cannot be read at all.

            Examples:
              epubcontract inspect book.epub
              epubcontract inspect book.epub --json > contract.json
              epubcontract inspect unpacked/ --json --pretty
            """
    )

    @Argument(help: "A .epub file or an unpacked EPUB folder.", completion: .file())
    var path: String

    @Flag(name: .long, help: "Print the reader contract as JSON.")
    var json = false

    @Flag(name: .long, help: "Indent the JSON output.")
    var pretty = false

    @Option(name: .long, help: "Largest decompressed size of one entry, in MiB.")
    var maxEntryMib: UInt64 = 512

    @Option(name: .long, help: "Largest decompressed size of the whole book, in MiB.")
    var maxTotalMib: UInt64 = 2048

    func validate() throws {
        guard maxEntryMib > 0, maxTotalMib > 0, maxEntryMib <= 1 << 20, maxTotalMib <= 1 << 22 else {
            throw ValidationError("--max-entry-mib and --max-total-mib must be positive (at most 1048576 and 4194304).")
        }
    }

    func run() throws {
        let limits = ContainerLimits(maxEntrySize: maxEntryMib << 20, maxTotalSize: maxTotalMib << 20)
        let session: PublicationSession
        do {
            session = try PublicationSession(path: path, limits: limits)
        } catch {
            throw CLIFailure(message: error.description)
        }
        let contract = ContractBuilder.build(session)
        let text = json ? ContractBuilder.json(contract, pretty: pretty) : ContractSummary.text(contract)
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}
