import EPUBContract
import Foundation

/// One book's line in a batch run's JSON Lines output: written by a worker for a book it
/// finished, or by the run itself for a book whose worker timed out, crashed or ran out of memory.
package struct BatchRecord {
    /// What became of the book.
    package enum Status: String {
        /// validate: no errors or warnings; inspect: a contract was produced.
        case clean
        case warnings
        case errors
        /// The input could not be used at all (exit status 2 of a single run).
        case unusable
        case timeout
        case crashed
        /// Stopped for using more memory than `--max-memory-mib`.
        case memory
    }

    package var path: String
    package var size: UInt64?
    package var sha256: String?
    package var status: Status
    /// The exit status a single run on this book would have had; nil when it was stopped.
    package var exitCode: Int?
    package var counts: [(String, Int)] = []
    /// The report's messages (validate) or the contract (inspect), as serialized JSON.
    package var payload: (key: String, json: String)?
    package var elapsedMs: Double
    package var peakMemoryKiB: Int?
    package var error: String?

    /// A book that could not be done, on standard output: its path, its status and why.
    package static func failureLine(_ record: [String: Any]) -> String {
        let status = (record["status"] as? String).flatMap(Status.init(rawValue:))
        return MessageText.describeFailed(record["path"] as? String ?? "?", status.map { $0.text.messageArgument } ?? .text(record["status"] as? String ?? "?"),
                                          record["error"] as? String ?? "").rendered(in: ReportLocale.current)
    }

    package init(path: String, size: UInt64?, sha256: String?, status: Status, exitCode: Int?, elapsedMs: Double, error: String? = nil) {
        self.path = path
        self.size = size
        self.sha256 = sha256
        self.status = status
        self.exitCode = exitCode
        self.elapsedMs = elapsedMs
        self.error = error
    }

    /// The record as one line of JSON (no line break inside).
    package var line: String {
        var members: [(String, JSONValue)] = [
            ("path", .string(path)),
            ("size", size.map { .integer(Int64($0)) } ?? .null),
            ("sha256", sha256.map(JSONValue.string) ?? .null),
            ("status", .string(status.rawValue)),
            ("exitCode", exitCode.map { .integer(Int64($0)) } ?? .null),
        ]
        if !counts.isEmpty { members.append(("counts", .object(counts.map { ($0.0, .integer(Int64($0.1))) }))) }
        members.append(("elapsedMs", .number((elapsedMs * 10).rounded() / 10)))
        members.append(("peakMemoryKiB", peakMemoryKiB.map { .integer(Int64($0)) } ?? .null))
        if let error { members.append(("error", .string(error))) }
        let head = JSONValue.object(members).serialized(pretty: false)
        guard let payload else { return head }
        return String(head.dropLast()) + ",\(JSONValue.string(payload.key).serialized()):\(payload.json)}"
    }

    /// Size and SHA-256 of a book file (nil for a folder or an unreadable file).
    package static func digest(of path: String) -> (size: UInt64?, sha256: String?) {
        guard !BatchInputs.isFolder(path), let digest = SHA256.file(at: path) else { return (nil, nil) }
        return (digest.size, digest.hex)
    }

    /// Whether a line's bytes are one whole record: a JSON object with a `path` (what `--resume` reads).
    package static func isWholeRecord(_ bytes: [UInt8]) -> Bool {
        (try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])?["path"] is String
    }
}
