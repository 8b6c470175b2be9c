import EPUBContract
import Foundation

/// What a batch run comes to: books by outcome, the most frequent message IDs, time and rate.
package struct BatchSummary {
    package var books = 0
    package var byStatus: [BatchRecord.Status: Int] = [:]
    /// Messages per ID, and in how many books each ID occurs.
    package var messageCounts: [String: (messages: Int, books: Int)] = [:]
    package var skipped = 0
    /// inspect and export: a book is done (read, exported) or unusable, with no messages to count.
    package var doneWord: String?
    package let start = DispatchTime.now()

    package mutating func add(status: BatchRecord.Status, messageIDs: [String]) {
        books += 1
        byStatus[status, default: 0] += 1
        for id in Set(messageIDs) { messageCounts[id, default: (0, 0)].books += 1 }
        for id in messageIDs { messageCounts[id, default: (0, 0)].messages += 1 }
    }

    package var seconds: Double { BatchWorker.elapsed(since: start) / 1000 }

    /// The ten most frequent IDs, most books first.
    package var top: [(id: String, messages: Int, books: Int)] {
        let all: [(id: String, messages: Int, books: Int)] = messageCounts.map { ($0.key, $0.value.messages, $0.value.books) }
        let sorted = all.sorted { a, b in
            a.books != b.books ? a.books > b.books : a.messages != b.messages ? a.messages > b.messages : a.id < b.id
        }
        return Array(sorted.prefix(10))
    }

    package func count(_ status: BatchRecord.Status) -> Int { byStatus[status] ?? 0 }

    /// Two or three lines for standard error.
    package var text: String {
        let rate = seconds > 0 ? Double(books) / seconds : 0
        var parts = doneWord.map { ["\(count(.clean)) \($0)", "\(count(.unusable)) unusable"] }
            ?? ["\(count(.clean)) clean", "\(count(.warnings)) with warnings only", "\(count(.errors)) with errors", "\(count(.unusable)) unusable"]
        for (status, label) in [(BatchRecord.Status.timeout, "timed out"), (.crashed, "crashed"), (.memory, "over the memory budget")] where count(status) > 0 {
            parts.append("\(count(status)) \(label)")
        }
        let head = "\(books) book\(books == 1 ? "" : "s") in " + String(format: "%.1f s (%.1f books/s): ", seconds, rate)
        var lines = [head + parts.joined(separator: ", ")]
        if skipped > 0 { lines.append("\(skipped) already in the --resume file, skipped") }
        if !top.isEmpty { lines.append("most frequent: " + top.map { "\($0.id) (\($0.books) book\($0.books == 1 ? "" : "s"))" }.joined(separator: ", ")) }
        return lines.joined(separator: "\n")
    }

    package var json: JSONValue {
        let statuses: [BatchRecord.Status] = [.clean, .warnings, .errors, .unusable, .timeout, .crashed, .memory]
        return .object([
            ("books", .integer(Int64(books))),
            ("skipped", .integer(Int64(skipped))),
            ("byStatus", .object(statuses.map { ($0.rawValue, .integer(Int64(count($0)))) })),
            ("topMessages", .array(top.map { .object([("id", .string($0.id)), ("messages", .integer(Int64($0.messages))), ("books", .integer(Int64($0.books)))]) })),
            ("seconds", .number((seconds * 1000).rounded() / 1000)),
            ("booksPerSecond", .number(seconds > 0 ? (Double(books) / seconds * 10).rounded() / 10 : 0)),
        ])
    }
}
