/// Why a conversion could not be done, in words a user can act on.
public enum ConversionError: Error, Sendable, CustomStringConvertible, Equatable {
    case unreadableInput(String, reason: String)
    case undecodable(String)
    case notText(String)
    case emptyText
    case badChapterPattern(String, reason: String)
    /// A `--toc-rules` file that cannot be read as legado's rule list.
    case badTocRules(String, reason: String)
    /// No rule of a `--toc-rules` file can be used (each one's reason given).
    case noUsableTocRule(String, reasons: [String])
    case outputIsInput(String)
    case outputInsideInput(String, folder: String)
    case cannotWrite(String, reason: String)

    public var description: String {
        switch self {
        case .unreadableInput(let path, let reason): return "cannot read '\(path)': \(reason)"
        case .undecodable(let reason): return "cannot decode the text: \(reason); name the encoding with --encoding"
        case .notText(let reason): return "the file does not look like text: \(reason)"
        case .emptyText: return "the file has no text to convert"
        case .badChapterPattern(let pattern, let reason): return "--chapter-pattern '\(pattern)' is not a valid regular expression: \(reason)"
        case .badTocRules(let path, let reason): return "--toc-rules '\(path)' cannot be used: \(reason)"
        case .noUsableTocRule(let path, let reasons): return "--toc-rules '\(path)': no rule can be used (" + reasons.joined(separator: "; ") + ")"
        case .outputIsInput(let path): return "the output '\(path)' is the input file; choose another output path"
        case .outputInsideInput(let path, let folder): return "the output '\(path)' is inside the input folder '\(folder)'; write it somewhere else, so that the book is left as it is"
        case .cannotWrite(let path, let reason): return "cannot write '\(path)': \(reason)"
        }
    }
}
