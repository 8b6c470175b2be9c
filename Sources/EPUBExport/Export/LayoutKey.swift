import EPUBContract
import EPUBOutput
import Foundation

/// A digest (SHA-256) of everything that can change a document's pages: its bytes, every style
/// sheet it uses (linked, `@import`ed, in `style` elements) and every font those sheets load, each
/// by its checksum (`digest(_:)`), and the rendition of its spine item (layout, orientation,
/// spread, flow, viewport, writing mode; not yet its page spread). A reader keys its page cache on it: equal
/// keys, equal pages. Each resource is looked up once per export, however many documents use it.
struct LayoutKey {
    let session: PublicationSession
    /// Hex digests of resources, by container path ("missing" for a file the book lacks).
    private var digests: [String: String] = [:]
    /// What each style sheet file brings in (itself, its imports, their fonts), by path: most
    /// books link one sheet from every document.
    private var sheetParts: [String: [String]] = [:]

    init(session: PublicationSession) { self.session = session }

    /// The key of one spine item's document, whose model (nil: not readable) names its sheets.
    static let names: Set<String> = ["link", "style"]

    /// `candidates`: the elements named as `names` are.
    mutating func key(of entry: SpineEntry, model: ContentDocument?, among candidates: [Int]) -> String {
        var parts: [String] = ["document \(entry.href) \(digest(entry.href))"]
        var included: Set<String> = []
        for sheet in model.map({ sheets($0, among: candidates) }) ?? [] {
            let lines: [String]
            switch sheet {
            case .file(let path):
                if sheetParts[path] == nil {
                    var visited: Set<String> = [entry.href]
                    sheetParts[path] = resources(ofSheet: path, &visited)
                }
                lines = sheetParts[path] ?? []
            case .inline(let text):
                var visited: Set<String> = [entry.href]
                lines = resources(of: CSSParser.parse(text), at: entry.href, &visited)
            }
            // A sheet or font reached twice counts once.
            for line in lines where included.insert(line).inserted { parts.append(line) }
        }
        parts += renditionLines(entry)
        return SHA256.hex(of: Data(parts.joined(separator: "\n").utf8))
    }

    /// The spine item's rendition as lines of plain words (a fixed-layout book's items differ in
    /// spread and viewport, so this runs for most of them).
    private func renditionLines(_ entry: SpineEntry) -> [String] {
        func number(_ n: Double?) -> String { n.map { String($0) } ?? "null" }
        let e = entry.effective, v = entry.viewport
        return [
            "rendition effective \(e.layout.rawValue) \(e.orientation.rawValue) \(e.spread.rawValue) \(e.flow?.rawValue ?? "null")",
            "rendition viewport " + (v.map { "\(number($0.width)) \(number($0.height)) \($0.widthKeyword ?? "null") \($0.heightKeyword ?? "null")" } ?? "null"),
            "rendition writingMode \(entry.writingMode?.rawValue ?? "null")",
        ]
    }

    private enum Sheet {
        case file(String)
        case inline(String)
    }

    /// The document's style sheets in order (`DocumentStyleSheet`): alternates and other media
    /// too, as a reader may switch to them.
    private func sheets(_ model: ContentDocument, among candidates: [Int]) -> [Sheet] {
        DocumentStyleSheet.all(in: model, among: candidates).map { sheet in
            switch sheet.source {
            case .file(let path): return .file(path)
            case .element(let number): return .inline(LibXMLNode.content(model.elements[number].node))
            }
        }
    }

    /// A style sheet file, then what it imports and the fonts it loads.
    private mutating func resources(ofSheet path: String, _ seen: inout Set<String>) -> [String] {
        guard seen.insert(path).inserted else { return [] }
        var parts = ["sheet \(path) \(digest(path))"]
        if let sheet = session.styleSheet(at: path) { parts += resources(of: sheet, at: path, &seen) }
        return parts
    }

    /// What a parsed sheet at `base` imports, and the `@font-face` sources it loads.
    private mutating func resources(of sheet: CSSStyleSheet, at base: String, _ seen: inout Set<String>) -> [String] {
        var parts: [String] = []
        for target in sheet.imports {
            if case .local(let path, _) = HrefResolver.resolve(target, against: base) { parts += resources(ofSheet: path, &seen) }
        }
        var fonts: [String] = []
        sheet.forEachRule { _, declarations, inFontFace in
            guard inFontFace else { return }
            for declaration in declarations where declaration.name == "src" { fonts += CSSStyleSheet.urls(in: declaration.value) }
        }
        for url in fonts {
            guard case .local(let path, _) = HrefResolver.resolve(url, against: base), seen.insert(path).inserted else { continue }
            parts.append("font \(path) \(digest(path))")
        }
        return parts
    }

    /// What stands for a resource's bytes: in a ZIP, the CRC-32 and size its central directory
    /// records (no file is read: hashing each document and font again cost a plain export a tenth
    /// of its time); in a folder, the SHA-256 of the file. Either changes when the bytes do.
    private mutating func digest(_ path: String) -> String {
        if let known = digests[path] { return known }
        let found: String
        if let crc = session.container.recordedCRC32(path), let size = session.container.entry(path)?.size {
            found = "crc32 " + String(crc, radix: 16) + " size \(size)"
        } else {
            found = session.data(at: path).map(SHA256.hex) ?? "missing"
        }
        digests[path] = found
        return found
    }
}
