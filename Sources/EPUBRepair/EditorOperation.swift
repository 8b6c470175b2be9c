/// One change to a book's folder, as an editor applies it (LSP's resource operations and text edits).
public enum EditorOperation: Sendable, Equatable {
    case rename(from: String, to: String)
    case create(String, text: String)
    case delete(String)
    /// The file's whole new text (the file as it stands after any rename).
    case edit(String, text: String)
}
