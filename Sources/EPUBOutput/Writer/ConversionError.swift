import EPUBContract

/// Why a conversion could not be done, in words a user can act on (the catalog's, in any locale;
/// `description` is the English). A reason is a value (the system's words) or a phrase of the catalog.
public enum ConversionError: UserFacingError, Sendable, CustomStringConvertible, Equatable {
    case unreadableInput(String, reason: MessageArgument)
    case undecodable(MessageArgument)
    case notText(MessageArgument)
    case emptyText
    case badChapterPattern(String, reason: String)
    /// A `--toc-rules` file that cannot be read as legado's rule list.
    case badTocRules(String, reason: MessageArgument)
    /// No rule of a `--toc-rules` file can be used (each one's reason given).
    case noUsableTocRule(String, reasons: [MessageArgument])
    case outputIsInput(String)
    case outputInsideInput(String, folder: String)
    case cannotWrite(String, reason: MessageArgument)

    public var description: String { text.rendered() }

    public var text: MessageText {
        switch self {
        case .unreadableInput(let path, let reason): return .conversionUnreadableInput(path, reason)
        case .undecodable(let reason): return .conversionUndecodable(reason)
        case .notText(let reason): return .conversionNotText(reason)
        case .emptyText: return .conversionEmptyText
        case .badChapterPattern(let pattern, let reason): return .conversionBadChapterPattern(pattern, reason)
        case .badTocRules(let path, let reason): return .conversionBadTocRules(path, reason)
        case .noUsableTocRule(let path, let reasons): return .conversionNoUsableTocRule(path, MessageArgument.list(reasons, .none))
        case .outputIsInput(let path): return .conversionOutputIsInput(path)
        case .outputInsideInput(let path, let folder): return .conversionOutputInsideInput(path, folder)
        case .cannotWrite(let path, let reason): return .conversionCannotWrite(path, reason)
        }
    }
}
