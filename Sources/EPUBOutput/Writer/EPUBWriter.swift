import CLibZip
import EPUBContract
import Foundation

/// Writes a `PublicationDraft` as an EPUB 3.3 file: `mimetype` first and stored, the package with
/// `dcterms:modified`, a navigation document and an NCX for older readers. Output goes to a temporary
/// file beside the target and is renamed into place, so a failure never leaves half an EPUB.
/// Entry times are fixed from `modified`: the same draft always gives the same bytes.
public enum EPUBWriter {
    /// Content folder inside the container.
    static let root = "EPUB/"

    /// A file of the archive: its name, and how to make its bytes when they are needed.
    typealias File = (name: String, make: @Sendable () -> [UInt8])

    /// The files that say what the publication is, `mimetype` first: the rest follow them.
    static func metadataFiles(_ draft: PublicationDraft) -> [File] {
        [
            ("mimetype", { Array("application/epub+zip".utf8) }),
            ("META-INF/container.xml", { Array(containerXML(rootfile: root + "package.opf").utf8) }),
            (root + "package.opf", { Array(package(draft).utf8) }),
            (root + "nav.xhtml", { Array(nav(draft).utf8) }),
            (root + "toc.ncx", { Array(ncx(draft).utf8) }),
        ]
    }

    /// Every file of the publication, in the order of the archive, each named and made on demand:
    /// the writer asks for a name as it adds the file, so a book of twenty thousand chapters does
    /// not hold them all for the whole write.
    struct Layout {
        let metadata: [File]
        let resources: [PublicationDraft.Resource]
        let documents: [PublicationDraft.Document]

        init(_ draft: PublicationDraft) {
            metadata = EPUBWriter.metadataFiles(draft)
            resources = draft.resources
            documents = draft.documents
        }

        var count: Int { metadata.count + resources.count + documents.count }

        func name(_ index: Int) -> String {
            if index < metadata.count { return metadata[index].name }
            let i = index - metadata.count
            return root + (i < resources.count ? resources[i].path : documents[i - resources.count].path)
        }

        func make(_ index: Int) -> @Sendable () -> [UInt8] {
            if index < metadata.count { return metadata[index].make }
            let i = index - metadata.count
            guard i < resources.count else { return documents[i - resources.count].render }
            let bytes = resources[i].bytes
            return { bytes }
        }
    }

    /// Writes the `.epub` at `path` (replacing an older output there, never the input). Documents
    /// are made and compressed on all cores a few at a time, while libzip writes them in order, and
    /// dropped when written.
    public static func write(_ draft: PublicationDraft, to path: String) throws(ConversionError) {
        let layout = Layout(draft)
        try archive((0..<layout.count).map { (layout.name($0), layout.make($0)) }, leading: layout.metadata.count,
                    time: dosTime(draft.modified), to: path)
    }

    /// Writes named files as an `.epub` at `path`, in the order given (`mimetype`, wherever it is,
    /// goes first and stored), whole or not at all: what `fix` writes a repaired book with.
    /// `modified` (`CCYY-MM-DDThh:mm:ssZ`) dates every entry.
    public static func write(files: [(name: String, bytes: [UInt8])], modified: String, to path: String) throws(ConversionError) {
        let ordered = files.filter { $0.name == "mimetype" } + files.filter { $0.name != "mimetype" }
        try archive(ordered.map { file in let bytes = file.bytes; return (file.name, { bytes }) }, leading: 0, time: dosTime(modified), to: path)
    }

    /// The archive itself: `leading` files compressed before any is added (a converted book's
    /// package, navigation and NCX), the rest as libzip asks for them.
    private static func archive(_ files: [File], leading: Int, time: (UInt16, UInt16), to path: String) throws(ConversionError) {
        try OutputPath.requireParent(of: path)
        try OutputPath.requireReplaceable(path)
        let temporary = OutputPath.temporarySibling(of: path)
        var status: Int32 = 0
        guard let archive = zip_open(temporary, ZIP_CREATE | ZIP_TRUNCATE, &status) else {
            throw .cannotWrite(path, reason: .phrase(.writeCannotCreateArchive(Int(status))))
        }
        let pipeline = DeflatePipeline(files.map { DeflatePipeline.Job(store: $0.name == "mimetype", make: $0.make) })
        defer { pipeline.finish() }
        // The metadata files first, compressed before libzip holds an entry per document: a book
        // of thousands of chapters has package, navigation and NCX files of megabytes each.
        var made = (0..<leading).map { pipeline.take($0) }
        for (index, file) in files.enumerated() {
            guard let source = PipelineZipSource.make(archive, pipeline, index, made: index < made.count ? made[index] : nil) else {
                zip_discard(archive)
                throw .cannotWrite(path, reason: .phrase(.writeOutOfMemory))
            }
            let added = zip_file_add(archive, file.name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
            guard added >= 0 else {
                zip_source_free(source)
                let reason = String(cString: zip_strerror(archive))
                zip_discard(archive)
                throw .cannotWrite(path, reason: .text(reason))
            }
            zip_set_file_compression(archive, zip_uint64_t(added), file.name == "mimetype" ? ZIP_CM_STORE : ZIP_CM_DEFLATE, 0)
            zip_file_set_dostime(archive, zip_uint64_t(added), time.0, time.1, 0)
        }
        made.removeAll()  // the sources hold them now, and drop each once libzip has written it
        if zip_close(archive) != 0 {
            let reason = String(cString: zip_strerror(archive))
            zip_discard(archive)
            unlink(temporary)
            throw .cannotWrite(path, reason: .text(reason))
        }
        try OutputPath.moveIntoPlace(temporary, path)
    }

    /// Writes the content folder's files (XHTML, CSS, nav, package) into a new folder at `path`.
    public static func writeFolder(_ draft: PublicationDraft, to path: String) throws(ConversionError) {
        let layout = Layout(draft)
        let files = (0..<layout.count).map { (name: layout.name($0), make: layout.make($0)) }.filter { $0.name.hasPrefix(root) }
            .map { (name: String($0.name.dropFirst(root.count)), bytes: $0.make()) }
        try OutputPath.writeFolder(files, to: path)
    }

    /// MS-DOS time and date of a `CCYY-MM-DDThh:mm:ssZ` value, without any time zone conversion.
    static func dosTime(_ modified: String) -> (UInt16, UInt16) {
        let parts = modified.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard parts.count >= 6 else { return (0, 0x21) }
        let time = UInt16((parts[3] << 11) | (parts[4] << 5) | (parts[5] / 2))
        let date = UInt16((max(parts[0] - 1980, 0) << 9) | (parts[1] << 5) | parts[2])
        return (time, date)
    }

    /// `META-INF/container.xml` naming one package document: what a converted book gets, and
    /// what `fix` writes for a book without one.
    package static func containerXML(rootfile: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles>
            <rootfile full-path="\(XMLText.escaped(rootfile, attribute: true))" media-type="application/oebps-package+xml"/>
          </rootfiles>
        </container>

        """
    }

    static func package(_ draft: PublicationDraft) -> String {
        let e = { (s: String) in XMLText.escaped(s, attribute: true) }
        var manifest = """
                <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
                <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>

            """
        for (i, resource) in draft.resources.enumerated() {
            manifest += "    <item id=\"r\(i + 1)\" href=\"\(e(resource.path))\" media-type=\"\(e(resource.mediaType))\"/>\n"
        }
        var spine = ""
        for (i, document) in draft.documents.enumerated() {
            manifest += "    <item id=\"d\(i + 1)\" href=\"\(e(document.path))\" media-type=\"application/xhtml+xml\"/>\n"
            spine += "    <itemref idref=\"d\(i + 1)\"/>\n"
        }
        let creator = draft.author.map { "    <dc:creator>\(e($0))</dc:creator>\n" } ?? ""
        let direction = draft.pageProgression.map { " page-progression-direction=\"\($0)\"" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="\(e(draft.language))">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
                <dc:identifier id="uid">\(e(draft.identifier))</dc:identifier>
                <dc:title>\(e(draft.title))</dc:title>
            \(creator)    <dc:language>\(e(draft.language))</dc:language>
                <meta property="dcterms:modified">\(e(draft.modified))</meta>
                <meta property="schema:accessMode">textual</meta>
                <meta property="schema:accessModeSufficient">textual</meta>
                <meta property="schema:accessibilityFeature">structuralNavigation</meta>
                <meta property="schema:accessibilityFeature">tableOfContents</meta>
                <meta property="schema:accessibilityHazard">none</meta>
                <meta property="schema:accessibilitySummary">Text converted from a plain-text file, with a table of contents and one document per chapter.</meta>
              </metadata>
              <manifest>
            \(manifest)  </manifest>
              <spine toc="ncx"\(direction)>
            \(spine)  </spine>
            </package>

            """
    }

    static func nav(_ draft: PublicationDraft) -> String {
        func list(_ entries: [PublicationDraft.TocEntry], depth: Int) -> String {
            let pad = String(repeating: "  ", count: depth + 2)
            var out = pad + "<ol>\n"
            for entry in entries {
                out += pad + "  <li><a href=\"\(XMLText.escaped(entry.path, attribute: true))\">\(XMLText.escaped(entry.title))</a>"
                if !entry.children.isEmpty { out += "\n" + list(entry.children, depth: depth + 2) + pad + "  " }
                out += "</li>\n"
            }
            return out + pad + "</ol>\n"
        }
        let lang = XMLText.escaped(draft.language, attribute: true)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(lang)" lang="\(lang)">
            <head><meta charset="UTF-8"/><title>\(XMLText.escaped(draft.tocTitle))</title></head>
            <body>
              <nav epub:type="toc" id="toc">
                <h1>\(XMLText.escaped(draft.tocTitle))</h1>
            \(list(draft.toc, depth: 0))  </nav>
            </body>
            </html>

            """
    }

    static func ncx(_ draft: PublicationDraft) -> String {
        var order = 0
        var depth = 0
        func points(_ entries: [PublicationDraft.TocEntry], level: Int) -> String {
            depth = max(depth, level)
            var out = ""
            let pad = String(repeating: "  ", count: level + 1)
            for entry in entries {
                order += 1
                out += pad + "<navPoint id=\"p\(order)\" playOrder=\"\(order)\"><navLabel><text>\(XMLText.escaped(entry.title))</text></navLabel><content src=\"\(XMLText.escaped(entry.path, attribute: true))\"/>"
                if !entry.children.isEmpty { out += "\n" + points(entry.children, level: level + 1) + pad }
                out += "</navPoint>\n"
            }
            return out
        }
        let map = points(draft.toc, level: 1)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="\(XMLText.escaped(draft.language, attribute: true))">
              <head>
                <meta name="dtb:uid" content="\(XMLText.escaped(draft.identifier, attribute: true))"/>
                <meta name="dtb:depth" content="\(depth)"/>
                <meta name="dtb:totalPageCount" content="0"/>
                <meta name="dtb:maxPageNumber" content="0"/>
              </head>
              <docTitle><text>\(XMLText.escaped(draft.title))</text></docTitle>
              <navMap>
            \(map)  </navMap>
            </ncx>

            """
    }
}
