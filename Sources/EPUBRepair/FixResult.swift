import EPUBContract
import EPUBReports

/// What `fix` did to one book: the reports before and after, each change with the message it
/// answers, and the repaired book (not yet written: `RepairOutput` writes it).
public struct FixResult: Sendable {
    /// One changed file: its name and a unified diff (nil for a file that is not text).
    public struct Change: Sendable {
        public var path: String
        public var diff: String?
        /// The file is new, or was removed.
        public var added: Bool
        public var removed: Bool
    }

    public var source: String
    public var before: ValidationReport
    public var after: ValidationReport
    public var records: [RepairRecord]
    let book: RepairBook

    /// False when the source was no container at all (not a ZIP, not a folder): nothing to write.
    public var isReadable: Bool { !book.names.isEmpty }

    /// True when the repaired book differs from the source in any byte, name or order.
    public var isChanged: Bool { book.isChanged }

    /// True when the repaired book has no fatal error, error or warning left.
    public var isClean: Bool { after.messages.allSatisfy { $0.severity != .fatal && $0.severity != .error && $0.severity != .warning } }

    /// The messages left for a person: what the repaired book still reports at warning and above.
    public var remaining: [ValidationMessage] {
        after.messages.filter { $0.severity == .fatal || $0.severity == .error || $0.severity == .warning }
    }

    /// The message IDs of the source's report (warning and above) that some repair answers, and
    /// those none does: what `fix` can be expected to clear, and what needs a person from the start.
    public var answered: (ids: [String], unanswered: [String]) {
        var yes = Set<String>(), no = Set<String>()
        for message in before.messages where message.severity == .fatal || message.severity == .error || message.severity == .warning {
            if RepairCatalog.repairs.contains(where: { $0.answers(message, in: before.session) }) { yes.insert(message.id) } else { no.insert(message.id) }
        }
        return (yes.sorted(), no.sorted())
    }

    /// Each changed file, with its diff when both sides are text.
    public var changes: [Change] {
        book.changes.map { change in
            let text = [change.before, change.after].allSatisfy { $0.map(Self.isText) ?? true }
            return Change(path: change.name, diff: text ? UnifiedDiff.of(change.before, change.after, name: change.name) : nil,
                          added: change.before == nil && change.after != nil, removed: change.after == nil)
        }
    }

    /// The repair as an editor applies it to a folder (the language server's code actions); nil
    /// when a file that is not text would have to be written, or the archive itself changes.
    public var editorOperations: [EditorOperation]? { book.editorOperations }

    /// Text a diff can show: UTF-8 without NUL bytes.
    static func isText(_ bytes: [UInt8]) -> Bool {
        !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil
    }
}
