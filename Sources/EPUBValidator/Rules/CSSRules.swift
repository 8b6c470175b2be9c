import EPUBContract

/// Style-sheet checks over the session's parsed style sheets (one tokenizer for rendition and checks).
enum CSSRules {
    static func check(_ session: PublicationSession) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for item in session.package.manifest where item.mediaType == "text/css" {
            guard let path = item.path, let sheet = session.styleSheet(at: path) else { continue }
            fontFaces(sheet.rules, path: path, into: &out)
        }
        return out
    }

    /// CSS-028 (usage): each declaration of each `@font-face`, also inside conditional groups.
    private static func fontFaces(_ rules: [CSSStyleSheet.Rule], path: String, into out: inout [Diagnostic]) {
        for rule in rules {
            guard case .at(let name, _, let nested, let declarations, _) = rule else { continue }
            if name.lowercased() == "font-face" {
                for declaration in declarations {
                    out.append(Diagnostic(id: "CSS-028", severity: .usage, message: "An @font-face rule declares '\(declaration.name)'.",
                                          location: .init(path: path, line: declaration.line, column: declaration.column)))
                }
            } else {
                fontFaces(nested, path: path, into: &out)
            }
        }
    }
}
