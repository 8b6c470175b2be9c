import Foundation

/// A private folder with a small valid book whose files the document targets replace one at a
/// time (rewritten before each input, so one input never leaks into the next).
final class FuzzWorkspace {
    let root: String
    var bookPath: String { root + "/book" }
    var epubPath: String { root + "/input.epub" }

    init() throws {
        root = NSTemporaryDirectory() + "epubcontract-fuzz-\(getpid())"
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        resetBook()
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func write(_ data: Data, to path: String) {
        try? data.write(to: URL(fileURLWithPath: path))
    }

    /// The template book, file by file.
    func resetBook() {
        try? FileManager.default.createDirectory(atPath: bookPath + "/META-INF", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: bookPath + "/EPUB", withIntermediateDirectories: true)
        for (name, text) in Self.template {
            write(Data(text.utf8), to: bookPath + "/" + name)
        }
    }

    static let template: [(String, String)] = [
        ("mimetype", "application/epub+zip"),
        ("META-INF/container.xml", """
            <?xml version="1.0"?>
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
            <rootfiles><rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """),
        ("EPUB/package.opf", """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="en">
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">urn:uuid:0</dc:identifier>
            <dc:title>Fuzz</dc:title><dc:language>en</dc:language><meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>
            <meta property="media:duration">0:00:02</meta><meta property="media:duration" refines="#mo">0:00:02</meta></metadata>
            <manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
            <item id="c1" href="c1.xhtml" media-type="application/xhtml+xml" media-overlay="mo"/>
            <item id="mo" href="c1.smil" media-type="application/smil+xml"/>
            <item id="css" href="style.css" media-type="text/css"/>
            <item id="a" href="a.mp3" media-type="audio/mpeg"/></manifest>
            <spine toc="ncx" page-progression-direction="rtl"><itemref idref="c1"/></spine></package>
            """),
        ("EPUB/nav.xhtml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Nav</title></head>
            <body><nav epub:type="toc"><ol><li><a href="c1.xhtml#p1">One</a></li></ol></nav>
            <nav epub:type="page-list"><ol><li><a href="c1.xhtml#p1">1</a></li></ol></nav></body></html>
            """),
        ("EPUB/toc.ncx", """
            <?xml version="1.0" encoding="UTF-8"?>
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head><meta name="dtb:uid" content="urn:uuid:0"/></head>
            <docTitle><text>Fuzz</text></docTitle><navMap><navPoint id="n1" playOrder="1"><navLabel><text>One</text></navLabel>
            <content src="c1.xhtml#p1"/></navPoint></navMap></ncx>
            """),
        ("EPUB/c1.xhtml", """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title><link rel="stylesheet" href="style.css"/></head>
            <body><p id="p1">Text.</p></body></html>
            """),
        ("EPUB/c1.smil", """
            <?xml version="1.0" encoding="UTF-8"?>
            <smil xmlns="http://www.w3.org/ns/SMIL" xmlns:epub="http://www.idpf.org/2007/ops" version="3.0"><body>
            <seq epub:textref="c1.xhtml"><par id="x"><text src="c1.xhtml#p1"/><audio src="a.mp3" clipBegin="0s" clipEnd="2s"/></par></seq></body></smil>
            """),
        ("EPUB/style.css", "body { writing-mode: vertical-rl; }"),
        ("EPUB/a.mp3", "ID3"),
    ]
}
