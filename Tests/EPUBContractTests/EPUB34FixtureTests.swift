@testable import EPUBValidator
import Foundation
import Testing

/// Each folder in `Fixtures/epub34/` is a small publication with one behaviour EPUB 3.4 changes
/// (docs/epub34.md). `NAME.ids` lists what `validate --epub 3.4` reports, from the specification
/// (EPUBCheck 5.3.0 knows no 3.4); `NAME.ids33` what EPUBCheck 5.3.0 reports for it with `-u`,
/// which the default (`--epub 3.3`) must still report.
struct EPUB34FixtureTests {
    static let folder = FixturePaths.fixtures.appendingPathComponent("epub34")
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".ids") }.map { String($0.dropLast(4)) }.sorted()

    @Test func thereAreFixtures() {
        #expect(Self.names.count >= 6)
    }

    @Test(arguments: names)
    func revisionsReportWhatEachSays(name: String) throws {
        let path = Self.folder.appendingPathComponent(name).path
        for (revision, suffix) in [(EPUBRevision.epub34, "ids"), (.epub33, "ids33")] {
            let expected = try ValidationFixtureTests.expectedIDs(Self.folder.appendingPathComponent("\(name).\(suffix)"))
            guard case .report(let report) = Validator.validate(path: path, revision: revision) else {
                Issue.record("\(name) could not be validated")
                continue
            }
            #expect(ValidationFixtureTests.counts(report).filter { !$0.key.hasPrefix("EC-") } == expected, "\(name) --epub \(revision.rawValue)")
        }
    }
}
