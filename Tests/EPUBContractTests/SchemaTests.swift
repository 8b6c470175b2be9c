@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
@testable import EPUBValidator
@testable import EPUBReports
@testable import EPUBAccessibility
import Foundation
import Testing

/// The RELAX NG schemas of `schemas/`: embedded exactly, compiled by libxml2 and by our reader,
/// and violations located and named (the fixture tests check IDs and counts against EPUBCheck).
struct SchemaTests {
    static let files: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: FixturePaths.root.appendingPathComponent("schemas").path)) ?? [])
        .filter { $0.hasSuffix(".rng") }.sorted()

    @Test func everySchemaFileIsEmbeddedUnchanged() throws {
        #expect(Self.files.contains("package-30.rng"))
        #expect(Set(EmbeddedSchemas.files.keys) == Set(Self.files), "run scripts/gen-schemas")
        for name in Self.files {
            let text = try String(contentsOf: FixturePaths.root.appendingPathComponent("schemas/\(name)"), encoding: .utf8)
            #expect(EmbeddedSchemas.files[name] == text, "\(name) differs from its embedded copy: run scripts/gen-schemas")
        }
    }

    @Test(arguments: files)
    func compiles(name: String) throws {
        let text = try #require(EmbeddedSchemas.files[name])
        let schema = try RelaxNGSchema(name: name, text: text)
        _ = try schema.explainingGrammar()  // built lazily in use: compiled here so that a broken schema fails a test
    }

    /// The overlay grammar's patterns are its clock values: clipBegin and clipEnd of audio.
    @Test func overlayPatternSitesAreTheClockValues() throws {
        let text = try #require(EmbeddedSchemas.files["media-overlay-30.rng"])
        let sites = try #require(RelaxNGPatternSite.sites(in: try RelaxNGGrammar(Data(text.utf8), name: "media-overlay-30.rng")))
        let smil = "http://www.w3.org/ns/SMIL"
        #expect(sites.count == 2)
        #expect(sites.allSatisfy { $0.element.contains(namespace: smil, local: "audio") && $0.type != nil })
        #expect(Set(sites.flatMap { $0.attribute.names.map(\.local) }) == ["clipBegin", "clipEnd"])
    }

    @Test func aBadClockValueAloneIsFound() throws {
        let schema = try #require(SchemaRules.mediaOverlay30)
        func faults(_ clip: String) throws -> [SchemaViolation] {
            let smil = """
                <smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0">
                <body><par><text src="c.xhtml#p1"/><audio src="a.mp3" clipBegin="\(clip)"/></par></body></smil>
                """
            return schema.validate(try #require(XMLParser.parse(Data(smil.utf8), path: "o.smil").document))
        }
        #expect(try faults("0:00:01.5").isEmpty)
        #expect(try faults(" 90.5s ").isEmpty)
        #expect(try faults("1:2:3").map(\.line) == [2])
        #expect(try faults("six").count == 1)
    }

    private func violations(_ opf: String) throws -> [SchemaViolation] {
        let schema = try #require(SchemaRules.package30)
        let document = try #require(XMLParser.parse(Data(opf.utf8), path: "package.opf").document)
        return schema.validate(document)
    }

    private static func package(metadata: String = "", manifest: String = #"<item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>"#,
                                spine: String = #"<itemref idref="c1"/>"#) -> String {
        """
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
        <dc:identifier id="uid">urn:isbn:9780000000000</dc:identifier><dc:title>T</dc:title><dc:language>en</dc:language>
        <meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>\(metadata)
        </metadata>
        <manifest>\(manifest)</manifest>
        <spine>\(spine)</spine>
        </package>
        """
    }

    @Test func validPackageHasNoViolation() throws {
        #expect(try violations(Self.package()).isEmpty)
    }

    @Test func eachFaultIsNamedAndLocated() throws {
        let found = try violations(Self.package(
            metadata: "\n<dc:date>2020</dc:date><dc:date>2021</dc:date>\n<link href=\"r.xml\"/>",
            manifest: "\n<item id=\"c1\" media-type=\"application/xhtml+xml\" fallback=\"x y\"/>",
            spine: "\n<itemref idref=\"c1\" linear=\"maybe\" foo=\"bar\"/>"))
        #expect(found.map(Self.rendered) == [
            "5: " + "Element <dc:date> is not allowed here; expected <dc:identifier>, <dc:title>, <dc:language>, <dc:contributor>, <dc:coverage>, <dc:creator>, <dc:description>, <dc:publisher> or ….",
            "6: " + "<link> is missing 'rel'.",
            "9: " + "Attribute 'fallback' of <item> has the invalid value 'x y'; expected an XML name without colons.",
            "9: " + "<item> is missing 'href'.",
            "11: " + "Attribute 'linear' of <itemref> has the invalid value 'maybe'; expected \"no\" or \"yes\".",
            "11: " + "Attribute 'foo' is not allowed on <itemref> (allowed: id, idref, linear, properties).",
        ])
    }

    @Test func missingChildrenAreNamedAtTheParent() throws {
        let opf = """
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
        <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">x</dc:identifier></metadata>
        <manifest/>
        <spine><itemref idref="c1"/></spine>
        </package>
        """
        #expect(try violations(opf).map(Self.rendered) == [
            "2: " + "<metadata> is incomplete; missing <dc:title>, <dc:language>.",
            "3: " + "<manifest> is incomplete; missing <item>.",
        ])
    }

    @Test func emptyAndWhitespaceTextIsInvalidContent() throws {
        let found = try violations(Self.package(metadata: "\n<dc:creator> </dc:creator>"))
        #expect(found.map(Self.rendered) == ["5: " + "The content of <dc:creator> is invalid; expected text, not empty."])
    }

    /// A violation as a line of English: its line and text.
    static func rendered(_ v: SchemaViolation) -> String { "\(v.line): " + v.message.rendered() }
}
