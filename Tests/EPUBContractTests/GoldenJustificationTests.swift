@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Foundation
import Testing

/// Golden files are our own output; what keeps them honest is `Fixtures/justifications.tsv`: for
/// each expected file, the fields it pins and the specification section or oracle run that says
/// their values. `Fixtures/justifications.sha256` records each file's hash with its rows' hash, so
/// an expected file cannot change unless `scripts/justify` records it, and that refuses when the
/// file changed and its justification did not.
struct GoldenJustificationTests {
    struct Row { let file: String, pointer: String, why: String }

    static let rows: [Row] = {
        let url = FixturePaths.fixtures.appendingPathComponent("justifications.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return f.count == 3 ? Row(file: f[0], pointer: f[1], why: f[2]) : nil
        }
    }()

    /// Every golden file: the contract fixtures' and the accessibility reports', relative to Fixtures/.
    static let goldenFiles: [String] = {
        let fm = FileManager.default
        let top = ((try? fm.contentsOfDirectory(atPath: FixturePaths.fixtures.path)) ?? []).filter { $0.hasSuffix(".expected.json") }
        let a11y = ((try? fm.contentsOfDirectory(atPath: FixturePaths.fixtures.appendingPathComponent("accessibility").path)) ?? [])
            .filter { $0.hasSuffix(".expected.json") }.map { "accessibility/" + $0 }
        return (top + a11y).sorted()
    }()

    @Test func everyGoldenFileIsJustifiedFieldByField() throws {
        #expect(Self.goldenFiles.count >= 58)
        for file in Self.goldenFiles {
            let mine = Self.rows.filter { $0.file == file }
            #expect(!mine.isEmpty, "\(file) has no row in Fixtures/justifications.tsv")
            let json = try JSONText.parse(String(contentsOf: FixturePaths.fixtures.appendingPathComponent(file), encoding: .utf8))
            for row in mine {
                #expect(row.why.count > 20, "\(file) \(row.pointer): a justification names its source")
                var value: JSONValue? = json
                for step in row.pointer.split(separator: "/").map(String.init) {
                    value = Int(step).flatMap { value?[$0] } ?? value?[step]
                }
                #expect(value != nil, "\(file): \(row.pointer) pins nothing")
            }
        }
        #expect(Set(Self.rows.map(\.file)).isSubset(of: Set(Self.goldenFiles)), "a row names a file that is not a golden file")
    }

    @Test func noGoldenFileChangedWithoutItsJustification() throws {
        let url = FixturePaths.fixtures.appendingPathComponent("justifications.sha256")
        let recorded = Dictionary(uniqueKeysWithValues: try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line -> (String, (String, String))? in
            let f = line.split(separator: " ").map(String.init)
            return f.count == 3 ? (f[2], (f[0], f[1])) : nil
        })
        for file in Self.goldenFiles {
            let data = try Data(contentsOf: FixturePaths.fixtures.appendingPathComponent(file))
            let rows = Self.rows.filter { $0.file == file }.map { "\($0.file)\t\($0.pointer)\t\($0.why)" }.joined(separator: "\n")
            let now = (SHA256.hex(of: data), SHA256.hex(of: Data(rows.utf8)))
            #expect(recorded[file].map { $0 == now } ?? false, "\(file) changed since scripts/justify recorded it: justify the change in Fixtures/justifications.tsv, then run scripts/justify")
        }
    }
}
