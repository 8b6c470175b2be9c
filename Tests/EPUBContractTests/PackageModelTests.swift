@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Foundation
import Testing

/// The package model keeps what the validator's package rules read: places, values as written,
/// and the elements the reading model has no use for (collections, unresolved itemrefs).
struct PackageModelTests {
    static let opf = """
    <?xml version="1.0" encoding="UTF-8"?>
    <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" prefix="my: http://example.org/my#">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
        <dc:identifier id="uid">urn:x</dc:identifier>
        <meta property="unknown:term">1</meta>
        <meta refines="#nobody" property="role">aut</meta>
        <link rel="record  my:rel" href="rec.xml" media-type="application/xml" hreflang=" en" refines="#uid"/>
        <dc:language xml:lang="fr-FR">en</dc:language>
      </metadata>
      <manifest>
        <item id="c1" href="c1.xhtml" media-type="application/xhtml+xml" properties=""/>
      </manifest>
      <spine page-map="map">
        <itemref idref="c1" properties="page-spread-left"/>
        <itemref idref="missing" properties="x"/>
      </spine>
      <collection role="index" id="ix">
        <metadata><meta property="my:p" refines="#l1">v</meta></metadata>
        <link id="l1" href="c1.xhtml"/>
        <collection role="index-group"><link href="c1.xhtml#g"/></collection>
      </collection>
    </package>
    """

    static func package() throws -> PackageDocument {
        let document = try #require(XMLParser.parse(Data(opf.utf8), path: "OPS/package.opf").document)
        var log = DiagnosticLog()
        return PackageParser.parse(document, diagnostics: &log)
    }

    @Test func placesAndValuesAsWritten() throws {
        let p = try Self.package()
        #expect(p.isEPUB3)
        #expect(p.line == 2)
        #expect(p.metadataLine == 3)
        #expect(p.spineLine == 13)
        #expect(p.spineHasPageMap)
        #expect(p.namespace == XMLNamespace.opf)
        let link = try #require(p.links.first)
        #expect(link.line == 7)
        #expect(link.relWritten == ["record", "my:rel"])
        #expect(link.rel == [Vocabulary.link + "record", "http://example.org/my#rel"])
        #expect(link.hreflang == " en")
        #expect(link.refinesWritten == "#uid")
        #expect(p.manifest.first?.propertiesWritten == [])
        #expect(p.spine.map(\.propertiesWritten) == [["page-spread-left"]])
        #expect(p.unresolvedItemrefs.map(\.idref) == ["missing"])
        #expect(p.unresolvedItemrefs.first?.line == 15)
        #expect(p.languageAttributes.map(\.value) == ["fr-FR"])
        #expect(p.languageAttributes.map(\.line) == [8])
    }

    @Test func declaredMetadataKeepsWhatTheReadingModelDrops() throws {
        let p = try Self.package()
        // The unexpandable meta and the refinement of nothing are declared, in document order.
        #expect(p.declaredMetadata.map(\.name) == ["dc:identifier", "unknown:term", "role", "dc:language"])
        #expect(p.declaredMetadata[1].property == nil)
        #expect(p.declaredMetadata[2].refinesWritten == "#nobody")
        #expect(!p.metadata.contains { $0.name == "unknown:term" || $0.name == "role" })
    }

    @Test func collectionsNestWithTheirMetadataLinksAndIDs() throws {
        let p = try Self.package()
        let index = try #require(p.collections.first)
        #expect(index.roles == ["index"])
        #expect(index.line == 17)
        #expect(index.metadata?.map(\.propertyWritten) == ["my:p"])
        #expect(index.metadata?.first?.refinesWritten == "#l1")
        #expect(index.links == [.init(href: "c1.xhtml", line: 19)])
        #expect(index.collections.map(\.roles) == [["index-group"]])
        #expect(index.ids == ["l1"])
        #expect(index.selfAndDescendants.flatMap(\.links).map(\.href) == ["c1.xhtml", "c1.xhtml#g"])
    }
}

/// The `prefix` attribute's grammar, faults and recovery as EPUBCheck 5.3.0 reports them.
struct PrefixAttributeTests {
    static func ids(_ value: String) -> [String] {
        PrefixAttribute(value).faults.map { $0.messageID.rawValue }
    }

    @Test func wellFormedMappings() {
        let parsed = PrefixAttribute("foaf: http://xmlns.com/foaf/spec/\n  dbp:  http://dbpedia.org/ontology/ x:: urn:x")
        #expect(parsed.mappings.map(\.prefix) == ["foaf", "dbp", "x"])
        #expect(parsed.mappings.map(\.iri) == ["http://xmlns.com/foaf/spec/", "http://dbpedia.org/ontology/", "urn:x"])
        #expect(parsed.faults.isEmpty)
    }

    @Test func oneSlipCostsOneMapping() {
        // A space inside the first IRI: its tail reads as a bad prefix, the next prefix as an IRI …
        let parsed = PrefixAttribute("foaf: http://exa mple.com/ dbp: http://dbpedia.org/ontology/")
        #expect(parsed.mappings.map(\.prefix) == ["foaf"])
        #expect(parsed.mappings.first?.iri == "http://exa")
        #expect(Self.ids("foaf: http://exa mple.com/ dbp: http://dbpedia.org/ontology/") == ["OPF-004b", "OPF-004c", "OPF-006", "OPF-004d"])
    }

    @Test(arguments: [
        (" foaf: http://a.org/", ["OPF-004"]), ("   ", ["OPF-004", "OPF-004"]), (": http://a.org/", ["OPF-004a"]),
        ("foaf http://a.org/", ["OPF-004c"]), ("foaf : http://a.org/", ["OPF-004c"]), ("foaf:http://a.org/", ["OPF-004d"]),
        ("foaf:\thttp://a.org/", ["OPF-004e"]), ("a: http://a.org/\u{A0}b: http://b.org/", ["OPF-004f"]),
        ("foaf: ht%tp://x", ["OPF-006"]), ("foaf: http://[bad", ["OPF-006"]), ("foaf:", ["OPF-005"]), ("foaf: urn:isbn:1 ", ["OPF-004"]),
    ])
    func faults(value: String, expected: [String]) {
        #expect(Self.ids(value) == expected)
    }
}
