import EPUBContract
import EPUBReports

/// One kind of repair: the messages it answers, and how it changes the book when the book itself
/// determines what is right. A repair reads the session (what the book is) and the messages
/// (where it is wrong); it writes only through `RepairBook`, locating what it changes with an
/// `XMLSourceMap` of the file as it stands. Anything it cannot determine it leaves, and the
/// message stays in the report for a person.
struct Repair: Sendable {
    /// The message IDs it answers (`--only` selects by these).
    let answers: [MessageID]
    /// Which messages of those IDs it answers, by template; nil: every one.
    let templates: Set<MessageKey>?
    /// Which of those messages, by place or arguments, when templates do not say it all.
    let only: @Sendable (ValidationMessage) -> Bool
    /// Which of those messages the book determines, when only the session can tell (a document's
    /// content, an item's type); nil: every one the templates and `only` select.
    let determinable: (@Sendable (ValidationMessage, PublicationSession) -> Bool)?
    let apply: @Sendable (RepairContext, inout RepairBook) -> [RepairRecord]

    init(_ answers: [MessageID], templates: Set<MessageKey>? = nil, only: @escaping @Sendable (ValidationMessage) -> Bool = { _ in true },
         determinable: (@Sendable (ValidationMessage, PublicationSession) -> Bool)? = nil,
         apply: @escaping @Sendable (RepairContext, inout RepairBook) -> [RepairRecord]) {
        self.answers = answers
        self.templates = templates
        self.only = only
        self.determinable = determinable
        self.apply = apply
    }

    /// True when this repair is meant for `message` and the book (its session) determines the answer.
    func answers(_ message: ValidationMessage, in session: PublicationSession?) -> Bool {
        guard answers(message) else { return false }
        guard let determinable else { return true }
        // What only the session can tell is not known without one (a book no package of which could be read).
        guard let session else { return false }
        return determinable(message, session)
    }

    /// True when this repair is meant for `message`.
    func answers(_ message: ValidationMessage) -> Bool {
        guard answers.contains(where: { $0.rawValue == message.id }), only(message) else { return false }
        guard let templates else { return true }
        return message.text.map { templates.contains($0.key) } ?? false
    }
}
