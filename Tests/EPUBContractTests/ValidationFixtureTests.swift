@testable import EPUBValidator
@testable import EPUBReports
@testable import EPUBAccessibility
import Foundation
import Testing

/// Each folder in `Fixtures/validate/` is a small publication with one fault (or none), and
/// `NAME.ids` beside it lists the IDs EPUBCheck 5.3.0 reports for it with `-u`, one `ID count`
/// per line: `validate` must report exactly those. A fault in the ZIP itself lives in a packed
/// fixture instead, `NAME.epub` (or `NAME.EPUB`), written by `scripts/make-zip-fixtures`.
struct ValidationFixtureTests {
    static let folder = FixturePaths.fixtures.appendingPathComponent("validate")
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".ids") }.map { String($0.dropLast(4)) }.sorted()

    @Test func thereAreFixtures() {
        // Every validate fixture there is (518 at this writing): removing one lowers this on purpose.
        #expect(Self.names.count >= 518)
        #expect(Self.names.contains("valid"))
    }

    @Test(arguments: names)
    func sameIDsAsEPUBCheck(name: String) throws {
        let expected = try Self.expectedIDs(Self.folder.appendingPathComponent("\(name).ids"))
        let given = Self.packedFixture(name)
        for packed in given == nil ? [false, true] : [true] {
            let folder = Self.folder.appendingPathComponent(name).path
            let path = try given ?? (packed ? FixturePacker.pack(folder: folder) : folder)
            guard case .report(let report) = Validator.validate(path: path) else {
                Issue.record("\(name) could not be validated")
                continue
            }
            #expect(Self.counts(report).filter { !$0.key.hasPrefix("EC-") } == expected, "\(name)\(packed ? " (packed)" : "")")
        }
    }

    /// Our JSON report for every fixture matches `schemas/validation-report.schema.json`.
    @Test(arguments: names)
    func jsonReportMatchesItsSchema(name: String) throws {
        let schema = SchemaValidator(root: try JSONText.parse(String(contentsOf: FixturePaths.reportSchema, encoding: .utf8)))
        guard case .report(let report) = Validator.validate(path: Self.packedFixture(name) ?? Self.folder.appendingPathComponent(name).path) else {
            Issue.record("\(name) could not be validated")
            return
        }
        let json = try JSONText.parse(JSONReportFormatter.format(report, pretty: false))
        #expect(schema.errors(in: json) == [], "\(name)")
        #expect(json["valid"] == .bool(!report.hasErrors))
    }

    @Test func reportSchemaRejectsUnknownSeverities() throws {
        let schema = SchemaValidator(root: try JSONText.parse(String(contentsOf: FixturePaths.reportSchema, encoding: .utf8)))
        let bad = try JSONText.parse("""
            {"reportVersion":"0.1.0","generator":{"name":"epubcontract","version":"1"},"source":"x","valid":true,
             "counts":{"fatal":0,"error":0,"warning":0,"usage":0,"info":0},
             "messages":[{"id":"RSC-005","severity":"notice","message":"m","locations":[],"suggestion":null}]}
            """)
        #expect(schema.errors(in: bad).count == 1)
    }

    /// The packed book of a fixture whose fault is in the ZIP, when it is one.
    static func packedFixture(_ name: String) -> String? {
        ["epub", "EPUB"].map { Self.folder.appendingPathComponent("\(name).\($0)").path }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The IDs an `.ids` file lists, one `ID count` per line.
    static func expectedIDs(_ file: URL) throws -> [String: Int] {
        var expected: [String: Int] = [:]
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let count = Int(parts[1]) { expected[String(parts[0])] = count }
        }
        return expected
    }

    /// Message IDs with how many places each is reported at (EPUBCheck's way of counting).
    static func counts(_ report: ValidationReport) -> [String: Int] {
        var counts: [String: Int] = [:]
        for message in report.messages { counts[message.id, default: 0] += max(1, message.locations.count) }
        return counts
    }

    /// `--mode opf`: the package document alone gets the package rules, and no file is looked for.
    @Test func packageDocumentAlone() throws {
        struct Unusable: Error { var name: String }
        func ids(_ name: String) throws -> [String: Int] {
            let path = FixturePaths.fixtures.appendingPathComponent("\(name)/EPUB/package.opf").path
            guard case .report(let report) = Validator.validate(path: path, input: .packageDocument) else { throw Unusable(name: name) }
            return Self.counts(report)
        }
        #expect(try ids("validate/valid") == [:])
        #expect(try ids("validate/opf-027-unknown-properties") == ["OPF-027": 5])
        #expect(try ids("validate/opf-031-guide-missing") == [:])
        #expect(try ids("validate/opf-030-unique-identifier") == ["RSC-005": 1])
        #expect(try ids("fallback-chains") == ["OPF-040": 1, "OPF-045": 1, "OPF-074": 2])
        guard case .unusable = Validator.validate(path: Self.folder.appendingPathComponent("valid").path, input: .packageDocument) else {
            Issue.record("a folder is not a package document")
            return
        }
    }
}
