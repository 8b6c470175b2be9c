import EPUBContract
import EPUBReports

/// `fix`'s report: what was repaired (message ID, file, change), what is left for a person, and
/// the counts before and after; as text in the report's locale, or as JSON with a unified diff
/// of every changed text file (schemas/fix-report.schema.json).
public enum FixReportFormatter {
    public static let version = "1.0.0"

    /// Where the repaired book went, for the last line of the text report.
    public enum Destination: Sendable {
        case file(String)
        case inPlace(backup: String)
        case dryRun
        /// `--in-place` on a book nothing changed: nothing written.
        case untouched
        /// The source is no container at all: nothing to write.
        case unreadable
    }

    public static func text(_ result: FixResult, destination: Destination, diffs: Bool, locale: MessageLocale) -> String {
        var lines = [MessageText.fixRepairing(result.source).rendered(in: locale)]
        for record in result.records {
            lines.append(MessageText.fixRepaired(record.id, record.path, MessageArgument.phrase(record.change)).rendered(in: locale))
        }
        if result.records.isEmpty {
            lines.append((result.before.messages.isEmpty ? MessageText.fixNothingWrong : .fixNoRepairApplies).rendered(in: locale))
        }
        if diffs { lines += result.changes.compactMap { $0.diff.map { $0.hasSuffix("\n") ? String($0.dropLast()) : $0 } } }
        let left = result.remaining
        if !left.isEmpty {
            lines.append(MessageText.fixLeftForPerson(left.count).rendered(in: locale))
            for message in left {
                let places = message.locations.isEmpty ? [""] : message.locations.map { place in
                    place.path + (place.line.map { "(\($0)\(place.column.map { ",\($0)" } ?? ""))" } ?? "") + ": "
                }
                lines += places.map { "  \(message.severity.rawValue.uppercased())(\(message.id)): \($0)\(message.text?.rendered(in: locale) ?? message.message)" }
            }
        }
        lines.append(MessageText.fixCounts(counts(result.before), counts(result.after)).rendered(in: locale))
        switch destination {
        case .file(let path): lines.append((result.isChanged ? MessageText.fixWritten(path) : .fixCopied(path)).rendered(in: locale))
        case .inPlace(let backup): lines.append(MessageText.fixWrittenInPlace(backup).rendered(in: locale))
        case .dryRun: lines.append(MessageText.fixDryRun.rendered(in: locale))
        case .untouched: lines.append(MessageText.fixUntouched.rendered(in: locale))
        case .unreadable: lines.append(MessageText.fixUnreadable.rendered(in: locale))
        }
        return lines.joined(separator: "\n")
    }

    /// Errors and warnings as the locale counts them ("2 errors and 1 warning").
    private static func counts(_ report: ValidationReport) -> MessageArgument {
        let errors = report.count(.fatal) + report.count(.error), warnings = report.count(.warning)
        return .list([errors == 1 ? .countError(errors) : .countErrors(errors), warnings == 1 ? .countWarning(warnings) : .countWarnings(warnings)], .and)
    }

    public static func json(_ result: FixResult, destination: Destination, pretty: Bool) -> String {
        func tally(_ report: ValidationReport) -> JSONValue {
            .object(Diagnostic.Severity.allCases.map { ($0.rawValue, .integer(Int64(report.count($0)))) })
        }
        let output: JSONValue
        switch destination {
        case .file(let path): output = .object([("path", .string(path)), ("copied", .bool(!result.isChanged))])
        case .inPlace(let backup): output = .object([("path", .string(result.source)), ("backup", .string(backup))])
        case .dryRun, .untouched, .unreadable: output = .null
        }
        let fields: [(String, JSONValue)] = [
            ("reportVersion", .string(version)),
            ("generator", .object([("name", .string("epubcontract")), ("version", .string(ReaderContract.version))])),
            ("source", .string(result.source)),
            ("clean", .bool(result.isClean)),
            ("changed", .bool(result.isChanged)),
            ("output", output),
            ("before", tally(result.before)),
            ("after", tally(result.after)),
            ("answered", .array(result.answered.ids.map(JSONValue.string))),
            ("unanswered", .array(result.answered.unanswered.map(JSONValue.string))),
            ("repairs", .array(result.records.map { record in
                .object([("id", .string(record.id)), ("path", .string(record.path)), ("change", .string(record.change.rendered())),
                         ("kind", .string("\(record.change.key)")),
                         ("round", .integer(Int64(record.round)))])
            })),
            ("files", .array(result.changes.map { change in
                .object([("path", .string(change.path)), ("added", .bool(change.added)), ("removed", .bool(change.removed)),
                         ("diff", change.diff.map(JSONValue.string) ?? .null)])
            })),
            ("remaining", .array(result.remaining.map { message in
                var value = JSONReportFormatter.message(message)
                if case .object(var fields) = value, let key = message.text?.key {
                    fields.append(("template", .string("\(key)")))
                    value = .object(fields)
                }
                return value
            })),
        ]
        return JSONValue.object(fields).serialized(pretty: pretty)
    }
}
