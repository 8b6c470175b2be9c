import EPUBDocument
import Foundation

/// Renames a file of the book and rewrites every reference to it: `container.xml`'s rootfiles,
/// the package's hrefs, and every `href`, `src`, `xlink:href`, `poster` and `data` of the XML
/// documents, and `url()` and `@import` of the style sheets. Each reference keeps its fragment
/// and becomes the new name relative to the file it is written in.
package enum ReferenceRewriter {
    static let attributes: Set<String> = ["href", "src", "xlink:href", "poster", "data", "full-path", "altimg"]
    static let xmlExtensions: Set<String> = ["opf", "xhtml", "html", "htm", "svg", "ncx", "smil", "xml"]

    /// Renames `old` to `new` and rewrites the references; returns the files whose references changed.
    @discardableResult
    static func rename(_ old: String, to new: String, in book: inout RepairBook) -> [String] {
        book.rename(old, to: new)
        var changed: [String] = []
        for name in book.names {
            let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
            guard let bytes = book.bytes(name) else { continue }
            // container.xml's paths are relative to the container's root, not to META-INF/.
            let base = name == "META-INF/container.xml" ? "" : name
            var edits = ByteEdits()
            if xmlExtensions.contains(ext) {
                let map = XMLSourceMap(bytes)
                for element in map.elements {
                    for attribute in element.attributes where attributes.contains(attribute.name) {
                        let value = String(decoding: bytes[attribute.value], as: UTF8.self)
                        if let rewritten = rewrite(value, base: base, old: old, new: new) {
                            edits.replace(attribute.value, with: XMLText.escaped(rewritten, attribute: true))
                        }
                    }
                }
            } else if ext == "css" {
                for (range, value) in cssURLs(bytes) {
                    if let rewritten = rewrite(value, base: base, old: old, new: new) { edits.replace(range, with: rewritten) }
                }
            }
            if !edits.isEmpty {
                book.edit(name, edits)
                changed.append(name)
            }
        }
        return changed
    }

    /// True when some XML document or style sheet of the book (the package aside) refers to `target`
    /// (`srcset` candidates too).
    static func isReferenced(_ target: String, in book: RepairBook, besides package: String) -> Bool {
        isReferenced(target, names: book.names, besides: package) { book.bytes($0) }
    }

    static func isReferenced(_ target: String, names: [String], besides package: String, bytes: (String) -> [UInt8]?) -> Bool {
        for name in names where name != package {
            let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
            guard xmlExtensions.contains(ext) || ext == "css", let data = bytes(name) else { continue }
            let base = name == "META-INF/container.xml" ? "" : name
            let leads = { (value: String) in rewrite(value, base: base, old: target, new: target) != nil }
            if ext == "css" {
                if cssURLs(data).contains(where: { leads($0.1) }) { return true }
                continue
            }
            let map = XMLSourceMap(data)
            for (index, element) in map.elements.enumerated() {
                // CSS inside the document: a `style` element's text.
                if element.localName == "style", let content = map.content(of: index),
                   cssURLs(Array(data[content])).contains(where: { leads($0.1) }) { return true }
                for attribute in element.attributes {
                    let value = String(decoding: data[attribute.value], as: UTF8.self)
                    if attributes.contains(attribute.name), leads(value) { return true }
                    if attribute.name == "style", cssURLs(Array(value.utf8)).contains(where: { leads($0.1) }) { return true }
                    if attribute.name == "srcset", value.split(separator: ",").contains(where: { candidate in
                        candidate.split(whereSeparator: \.isWhitespace).first.map { leads(String($0)) } ?? false
                    }) { return true }
                }
            }
        }
        return false
    }

    /// True when every XML document and style sheet of the book is UTF-8 (or ASCII): what a
    /// rewrite of its references can read. One in UTF-16 keeps its references as they are.
    static func canRewrite(names: [String], bytes: (String) -> [UInt8]?) -> Bool {
        names.allSatisfy { name in
            let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
            guard xmlExtensions.contains(ext) || ext == "css", let data = bytes(name) else { return true }
            return !data.prefix(4096).contains(0) && !(data.count >= 2 && (data[0] == 0xFF || data[0] == 0xFE))
        }
    }

    /// The reference rewritten to `new` when it leads to `old`; nil otherwise.
    static func rewrite(_ value: String, base: String, old: String, new: String) -> String? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.contains("://"), !trimmed.hasPrefix("data:"), !trimmed.hasPrefix("mailto:") else { return nil }
        let parts = trimmed.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = String(parts[0]), fragment = parts.count > 1 ? "#" + parts[1] : ""
        let query = file.firstIndex(of: "?").map { String(file[$0...]) } ?? ""
        guard HrefResolver.path(String(file.dropLast(query.count)), against: base) == old else { return nil }
        return relative(new, from: base) + query + fragment
    }

    /// `target` as a URL relative to the file `base`, percent-encoded.
    package static func relative(_ target: String, from base: String) -> String {
        let from = base.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        let to = target.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        let up = Array(repeating: "..", count: from.count - common)
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: ":;"))
        let down = to[common...].map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }
        return (up + down).joined(separator: "/")
    }

    /// The URLs of a style sheet (`url(…)`, `@import "…"`), each with the byte range of its text.
    static func cssURLs(_ bytes: [UInt8]) -> [(Range<Int>, String)] {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let pattern = try? NSRegularExpression(pattern: #"url\(\s*(?:"([^"]*)"|'([^']*)'|([^)"'\s]*))\s*\)|@import\s+(?:"([^"]*)"|'([^']*)')"#) else { return [] }
        var out: [(Range<Int>, String)] = []
        let utf16 = text.utf16
        for match in pattern.matches(in: text, range: NSRange(location: 0, length: utf16.count)) {
            for group in 1...5 {
                let range = match.range(at: group)
                guard range.location != NSNotFound, let r = Range(range, in: text) else { continue }
                let start = text.utf8.distance(from: text.utf8.startIndex, to: r.lowerBound)
                let end = text.utf8.distance(from: text.utf8.startIndex, to: r.upperBound)
                out.append((start..<end, String(text[r])))
            }
        }
        return out
    }
}
