import EPUBContract
import EPUBReports
import EPUBValidator
import EPUBOutput
import Foundation

/// `fix`: validate, repair what the book determines, validate again, until a round changes
/// nothing (a repair can reveal what the next one needs: a readable package once the container
/// names it). Every round but the last writes the book to a private scratch file and validates
/// that, so each round's repairs read a session of the book as it then is; nothing is written
/// where the user asked until `RepairOutput` writes the final book whole.
public enum RepairEngine {
    /// What a run may repair, when it says the book was modified, and the budgets it reads with.
    public struct Options: Sendable {
        /// Only repairs answering these message IDs; nil: every repair.
        public var only: Set<String>?
        /// When the repaired book is modified (`dcterms:modified`, the archive's dates).
        public var modified: String
        public var limits: ContainerLimits
        public var rounds: Int
        /// An editor's buffers over a folder's files (the language server's code actions): the
        /// first round reads them in place of the files on disk.
        public var unsaved: [String: Data]

        public init(only: Set<String>? = nil, modified: String = RepairEngine.now(), limits: ContainerLimits = .default, rounds: Int = 4,
                    unsaved: [String: Data] = [:]) {
            self.only = only
            self.unsaved = unsaved
            self.modified = modified
            self.limits = limits
            self.rounds = rounds
        }
    }

    /// The run's result: what was done to a readable input, or why the input could not be read.
    public enum Outcome: Sendable {
        case repaired(FixResult)
        /// The input could not be read at all (not an EPUB, no such file): nothing to repair.
        case unusable(MessageText)
    }

    public static func run(path: String, options: Options = Options()) -> Outcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("epubcontract-fix-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var current = path
        var book: RepairBook?
        var records: [RepairRecord] = []
        var before: ValidationReport?
        var last: ValidationReport?
        for round in 0...options.rounds {
            let outcome = Validator.validate(path: current, limits: options.limits, unsaved: round == 0 ? options.unsaved : [:])
            guard case .report(let report) = outcome else {
                if case .unusable(let reason) = outcome, round == 0 { return .unusable(reason) }
                break
            }
            if round == 0 { before = report }
            last = report
            guard round < options.rounds else { break }
            guard let container = report.session?.container ?? (try? ContainerOpener.open(current, limits: options.limits, unsaved: round == 0 ? options.unsaved : [:])) else {
                if book == nil { book = RepairBook() }  // not a container at all (not a ZIP): nothing to repair, the report says why
                break
            }
            if book == nil {
                do { book = try RepairBook(container) } catch { return .unusable(error.text) }
            }
            guard var working = book else { break }
            let made = repair(report, container: container, options: options, book: &working).map { record in
                var record = record
                record.round = round + 1
                return record
            }
            guard working.revision != book?.revision else { break }
            records += made
            book = working
            do {
                if round == 0 { try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true) }
                current = scratch + "/round\(round).epub"
                try EPUBWriter.write(files: working.archiveFiles, modified: options.modified, to: current)
            } catch {
                break
            }
        }
        guard let before, let last, let book else { return .unusable(.fixNoReport) }
        return .repaired(FixResult(source: path, before: before, after: last, records: records, book: book))
    }

    /// One round: each repair the report has messages for, in the catalog's order.
    private static func repair(_ report: ValidationReport, container: any OCFContainer, options: Options, book: inout RepairBook) -> [RepairRecord] {
        // Usage messages are advice, not faults: a book EPUBCheck finds clean is left as it is,
        // unless `--only` names the ID.
        let actionable = report.messages.filter {
            $0.severity == .fatal || $0.severity == .error || $0.severity == .warning || options.only?.contains($0.id) == true
        }
        var records: [RepairRecord] = []
        for repair in RepairCatalog.repairs {
            if let only = options.only, !repair.answers.contains(where: { only.contains($0.rawValue) }) { continue }
            let messages = actionable.filter { repair.answers($0, in: report.session) }
            guard !messages.isEmpty else { continue }
            let context = RepairContext(session: report.session, container: container, messages: messages, modified: options.modified)
            records += repair.apply(context, &book)
        }
        return records
    }

    /// The message IDs some repair answers (`--only` takes these), sorted.
    public static var messageIDs: [String] { RepairCatalog.messageIDs }

    /// Now, as `dcterms:modified` writes it; `SOURCE_DATE_EPOCH` (reproducible builds) when set.
    public static func now() -> String {
        let seconds = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"].flatMap { TimeInterval($0) } ?? Date().timeIntervalSince1970
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: seconds.rounded(.down)))
    }
}
