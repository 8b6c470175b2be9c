import ArgumentParser
import CommandLineSupport
import EPUBContract
import EPUBConverter
import EPUBExport
import EPUBOutput
import Foundation

/// `epubcontract convert`: a plain-text novel to EPUB 3 (or to a folder of XHTML).
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Turn a plain-text novel into an EPUB 3 file (or a folder of XHTML).",
        discussion: """
            The encoding is detected (byte-order mark, UTF-16, UTF-8, Windows-1252 where lone accented bytes say so, else the best of GB18030, Big5 and Shift_JIS) and reported with how sure the guess is. Chapters are found from their headings (第一章, 第一卷, 序章, 【第一章】, Chapter 1, CHAPTER I., Part One, Prologue …); volumes nest their chapters. Text before the first heading is kept as front matter; a book without headings is cut at paragraph boundaries. The same input and options always give the same bytes (dates come from SOURCE_DATE_EPOCH or the input's modification time). Output is written to a temporary file and renamed into place.

            Exit status: 0 converted; 2 the input cannot be read or the output cannot be written.

            Examples:
              epubcontract convert novel.txt -o novel.epub
              epubcontract convert novel.txt -o novel.epub --title 书名 --vertical
              epubcontract convert old.txt -o old.epub --encoding big5
              epubcontract convert book.txt --to xhtml -o book-xhtml/
              epubcontract convert notes.txt -o n.epub --chapter-pattern '^Session [0-9]+$'
              epubcontract convert 西游记.txt -o xyj.epub --toc-rules legado-txt-rules.json
            """
    )

    @Argument(help: "A plain-text file (UTF-8, UTF-16/32, GB18030, Big5, Shift_JIS or Windows-1252).", completion: .file())
    var input: String

    @Option(name: .shortAndLong, help: "The EPUB file (or, with --to xhtml, the new folder) to write.")
    var output: String?

    @Option(name: .long, help: "epub (default) or xhtml.")
    var to: String = "epub"

    @Option(name: .long, help: "Read the text in this encoding instead of detecting it (utf-8, utf-16le, utf-16be, gb18030, big5, shift_jis, windows-1252).")
    var encoding: String?

    @Option(name: .long, help: "Book title (default: from the front matter, else the file name).")
    var title: String?

    @Option(name: .long, help: "Author (default: from the front matter).")
    var author: String?

    @Option(name: .long, help: "Language tag (default: detected, zh-Hans, zh-Hant, ja or en).")
    var language: String?

    @Option(name: .long, help: "A regular expression; trimmed lines matching it whole are the chapter headings, titled by its first capture group when it has one (else the whole line).")
    var chapterPattern: String?

    @Option(name: .long, help: ArgumentHelp("legado's TXT TOC rules (a JSON list of {name, rule, enable}); of the enabled rules, the one that finds the most headings is used, its matched text being the title.", valueName: "FILE"))
    var tocRules: String?

    @Option(name: .long, help: ArgumentHelp("Split chapters longer than N characters into parts at paragraph boundaries, listed under the chapter (0: never).", valueName: "N"))
    var splitChapters: Int = TextBookOptions().chapterSplit

    @Flag(name: .long, help: "Keep Project Gutenberg's licence (after its end marker) as a back-matter section; by default it is dropped with the header.")
    var keepLicence = false

    @Flag(name: .long, help: "Vertical writing (vertical-rl) and right-to-left page progression.")
    var vertical = false

    @Flag(name: .long, help: "Print what was found (encoding, language, chapters) as JSON.")
    var json = false

    @Option(name: .long, help: ReportLocale.optionHelp)
    var locale: String?

    func validate() throws {
        guard TextConverter.Target(rawValue: to) != nil else { throw ReportLocale.usage(.cliMustBeOneOf("--to", MessageArgument.list(["epub", "xhtml"].map(MessageArgument.text), .or))) }
        if let encoding, TextEncoding(name: encoding) == nil {
            throw ReportLocale.usage(.cliUnknownEncoding(encoding, MessageArgument.list(["utf-8", "utf-16le", "utf-16be", "utf-32le", "utf-32be", "gb18030", "big5", "shift_jis", "windows-1252"].map(MessageArgument.text), .or)))
        }
        if tocRules != nil && chapterPattern != nil { throw ReportLocale.usage(.cliTocRulesOrPattern) }
        if splitChapters < 0 { throw ReportLocale.usage(.cliSplitChapters) }
        if let language, language.isEmpty || language.contains(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-")) }) {
            throw ReportLocale.usage(.cliLanguageTag("zh-Hans", "en"))
        }
    }

    func run() throws {
        let target = TextConverter.Target(rawValue: to) ?? .epub
        let inputURL = URL(fileURLWithPath: input)
        let output = self.output ?? inputURL.deletingPathExtension().path + (target == .epub ? ".epub" : "-xhtml")
        var options = TextBookOptions(title: title, author: author, language: language, chapterPattern: chapterPattern)
        options.chapterSplit = splitChapters
        options.keepLicence = keepLicence
        options.explain = json
        if let tocRules { options.tocRules = try Self.loadRules(tocRules) }
        let result: TextConverter.Result
        MemoryPolicy.returnLargeBlocks()
        do {
            result = try TextConverter.convert(input: input, output: output, target: target, encoding: encoding.flatMap(TextEncoding.init(name:)),
                                               options: options, vertical: vertical, modified: TextConverter.modifiedDate(input: input))
        } catch {
            throw CLIFailure(error.text)
        }
        let decoded = result.decoded, book = result
        if decoded.confidence == .low {
            warn(.convertWarnEncodingUncertain(decoded.encoding.displayName))
        }
        if decoded.invalidSequences > 0 {
            warn(.convertWarnInvalidSequences(decoded.invalidSequences, decoded.encoding.displayName))
        }
        for rule in book.skippedTocRules {
            warn(.convertWarnTocRuleSkipped(rule.name, rule.reason))
        }
        if book.skippedHeadingLines > 0 {
            warn(.convertWarnPrefixedHeadings(book.skippedHeadingLines))
        }
        if json {
            let summary: [(String, JSONValue)] = [
                ("output", .string(result.output)),
                ("encoding", .string(decoded.encoding.displayName)),
                ("encodingConfidence", .string(decoded.confidence.rawValue)),
                ("encodingReason", .string(decoded.reason.rendered())),
                ("invalidSequences", .integer(Int64(decoded.invalidSequences))),
                ("title", .string(book.title)),
                ("author", book.author.map(JSONValue.string) ?? .null),
                ("language", .string(book.language)),
                ("paragraphStyle", .string(book.paragraphStyle.rawValue)),
                ("detection", .string(book.detection.rawValue)),
                ("noiseLines", .integer(Int64(book.noiseLines))),
                ("skippedHeadingLines", .integer(Int64(book.skippedHeadingLines))),
                ("tocRule", book.tocRule.map(JSONValue.string) ?? .null),
                ("skippedTocRules", .array(book.skippedTocRules.map { .object([("name", .string($0.name)), ("reason", .string($0.reason.rendered()))]) })),
                // A division a chapter's line opens shares the line: the volume before its chapter is the division.
                ("sections", .array(book.sections.enumerated().map { k, section in
                    let opensChapter = section.kind == .volume && k + 1 < book.sections.count && book.sections[k + 1].line == section.line
                    let why = section.kind == .chapter || section.kind == .volume
                        ? section.line.flatMap { opensChapter ? book.divisionExplanations[$0] ?? book.explanations[$0] : book.explanations[$0] } : nil
                    return .object([("kind", .string(section.kind.rawValue)), ("title", .string(section.title)), ("level", .integer(Int64(section.level))),
                                    ("paragraphs", .integer(Int64(section.paragraphs))), ("line", section.line.map { .integer(Int64($0)) } ?? .null),
                                    ("evidence", why.map { .string($0.evidence) } ?? .null), ("sequence", why?.sequence.map(JSONValue.string) ?? .null)])
                })),
            ]
            try StandardOutput.write(JSONValue.object(summary).serialized(pretty: true) + "\n")
            return
        }
        try StandardOutput.write(summary(result, locale: try ReportLocale.resolve(locale)).map { $0 + "\n" }.joined())
    }

    /// What was written and found, in lines of the catalog.
    private func summary(_ book: TextConverter.Result, locale: MessageLocale) -> [String] {
        let decoded = book.decoded
        let volumes = book.sections.filter { $0.kind == .volume }.count
        var lines: [MessageText] = []
        lines.append(book.author.map { .convertWroteBy(book.output, book.title, $0, book.language) } ?? .convertWrote(book.output, book.title, book.language))
        let confidence: [DecodedText.Confidence: MessageText] = [.certain: .confidenceCertain, .high: .confidenceHigh, .medium: .confidenceMedium, .low: .confidenceLow]
        lines.append(.convertEncodingLine(decoded.encoding.displayName, confidence[decoded.confidence] ?? .confidenceLow, decoded.reason))
        if book.noiseLines > 0 { lines.append(.convertNoiseLines(book.noiseLines)) }
        let detection: [TextBook.Detection: MessageText] = [.headings: .detectionHeadings, .pattern: .detectionPattern, .tocRules: .detectionTocRules,
                                                             .numberedLines: .detectionNumberedLines, .size: .detectionSize]
        let found = detection[book.detection] ?? .detectionHeadings
        let paragraphs: MessageText = book.paragraphStyle == .linePerParagraph ? .paragraphsOnePerLine : .paragraphsBlankLine
        lines.append(volumes > 0 ? .convertChaptersInVolumes(book.chapterCount, volumes, found, paragraphs) : .convertChapters(book.chapterCount, found, paragraphs))
        return lines.enumerated().map { ($0.offset == 0 ? "" : "  ") + $0.element.rendered(in: locale) }
    }

    /// A warning on standard error, in the run's locale.
    private func warn(_ text: MessageText) {
        StandardError.write("epubcontract: " + text.rendered(in: ReportLocale.current) + "\n")
    }

    /// A legado rules file, read whole (a rules file is small: over 1 MiB it is not one).
    static func loadRules(_ path: String) throws -> TocRules {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CLIFailure(.cliTocRulesUnreadable(path)) }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: 1 << 20 + 1)) ?? Data()
        guard data.count <= 1 << 20 else { throw CLIFailure(.cliTocRulesTooLarge(path)) }
        do { return try TocRules.load(data, path: path) } catch { throw CLIFailure(error.text) }
    }
}
