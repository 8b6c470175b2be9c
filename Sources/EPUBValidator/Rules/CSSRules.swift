import EPUBContract

/// Style-sheet checks over the session's parsed style sheets (one tokenizer for rendition and checks).
enum CSSRules {
    static func check(_ session: PublicationSession) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for item in session.package.manifest where item.mediaType == "text/css" {
            guard let path = item.path, let sheet = session.styleSheet(at: path) else { continue }
            fontFaces(sheet.rules, path: path, into: &out)
            if session.package.version?.trimmingXMLWhitespace().hasPrefix("3") ?? true {
                overlayClasses(sheet.rules, session.package, path: path, into: &out)
            }
        }
        return out
    }

    /// CSS-029 (usage): a rule styles EPUB's reserved overlay classes, but the package names no
    /// active class, so a reading system will never apply them.
    private static func overlayClasses(_ rules: [CSSStyleSheet.Rule], _ package: PackageDocument, path: String, into out: inout [Diagnostic]) {
        let declared = [("-epub-media-overlay-active", "active-class"), ("-epub-media-overlay-playing", "playback-active-class")]
            .filter { package.entries(Vocabulary.media + $0.1).isEmpty }
        guard !declared.isEmpty else { return }
        for rule in rules {
            switch rule {
            case .style(let selectors, _, let line):
                for (name, property) in declared where selectors.contains("." + name) {
                    out.append(Diagnostic(id: "CSS-029", severity: .usage, message: "The class '\(name)' is styled, but the package declares no media:\(property), so no reading system applies it.",
                                          location: .init(path: path, line: line)))
                }
            case .at(_, _, let nested, _, _):
                overlayClasses(nested, package, path: path, into: &out)
            }
        }
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
