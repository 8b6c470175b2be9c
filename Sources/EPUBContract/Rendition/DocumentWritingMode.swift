/// The writing mode of one content document: CSS `writing-mode` (or `-epub-` / `-webkit-`) that
/// applies to the root, else to the body, from linked style sheets (their `@import`s first),
/// `style` elements and `style` attributes, in cascade order with `!important` winning.
/// A writing mode on an inner element does not change the document's.
struct DocumentWritingMode {
    static let properties: Set<String> = ["writing-mode", "-epub-writing-mode", "-webkit-writing-mode"]

    let documentPath: String
    let head: DocumentHead
    /// Parsed style sheet at a container path, read once by the session.
    let styleSheet: (String) -> CSSStyleSheet?

    private struct Candidate {
        var mode: WritingMode
        var important: Bool
        var order: Int
    }

    /// The document's writing mode; nil when nothing declares one.
    func resolve() -> WritingMode? {
        let matcher = RootSelectorMatcher(rootAttributes: head.rootAttributes, bodyAttributes: head.bodyAttributes)
        var root: [Candidate] = [], body: [Candidate] = []
        var order = 0
        var visited = Set<String>()

        func take(_ declarations: [CSSStyleSheet.Declaration], into list: inout [Candidate]) {
            for declaration in declarations where Self.properties.contains(declaration.name) {
                guard let first = declaration.value.xmlTokens().first, let mode = WritingMode(css: first) else { continue }
                order += 1
                list.append(Candidate(mode: mode, important: declaration.important, order: order))
            }
        }
        func collect(_ rules: [CSSStyleSheet.Rule], sheetPath: String, depth: Int) {
            for rule in rules {
                switch rule {
                case .style(let selectors, let declarations, _):
                    // Most rules say nothing about writing mode: skip them before matching selectors.
                    guard declarations.contains(where: { Self.properties.contains($0.name) }) else { continue }
                    let targets = matcher.targets(selectors)
                    if targets.contains(.root) { take(declarations, into: &root) }
                    if targets.contains(.body) { take(declarations, into: &body) }
                case .at(let name, let prelude, let nested, _, _):
                    switch name.lowercased() {
                    case "import":
                        guard depth < 16, let href = CSSStyleSheet.importTarget(prelude),
                              let path = HrefResolver.path(href, against: sheetPath), visited.insert(path).inserted,
                              let sheet = styleSheet(path) else { continue }
                        collect(sheet.rules, sheetPath: path, depth: depth + 1)
                    case "media":
                        if MediaAssumptions.matches(prelude) { collect(nested, sheetPath: sheetPath, depth: depth + 1) }
                    case "supports", "layer", "container":
                        collect(nested, sheetPath: sheetPath, depth: depth + 1)
                    default:
                        continue
                    }
                }
            }
        }

        for source in head.styles {
            switch source {
            case .link(let href, _, let media):
                guard media.map(MediaAssumptions.matches) ?? true, let path = HrefResolver.path(href, against: documentPath),
                      visited.insert(path).inserted, let sheet = styleSheet(path) else { continue }
                collect(sheet.rules, sheetPath: path, depth: 0)
            case .inline(let text):
                collect(CSSParser.parse(text).rules, sheetPath: documentPath, depth: 0)
            }
        }
        if let style = head.rootAttributes["style"] { take(CSSParser.parseDeclarations(style), into: &root) }
        if let style = head.bodyAttributes?["style"] { take(CSSParser.parseDeclarations(style), into: &body) }

        func winner(_ list: [Candidate]) -> WritingMode? {
            list.max { ($0.important ? 1 : 0, $0.order) < ($1.important ? 1 : 0, $1.order) }?.mode
        }
        return winner(root) ?? winner(body)
    }

    /// The part of a style sheet that can set a writing mode: `@import`s, and the rules (also inside
    /// conditional groups) that declare one. Filtering once per sheet keeps books with large style
    /// sheets and many documents fast.
    static func relevantPart(of sheet: CSSStyleSheet) -> CSSStyleSheet {
        func filter(_ rules: [CSSStyleSheet.Rule]) -> [CSSStyleSheet.Rule] {
            rules.compactMap { rule in
                switch rule {
                case .style(_, let declarations, _):
                    return declarations.contains { properties.contains($0.name) } ? rule : nil
                case .at(let name, let prelude, let nested, let declarations, let line):
                    switch name.lowercased() {
                    case "import": return rule
                    case "media", "supports", "layer", "container":
                        let kept = filter(nested)
                        return kept.isEmpty ? nil : .at(name: name, prelude: prelude, rules: kept, declarations: declarations, line: line)
                    default: return nil
                    }
                }
            }
        }
        return CSSStyleSheet(rules: filter(sheet.rules))
    }
}
