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
    package var doneWord: MessageText?
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

    /// Two or three lines for standard error, in the run's locale.
    package var text: String {
        let locale = ReportLocale.current
        let rate = seconds > 0 ? Double(books) / seconds : 0
        func part(_ n: Int, _ word: MessageText) -> MessageArgument { .phrase(.batchCountStatus(n, word)) }
        var parts = doneWord.map { [part(count(.clean), $0), part(count(.unusable), .batchStatusUnusable)] }
            ?? [BatchRecord.Status.clean, .warnings, .errors, .unusable].map { part(count($0), $0.text) }
        for status in [BatchRecord.Status.timeout, .crashed, .memory] where count(status) > 0 { parts.append(part(count(status), status.text)) }
        let time = String(format: "%.1f", seconds), perSecond = String(format: "%.1f", rate), outcome = MessageArgument.list(parts, .none)
        var lines = [books == 1 ? MessageText.batchSummaryOneBook(time, perSecond, outcome) : .batchSummaryBooks(books, time, perSecond, outcome)]
        if skipped > 0 { lines.append(.batchSkippedResume(skipped)) }
        if !top.isEmpty {
            lines.append(.batchMostFrequent(MessageArgument.list(top.map { .phrase($0.books == 1 ? .batchIDInOneBook($0.id) : .batchIDInBooks($0.id, $0.books)) }, .none)))
        }
        return lines.map { $0.rendered(in: locale) }.joined(separator: "\n")
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
