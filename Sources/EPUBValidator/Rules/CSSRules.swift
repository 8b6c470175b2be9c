import EPUBContract

/// Style-sheet checks over the session's parsed style sheets (one tokenizer for rendition and
/// checks): syntax (CSS-008), encodings (CSS-003, CSS-004), forbidden and noted properties (CSS-001,
/// CSS-006), `@font-face` (CSS-019, CSS-028), overlay classes (CSS-029) and the files a sheet
/// uses (RSC-006, RSC-007, RSC-008, OPF-014).
enum CSSRules {
    static func check(_ session: PublicationSession) -> [Diagnostic] {
        let package = session.package
        let epub3 = package.version?.trimmingXMLWhitespace().hasPrefix("3") ?? true
        var out: [Diagnostic] = []
        for item in package.manifest where item.mediaType == "text/css" {
            guard let path = item.path, let sheet = session.styleSheet(at: path) else { continue }
            func report(_ id: MessageID, _ message: String, _ line: Int?, _ column: Int? = nil) {
                out.append(Diagnostic(id, message: message, location: .init(path: path, line: line, column: column)))
            }
            if let bytes = session.data(at: path, prefix: 2), bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
                report(.CSS_003, "The style sheet is encoded in UTF-16; use UTF-8.", nil)
                continue  // read as UTF-8 it is noise: nothing else is said
            }
            if case .at(let name, let prelude, _, _, _)? = sheet.rules.first, name.lowercased() == "charset" {
                let encoding = prelude.trimmingCharacters(in: ["\"", "'", " "]).lowercased()
                if encoding.hasPrefix("utf-16") {
                    report(.CSS_003, "The style sheet declares UTF-16; use UTF-8.", nil)
                } else if encoding != "utf-8" {
                    report(.CSS_004, "The style sheet declares the encoding '\(encoding)'; style sheets must be UTF-8.", nil)
                }
            }
            for problem in sheet.syntaxProblems {
                report(.CSS_008, "CSS syntax error: \(problem.message).", problem.line, problem.column)
            }
            var needsRemote = false
            sheet.forEachRule { rule, declarations, inFontFace in
                if case .at(let name, let prelude, _, _, let line) = rule {
                    if name.lowercased() == "font-face" && declarations.isEmpty {
                        report(.CSS_019, "An @font-face rule has no declarations.", line)
                    }
                    if name.lowercased() == "import", let target = CSSStyleSheet.importTarget(prelude) {
                        reference(target, line: line, column: nil)
                    }
                }
                for declaration in declarations {
                    if inFontFace {
                        report(.CSS_028, "An @font-face rule declares '\(declaration.name)'.", declaration.line, declaration.column)
                    }
                    if epub3 && (declaration.name == "direction" || declaration.name == "unicode-bidi") {
                        report(.CSS_001, "The '\(declaration.name)' property must not be used in EPUB 3 style sheets; set direction in the markup (dir).", declaration.line, declaration.column)
                    }
                    if declaration.name == "position" && declaration.value.lowercased() == "fixed" {
                        report(.CSS_006, "position: fixed is used; paginated reading systems may ignore it.", declaration.line, declaration.column)
                    }
                    if declaration.value.range(of: "url(", options: .caseInsensitive) != nil {
                        for url in CSSStyleSheet.urls(in: declaration.value) {
                            reference(url, line: declaration.line, column: declaration.column, font: inFontFace)
                        }
                    }
                }
            }
            if epub3 && needsRemote && !item.has(property: "remote-resources") {
                report(.OPF_014, "The style sheet uses remote resources, so its manifest item '\(item.id)' needs the 'remote-resources' property.", nil)
            } else if epub3 && !needsRemote && item.has(property: "remote-resources") {
                report(.OPF_018, "Manifest item '\(item.id)' declares remote-resources, but the style sheet uses no remote resource.", nil)
            }

            func reference(_ url: String, line: Int?, column: Int?, font: Bool = false) {
                guard !url.trimmingXMLWhitespace().isEmpty else { return }
                switch HrefResolver.resolve(url, against: path) {
                case .local(let target, _):
                    if !session.container.contains(target) {
                        report(.RSC_007, "'\(target)', used by the style sheet, is not in the container.", line, column)
                    } else if package.item(path: target) == nil {
                        report(.RSC_008, "'\(target)', used by the style sheet, is in the container but not in the manifest.", line, column)
                    }
                case .remote(let remote):
                    let scheme = remote.prefix { $0 != ":" }.lowercased()
                    guard scheme == "http" || scheme == "https" else { return }
                    needsRemote = true
                    if epub3 && !font {
                        report(.RSC_006, "The style sheet uses the remote resource '\(remote)'; only fonts may stay outside the container.", line, column)
                    }
                case .invalid:
                    break
                }
            }
            if epub3 { overlayClasses(sheet, package, path: path, into: &out) }
        }
        return out
    }

    /// CSS-029 (usage): a rule styles EPUB's reserved overlay classes, but the package names no
    /// active class, so a reading system will never apply them.
    private static func overlayClasses(_ sheet: CSSStyleSheet, _ package: PackageDocument, path: String, into out: inout [Diagnostic]) {
        let declared = [("-epub-media-overlay-active", "active-class"), ("-epub-media-overlay-playing", "playback-active-class")]
            .filter { package.entries(Vocabulary.media + $0.1).isEmpty }
        guard !declared.isEmpty else { return }
        sheet.forEachRule { rule, _, _ in
            guard case .style(let selectors, _, let line) = rule else { return }
            for (name, property) in declared where selectors.contains("." + name) {
                out.append(Diagnostic(.CSS_029, message: "The class '\(name)' is styled, but the package declares no media:\(property), so no reading system applies it.",
                                      location: .init(path: path, line: line)))
            }
        }
    }
}
