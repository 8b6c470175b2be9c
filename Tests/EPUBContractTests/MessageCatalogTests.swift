@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
@testable import EPUBMessages
@testable import EPUBValidator
@testable import EPUBReports
@testable import EPUBAccessibility
import Foundation
import Testing

/// The message catalog: every template in every locale, texts only from the catalog, and reports
/// that read the same in any locale but for their words.
struct MessageCatalogTests {
    /// Argument numbers a template uses (`{{` and `}}` are braces of the text).
    static func placeholders(_ template: String) -> Set<Int> {
        let text = template.replacingOccurrences(of: "{{", with: "").replacingOccurrences(of: "}}", with: "")
        var found: Set<Int> = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if let n = Int(rest[rest.index(after: open)..<close]) { found.insert(n) }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    @Test func everyTemplateExistsInEveryLocaleWithTheSameArguments() {
        #expect(MessageKey.allCases.count > 500)
        for key in MessageKey.allCases {
            let english = MessageTemplates.template(key, .english)
            #expect(!english.isEmpty, "\(key.name): no English text")
            for locale in [MessageLocale.simplifiedChinese, .japanese] {
                let text = MessageTemplates.template(key, locale)
                #expect(!text.isEmpty, "\(key.name): no \(locale.rawValue) text")
                #expect(Self.placeholders(text) == Self.placeholders(english), "\(key.name) in \(locale.rawValue) uses other arguments")
                // A translation that is the English text is a missing one (phrases made only of
                // names and symbols, such as "{0}", read the same everywhere).
                if english.contains(where: { $0.isLetter && $0.isASCII }) && english.split(separator: " ").count > 2 {
                    #expect(text != english, "\(key.name) in \(locale.rawValue) is still English")
                }
            }
        }
    }

    @Test func everySuggestionExistsInEveryLocale() {
        for id in MessageID.allCases where id.suggestion != nil {
            for locale in [MessageLocale.simplifiedChinese, .japanese] {
                let text = id.suggestion(in: locale)
                #expect(text != nil && text != id.suggestion, "\(id.rawValue): no \(locale.rawValue) suggestion")
            }
        }
    }

    @Test func renderingFillsArgumentsPhrasesAndListsPerLocale() {
        let list = MessageArgument.list(["<a>", "<b>", "<c>"], .or)
        let text = MessageText.elementNotAllowedHereExpected("x", list)
        #expect(text.rendered() == "Element <x> is not allowed here; expected <a>, <b> or <c>.")
        #expect(text.rendered(in: .simplifiedChinese) == "此处不允许元素 <x>；应为 <a>、<b> 或 <c>。")
        #expect(text.rendered(in: .japanese) == "要素 <x> はここでは使えません。<a>、<b> または <c> が来るべきところです。")
        // A phrase argument is itself translated; a brace of the text survives.
        #expect(MessageText.epubTypeDeprecated("note", MessageText.useFootnoteEndnote).rendered(in: .japanese)
                == "epub:type「note」は非推奨です。footnote または endnote を使ってください。")
        #expect(MessageText.notAllowedHere.rendered() == "'}' is not allowed here")
    }

    @Test(arguments: [("ja_JP.UTF-8", MessageLocale.japanese), ("zh_CN.UTF-8", .simplifiedChinese), ("zh-Hans", .simplifiedChinese),
                      ("en_GB", .english), ("ja", .japanese)])
    func localeNames(_ name: String, _ expected: MessageLocale) {
        #expect(MessageLocale(identifier: name) == expected)
    }

    @Test func unknownLocalesAndTheEnvironment() {
        #expect(MessageLocale(identifier: "fr") == nil)
        #expect(MessageLocale(identifier: "zh_TW.UTF-8") == nil)  // Traditional Chinese is not ours
        #expect(MessageLocale.fromEnvironment(["LANG": "ja_JP.UTF-8"]) == .japanese)
        #expect(MessageLocale.fromEnvironment(["LC_ALL": "C.UTF-8", "LANG": "ja_JP.UTF-8"]) == .english)  // LC_ALL first
        #expect(MessageLocale.fromEnvironment(["LANG": "fr_FR.UTF-8"]) == .english)
        #expect(MessageLocale.fromEnvironment([:]) == .english)
    }

    /// Merging works on the template and its arguments: the same finding twice is one message
    /// with two places; another argument is another message.
    @Test func reportsMergeOnTemplateAndArguments() {
        let a = Diagnostic(.RSC_005, message: .idUsedMoreThanOnceDocument("x"), location: .init(path: "a.xhtml", line: 1))
        let b = Diagnostic(.RSC_005, message: .idUsedMoreThanOnceDocument("x"), location: .init(path: "a.xhtml", line: 2))
        let c = Diagnostic(.RSC_005, message: .idUsedMoreThanOnceDocument("y"), location: .init(path: "a.xhtml", line: 3))
        let report = ValidationReport(sourcePath: "book", diagnostics: [a, b, c], session: nil, elapsedMilliseconds: 0)
        #expect(report.messages.count == 2)
        #expect(report.messages.first?.locations.map(\.line) == [1, 2])
        let japanese = report.localized(.japanese)
        #expect(japanese.messages.map(\.id) == report.messages.map(\.id))
        #expect(japanese.messages.first?.message == "The id 'x' is used more than once in this document; ids must be unique.")
        #expect(japanese.messages.first?.localizedMessage == "id「x」がこの文書で複数回使われています。id は一意でなければなりません。")
    }

    /// Message texts live in the catalog data, never in the code that reports them: a string
    /// literal of two or more words in a rule is a message someone wrote inline.
    @Test func noMessageTextOutsideTheCatalog() throws {
        let sources = FixturePaths.root.appendingPathComponent("Sources")
        // Report chrome (headings, labels) and the built-in grammars' compile errors are not messages.
        // (The command line's lines are held to the catalog at run time: scripts/locale-lines.)
        // Thumbnails write SVG markup (its attributes have spaces), not messages.
        let exempt = ["EPUBReports/Formatters/", "EPUBReports/Thumbnails/", "EPUBValidator/Schemas/EmbeddedSchemas.swift", "EPUBValidator/Schemas/RelaxNGGrammar.swift",
                      "EPUBValidator/Schemas/RelaxNGSchema.swift",
                      "EPUBMessages/MessageID.swift", "EPUBMessages/MessageTemplates.swift",
                      // Vocabulary values of EPUB Accessibility (conformance statements), not messages.
                      "EPUBAccessibility/AccessibilityVocabulary.swift",
                      // CSS values as getComputedStyle prints them (`rgb(r, g, b)`, `block math`, a default family name), not messages.
                      "EPUBStyle/Style/",
                      // The head's stand-in document: markup, not messages.
                      "EPUBContract/Rendition/DocumentWritingMode.swift",
                      // The HTML grammar's content-model patterns (`dt+ dd+`), not messages.
                      "EPUBValidator/Content/HTMLVocabulary.swift"]
        let literal = try NSRegularExpression(pattern: #""((?:[^"\\\n]|\\.)*)""#)
        let words = try NSRegularExpression(pattern: #"[A-Za-z]{2,}[^A-Za-z"]+[A-Za-z]{2,}"#)
        var scanned = 0
        for module in ["EPUBValidator", "EPUBAccessibility", "EPUBReports", "EPUBContract", "EPUBDocument", "EPUBStyle", "EPUBMessages"] {
            let folder = sources.appendingPathComponent(module)
            for file in FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [] where file.hasSuffix(".swift") {
                let relative = module + "/" + file
                if exempt.contains(where: { relative.hasPrefix($0) }) { continue }
                scanned += 1
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let code = String(line)
                    if code.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
                    for match in literal.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                        guard let range = Range(match.range(at: 1), in: code) else { continue }
                        let content = String(code[range])
                        let prose = content.contains(" ") && !content.contains("//") && !content.contains("[@")
                            && words.firstMatch(in: content, range: NSRange(content.startIndex..., in: content)) != nil
                        #expect(!prose, "\(relative):\(number + 1): message text \"\(content)\" belongs in docs/messages/templates.tsv")
                    }
                }
            }
        }
        #expect(scanned > 150)
    }
}
