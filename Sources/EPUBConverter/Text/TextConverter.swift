import EPUBContract
import EPUBOutput
import Foundation

/// The TXT conversion as one call: read, decode, find the structure, build XHTML, write an EPUB
/// or a folder. What the CLI runs; each stage is usable on its own.
public enum TextConverter {
    /// What `convert` writes: a packed EPUB 3, or a folder of XHTML files.
    public enum Target: String, Sendable {
        case epub
        case xhtml
    }

    /// What was found and written. The text itself is not kept: a 20 MB novel is released as soon
    /// as its documents are built.
    public struct Result: Sendable {
        /// The decoding, with `text` emptied.
        public var decoded: DecodedText
        public var title: String
        public var author: String?
        public var language: String
        public var paragraphStyle: ParagraphStyle
        public var detection: TextBook.Detection
        public var sections: [TextSection.Outline]
        public var output: String
        /// Download sites' lines left out of the text.
        public var noiseLines: Int = 0
        /// Heading-like lines behind a rare prefix, not taken as headings.
        public var skippedHeadingLines: Int = 0
        /// The `--toc-rules` rule used, and the rules that could not be.
        public var tocRule: String?
        public var skippedTocRules: [TocRules.Skipped] = []
        /// Why each heading was taken, by source line (with `TextBookOptions.explain`).
        public var explanations: [Int: TextSection.Explanation] = [:]
        /// Why each division opened on a chapter's line was taken, by that line.
        public var divisionExplanations: [Int: TextSection.Explanation] = [:]

        public var chapterCount: Int { sections.filter(\.kind.isChapter).count }
    }

    /// Reading limit: a novel is text, a gigabyte "novel" is a mistake.
    public static let maxInputBytes = 512 * 1024 * 1024

    public static func convert(input: String, output: String, target: Target, encoding: TextEncoding?, options: TextBookOptions,
                               vertical: Bool, modified: String) throws(ConversionError) -> Result {
        try OutputPath.refuseOverwritingInput(input, output)
        // Each stage's input is released when the next one has what it needs: the bytes after
        // decoding, the text after parsing, the sections after building the documents.
        var decoded = try decode(input, encoding: encoding)
        var options = options
        if options.fileName == nil { options.fileName = URL(fileURLWithPath: input).lastPathComponent }
        let book = try TextBookParser.parse(decoded.text, options: options)
        decoded.text = ""
        var result = Result(decoded: decoded, title: book.title, author: book.author, language: book.language, paragraphStyle: book.paragraphStyle,
                            detection: book.detection, sections: book.sections.map(\.outline), output: output)
        result.noiseLines = book.noiseLines
        result.skippedHeadingLines = book.skippedHeadingLines
        (result.tocRule, result.skippedTocRules) = (book.tocRule, book.skippedTocRules)
        result.explanations = book.explanations
        result.divisionExplanations = book.divisionExplanations
        let draft = XHTMLBuilder.draft(book, options: .init(vertical: vertical, modified: modified))
        switch target {
        case .epub: try EPUBWriter.write(draft, to: output)
        case .xhtml: try EPUBWriter.writeFolder(draft, to: output)
        }
        return result
    }

    static func decode(_ input: String, encoding: TextEncoding?) throws(ConversionError) -> DecodedText {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: input)
            if attributes[.type] as? FileAttributeType == .typeDirectory { throw ConversionError.unreadableInput(input, reason: .phrase(.inputIsFolder)) }
            if let size = attributes[.size] as? Int, size > maxInputBytes {
                throw ConversionError.unreadableInput(input, reason: .phrase(.inputTooLarge(maxInputBytes / 1024 / 1024)))
            }
            // Mapped: a 20 MB novel peaks 12 MB lower than read into memory. (A file another
            // program shortens while it is converted could still end the process with SIGBUS.)
            data = try Data(contentsOf: URL(fileURLWithPath: input), options: .alwaysMapped)
        } catch let error as ConversionError {
            throw error
        } catch {
            throw .unreadableInput(input, reason: .text((error as NSError).localizedDescription))
        }
        return try TextDecoder.decode(data, forcing: encoding)
    }

    /// `dcterms:modified` for reproducible output: `SOURCE_DATE_EPOCH` when set, else the input's
    /// modification time (so converting the same file twice gives the same bytes).
    public static func modifiedDate(input: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        var seconds: TimeInterval?
        if let epoch = environment["SOURCE_DATE_EPOCH"], let value = TimeInterval(epoch) { seconds = value }
        if seconds == nil, let date = (try? FileManager.default.attributesOfItem(atPath: input))?[.modificationDate] as? Date {
            seconds = date.timeIntervalSince1970.rounded(.down)
        }
        return iso8601(Int64(seconds ?? 0))
    }

    /// `CCYY-MM-DDThh:mm:ssZ` of a Unix time, computed rather than formatted: a DateFormatter
    /// loads ICU's data, a dozen megabytes of memory for one date.
    static func iso8601(_ unix: Int64) -> String {
        let days = unix >= 0 ? unix / 86_400 : (unix - 86_399) / 86_400
        let secondOfDay = unix - days * 86_400
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60))Z"
    }
}
