import EPUBContract

/// The value grammar of an HTML attribute, as EPUBCheck's HTML grammar (`mod/html5/*.rnc` and its
/// datatypes) checks it: keyword lists (three ways, as EPUBCheck 5.3.0 compares them: without ASCII
/// case and surrounding white space for most; without the white space only for the newer ones such as
/// `inputmode`; exactly for those the grammar types as strings, such as `referrerpolicy`), numbers, MIME types, language tags, `#name` references,
/// browsing-context names, sandbox keywords, dates. `problem` says what the value should have been
/// (the `{2}` of `valueAttributeInvalid`), nil when it is one.
enum HTMLDatatype: Sendable {
    /// Keywords read without ASCII case and surrounding white space.
    case keywords(Set<String>)
    /// Keywords read without surrounding white space, in their case.
    case tokens(Set<String>)
    /// Keywords exactly as written.
    case exact(Set<String>)
    /// `common.data.integer`: an optional sign and digits.
    case integer
    /// `common.data.integer.non-negative` (`-0` is one).
    case nonNegativeInteger
    /// `common.data.integer.positive`: above zero.
    case positiveInteger
    /// `common.data.float`: a valid floating-point number.
    case float
    /// `common.data.mimetype`: a type and subtype of token characters, then anything.
    case mimeType
    /// `common.data.langcode`: empty or a language identifier.
    case languageTag
    /// `common.data.hash-name`: `#` and a name.
    case hashName
    /// An `id` (HTML and SVG alike, as EPUBCheck's grammars read it): not empty, no white space.
    case token
    /// `common.data.browsing-context`: a name not starting with `_`.
    case browsingContext
    /// `common.data.browsing-context-or-keyword`: a name, or `_blank`, `_self`, `_parent`, `_top`.
    case browsingContextOrKeyword
    /// `common.data.sandbox-allow-list`: `allow-…` keywords.
    case sandbox
    /// `common.data.zero`: `0` (an `img`'s obsolete `border`).
    case zero
    /// The `datetime` of `time`: a date, time, week, month, year, date and time, or duration.
    case timeValue
    /// The `datetime` of `del` and `ins`: a date, or a date and time.
    case dateOrDateTime

    /// Boolean attributes: empty or their own name.
    static func boolean(_ name: String) -> HTMLDatatype { .keywords(["", name]) }

    func problem(_ value: String) -> MessageText? {
        // Every id is read: judged on its bytes, before any trimming is made.
        if case .token = self { return Self.isToken(value) ? nil : .mustBeWithoutSpaces }
        let trimmed = value.trimmingXMLWhitespace()
        switch self {
        case .keywords(let allowed):
            return allowed.contains(trimmed.lowercased()) ? nil : Self.oneOf(allowed)
        case .tokens(let allowed):
            return allowed.contains(trimmed) ? nil : Self.oneOf(allowed)
        case .exact(let allowed):
            return allowed.contains(value) ? nil : Self.oneOf(allowed)
        case .integer:
            return Self.digits(trimmed, signs: "+-") != nil ? nil : .mustBeInteger
        case .nonNegativeInteger:
            guard let digits = Self.digits(trimmed, signs: "+-"), !trimmed.hasPrefix("-") || digits.allSatisfy({ $0 == "0" }) else {
                return .mustBeNonNegativeInteger
            }
            return nil
        case .positiveInteger:
            guard let digits = Self.digits(trimmed, signs: "+"), digits.contains(where: { $0 != "0" }) else { return .mustBePositiveInteger }
            return nil
        case .float:
            return Self.isFloat(trimmed) ? nil : .mustBeNumber
        case .mimeType:
            return Self.isMIMEType(value) ? nil : .mustBeMimeType
        case .languageTag:
            return AttributeRules.isLanguageIdentifier(trimmed) ? nil : .mustBeLanguageTag
        case .hashName:
            return value.hasPrefix("#") && value.count > 1 ? nil : .mustBeHashName
        case .token:
            return nil  // judged above
        case .browsingContext:
            return !value.isEmpty && !value.hasPrefix("_") ? nil : .mustBeBrowsingContextName
        case .browsingContextOrKeyword:
            if value.hasPrefix("_") {
                return ["_blank", "_self", "_parent", "_top"].contains(value.lowercased()) ? nil : .mustBeBrowsingContextName
            }
            return value.isEmpty ? .mustBeBrowsingContextName : nil
        case .sandbox:
            // In their case, each once (as EPUBCheck's datatype reads them).
            let tokens = value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }).map(String.init)
            return tokens.allSatisfy(Self.sandboxKeywords.contains) && Set(tokens).count == tokens.count ? nil : .mustBeSandboxKeywords
        case .zero:
            return trimmed == "0" ? nil : .mustBeOneOf("\"0\"")
        case .timeValue:
            return DateTimeSyntax.isTimeValue(value) ? nil : .mustBeTimeValue
        case .dateOrDateTime:
            return DateTimeSyntax.isDateOrDateTime(value) ? nil : .mustBeDateOrDateTime
        }
    }

    /// Not empty, and no white space as Java's `\s` has it (space, tab, LF, VT, FF, CR).
    private static func isToken(_ value: String) -> Bool {
        var bytes = 0
        for byte in value.utf8 {
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) { return false }
            bytes += 1
        }
        return bytes > 0
    }

    /// The digits of an integer with at most one of `signs` before them; nil when it is not one.
    private static func digits(_ value: String, signs: String) -> Substring? {
        let body = value.first.map { signs.contains($0) } == true ? value.dropFirst() : value[...]
        return !body.isEmpty && body.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) ? body : nil
    }

    private static func oneOf(_ allowed: Set<String>) -> MessageText {
        .mustBeOneOf(allowed.sorted().map { "\"\($0)\"" }.joined(separator: ", "))
    }

    /// A floating-point number as EPUBCheck's datatype reads it: a sign, digits with an optional
    /// fraction (`5.` and `.5` too), an optional exponent.
    private static func isFloat(_ value: String) -> Bool {
        var bytes = Array(value.utf8)[...]
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        func run() -> Int {
            let n = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            bytes = bytes.dropFirst(n)
            return n
        }
        let whole = run()
        var fraction = 0
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            fraction = run()
        }
        guard whole + fraction > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            if run() == 0 { return false }
        }
        return bytes.isEmpty
    }

    /// `[a-zA-Z0-9!#$&+\-^_]+/[a-zA-Z0-9!#$&+\-^_]+.*`: what EPUBCheck's grammar asks of a MIME type.
    private static func isMIMEType(_ value: String) -> Bool {
        func token(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || "!#$&+-^_".utf8.contains(b)
        }
        let bytes = Array(value.utf8)
        let type = bytes.prefix(while: token)
        guard !type.isEmpty, type.count < bytes.count, bytes[type.count] == UInt8(ascii: "/") else { return false }
        return bytes.count > type.count + 1 && token(bytes[type.count + 1])
    }

    /// The sandbox keywords EPUBCheck 5.3.0's datatype knows: HTML's first four. HTML has added
    /// others since (`allow-popups`, `allow-modals`, `allow-downloads`, …), which EPUBCheck reports
    /// as invalid; we follow it (docs/epubcheck-differences.md, "followed").
    static let sandboxKeywords: Set<String> = ["allow-forms", "allow-same-origin", "allow-scripts", "allow-top-navigation"]
}
