/// Decides whether a selector's subject is the document's root (`html`, `:root`) or its `body`,
/// given the attributes those two elements actually have. Deliberately small: type, `*`, class,
/// id, attribute (accepted), `:root` and `:lang()`; any other pseudo-class does not match.
struct RootSelectorMatcher {
    enum Target { case root, body }

    let rootAttributes: [String: String]
    let bodyAttributes: [String: String]?

    /// The targets of a selector list, by the subject of each selector.
    func targets(_ selectorList: String) -> Set<Target> {
        var out = Set<Target>()
        for selector in Self.splitTopLevel(selectorList, on: ",") {
            let compounds = Self.compounds(selector)
            guard let subject = compounds.last else { continue }
            let ancestorsAreRoot = compounds.dropLast().allSatisfy { matches($0, element: "html", attributes: rootAttributes) }
            if compounds.count == 1, matches(subject, element: "html", attributes: rootAttributes) {
                out.insert(.root)
            }
            if let bodyAttributes, ancestorsAreRoot, compounds.count <= 2, matches(subject, element: "body", attributes: bodyAttributes) {
                out.insert(.body)
            }
        }
        return out
    }

    /// Compound selectors of one complex selector; `+` and `~` make it match nothing here.
    static func compounds(_ selector: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var bracket = 0, paren = 0
        for c in selector {
            if c == "[" { bracket += 1 } else if c == "]" { bracket = max(0, bracket - 1) }
            if c == "(" { paren += 1 } else if c == ")" { paren = max(0, paren - 1) }
            if bracket == 0 && paren == 0 && (c.isWhitespace || c == ">" || c == "+" || c == "~") {
                if c == "+" || c == "~" { return [] }
                if !current.isEmpty { parts.append(current) }
                current = ""
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    static func splitTopLevel(_ text: String, on separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for c in text {
            if c == "(" || c == "[" { depth += 1 } else if c == ")" || c == "]" { depth = max(0, depth - 1) }
            if c == separator && depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(current)
        return parts.map { $0.trimmingXMLWhitespace() }.filter { !$0.isEmpty }
    }

    private func matches(_ compound: String, element: String, attributes: [String: String]) -> Bool {
        var rest = Substring(compound)
        // Type selector, with an optional namespace prefix.
        let typeEnd = rest.firstIndex { ".#[:".contains($0) } ?? rest.endIndex
        var type = String(rest[..<typeEnd])
        if let bar = type.firstIndex(of: "|") { type = String(type[type.index(after: bar)...]) }
        rest = rest[typeEnd...]
        if !type.isEmpty && type != "*" && type.lowercased() != element { return false }
        while let first = rest.first {
            rest = rest.dropFirst()
            let end = first == "[" ? (rest.firstIndex(of: "]").map { rest.index(after: $0) } ?? rest.endIndex)
                : (rest.firstIndex { ".#[:".contains($0) } ?? rest.endIndex)
            var name = String(rest[..<end])
            rest = rest[end...]
            switch first {
            case ".":
                if !(attributes["class"] ?? "").xmlTokens().contains(name) { return false }
            case "#":
                if attributes["id"] != name { return false }
            case "[":
                continue
            case ":":
                // `:lang(ja)` keeps its argument in `name` up to the next qualifier.
                if name.hasPrefix(":") { name.removeFirst() }
                let lower = name.lowercased()
                if lower == "root" {
                    if element != "html" { return false }
                } else if lower.hasPrefix("lang(") {
                    let wanted = String(lower.dropFirst(5).filter { !")\"' ".contains($0) })
                    let lang = (attributes["xml:lang"] ?? attributes["lang"] ?? "").lowercased()
                    if !(lang == wanted || lang.hasPrefix(wanted + "-")) { return false }
                } else {
                    return false
                }
            default:
                return false
            }
        }
        return true
    }
}
