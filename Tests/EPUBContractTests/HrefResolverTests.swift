@testable import EPUBContract
import Testing

struct HrefResolverTests {
    @Test(arguments: [
        ("chapter1.xhtml", "EPUB/package.opf", "EPUB/chapter1.xhtml", nil),
        ("text/ch%201.xhtml#p%C3%A9", "EPUB/package.opf", "EPUB/text/ch 1.xhtml", "pé"),
        ("../images/a.png", "EPUB/text/ch1.xhtml", "EPUB/images/a.png", nil),
        ("../x.xhtml", "EPUB/package.opf", "x.xhtml", nil),
        ("./a/./b/../c.xhtml", "OPS/p.opf", "OPS/a/c.xhtml", nil),
        ("#note", "EPUB/text/ch1.xhtml", "EPUB/text/ch1.xhtml", "note"),
        ("ch1.xhtml?query=1#x", "p.opf", "ch1.xhtml", "x"),
        ("%2541.xhtml", "p.opf", "%41.xhtml", nil),
    ] as [(String, String, String, String?)])
    func localReferences(href: String, base: String, path: String, fragment: String?) {
        #expect(HrefResolver.resolve(href, against: base) == .local(path: path, fragment: fragment))
    }

    @Test func remoteReferencesStayAsWritten() {
        #expect(HrefResolver.resolve("https://example.org/a b", against: "p.opf") == .remote("https://example.org/a b"))
        #expect(HrefResolver.resolve("mailto:x@example.org", against: "p.opf") == .remote("mailto:x@example.org"))
    }

    @Test(arguments: ["../../etc/passwd", "../x.xhtml", "bad%zz.xhtml", "bad%C3.xhtml"])
    func invalidReferences(href: String) {
        #expect(HrefResolver.resolve(href, against: "package.opf") == .invalid(href))
        #expect(HrefResolver.path(href, against: "package.opf") == nil)
    }
}
