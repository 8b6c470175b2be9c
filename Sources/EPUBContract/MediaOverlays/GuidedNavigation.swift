import Foundation
import EPUBDocument

/// Readium Guided Navigation documents (`application/guided-navigation+json`, readium/guided-navigation)
/// made from a book's media overlays, the form reading systems move to: one document an overlay,
/// each SMIL `seq` an object with its `textref`, role and `children`, each `par` an object with its
/// `textref` and its `audioref` (`#t=begin,end`, media fragments in seconds). Roles come from the
/// `epub:type` of the `seq`/`par`, else from the content element it points to (its `epub:type`,
/// its `role`, else its name), kept only where they are among Guided Navigation's roles.
public enum GuidedNavigation {
    public static let mediaType = "application/guided-navigation+json"

    /// Guided Navigation's roles (its `roles.schema.json`), which are EPUB 3 Structural Semantics,
    /// DPUB-ARIA (without `doc-`), ARIA and HTML names.
    static let roles: Set<String> = [
        "abstract", "acknowledgments", "afterword", "appendix", "article", "aside", "audio", "backlink", "bibliography",
        "biblioref", "blockquote", "caption", "chapter", "cell", "columnheader", "colophon", "complementary", "conclusion",
        "cover", "credit", "credits", "dedication", "definition", "details", "endnotes", "epigraph", "epilogue", "errata",
        "example", "figure", "footnote", "foreword", "glossary", "glossref", "header", "heading", "image", "index",
        "introduction", "landmarks", "list", "listItem", "loa", "loi", "lot", "lov", "main", "math", "navigation", "noteref",
        "notice", "pagebreak", "pagelist", "paragraph", "part", "preface", "preformatted", "presentation", "prologue",
        "pullquote", "qna", "region", "row", "rowheader", "section", "separator", "subtitle", "summary", "table", "term",
        "tip", "toc",
    ]

    /// Tokens whose role has another spelling in Guided Navigation (EPUB's `table-row`, ARIA's `listitem` …).
    static let renamed: [String: String] = [
        "table-row": "row", "table-cell": "cell", "list-item": "listItem", "listitem": "listItem", "img": "image",
        "sidebar": "aside", "note": "footnote", "rearnote": "footnote", "endnote": "footnote", "doc-endnote": "footnote",
    ]

    /// Roles an element's name gives when nothing else does.
    static let elementRoles: [String: String] = [
        "p": "paragraph", "h1": "heading", "h2": "heading", "h3": "heading", "h4": "heading", "h5": "heading", "h6": "heading",
        "li": "listItem", "ol": "list", "ul": "list", "img": "image", "figure": "figure", "figcaption": "caption",
        "table": "table", "tr": "row", "td": "cell", "th": "columnheader", "caption": "caption", "blockquote": "blockquote",
        "aside": "aside", "pre": "preformatted", "math": "math", "header": "header", "section": "section", "article": "article",
        "audio": "audio", "hr": "separator", "dl": "list", "dt": "term", "dd": "definition", "main": "main", "nav": "navigation",
    ]

    /// Each overlay's document, in the order of the session's overlays. `targetRoles`: for each
    /// content document an overlay points into, each id's roles (`targetRoles(in:)`), from a
    /// caller that holds the documents' models already (the export); others are read from the session.
    public static func documents(_ session: PublicationSession, targetRoles given: [String: [String: [String]]]? = nil)
        -> [(overlay: MediaOverlayTimeline, document: JSONValue)] {
        var known = given ?? [:]
        func roles(_ path: String, _ id: String) -> [String] {
            if known[path] == nil { known[path] = session.contentDocument(at: path).map(targetRoles(in:)) ?? [:] }
            return known[path]?[id] ?? []
        }
        return session.mediaOverlays.map { overlay in
            let builder = Builder(overlay: overlay, roles: roles)
            let objects = overlay.structure.isEmpty ? overlay.pars.indices.map { builder.par($0) } : overlay.structure.compactMap(builder.node)
            return (overlay, .object([("guided", .array(objects))]))
        }
    }

    /// Each id's roles in a content document: its `epub:type` and `role` tokens that are Guided
    /// Navigation roles (DPUB-ARIA's without `doc-`), else its name's.
    public static func targetRoles(in model: ContentDocument) -> [String: [String]] {
        var out: [String: [String]] = [:]
        for (id, element) in model.ids {
            let tokens = model.types(of: element).joined(separator: " ") + " "
                + model.roles(of: element).map { $0.hasPrefix("doc-") ? String($0.dropFirst(4)) : $0 }.joined(separator: " ")
            let said = roles(of: tokens)
            let named = said.isEmpty ? elementRoles[model.elements[element].localName].map { [$0] } ?? [] : said
            if !named.isEmpty { out[id] = named }
        }
        return out
    }

    /// One overlay's objects, roles read from the content its pars point to.
    struct Builder {
        let overlay: MediaOverlayTimeline
        /// The roles of the element with an id in a content document (container path).
        let roles: (String, String) -> [String]

        func node(_ node: MediaOverlayNode) -> JSONValue? {
            if node.kind == .par, let index = node.par { return par(index, type: node.type) }
            let children = node.children.compactMap(self.node)
            guard !children.isEmpty else { return nil }
            var fields: [(String, JSONValue)] = []
            if let textref = node.textref { fields.append(("textref", .string(textref))) }
            let own = GuidedNavigation.roles(of: node.type)
            if let role = unique(own.isEmpty ? node.textref.map { target($0) } ?? [] : own) { fields.append(("role", role)) }
            fields.append(("children", .array(children)))
            return .object(fields)
        }

        func par(_ index: Int, type: String? = nil) -> JSONValue {
            let par = overlay.pars[index]
            var fields: [(String, JSONValue)] = [("textref", .string(par.text))]
            if let audio = par.audio {
                let begin = Self.seconds(par.clipBegin)
                fields.append(("audioref", .string(audio + "#t=" + begin + (par.clipEnd.map { "," + Self.seconds($0) } ?? ""))))
            }
            let own = GuidedNavigation.roles(of: type)
            if let role = unique(own.isEmpty ? target(par.text) : own) { fields.append(("role", role)) }
            return .object(fields)
        }

        /// The roles of the element a text reference (`path#id`) points to.
        func target(_ reference: String) -> [String] {
            let parts = reference.split(separator: "#", maxSplits: 1)
            return parts.count == 2 ? roles(String(parts[0]), String(parts[1])) : []
        }

        func unique(_ roles: [String]) -> JSONValue? {
            var seen: [String] = []
            for role in roles where !seen.contains(role) { seen.append(role) }
            return seen.isEmpty ? nil : .array(seen.map(JSONValue.string))
        }

        /// Seconds as media fragments write them: at most three decimals, no trailing zeros.
        static func seconds(_ value: Double) -> String {
            var text = String(format: "%.3f", value)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            return text
        }
    }

    /// The Guided Navigation roles among `epub:type` tokens (prefixed tokens by their local name).
    static func roles(of tokens: String?) -> [String] {
        (tokens ?? "").split(whereSeparator: \.isWhitespace).compactMap { token in
            let name = String(token.split(separator: ":").last ?? token)
            let role = renamed[name] ?? name
            return roles.contains(role) ? role : nil
        }
    }
}
