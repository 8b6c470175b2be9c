import Foundation

/// The TXT conversion as one call: read, decode, find the structure, build XHTML, write an EPUB
/// or a folder. What the CLI runs; each stage is usable on its own.
public enum TextConverter {
    public enum Target: String, Sendable {
        case epub
        case xhtml
    }

    public struct Result: Sendable {
        public var decoded: DecodedText
        public var book: TextBook
        public var output: String
    }

    /// Reading limit: a novel is text, a gigabyte "novel" is a mistake.
    public static let maxInputBytes = 512 * 1024 * 1024

    public static func convert(input: String, output: String, target: Target, encoding: TextEncoding?, options: TextBookOptions,
                               vertical: Bool, modified: String) throws(ConversionError) -> Result {
        try OutputPath.refuseOverwritingInput(input, output)
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: input)
            if attributes[.type] as? FileAttributeType == .typeDirectory { throw ConversionError.unreadableInput(input, reason: "it is a folder, not a text file") }
            if let size = attributes[.size] as? Int, size > maxInputBytes {
                throw ConversionError.unreadableInput(input, reason: "it is larger than \(maxInputBytes / 1024 / 1024) MiB")
            }
            data = try Data(contentsOf: URL(fileURLWithPath: input), options: .mappedIfSafe)
        } catch let error as ConversionError {
            throw error
        } catch {
            throw .unreadableInput(input, reason: (error as NSError).localizedDescription)
        }
        let decoded = try TextDecoder.decode(data, forcing: encoding)
        var options = options
        if options.fileName == nil { options.fileName = URL(fileURLWithPath: input).lastPathComponent }
        let book = try TextBookParser.parse(decoded.text, options: options)
        let draft = XHTMLBuilder.draft(book, options: .init(vertical: vertical, modified: modified))
        switch target {
        case .epub: try EPUBWriter.write(draft, to: output)
        case .xhtml: try EPUBWriter.writeFolder(draft, to: output)
        }
        return Result(decoded: decoded, book: book, output: output)
    }

    /// `dcterms:modified` for reproducible output: `SOURCE_DATE_EPOCH` when set, else the input's
    /// modification time (so converting the same file twice gives the same bytes).
    public static func modifiedDate(input: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        var seconds: TimeInterval?
        if let epoch = environment["SOURCE_DATE_EPOCH"], let value = TimeInterval(epoch) { seconds = value }
        if seconds == nil, let date = (try? FileManager.default.attributesOfItem(atPath: input))?[.modificationDate] as? Date {
            seconds = date.timeIntervalSince1970.rounded(.down)
        }
        let date = Date(timeIntervalSince1970: seconds ?? 0)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"
        return formatter.string(from: date)
    }
}
