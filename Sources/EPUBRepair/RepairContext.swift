import EPUBContract
import EPUBReports

/// What a repair reads: the session of the book as it stood when this round began, the messages
/// it answers, and the time to record as the book's modification.
struct RepairContext: @unchecked Sendable {
    /// Nil when the book could not be opened as a publication (no `container.xml`, no package):
    /// the container repairs work from `container` alone.
    let session: PublicationSession?
    let container: any OCFContainer
    /// The messages of this round's report that the repair answers.
    let messages: [ValidationMessage]
    /// `CCYY-MM-DDThh:mm:ssZ`: when the book is modified (now, or `SOURCE_DATE_EPOCH`).
    let modified: String

    var package: PackageDocument? { session?.package }

    /// The files the messages name, each once, in order.
    var paths: [String] {
        var seen = Set<String>()
        return messages.flatMap { $0.locations.map(\.path) }.filter { seen.insert($0).inserted }
    }
}

extension ValidationMessage {
    /// The message's `index`-th argument as written, when it is a value.
    func argument(_ index: Int) -> String? {
        guard let arguments = text?.arguments, index < arguments.count, case .text(let value) = arguments[index] else { return nil }
        return value
    }
}

extension RepairContext {
    /// The package document's `metadata` element in the book as it stands, with an editor on it.
    func packageEditor(_ book: RepairBook) -> (editor: XMLEditor, metadata: Int)? {
        guard let path = package?.path, let editor = XMLEditor(book, path), let metadata = editor.first("metadata") else { return nil }
        return (editor, metadata)
    }
}
