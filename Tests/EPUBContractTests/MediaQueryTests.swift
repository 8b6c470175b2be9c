@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Foundation
import Testing

/// The one media-query evaluator against `Fixtures/media/queries.tsv`: every row's answer is what
/// headless Chromium's `matchMedia` gave at the assumed screen (`scripts/media-check` asks it
/// again in CI), so this test fails when our evaluator and Chromium part.
struct MediaQueryTests {
    static func table(_ url: URL = FixturePaths.fixtures.appendingPathComponent("media/queries.tsv")) throws -> [(query: String, chromium: Bool, why: String)] {
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, fields[1] == "true" || fields[1] == "false" else { throw TableError.malformed(String(line)) }
            return (fields[0], fields[1] == "true", fields[2])
        }
    }

    enum TableError: Error { case malformed(String) }

    @Test func everyQueryOfTheTableAgreesWithChromium() throws {
        let rows = try Self.table()
        #expect(rows.count >= 180)
        #expect(rows.filter(\.chromium).count >= 80 && rows.filter { !$0.chromium }.count >= 70)
        for row in rows {
            #expect(MediaQuery.matches(row.query) == row.chromium, "\(row.query) (\(row.why))")
        }
    }

    /// The media queries of real books with Chromium's answers, written by `scripts/media-check
    /// BOOK…` to the file `MEDIA_QUERIES_TSV` names; run only then.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MEDIA_QUERIES_TSV"] != nil))
    func theBooksQueriesAgreeWithChromium() throws {
        let path = try #require(ProcessInfo.processInfo.environment["MEDIA_QUERIES_TSV"])
        let rows = try Self.table(URL(fileURLWithPath: path))
        #expect(!rows.isEmpty)
        for row in rows {
            #expect(MediaQuery.matches(row.query) == row.chromium, "\(row.query) (\(row.why))")
        }
        print("compared \(rows.count) book queries")
    }

    @Test func theTwinsOfEarlierWavesAreGone() {
        // The three queries on which wave 3's evaluators disagreed (issue 46), now one answer each.
        #expect(!MediaAssumptions.matches("(max-width:600px)"))
        #expect(!MediaAssumptions.matches("handheld"))
        #expect(!MediaAssumptions.matches("not screen"))
    }
}
