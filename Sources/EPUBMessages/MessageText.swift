#if canImport(Glibc)
import Glibc
#endif

/// What a rule says, as data: which template of the catalog and with which arguments. The words
/// come from the catalog (`docs/messages/templates.tsv`, compiled by `scripts/gen-catalog`), in the
/// locale a report is written in; two findings with the same template and arguments are the same
/// message, whatever the locale, so reports merge them as EPUBCheck merges equal texts.
public struct MessageText: Sendable, Hashable {
    public let key: MessageKey
    public let arguments: [MessageArgument]

    public init(_ key: MessageKey, _ arguments: [MessageArgument] = []) {
        self.key = key
        self.arguments = arguments
    }

    /// The text in one locale: the template with each `{n}` replaced by argument n.
    public func rendered(in locale: MessageLocale = .english) -> String {
        let template = MessageTemplates.template(key, locale)
        var out = ""
        out.reserveCapacity(template.utf8.count + 16 * arguments.count)
        var rest = Substring(template)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            out += rest[..<open]
            let after = rest.index(after: open)
            // `{{` and `}}` stand for a brace of the text itself.
            if after < rest.endIndex, rest[after] == rest[open] {
                out.append(rest[open])
                rest = rest[rest.index(after: after)...]
                continue
            }
            guard rest[open] == "{", let close = rest[after...].firstIndex(of: "}"),
                  let n = Int(rest[after..<close]), arguments.indices.contains(n) else {
                out.append(rest[open])
                rest = rest[after...]
                continue
            }
            out += arguments[n].rendered(in: locale)
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }
}

/// One argument of a message: a value from the book (a name, a path, a number) shown as it is,
/// a phrase that is itself a template (so that composed messages translate whole), or a list
/// joined the way the locale joins lists.
public indirect enum MessageArgument: Sendable, Hashable {
    case text(String)
    case phrase(MessageText)
    /// Items joined with commas and a last "and"/"or" in the locale's words.
    case list([MessageArgument], MessageConjunction)

    /// Set by `EPUBCONTRACT_MARK_VALUES` (for `scripts/locale-check` only): every value is shown
    /// between U+E000 and U+E001, so that a checker tells the catalog's words from the book's and
    /// finds any line printed outside the catalog.
    static let marksValues: Bool = getenv("EPUBCONTRACT_MARK_VALUES") != nil

    public func rendered(in locale: MessageLocale) -> String {
        switch self {
        case .text(let s): return Self.marksValues ? "\u{E000}" + s + "\u{E001}" : s
        case .phrase(let text): return text.rendered(in: locale)
        case .list(let items, let conjunction): return locale.join(items.map { $0.rendered(in: locale) }, conjunction)
        }
    }
}

/// How the last item of a list joins the others.
public enum MessageConjunction: Sendable, Hashable {
    case and, or
    /// All items with the same separator (", " in English), no conjunction.
    case none
    /// Items that hold commas themselves (people with their roles): "; " in English, "；" in
    /// Chinese and Japanese, no conjunction.
    case semicolons
}

extension MessageArgument: ExpressibleByStringLiteral {
    /// A literal argument is a value shown as written (an element name, a property), never prose.
    public init(stringLiteral value: String) { self = .text(value) }
}

extension MessageText {
    /// The same message with one value shown as another wherever it appears (a temporary file's
    /// path shown as the name the user gave), phrases and lists included.
    public func replacingValue(_ old: String, with new: String) -> MessageText {
        MessageText(key, arguments.map { $0.replacingValue(old, with: new) })
    }
}

extension MessageArgument {
    func replacingValue(_ old: String, with new: String) -> MessageArgument {
        switch self {
        case .text(let s): return .text(old.isEmpty ? s : s.replacing(old, with: new))
        case .phrase(let text): return .phrase(text.replacingValue(old, with: new))
        case .list(let items, let conjunction): return .list(items.map { $0.replacingValue(old, with: new) }, conjunction)
        }
    }
}
