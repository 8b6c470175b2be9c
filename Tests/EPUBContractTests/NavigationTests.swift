@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Testing

/// Navigation as the contract shows it: nav document, NCX, guide and spine fallbacks.
struct NavigationTests {
    private func flat(_ entries: [TocEntry]) -> [String] {
        entries.flatMap { [$0.title] + flat($0.children) }
    }

    @Test func navDocumentInASubfolderWithEncodedAndRelativeHrefs() throws {
        let c = try Inspect.contract("nav-structure")
        #expect(c.navDocument == "EPUB/nav/nav.xhtml")
        #expect(c.tocSource == .nav)
        // Dropped: the span heading without children and the link with a blank label.
        #expect(c.toc.map(\.title) == ["Chapter One", "Part Two", "Notes (not in the spine)", "Online extras"])
        let chapter = c.toc[0]
        #expect(chapter == TocEntry(title: "Chapter One", href: "EPUB/text/ch 1.xhtml", spineIndex: 0, fragment: nil, children: [
            TocEntry(title: "First paragraph", href: "EPUB/text/ch 1.xhtml#p1", spineIndex: 0, fragment: "p1", children: []),
            // `hidden` entries stay; `./../text/ch 1.xhtml` and `../text/ch%201.xhtml` are the same file.
            TocEntry(title: "Hidden section", href: "EPUB/text/ch 1.xhtml#s1", spineIndex: 0, fragment: "s1", children: []),
        ]))
        // A span heading with children keeps them, with no href; an image-only label uses alt.
        #expect(c.toc[1] == TocEntry(title: "Part Two", href: nil, spineIndex: nil, fragment: nil, children: [
            TocEntry(title: "Starred chapter", href: "EPUB/text/ch2.xhtml#c2", spineIndex: 1, fragment: "c2", children: []),
        ]))
        #expect(c.toc[2].spineIndex == nil)  // a manifest item outside the spine
        #expect(c.toc[2].href == "EPUB/text/notes.xhtml#n1")
        #expect(c.toc[3].href == "https://example.org/more")
        #expect(c.pageList.map(\.href) == ["EPUB/text/ch 1.xhtml#p1", "EPUB/text/ch2.xhtml#pg2"])
        #expect(c.pageList.map(\.title) == ["1", "2"])
        #expect(c.landmarks == [
            Landmark(title: "Table of Contents", href: "EPUB/nav/nav.xhtml#toc", type: "toc", spineIndex: nil, fragment: "toc"),
            Landmark(title: "Start", href: "EPUB/text/ch 1.xhtml", type: "bodymatter chapter", spineIndex: 0, fragment: nil),
        ])
        #expect(c.navLists.map(\.type) == ["loi", "toc"])  // the second toc is not the toc
        #expect(c.navLists[0].title == "Illustrations")
        #expect(c.navLists[0].entries.map(\.href) == ["EPUB/text/ch2.xhtml#c2"])
        #expect(c.diagnostics.isEmpty)
    }

    @Test func emptyNavTocFallsBackToTheNCX() throws {
        let c = try Inspect.contract("ncx-fallback")
        #expect(c.tocSource == .ncx)
        #expect(c.ncx == "EPUB/toc.ncx")
        #expect(c.toc == [
            TocEntry(title: "Part One", href: "EPUB/text/c1.xhtml", spineIndex: 0, fragment: nil, children: [
                TocEntry(title: "Section 1.1", href: "EPUB/text/c1.xhtml#h1", spineIndex: 0, fragment: "h1", children: []),
            ]),
            TocEntry(title: "Part Two", href: "EPUB/text/c2.xhtml", spineIndex: 1, fragment: nil, children: []),
        ])
        #expect(c.pageList == [TocEntry(title: "1", href: "EPUB/text/c1.xhtml#p1", spineIndex: 0, fragment: "p1", position: 1, children: [])])
        #expect(c.navLists.isEmpty)  // the nav document's lists win, and it has none
        #expect(c.landmarks.isEmpty)
        #expect(c.diagnostics.isEmpty)
    }

    @Test func navAndNCXThatDisagreeAreReported() throws {
        let c = try Inspect.contract("nav-ncx-disagree")
        #expect(c.tocSource == .nav)
        #expect(flat(c.toc) == ["One"])
        #expect(c.diagnostics.map(\.id) == ["EC-NAV-001"])
        #expect(c.diagnostics.first?.message.contains("1 entries but the NCX has 7") == true)
    }

    @Test func noNavigationUsesTheSpineAndTheGuide() throws {
        let c = try Inspect.contract("spine-toc-guide")
        #expect(c.tocSource == .spine)
        #expect(c.navDocument == nil)
        #expect(c.ncx == nil)
        // Linear items only, titled by <title> (collapsed), else by file name.
        #expect(c.toc == [
            TocEntry(title: "The Beginning", href: "EPUB/c1.xhtml", spineIndex: 1, fragment: nil, children: []),
            TocEntry(title: "c2.xhtml", href: "EPUB/c2.xhtml", spineIndex: 2, fragment: nil, children: []),
        ])
        #expect(c.landmarks.map(\.type) == ["titlepage", "bodymatter", "endnotes", "other.custom"])
        #expect(c.landmarks.map(\.title) == ["Title", "Begin", "endnotes", "Custom"])
        #expect(c.landmarks[1].fragment == "start")
        #expect(c.landmarks[1].spineIndex == 1)
    }

    @Test func epub2NCXAndGuide() throws {
        let c = try Inspect.contract("epub2-ncx-only")
        #expect(c.tocSource == .ncx)
        #expect(c.toc.map(\.href) == ["EPUB/chapter1.xhtml"])
        #expect(c.landmarks.map(\.href) == ["EPUB/cover page.xhtml", "EPUB/chapter1.xhtml#start"])  // %20 decoded
        #expect(c.landmarks.map(\.type) == ["cover", "bodymatter"])
    }
}
