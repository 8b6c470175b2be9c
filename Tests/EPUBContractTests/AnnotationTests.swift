@testable import EPUBContract
@testable import EPUBDocument
import EPUBMessages
import Foundation
import Testing

/// EPUB Annotations 1.0 (the W3C editor's draft's tables) on the CFI sample book: a set with every
/// selector kind the profile lists (and the two tools use beside it), refinements, stale targets,
/// and annotations that break the profile's rules, each at its JSON pointer.
struct AnnotationTests {
    func report() throws -> (AnnotationReport, CFILocator) {
        let locator = CFILocator(session: try Inspect.session(LocateTests.book))
        let data = try Data(contentsOf: FixturePaths.fixtures.appendingPathComponent("locate/cfi-spec-example.annotation"))
        return (try AnnotationChecker.check(Array(data), name: "set", locator: locator), locator)
    }

    func text(_ item: AnnotationReport.Item?, _ locator: CFILocator) throws -> String {
        let range = try #require(item?.range)
        let index = try #require(item?.spineIndex)
        let units = try #require(locator.item(index)?.units)
        return String(decoding: units[range], as: UTF16.self)
    }

    @Test func everySelectorKindResolves() throws {
        let (report, locator) = try report()
        let byID = Dictionary(uniqueKeysWithValues: report.items.map { ($0.id ?? "", $0) })
        // An HTML id: the paragraph's content (a block ends with its line break).
        #expect(try text(byID["urn:uuid:a1"], locator) == "xxxyyy0123456789\n")
        // The spec's own pattern: a CSS selector refined by characters 3–6 of what it selects.
        #expect(try text(byID["urn:uuid:a2"], locator) == "yyy")
        // A text fragment with a prefix and a suffix.
        #expect(try text(byID["urn:uuid:a3"], locator) == "yyy")
        // An EPUB CFI range (resolved, though the profile does not list CFI).
        #expect(try text(byID["urn:uuid:a4"], locator) == "yy0123")
        #expect(try text(byID["urn:uuid:a5"], locator) == "seven")
        // No selector: the whole spine item. (Positions count code points: the text has 92 UTF-16 units, 91 characters.)
        #expect(try text(byID["urn:uuid:a9"], locator) == "Chapter 2 text.\n")
        // A resource outside the spine: the whole resource.
        let svg = try #require(byID["urn:uuid:a7"])
        #expect(svg.resolved && svg.spineIndex == nil && svg.href == "foo.svg")
        // Two selectors that disagree: the first wins, and the disagreement is said.
        let disagree = try #require(byID["urn:uuid:a11"])
        #expect(try text(disagree, locator) == "\u{FFFC}" && disagree.notes == [.annoSelectorsDisagree])
        #expect(disagree.cfi?.description == "epubcfi(/6/4[chap01ref]!/4[body01],/16[svgimg],/17:0)")
    }

    @Test func staleTargetsSayWhy() throws {
        let (report, _) = try report()
        let byID = Dictionary(uniqueKeysWithValues: report.items.map { ($0.id ?? "", $0) })
        let gone = try #require(byID["urn:uuid:a6"])
        #expect(!gone.resolved && gone.selectors.map(\.problem) == [.annoStaleID("gone"), .annoStaleQuote("not in the book")])
        #expect(try #require(byID["urn:uuid:a10"]).selectors.first?.problem == .annoPositionPast(500, 91))
        #expect(byID["urn:uuid:a8"]?.resolved == false)
        #expect(report.stale == 3 && report.items.count == 11)
    }

    @Test func profileRulesAtTheirPointers() throws {
        let (report, _) = try report()
        let errors = report.findings.filter { $0.severity == .error }.map(\.pointer)
        #expect(errors == ["/items/3/target/selector/0/conformsTo", "/items/7/motivation", "/items/7/created", "/items/7/body/color",
                           "/items/7/target/source", "/items/8/created"])
        let warnings = report.findings.filter { $0.severity == .warning }.map(\.pointer)
        #expect(warnings == ["/items/4/target/selector/0/type", "/items/5/target/selector/1/type", "/items/7/body/format"])
        let notJSON = #expect(throws: AnnotationChecker.Failure.self) {
            try AnnotationChecker.check(Array("{\"type\": ".utf8), name: "x", locator: CFILocator(session: try Inspect.session(LocateTests.book)))
        }
        #expect(notJSON?.text == .annoNotJSON("x", "unexpected-end", 9))
    }

    @Test func reportHasTheSchemasShape() throws {
        let (report, locator) = try report()
        let schema = SchemaValidator(root: try JSONText.parse(String(contentsOf: FixturePaths.root.appendingPathComponent("schemas/annotations-report.schema.json"), encoding: .utf8)))
        let json = try JSONText.parse(report.json(locator).serialized())
        #expect(schema.errors(in: json) == [])
        #expect(json["summary"] == (try JSONText.parse(#"{"annotations": 11, "resolved": 8, "stale": 3, "errors": 6, "warnings": 3}"#)))
    }
}
