/// An error that says itself in the catalog's words, so that whoever shows it (a command line, a
/// batch record) can show it in any locale.
public protocol UserFacingError: Error {
    var text: MessageText { get }
}

/// What any error says: its catalog text, or its own description as a value.
public func messageText(of error: any Error) -> MessageText {
    (error as? any UserFacingError)?.text ?? .shownAsIs(String(describing: error))
}
