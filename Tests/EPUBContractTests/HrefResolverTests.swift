@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
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
        // Scheme-relative: another host, whatever the document's base.
        #expect(HrefResolver.resolve(" //example.org/x.xhtml", against: "EPUB/c.xhtml") == .remote("//example.org/x.xhtml"))
        #expect(HrefResolver.resolve("/x.xhtml", against: "EPUB/c.xhtml") == .local(path: "x.xhtml", fragment: nil))
    }

    @Test(arguments: ["../../etc/passwd", "../x.xhtml", "bad%zz.xhtml", "bad%C3.xhtml"])
    func invalidReferences(href: String) {
        #expect(HrefResolver.resolve(href, against: "package.opf") == .invalid(href))
        #expect(HrefResolver.path(href, against: "package.opf") == nil)
    }

    /// The one-pass path for plain relative hrefs must resolve exactly as the general one does:
    /// every href built from these pieces, against bases with and without folders.
    @Test func plainHrefsResolveAsTheGeneralPathDoes() {
        let pieces = ["a", "ch 1.xhtml", "é.xhtml", ".", "..", "...", "", ".a", "a.", "%41", "?q", "#f", "#", "#x%20y", "#a/b", "x#y#z"]
        let bases = ["p.opf", "EPUB/p.opf", "EPUB/text/c.xhtml", "/p.opf", "a//b/c.xhtml", "dir/"]
        var compared = 0
        for first in pieces {
            for second in pieces {
                for joiner in ["", "/", "//"] {
                    let href = first + joiner + second
                    // `//…` is scheme-relative (remote), tested above.
                    if href.hasPrefix("//") { compared += bases.count; continue }
                    for base in bases {
                        let expected = HrefResolver.resolveSegments(href, written: href, against: base)
                        #expect(HrefResolver.resolve(href, against: base) == expected, "\(href) against \(base)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared == pieces.count * pieces.count * 3 * bases.count)
    }
}
