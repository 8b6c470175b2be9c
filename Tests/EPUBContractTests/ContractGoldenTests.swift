import EPUBContract
import Foundation
import Testing

/// Every fixture, as a folder and packed into a `.epub`, gives the expected contract (beside it in
/// `Fixtures/NAME.expected.json`, `source` left out) and validates against the JSON Schema.
struct ContractGoldenTests {
    static let fixtures = FixturePaths.all

    @Test func everyFixtureHasAnExpectedContract() {
        // Every contract fixture there is (37 at this writing): removing one lowers this on purpose.
        #expect(Self.fixtures.count >= 37)
        for name in Self.fixtures {
            #expect(FileManager.default.fileExists(atPath: FixturePaths.expected(name).path), "missing \(name).expected.json")
        }
    }

    @Test(arguments: fixtures)
    func folderMatchesExpected(name: String) throws {
        let expected = try JSONText.parse(String(contentsOf: FixturePaths.expected(name), encoding: .utf8))
        let actual = try Inspect.json(name).removing("source")
        let difference = actual.firstDifference(from: expected)
        #expect(difference == nil, "\(name): actual vs \(name).expected.json")
    }

    @Test(arguments: fixtures)
    func packedMatchesFolder(name: String) throws {
        let folder = try Inspect.json(name)
        let packed = try Inspect.json(name, packed: true)
        // Positions count a packed entry's compressed bytes and a folder file's bytes (Readium's rule),
        // so they, and the page-list positions they hold, differ between the two.
        func comparable(_ c: JSONValue) -> JSONValue {
            c.removing("source").removing("positions", in: "spine").removing("position", in: "pageList")
        }
        let difference = comparable(packed).firstDifference(from: comparable(folder))
        #expect(difference == nil, "packed vs folder")
        #expect(packed["source"]?["kind"] == .string("epub"))
        #expect(packed["source"]?["sha256"]?.string?.count == 64)
    }

    @Test(arguments: fixtures)
    func contractValidatesAgainstSchema(name: String) throws {
        let schema = SchemaValidator(root: try JSONText.parse(String(contentsOf: FixturePaths.schema, encoding: .utf8)))
        for packed in [false, true] {
            let errors = schema.errors(in: try Inspect.json(name, packed: packed))
            #expect(errors.isEmpty, "\(name): \(errors.prefix(5))")
        }
    }

    @Test func schemaValidatorRejectsWrongValues() throws {
        let schema = SchemaValidator(root: try JSONText.parse(String(contentsOf: FixturePaths.schema, encoding: .utf8)))
        let good = try Inspect.json("epub3-minimal")
        guard case .object(var members) = good, let index = members.firstIndex(where: { $0.0 == "pageProgression" }) else {
            Issue.record("contract is not an object")
            return
        }
        members[index].1 = .string("sideways")
        members.append(("extra", .null))
        let errors = schema.errors(in: .object(members))
        #expect(errors.contains { $0.hasPrefix("/pageProgression:") })
        #expect(errors.contains(": unexpected key 'extra'"))
    }

    @Test func keysAreInContractOrder() throws {
        let json = try Inspect.json("epub3-minimal")
        #expect(json.keys == ["contractVersion", "generator", "source", "package", "metadata", "rendition", "pageProgression",
                              "writingMode", "writingModeSource", "inferred", "spine", "spreads", "navDocument", "ncx", "tocSource",
                              "toc", "pageList", "landmarks", "navLists", "mediaOverlay", "mediaOverlays", "manifest", "diagnostics"])
    }
}
