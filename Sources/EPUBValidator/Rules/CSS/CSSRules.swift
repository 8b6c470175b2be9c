import EPUBContract

/// Style-sheet checks over the session's parsed style sheets (one tokenizer for rendition and
/// checks): syntax (CSS-008), encodings (CSS-003, CSS-004), forbidden and noted properties (CSS-001,
/// CSS-006), `@font-face` (CSS-019, CSS-028), empty `url()`s (CSS-002) and overlay classes (CSS-029). The files a sheet uses
/// are registered for `ReferenceRules`; the `remote-resources` property (OPF-014, OPF-018) is
/// checked once they are judged.
enum CSSRules {
    /// The publication's style sheets, each through the style-sheet registry (the default
    /// rendition's package alone: the sheets are read once, for it).
    static func styleSheets(_ input: PackageInput, into found: inout RuleOutput) {
        let session = input.session
        let unchecked = Set(PackageRules.uncheckedItems(session.package).map(\.id))
        for item in session.package.manifest where item.mediaType == "text/css" && !unchecked.contains(item.id) {
            guard let path = item.path, let sheet = session.styleSheet(at: path) else { continue }
            let sheetInput = StyleSheetInput(session: session, package: session.package, item: item, path: path, sheet: sheet,
                                             grammar: session.grammarFindings(at: path) ?? CSSGrammarFindings())
            RuleRegistry.styleSheet.run(sheetInput, into: &found)
        }
    }

    /// Encodings, grammar, properties and overlay classes of one sheet; the files it uses, registered.
    static func check(_ input: StyleSheetInput, into found: inout RuleOutput) {
        let path = input.path, sheet = input.sheet, grammar = input.grammar
        let epub3 = input.package.isEPUB3
        var out: [Diagnostic] = []
        defer { found.add(out) }
        func report(_ id: MessageID, _ message: MessageText, _ line: Int?, _ column: Int? = nil) {
            out.append(Diagnostic(id, message: message, location: .init(path: path, line: line, column: column)))
        }
        if let bytes = input.session.data(at: path, prefix: 2), bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            report(.CSS_003, .styleSheetEncodedUtfUseUtf, nil)
            return  // read as UTF-8 it is noise: nothing else is said
        }
        if case .at(let name, let prelude, _, _, _)? = sheet.rules.first, name.lowercased() == "charset" {
            let encoding = prelude.trimmingCharacters(in: ["\"", "'", " "]).lowercased()
            if encoding.hasPrefix("utf-16") {
                report(.CSS_003, .styleSheetDeclaresUtfUseUtf, nil)
            } else if encoding != "utf-8" {
                report(.CSS_004, .styleSheetDeclaresEncodingStyleSheets(encoding), nil)
            }
        }
        for fault in sheetFaults(grammar) { report(fault.id, fault.message, fault.line, fault.column) }
        func reference(_ url: String, line: Int?, column: Int?, font: Bool = false) {
            guard !url.trimmingXMLWhitespace().isEmpty else { return }
            found.references.register(Reference(origin: .styleSheet, kind: font ? .font : .styleResource, url: url,
                                                resolution: HrefResolver.resolve(url, against: path), line: line, column: column),
                                      from: input.item, path: path)
        }
        for rule in sheet.rules {
            if case .at(let name, let prelude, _, _, let line) = rule, name.lowercased() == "import", let target = CSSStyleSheet.importTarget(prelude) {
                reference(target, line: line, column: nil)
            }
        }
        // The property rules read the declarations as a checker does, after syntax errors too.
        for fontFace in grammar.fontFaces where fontFace.declarationCount == 0 {
            report(.CSS_019, .fontFaceRuleHasNoDeclarations, fontFace.line)
        }
        for declaration in grammar.declarations {
            if epub3 && (declaration.name == "direction" || declaration.name == "unicode-bidi") {
                report(.CSS_001, .propertyNotUsedEpubStyleSheets(declaration.name), declaration.line, declaration.column)
            }
            let value = declaration.value.lowercased()
            if declaration.name == "position" && (value.split(separator: "!").first ?? "").trimmingXMLWhitespace() == "fixed" {
                report(.CSS_006, .positionFixedUsedPaginatedReadingSystems, declaration.line, declaration.column)
            }
        }
        for use in grammar.urlUses {
            reference(use.url, line: use.line, column: use.column, font: use.inFontFace)
        }
        if epub3 { overlayClasses(sheet, input.package, path: path, into: &out) }
    }

    /// What CSS answers for wherever it is written (a style sheet or a `style` element): its grammar
    /// (CSS-008), empty `url()`s (CSS-002) and `@font-face` declarations (CSS-028), placed inside the CSS.
    static func sheetFaults(_ sheet: CSSGrammarFindings) -> [(id: MessageID, message: MessageText, line: Int, column: Int)] {
        var out: [(id: MessageID, message: MessageText, line: Int, column: Int)] = []
        for problem in sheet.syntaxProblems {
            out.append((.CSS_008, .cssSyntaxError(problem.message), problem.line, problem.column))
        }
        for use in sheet.urlUses where use.url.trimmingXMLWhitespace().isEmpty {
            out.append((.CSS_002, .urlEmptyNameFileUse, use.line, use.column))
        }
        for declaration in sheet.declarations where declaration.inFontFace {
            out.append((.CSS_028, .fontFaceRuleDeclares(declaration.name), declaration.line, declaration.column))
        }
        return out
    }

    /// OPF-014 and OPF-018 for style sheets, once their references are judged.
    static func properties(_ input: PackageInput, into found: inout RuleOutput) {
        let session = input.session, package = session.package, verdict = input.verdict
        guard package.isEPUB3 else { return }
        var out: [Diagnostic] = []
        for item in package.manifest where item.mediaType == "text/css" {
            guard let path = item.path, session.styleSheet(at: path) != nil else { continue }
            if let bytes = session.data(at: path, prefix: 2), bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { continue }
            let needsRemote = verdict.remoteNeeded.contains(path)
            if needsRemote && !item.has(property: "remote-resources") {
                out.append(Diagnostic(.OPF_014, message: .styleSheetUsesRemoteResourcesSo(item.id), location: .init(path: path)))
            } else if !needsRemote && item.has(property: "remote-resources") {
                out.append(Diagnostic(.OPF_018, message: .styleSheetDeclaresUnusedRemoteResources(item.id), location: .init(path: path)))
            }
        }
        found.add(out)
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
                out.append(Diagnostic(.CSS_029, message: .classStyledButPackageDeclaresNo(name, property),
                                      location: .init(path: path, line: line)))
            }
        }
    }
}
