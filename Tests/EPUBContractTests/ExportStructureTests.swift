@testable import EPUBConverter
@testable import EPUBExport
@testable import EPUBOutput
import EPUBContract
import Foundation
import Testing

/// What `export --format json` gives a renderer beside the text: each folder of
/// `Fixtures/export/` is a book with one behaviour (a table grid, media roles, image sizes) and
/// `NAME.expected.json` beside it the `tables`, `media` and `images` of its documents (and, for
/// `styles-…` books, exported with `--styles`, each element's computed style, checked against
/// Chromium by `scripts/style-check` before it was written down), and the export's diagnostics
/// (`styles-broken-css`: the CSS a browser skips, EC-EXP-004). Every
/// export validates against `schemas/export.schema.json`; the layout key and media-overlay ranges
/// are pinned by behaviour.
struct ExportStructureTests {
    static let folder = FixturePaths.fixtures.appendingPathComponent("export")
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".expected.json") }.map { String($0.dropLast(14)) }.sorted()

    static func export(_ path: String, styles: Bool = false) throws -> JSONValue {
        let session = try PublicationSession(path: path)
        let output = FixturePacker.temporaryPath((path as NSString).lastPathComponent) + ".json"
        defer { try? FileManager.default.removeItem(atPath: output) }
        _ = try BookExporter.exportJSON(session, to: output, styles: styles)
        return try JSONText.parse(String(contentsOfFile: output, encoding: .utf8))
    }

    /// The parts a fixture pins: per document, its href and structures; the export's diagnostics.
    /// Styled elements are read back from the style table (version 3) into one object each (cfi,
    /// name, id, range, style by property), so a fixture pins every element's every value.
    static func structures(_ export: JSONValue) -> JSONValue {
        guard case .array(let documents)? = export["documents"] else { return .null }
        return .object([("documents", .array(documents.map { d in
            .object(["href", "tables", "media", "images", "elements", "floats", "breaks"].compactMap { key in
                key == "elements" ? d[key].map { (key, elements($0, export)) } : d[key].map { (key, $0) }
            })
        })), ("diagnostics", export["export"]?["diagnostics"] ?? .null)])
    }

    /// A document's `elements` arrays as objects, their styles looked up in the export's table.
    static func elements(_ entries: JSONValue, _ export: JSONValue) -> JSONValue {
        guard case .array(let list) = entries, case .array(let names)? = export["styleProperties"], case .array(let styles)? = export["styles"] else { return entries }
        var cfis: [String] = []
        return .array(list.map { entry in
            guard case .array(let f) = entry, f.count == 7, case .integer(let parent) = f[0], case .integer(let step) = f[1],
                  case .integer(let style) = f[6], case .array(let values) = styles[Int(style)] else { return entry }
            let own = step == 0 ? "" : "/\(step)"
            let cfi = parent < 0 ? own : cfis[Int(parent)] + own
            cfis.append(cfi)
            let range: JSONValue = f[4] == .null ? .null : .array([f[4], f[5]])
            let byName = zip(names, values).compactMap { name, value -> (String, JSONValue)? in
                if case .string(let n) = name { return (n, value) } else { return nil }
            }
            return .object([("cfi", .string(cfi)), ("name", f[2]), ("id", f[3]), ("range", range), ("style", .object(byName))])
        })
    }

    @Test func thereAreFixtures() {
        #expect(Self.names == ["image-sizes", "media-roles", "styles-broken-css", "styles-cascade", "styles-selectors4", "table-grid"])
    }

    @Test(arguments: names)
    func structuresAreTheExpectedOnes(name: String) throws {
        let export = try Self.export(Self.folder.appendingPathComponent(name).path, styles: name.hasPrefix("styles-"))
        let expected = try JSONText.parse(String(contentsOf: Self.folder.appendingPathComponent("\(name).expected.json"), encoding: .utf8))
        #expect(Self.structures(export).firstDifference(from: expected) == nil, "\(name): actual vs \(name).expected.json")
        let schema = SchemaValidator(root: try JSONText.parse(String(contentsOf: FixturePaths.root.appendingPathComponent("schemas/export.schema.json"), encoding: .utf8)))
        #expect(schema.errors(in: export) == [], "\(name): schema")
    }

    /// A cell below a two-row header cell starts in the next free column; spans parse as HTML's
    /// integers do (`3abc` is 3, `0` rows is to the group's end).
    @Test func tableGridFollowsHTMLsTableModel() throws {
        let table = try Self.export(Self.folder.appendingPathComponent("table-grid").path)["documents"]?[0]?["tables"]?[0]
        let secondBodyRow = table?["groups"]?[1]?["rows"]?[1]?["cells"]?[0]
        #expect(secondBodyRow?["row"] == .integer(2))
        #expect(secondBodyRow?["column"] == .integer(1))
        #expect(table?["groups"]?[2]?["rows"]?[0]?["cells"]?[0]?["colspan"] == .integer(3))
        #expect(table?["groups"]?[3]?["implicit"] == .bool(true))
        #expect(table?["groups"]?[3]?["rows"]?[0]?["cells"]?[0]?["rowspan"] == .integer(0))
        #expect(table?["groups"]?[3]?["rows"]?[1]?["cells"]?[0]?["column"] == .integer(1))
        #expect(table?["columns"] == .integer(3))
    }

    /// Each media-overlay entry's range ends where its fragment's element does.
    @Test func overlayEntriesCarryTheirFragmentsRange() throws {
        let export = try Self.export(FixturePaths.folder("mo-timeline"))
        guard case .array(let entries)? = export["positions"]?["mediaOverlays"] else {
            Issue.record("no overlays")
            return
        }
        #expect(entries.map { [$0["charOffset"] ?? .null, $0["charEnd"] ?? .null] } == [
            [.integer(0), .integer(4)], [.integer(4), .integer(11)], [.integer(11), .integer(19)], [.integer(0), .integer(4)], [.integer(4), .integer(11)],
        ])
    }

    /// The layout key changes with a font the document's sheet loads, and only for the documents
    /// that use that sheet; an unrelated file changes nothing.
    /// In a folder the files' SHA-256 stand for them, in a ZIP the CRC-32 and sizes of its
    /// central directory: both change the key exactly where a file a document uses changes.
    @Test(arguments: [false, true])
    func layoutKeyFollowsWhatChangesPages(packed: Bool) throws {
        let copy = FixturePacker.temporaryPath("layout-key-\(packed)")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.copyItem(atPath: FixturePaths.folder("export-basic"), toPath: copy)
        func keys() throws -> [JSONValue] {
            let book = packed ? try FixturePacker.pack(folder: copy) : copy
            defer { if packed { try? FileManager.default.removeItem(atPath: book) } }
            guard case .array(let documents)? = try Self.export(book)["documents"] else { return [] }
            return documents.map { $0["layoutKey"] ?? .null }
        }
        let before = try keys()
        #expect(Set(before.compactMap(\.string)).count == before.count)
        try Data("changed".utf8).write(to: URL(fileURLWithPath: copy + "/EPUB/images/dot.png"))
        #expect(try keys() == before)
        try Data("other font".utf8).write(to: URL(fileURLWithPath: copy + "/EPUB/fonts/serif.woff2"))
        let after = try keys()
        let usesSheet = try String(contentsOfFile: copy + "/EPUB/chapter1.xhtml", encoding: .utf8).contains("css/style.css")
        #expect(usesSheet)
        #expect(after[0] != before[0])
        #expect(Array(after.dropFirst()) == Array(before.dropFirst()))
    }

    /// Styles are resolved on another core, one document ahead of the writing: the book's style
    /// table still grows in document order, and the CSS a browser skips is still reported
    /// document by document (six chapters, each with its own colour and a broken declaration).
    @Test func styledDocumentsKeepTheirOrder() throws {
        var entries = try FixturePacker.minimalEntries().filter { !$0.name.hasPrefix("EPUB/chapter") && $0.name != "EPUB/package.opf" }
        let colours = ["#100000", "#200000", "#300000", "#400000", "#500000", "#600000"]
        for (n, colour) in colours.enumerated() {
            let page = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>C</title></head>"
                + "<body><p style=\"color: \(colour); colr \(n)\">Chapter \(n + 1)</p></body></html>"
            entries.append(.init(name: "EPUB/c\(n + 1).xhtml", data: Data(page.utf8)))
        }
        let items = (1...6).map { "<item id=\"c\($0)\" href=\"c\($0).xhtml\" media-type=\"application/xhtml+xml\"/>" }.joined()
        let spine = (1...6).map { "<itemref idref=\"c\($0)\"/>" }.joined()
        let opf = "<?xml version=\"1.0\"?><package xmlns=\"http://www.idpf.org/2007/opf\" version=\"3.0\" unique-identifier=\"u\">"
            + "<metadata xmlns:dc=\"http://purl.org/dc/elements/1.1/\"><dc:identifier id=\"u\">x</dc:identifier><dc:title>T</dc:title>"
            + "<dc:language>en</dc:language><meta property=\"dcterms:modified\">2026-01-01T00:00:00Z</meta></metadata><manifest>"
            + "<item id=\"nav\" href=\"nav.xhtml\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>\(items)</manifest><spine>\(spine)</spine></package>"
        entries.append(.init(name: "EPUB/package.opf", data: Data(opf.utf8)))
        let export = try Self.export(try FixturePacker.write(entries, name: "styled-order"), styles: true)
        guard case .array(let diagnostics)? = export["export"]?["diagnostics"] else { Issue.record("no diagnostics"); return }
        let paths = diagnostics.compactMap { d -> String? in if case .string(let p)? = d["location"]?["path"] { return p } else { return nil } }
        #expect(paths == (1...6).map { "EPUB/c\($0).xhtml" })
        guard case .array(let names)? = export["styleProperties"], case .array(let styles)? = export["styles"],
              let colour = names.firstIndex(of: .string("color")) else { Issue.record("no style table"); return }
        // Each chapter's paragraph: its style's colour, and that style's place in the table.
        let paragraphs = (0..<6).compactMap { n -> (Int, JSONValue)? in
            guard case .array(let fields)? = export["documents"]?[n]?["elements"]?[1], case .integer(let style) = fields[6],
                  case .array(let values) = styles[Int(style)] else { return nil }
            return (Int(style), values[colour])
        }
        #expect(paragraphs.map(\.1) == ["rgb(16, 0, 0)", "rgb(32, 0, 0)", "rgb(48, 0, 0)", "rgb(64, 0, 0)", "rgb(80, 0, 0)", "rgb(96, 0, 0)"].map(JSONValue.string))
        #expect(paragraphs.map(\.0) == paragraphs.map(\.0).sorted())
    }
}
