@testable import EPUBRepair
@testable import EPUBDocument
import EPUBReports
import Foundation
import Testing

/// Each folder in `Fixtures/fix/` is a small book with one fault; `NAME.fix` beside it lists the
/// repairs `fix` makes (`repair ID FILE` in its first round, `then ID FILE` later) and the IDs left for a person (`left ID`), as
/// EPUBCheck 5.3.0 judges the book before and after (`scripts/fix-check` asks it again in CI).
struct FixFixtureTests {
    static let folder = FixturePaths.fixtures.appendingPathComponent("fix")
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".fix") }.map { String($0.dropLast(4)) }.sorted()
    static let options = RepairEngine.Options(modified: "2027-01-01T00:00:00Z")

    @Test func thereAreFixtures() {
        // Every fix fixture there is (95 at this writing): removing one lowers this on purpose.
        #expect(Self.names.count >= 95)
        #expect(Self.names.contains("clean-book-unchanged"))
    }

    /// docs/fix.md names every message ID a repair answers, and says how many there are.
    @Test func docsListEveryRepairedID() throws {
        let docs = try String(contentsOf: FixturePaths.fixtures.deletingLastPathComponent().appendingPathComponent("docs/fix.md"), encoding: .utf8)
        for id in RepairEngine.messageIDs { #expect(docs.contains(id), "\(id) is not in docs/fix.md") }
        #expect(docs.contains("Message IDs repaired: **\(RepairEngine.messageIDs.count)**"))
    }

    @Test(arguments: names)
    func repairsAsExpected(name: String) throws {
        let lines = try String(contentsOf: Self.folder.appendingPathComponent(name + ".fix"), encoding: .utf8)
            .split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
        let repairs = Set(lines.filter { $0.first == "repair" || $0.first == "then" }.map { "\($0[0]) \($0[1]) \($0[2])" })
        let left = Set(lines.filter { $0.first == "left" }.map { $0[1] })
        // `only ID`: a usage message's repair, made only when --only names the ID.
        let only = lines.filter { $0.first == "only" }.map { $0[1] }
        var options = Self.options
        if !only.isEmpty { options.only = Set(only) }
        // A fault in the ZIP itself is a packed fixture, NAME.epub.
        let packed = Self.folder.appendingPathComponent(name + ".epub").path
        let path = FileManager.default.fileExists(atPath: packed) ? packed : Self.folder.appendingPathComponent(name).path
        guard case .repaired(let result) = RepairEngine.run(path: path, options: options) else {
            Issue.record("\(name): fix found nothing to read")
            return
        }
        #expect(Set(result.records.map { "\($0.round == 1 ? "repair" : "then") \($0.id) \($0.path)" }) == repairs, "\(name)")
        #expect(Set(result.remaining.map(\.id)) == left, "\(name)")
        #expect(result.isChanged == !repairs.isEmpty, "\(name)")
    }

    /// A book EPUBCheck finds clean comes out byte for byte the same.
    @Test func cleanBookIsCopiedByteForByte() throws {
        let packed = try FixturePacker.pack(folder: Self.folder.appendingPathComponent("clean-book-unchanged").path)
        guard case .repaired(let result) = RepairEngine.run(path: packed, options: Self.options) else { Issue.record("unreadable"); return }
        #expect(!result.isChanged)
        let output = packed + ".fixed.epub"
        try RepairOutput.write(result, to: output, folder: false, modified: Self.options.modified)
        #expect(FileManager.default.contents(atPath: output) == FileManager.default.contents(atPath: packed))
    }

    /// The repaired book is written whole, the metadata repair placed and indented as its siblings.
    @Test func modifiedIsAddedAfterTheLastMetadataChild() throws {
        guard case .repaired(let result) = RepairEngine.run(path: Self.folder.appendingPathComponent("rsc-005-modified-missing").path, options: Self.options) else {
            Issue.record("unreadable"); return
        }
        let change = try #require(result.changes.first { $0.path == "EPUB/package.opf" })
        #expect(change.diff == """
            --- a/EPUB/package.opf
            +++ b/EPUB/package.opf
            @@ -4,6 +4,7 @@
                 <dc:identifier id="uid">urn:uuid:5b1e1c52-8f1b-4d8e-9b43-000000000049</dc:identifier>
                 <dc:title>A Small Book</dc:title>
                 <dc:language>en</dc:language>
            +    <meta property="dcterms:modified">2027-01-01T00:00:00Z</meta>
               </metadata>
               <manifest>
                 <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>

            """)
        #expect(result.records.map(\.change.key) == [.repairAddedModified])
    }

    /// A renamed file takes its references with it, relative to each file that names it.
    @Test func renameRewritesReferences() throws {
        guard case .repaired(let result) = RepairEngine.run(path: Self.folder.appendingPathComponent("pkg-010-file-name-with-space").path, options: Self.options) else {
            Issue.record("unreadable"); return
        }
        #expect(result.book.contains("EPUB/my_style.css"))
        #expect(!result.book.contains("EPUB/my style.css"))
        #expect(result.book.text("EPUB/package.opf")?.contains(#"href="my_style.css""#) == true)
        #expect(result.book.text("EPUB/chapter1.xhtml")?.contains(#"href="my_style.css""#) == true)
    }

    @Test func referenceRewriterWritesRelativeURLs() {
        #expect(ReferenceRewriter.relative("EPUB/css/a b.css", from: "EPUB/text/c1.xhtml") == "../css/a%20b.css")
        #expect(ReferenceRewriter.relative("EPUB/c1.xhtml", from: "EPUB/package.opf") == "c1.xhtml")
        #expect(ReferenceRewriter.relative("EPUB/package.opf", from: "") == "EPUB/package.opf")
        #expect(ReferenceRewriter.rewrite("../css/a%20b.css#x", base: "EPUB/text/c1.xhtml", old: "EPUB/css/a b.css", new: "EPUB/css/a_b.css") == "../css/a_b.css#x")
        #expect(ReferenceRewriter.rewrite("https://example.org/a.css", base: "EPUB/c1.xhtml", old: "EPUB/a.css", new: "EPUB/b.css") == nil)
    }

    @Test func fileNamesAreCleaned() {
        #expect(FileNameRepairs.clean("my notes.txt") == "my_notes.txt")
        #expect(FileNameRepairs.clean("a:b?c.css") == "a_b_c.css")
        #expect(FileNameRepairs.clean("notes..") == "notes")
        #expect(FileNameRepairs.clean("x\u{E000}y") == "x_y")
        #expect(FileNameRepairs.unique("style.css", in: "EPUB", taken: ["epub/style.css", "epub/style-2.css"]) == "style-3.css")
    }

    @Test func sourceMapLocatesElementsAndAttributes() {
        let source = Array("<?xml version=\"1.0\"?>\n<!DOCTYPE html [<!ENTITY x \"y\">]>\n<a k='v'><!-- <b> --><b/><c x=\"1\">t</c></a>".utf8)
        let map = XMLSourceMap(source)
        #expect(map.elements.map(\.name) == ["a", "b", "c"])
        #expect(map.declaration == 0..<21)
        #expect(map.doctype.map { String(decoding: source[$0], as: UTF8.self) } == "<!DOCTYPE html [<!ENTITY x \"y\">]>")
        #expect(map.value("k", of: 0) == "v")
        #expect(map.elements[1].isEmptyElementTag)
        #expect(map.children(of: 0) == [1, 2])
        #expect(map.text(of: 2) == "t")
    }

    @Test func unifiedDiffShowsHunksWithContext() {
        let before = Array("1\n2\n3\n4\n5\n6\n7\n8\n".utf8), after = Array("1\n2\n3\n4\nfive\n6\n7\n8\n".utf8)
        #expect(UnifiedDiff.of(before, after, name: "f") == "--- a/f\n+++ b/f\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n")
        #expect(UnifiedDiff.of(nil, Array("x\n".utf8), name: "n") == "--- /dev/null\n+++ b/n\n@@ -0,0 +1,1 @@\n+x\n")
    }

    @Test func entitiesBecomeNumericOutsideComments() {
        let (out, count) = EntityRepairs.replaced(Array("a&nbsp;b<!-- &nbsp; -->&amp;&mdash;".utf8), ["nbsp", "mdash"])
        #expect(String(decoding: out, as: UTF8.self) == "a&#160;b<!-- &nbsp; -->&amp;&#8212;")
        #expect(count == 2)
    }
}
