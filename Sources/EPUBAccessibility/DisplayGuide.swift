import EPUBContract
import EPUBMessages

/// The W3C's Accessibility Metadata Display Guide for Digital Publications 2.1, as its Display
/// Techniques for EPUB Accessibility Metadata compute it from the package: eight fields (ways of
/// reading, conformance, navigation, rich content, hazards, accessibility summary, legal
/// considerations, additional accessibility information), each a list of the guide's statements
/// by their string IDs (`ways-of-reading-nonvisual-reading-readable` …). Each statement reads in a
/// compact and a descriptive form, in every locale of the catalog: the guide's words in English,
/// ours in Chinese and Japanese (`docs/messages/templates.tsv`, keys `dg` + the ID in camel case,
/// `…Descriptive` where the descriptive form differs).
public struct DisplayGuide: Sendable, Equatable {
    /// The guide's fields, in the order it shows them.
    public enum Field: String, CaseIterable, Sendable {
        case waysOfReading = "ways-of-reading"
        case conformance
        case navigation
        case richContent = "rich-content"
        case hazards
        case accessibilitySummary = "accessibility-summary"
        case legalConsiderations = "legal-considerations"
        case additionalInformation = "additional-accessibility-information"

        /// The field's heading (the guide's `…-title` string).
        public func title(in locale: MessageLocale) -> String { DisplayGuide.Statement(id: rawValue + "-title").text(.compact, in: locale) }
    }

    /// The guide offers every statement in two forms and sets no default.
    public enum Form: String, Sendable, CaseIterable {
        case compact, descriptive
    }

    /// One statement: the guide's string ID and what fills its blanks.
    public struct Statement: Sendable, Equatable {
        /// What fills one blank of a statement.
        public enum Argument: Sendable, Equatable {
            /// A value from the package (a certifier's name), shown as written.
            case text(String)
            /// Another statement of the guide, in the same form and locale (the claim's parts).
            case statement(String)
            /// A date from the package, shown as the locale writes dates where it can be read.
            case date(String)
        }

        public let id: String
        public var arguments: [Argument] = []

        public init(id: String, arguments: [Argument] = []) {
            self.id = id
            self.arguments = arguments
        }

        /// Whether it only says that the book gives no information (the guide lets a reading
        /// system omit such a field).
        public var isNoInformation: Bool {
            id.hasSuffix("-no-metadata") || id == "conformance-no" || id == "rich-content-unknown" || id == "ways-of-reading-visual-adjustments-unknown"
        }

        /// The catalog key of an ID: `dg` and the ID in camel case.
        static func keyName(_ id: String) -> String {
            "dg" + id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        }

        /// The catalog key for one form (the compact one where both read alike); nil for an ID the
        /// catalog lacks (never for one the techniques give: `DisplayGuideTests`).
        func key(_ form: Form) -> MessageKey? {
            let name = Self.keyName(id)
            return (form == .descriptive ? MessageKey(name: name + "Descriptive") : nil) ?? MessageKey(name: name)
        }

        public func text(_ form: Form, in locale: MessageLocale) -> String {
            guard let key = key(form) else { return id }
            let values: [MessageArgument] = arguments.map { argument in
                switch argument {
                case .text(let value): return .text(value)
                case .statement(let id): return .text(Statement(id: id).text(form, in: locale))
                case .date(let value): return .text(DisplayGuide.date(value, in: locale))
                }
            }
            // A claim with a part unknown leaves its blank empty: no doubled space.
            return MessageText(key, values).rendered(in: locale).split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
    }

    /// One field: its statements, and for the conformance field its detailed information; for the
    /// summary, the book's own text and its language.
    public struct Section: Sendable, Equatable {
        public let field: Field
        public var statements: [Statement]
        /// "Detailed conformance information": the claim, the certification date, the report.
        public var details: [Statement] = []
        /// The accessibility summary as the book writes it, and the language it is written in.
        public var text: String? = nil
        public var language: String? = nil
        /// The certifier's report, which the report statement links to.
        public var link: String? = nil

        /// Whether the book says nothing for this field.
        public var isNoInformation: Bool { text == nil && details.isEmpty && statements.allSatisfy(\.isNoInformation) }
    }

    /// The fields with something to show, in the guide's order (additional information only when
    /// there is some: the guide has no "no information" statement for it).
    public let sections: [Section]

    public func section(_ field: Field) -> Section? { sections.first { $0.field == field } }

    /// The heading of the detailed conformance information.
    public static func detailsTitle(in locale: MessageLocale) -> String { Statement(id: "conformance-details-title").text(.compact, in: locale) }

    /// A date as the locale writes it (`2024-03-15`, `20240315`, or the date of a date-time:
    /// "March 15, 2024", "2024年3月15日"); other values as written.
    static func date(_ value: String, in locale: MessageLocale) -> String {
        let digits = value.prefix(10).filter(\.isNumber)
        guard digits.count == 8, value.prefix(10).allSatisfy({ $0.isNumber || $0 == "-" }),
              let year = Int(digits.prefix(4)), let month = Int(digits.dropFirst(4).prefix(2)), let day = Int(digits.suffix(2)),
              (1...12).contains(month), (1...31).contains(day) else { return value }
        guard let monthKey = MessageKey(name: "dgMonth\(month)") else { return value }
        return MessageText(.dgDate, [.text(String(year)), .phrase(MessageText(monthKey)), .text(String(day))]).rendered(in: locale)
    }
}
