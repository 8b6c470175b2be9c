/// The languages reports are written in. Every template of the catalog exists in each (a test
/// fails on a missing one); IDs, severities and places never depend on the locale.
public enum MessageLocale: String, CaseIterable, Sendable {
    case english = "en"
    case simplifiedChinese = "zh-Hans"
    case japanese = "ja"

    /// The locale a name asks for: `en`, `zh-Hans`, `ja`, or a POSIX locale such as `ja_JP.UTF-8`,
    /// `zh_CN.UTF-8` (mainland China and Singapore write Simplified Chinese) or `en_US`; nil for
    /// any other language.
    public init?(identifier: String) {
        let name = identifier.split(separator: ".").first.map(String.init) ?? identifier
        let parts = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
        guard let language = parts.first else { return nil }
        switch language {
        case "en": self = .english
        case "ja": self = .japanese
        case "zh":
            // Simplified unless the name says Traditional (Hant, TW, HK, MO), which we do not have.
            let rest = Set(parts.dropFirst())
            if !rest.isDisjoint(with: ["hant", "tw", "hk", "mo"]) { return nil }
            self = .simplifiedChinese
        default: return nil
        }
    }

    /// The locale of the environment (`LC_ALL`, `LC_MESSAGES`, then `LANG`, as POSIX orders
    /// them), English when none names a locale we have.
    public static func fromEnvironment(_ environment: [String: String]) -> MessageLocale {
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            return MessageLocale(identifier: value) ?? .english
        }
        return .english
    }

    /// Items joined as the locale writes a list: "a, b or c"; "a、b 或 c"; "a、b または c".
    func join(_ items: [String], _ conjunction: MessageConjunction) -> String {
        if conjunction == .semicolons { return items.joined(separator: self == .english ? "; " : "；") }
        let separator = self == .english ? ", " : "、"
        guard items.count > 1, conjunction != .none else { return items.joined(separator: separator) }
        let word: String
        switch (self, conjunction) {
        case (.english, .and): word = " and "
        case (.english, _): word = " or "
        case (.simplifiedChinese, .and): word = " 和 "
        case (.simplifiedChinese, _): word = " 或 "
        case (.japanese, .and): word = " と "
        case (.japanese, _): word = " または "
        }
        return items.dropLast().joined(separator: separator) + word + (items.last ?? "")
    }
}
