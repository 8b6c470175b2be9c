import ArgumentParser
import EPUBContract

/// The budgets that bound one book, shared by every command that reads books, so that a hostile
/// file ends in a diagnostic or a clear refusal rather than exhausting the machine.
package struct LimitOptions: ParsableArguments {
    package init() {}

    @Option(name: .long, help: ArgumentHelp("Largest decompressed size of one entry, in MiB.", valueName: "MiB"))
    package var maxEntryMib: UInt64 = 512

    @Option(name: .long, help: ArgumentHelp("Largest decompressed size of the whole book, in MiB.", valueName: "MiB"))
    package var maxTotalMib: UInt64 = 2048

    @Option(name: .long, help: ArgumentHelp("Most elements read from one XML document; the rest is cut (EC-XML-002).", valueName: "N"))
    package var maxElements: Int = DocumentLimits.default.maxElements

    @Option(name: .long, help: ArgumentHelp("Most attributes on one element; the document is cut there (EC-XML-003).", valueName: "N"))
    package var maxAttributes: Int = DocumentLimits.default.maxAttributes

    @Option(name: .long, help: ArgumentHelp("Most text that one document's entity references may expand to, in MiB (EC-XML-001).", valueName: "MiB"))
    package var maxEntityMib: Int = DocumentLimits.default.maxEntityExpansion >> 20

    package func validate() throws {
        guard maxEntryMib > 0, maxTotalMib > 0, maxEntryMib <= 1 << 20, maxTotalMib <= 1 << 22 else {
            throw ReportLocale.usage(.cliEntryLimitsPositive)
        }
        guard maxElements > 0, maxAttributes > 0, maxEntityMib >= 0, maxEntityMib <= 1 << 20 else {
            throw ReportLocale.usage(.cliDocumentLimitsPositive)
        }
    }

    package var limits: ContainerLimits {
        ContainerLimits(maxEntrySize: maxEntryMib << 20, maxTotalSize: maxTotalMib << 20,
                        document: DocumentLimits(maxElements: maxElements, maxAttributes: maxAttributes, maxEntityExpansion: maxEntityMib << 20))
    }

    /// The book opened under these budgets; a book with no package to read is the command's
    /// one-line failure (exit 2), said as the session says it.
    package func session(at path: String, digest: Bool = true) throws(CLIFailure) -> PublicationSession {
        do {
            return try PublicationSession(path: path, limits: limits, digest: digest)
        } catch {
            throw CLIFailure(error.text)
        }
    }

    /// The same budgets for a batch worker.
    package var arguments: [String] {
        ["--max-entry-mib", String(maxEntryMib), "--max-total-mib", String(maxTotalMib), "--max-elements", String(maxElements),
         "--max-attributes", String(maxAttributes), "--max-entity-mib", String(maxEntityMib)]
    }
}
