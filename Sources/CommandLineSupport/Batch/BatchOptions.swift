import EPUBContract
import ArgumentParser

/// The switches `validate` and `inspect` share for runs over many books (a catalog).
package struct BatchOptions: ParsableArguments {
    package init() {}

    @Flag(name: [.customShort("r"), .long], help: "Look for books in the subfolders of the folders given, too.")
    package var recursive = false

    @Option(name: .long, help: ArgumentHelp("Write one JSON line per book to FILE ('-' for standard output) as each finishes.", valueName: "file"))
    package var jsonl: String?

    @Option(name: .long, help: ArgumentHelp("Write the run's summary as JSON to FILE (it is always printed on standard error).", valueName: "file"))
    package var summary: String?

    @Option(name: .long, help: ArgumentHelp("Seconds one book may take before it is stopped and recorded as timed out.", valueName: "seconds"))
    package var timeout: Double = 60

    @Option(name: .long, help: ArgumentHelp("Memory one book may use, in MiB, before it is stopped and recorded as over budget.", valueName: "MiB"))
    package var maxMemoryMib: Int = 4096

    @Option(name: .long, help: ArgumentHelp("Skip the books already in this JSON Lines file (same path and SHA-256); with the same --jsonl file, new lines are appended.", valueName: "file"))
    package var resume: String?

    @Option(name: .long, help: ArgumentHelp("Take only share K of N (1 ≤ K ≤ N), chosen by a stable hash of each path, to split a catalog across machines.", valueName: "K/N"))
    package var shard: String?

    @Flag(name: [.customShort("q"), .long], help: "No progress line and no summary on standard error.")
    package var quiet = false

    @Flag(name: .long, help: "Print the books a batch would check (after --shard and --resume), one per line, and stop.")
    package var list = false

    @Flag(name: .customLong("batch-worker"), help: .hidden)
    package var worker = false

    /// Whether these switches ask for a batch run even with one book.
    package var asksForBatch: Bool { jsonl != nil || summary != nil || resume != nil || shard != nil || recursive || list }

    /// Whether these inputs make a batch: several paths, a list, stdin, a folder of books, or a
    /// batch switch (one book, or one unpacked book, is a single run).
    package func isBatch(_ paths: [String]) -> Bool {
        paths.count > 1 || asksForBatch || paths.contains { $0 == "-" || $0.hasPrefix("@") }
            || (paths.count == 1 && BatchInputs.holdsBooks(paths[0]))
    }

    /// The parsed `--shard`, nil when absent.
    package func shardSpec() throws -> (k: Int, n: Int)? {
        guard let shard else { return nil }
        let parts = shard.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, (1...n).contains(k) else {
            throw ReportLocale.usage(.cliShardSyntax)
        }
        return (k, n)
    }

    package func validate() throws {
        guard timeout > 0, timeout <= 86_400 else { throw ReportLocale.usage(.cliTimeoutRange) }
        guard maxMemoryMib >= 64 else { throw ReportLocale.usage(.cliMemoryAtLeast) }
        _ = try shardSpec()
    }
}
