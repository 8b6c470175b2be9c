import EPUBDocument
import EPUBReports
import Foundation

/// A validation report as LSP diagnostics, per file URI: the range of the tag a message points
/// at (EPUBCheck's line and column mark the end of the start tag, in UTF-16 units as LSP counts),
/// severity, code = message ID with a link to its documentation, the text in the client's locale,
/// and a message's other places as related information. A message with no file is put on the
/// package document.
struct DiagnosticMapper {
    let root: String
    let unsaved: [String: Data]
    let locale: MessageLocale
    static let documentation = "https://w3c.github.io/epubcheck/docs/messages"

    func map(_ messages: [ValidationMessage], packagePath: String? = nil) -> [String: [JSONValue]] {
        var texts: [String: SourceText] = [:]
        func text(_ path: String) -> SourceText {
            if let known = texts[path] { return known }
            let bytes = unsaved[path] ?? FileManager.default.contents(atPath: root + "/" + path) ?? Data()
            let loaded = SourceText(Array(bytes))
            texts[path] = loaded
            return loaded
        }
        var out: [String: [JSONValue]] = [:]
        for message in messages {
            let places = message.locations.filter { !$0.path.isEmpty }
            guard let path = places.first?.path ?? packagePath else { continue }
            var fields: [(String, JSONValue)] = [
                ("range", places.first.map { Self.range($0, in: text(path)) } ?? Self.range((0, 0), (0, 0))),
                ("severity", .integer(Self.severity(message.severity))),
                ("code", .string(message.id)),
                ("codeDescription", .object([("href", .string(Self.documentation))])),
                ("source", .string("epubcontract")),
                ("message", .string(message.localizedSuggestion.map { message.localizedMessage + "\n" + $0 } ?? message.localizedMessage)),
            ]
            let related = places.dropFirst().map { place -> JSONValue in
                .object([("location", .object([("uri", .string(FileURI.uri(root + "/" + place.path))), ("range", Self.range(place, in: text(place.path)))])),
                         ("message", .string(message.id))])
            }
            if !related.isEmpty { fields.append(("relatedInformation", .array(related))) }
            out[FileURI.uri(root + "/" + path), default: []].append(.object(fields))
        }
        return out
    }

    static func severity(_ severity: Diagnostic.Severity) -> Int64 {
        switch severity {
        case .fatal, .error: 1
        case .warning: 2
        case .info: 3
        case .usage: 4
        }
    }

    /// The start tag ending at the place's column (from its `<` on that line), the line's text
    /// when there is no column, the file's start when there is no line.
    static func range(_ place: ValidationMessage.Location, in text: SourceText) -> JSONValue {
        guard let line = place.line, line >= 1 else { return range((0, 0), (0, 0)) }
        let span = text.lineRange(line - 1)
        guard let column = place.column, column >= 1 else {
            let bytes = text.bytes
            var start = span.lowerBound
            while start < span.upperBound, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            return range(text.position(of: start), text.position(of: span.upperBound))
        }
        let end = text.offset(line: line - 1, character: column - 1)
        var start = end
        while start > span.lowerBound, text.bytes[start - 1] != 0x3C { start -= 1 }
        start = start > span.lowerBound ? start - 1 : span.lowerBound
        if start == end, end < span.upperBound { return range(text.position(of: end), text.position(of: end + 1)) }
        return range(text.position(of: start), text.position(of: end))
    }

    static func range(_ start: (line: Int, character: Int), _ end: (line: Int, character: Int)) -> JSONValue {
        .object([("start", position(start)), ("end", position(end))])
    }

    static func position(_ p: (line: Int, character: Int)) -> JSONValue {
        .object([("line", .integer(Int64(p.line))), ("character", .integer(Int64(p.character)))])
    }
}
