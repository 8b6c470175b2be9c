@testable import EPUBContract
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
