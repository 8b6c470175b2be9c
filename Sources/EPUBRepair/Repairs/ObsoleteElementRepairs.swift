import EPUBContract
import EPUBDocument
import Foundation

/// RSC-005 for an element HTML made obsolete (§16 of the HTML standard, "Non-conforming
/// features"), where the standard names one modern element in its place and both are drawn
/// alike by the user-agent style sheet (`UserAgentStyleSheet`: `s, strike`; `abbr[title],
/// acronym[title]`; `ul, menu, dir`; `pre, xmp, listing`): `acronym` → `abbr`, `strike` → `s`,
/// `dir` → `ul`, `listing` and `xmp` → `pre`. Not where a style sheet of the book (or a `style`
/// element of the document) names the old element, since its rules would stop applying; not for
/// `listing`/`xmp` holding elements (a `pre` holds phrasing content only). Those the standard
/// answers with "use CSS" (`center`, `big`, `font`, `tt` …) need a person: a style attribute
/// would outrank the book's style sheets where the old element's look did not.
enum ObsoleteElementRepairs {
    static let modern: [String: String] = ["acronym": "abbr", "strike": "s", "dir": "ul", "listing": "pre", "xmp": "pre"]

    static let renamed = Repair([.RSC_005], templates: [.elementNotHtmlThatEpubAllows],
                                only: { message in message.argument(0).map { modern[$0] != nil } ?? false },
                                determinable: { message, session in
                                    guard let name = message.argument(0) else { return false }
                                    return message.locations.allSatisfy { place in
                                        session.data(at: place.path).map { renamable(name, in: Array($0), session: session) } ?? false
                                    }
                                }) { context, book in
        var records: [RepairRecord] = []
        var byFile: [String: Set<String>] = [:]
        for message in context.messages {
            guard let name = message.argument(0) else { continue }
            for place in message.locations { byFile[place.path, default: []].insert(name) }
        }
        for (path, names) in byFile.sorted(by: { $0.key < $1.key }) {
            guard var editor = XMLEditor(book, path) else { continue }
            var count: [String: Int] = [:]
            for element in editor.map.elements.indices {
                let written = editor.map.elements[element]
                guard !written.name.contains(":"), names.contains(written.name), let replacement = modern[written.name] else { continue }
                if written.name == "listing" || written.name == "xmp", !editor.map.children(of: element).isEmpty { continue }
                let nameStart = written.start.lowerBound + 1
                editor.replace(nameStart..<(nameStart + written.name.utf8.count), with: replacement)
                if let end = written.end {
                    editor.replace((end.lowerBound + 2)..<(end.lowerBound + 2 + written.name.utf8.count), with: replacement)
                }
                count[written.name, default: 0] += 1
            }
            guard !count.isEmpty else { continue }
            editor.commit(&book)
            for (name, n) in count.sorted(by: { $0.key < $1.key }) {
                records.append(RepairRecord(.RSC_005, path, .repairRenamedObsoleteElement(n, name, modern[name] ?? name)))
            }
        }
        return records
    }

    /// True when no style sheet of the book and no `style` element of the document names `name`
    /// as an element (a word of its own in the CSS text: conservative, a class `.dir` counts too).
    static func renamable(_ name: String, in document: [UInt8], session: PublicationSession) -> Bool {
        let pattern = "(?<![-\\w])" + name + "(?![-\\w])"
        func mentions(_ css: String) -> Bool { css.range(of: pattern, options: [.regularExpression, .caseInsensitive]) != nil }
        for item in session.package.manifest where item.mediaType == "text/css" {
            if let path = item.path, let bytes = session.data(at: path), mentions(String(decoding: bytes, as: UTF8.self)) { return false }
        }
        let text = String(decoding: document, as: UTF8.self)
        var rest = text[...]
        while let open = rest.range(of: "<style", options: .caseInsensitive) {
            let close = rest[open.upperBound...].range(of: "</style", options: .caseInsensitive)?.lowerBound ?? rest.endIndex
            if mentions(String(rest[open.upperBound..<close])) { return false }
            rest = rest[close...].dropFirst()
        }
        // A style attribute cannot select an element; nothing else in a document can.
        return true
    }
}
