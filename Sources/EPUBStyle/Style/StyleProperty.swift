/// The properties `export --styles` computes, with what the cascade needs of each: whether it
/// inherits, its initial value as `getComputedStyle` prints it, and which values are valid (an
/// invalid declaration is dropped before the cascade, as browsers drop it).
package struct StyleProperty: Sendable {
    package enum Kind: Sendable {
        case keywords(Set<String>)
        /// A length or percentage, or one of the keywords.
        case length(keywords: Set<String>, negative: Bool)
        case color
        case borderWidth
        case fontFamily, fontSize, fontWeight, lineHeight, verticalAlign, textDecorationLine
        /// `none`, or image layers (`url()`, gradients, `image-set()`), kept as written.
        case image
        /// A number or percentage, clamped to 0…1 when computed.
        case opacity
    }

    package let name: String
    package let inherited: Bool
    package let initial: String
    package let kind: Kind

    static let borderStyles: Set<String> = ["none", "hidden", "dotted", "dashed", "solid", "double", "groove", "ridge", "inset", "outset"]
    static let breaks: Set<String> = ["auto", "avoid", "always", "all", "avoid-page", "page", "left", "right", "recto", "verso", "avoid-column", "column"]

    package static let all: [StyleProperty] = {
        var list: [StyleProperty] = [
            .init(name: "display", inherited: false, initial: "inline", kind: .keywords([
                "none", "inline", "block", "inline-block", "list-item", "table", "inline-table", "table-row-group", "table-header-group",
                "table-footer-group", "table-row", "table-column-group", "table-column", "table-cell", "table-caption", "flex",
                "inline-flex", "grid", "inline-grid", "contents", "flow-root", "ruby", "ruby-text", "run-in", "math", "block math", "inline math",
            ])),
            .init(name: "float", inherited: false, initial: "none", kind: .keywords(["none", "left", "right", "inline-start", "inline-end"])),
            .init(name: "clear", inherited: false, initial: "none", kind: .keywords(["none", "left", "right", "both", "inline-start", "inline-end"])),
            .init(name: "position", inherited: false, initial: "static", kind: .keywords(["static", "relative", "absolute", "fixed", "sticky"])),
        ]
        for side in ["top", "right", "bottom", "left"] {
            list.append(.init(name: "margin-" + side, inherited: false, initial: "0px", kind: .length(keywords: ["auto"], negative: true)))
        }
        for side in ["top", "right", "bottom", "left"] {
            list.append(.init(name: "padding-" + side, inherited: false, initial: "0px", kind: .length(keywords: [], negative: false)))
        }
        for side in ["top", "right", "bottom", "left"] {
            list.append(.init(name: "border-\(side)-width", inherited: false, initial: "3px", kind: .borderWidth))
            list.append(.init(name: "border-\(side)-style", inherited: false, initial: "none", kind: .keywords(borderStyles)))
            list.append(.init(name: "border-\(side)-color", inherited: false, initial: "currentcolor", kind: .color))
        }
        list += [
            .init(name: "width", inherited: false, initial: "auto", kind: .length(keywords: ["auto", "min-content", "max-content", "fit-content"], negative: false)),
            .init(name: "height", inherited: false, initial: "auto", kind: .length(keywords: ["auto", "min-content", "max-content", "fit-content"], negative: false)),
            .init(name: "max-width", inherited: false, initial: "none", kind: .length(keywords: ["none", "min-content", "max-content", "fit-content"], negative: false)),
            .init(name: "background-color", inherited: false, initial: "rgba(0, 0, 0, 0)", kind: .color),
            .init(name: "color", inherited: true, initial: "rgb(0, 0, 0)", kind: .color),
            .init(name: "font-family", inherited: true, initial: "\"Times New Roman\"", kind: .fontFamily),
            .init(name: "font-size", inherited: true, initial: "16px", kind: .fontSize),
            .init(name: "font-style", inherited: true, initial: "normal", kind: .keywords(["normal", "italic", "oblique"])),
            .init(name: "font-weight", inherited: true, initial: "400", kind: .fontWeight),
            .init(name: "font-variant-caps", inherited: true, initial: "normal", kind: .keywords([
                "normal", "small-caps", "all-small-caps", "petite-caps", "all-petite-caps", "unicase", "titling-caps",
            ])),
            .init(name: "line-height", inherited: true, initial: "normal", kind: .lineHeight),
            .init(name: "text-align", inherited: true, initial: "start", kind: .keywords([
                "start", "end", "left", "right", "center", "justify", "match-parent", "-webkit-center", "-webkit-left", "-webkit-right",
            ])),
            .init(name: "text-indent", inherited: true, initial: "0px", kind: .length(keywords: [], negative: true)),
            .init(name: "text-transform", inherited: true, initial: "none", kind: .keywords(["none", "capitalize", "uppercase", "lowercase", "full-width", "full-size-kana", "math-auto"])),
            .init(name: "text-decoration-line", inherited: false, initial: "none", kind: .textDecorationLine),
            .init(name: "letter-spacing", inherited: true, initial: "normal", kind: .length(keywords: ["normal"], negative: true)),
            .init(name: "white-space", inherited: true, initial: "normal", kind: .keywords(["normal", "pre", "nowrap", "pre-wrap", "pre-line", "break-spaces"])),
            .init(name: "vertical-align", inherited: false, initial: "baseline", kind: .verticalAlign),
            .init(name: "direction", inherited: true, initial: "ltr", kind: .keywords(["ltr", "rtl"])),
            .init(name: "unicode-bidi", inherited: false, initial: "normal", kind: .keywords(["normal", "embed", "isolate", "bidi-override", "isolate-override", "plaintext"])),
            .init(name: "writing-mode", inherited: true, initial: "horizontal-tb", kind: .keywords([
                "horizontal-tb", "vertical-rl", "vertical-lr", "sideways-rl", "sideways-lr", "lr", "lr-tb", "rl", "rl-tb", "tb", "tb-rl",
            ])),
            .init(name: "text-orientation", inherited: true, initial: "mixed", kind: .keywords(["mixed", "upright", "sideways", "sideways-right", "vertical-right"])),
            .init(name: "text-combine-upright", inherited: false, initial: "none", kind: .keywords(["none", "all", "horizontal"])),
            .init(name: "hyphens", inherited: true, initial: "manual", kind: .keywords(["none", "manual", "auto"])),
            .init(name: "list-style-type", inherited: true, initial: "disc", kind: .keywords([
                "none", "disc", "circle", "square", "decimal", "decimal-leading-zero", "lower-roman", "upper-roman", "lower-alpha",
                "upper-alpha", "lower-latin", "upper-latin", "lower-greek", "armenian", "georgian", "hiragana", "katakana",
                "hiragana-iroha", "katakana-iroha", "cjk-ideographic", "disclosure-open", "disclosure-closed", "cjk-decimal",
                "japanese-informal", "japanese-formal", "simp-chinese-informal", "trad-chinese-informal", "hebrew", "arabic-indic",
                "persian", "devanagari", "bengali", "thai", "korean-hangul-formal",
            ])),
            .init(name: "break-before", inherited: false, initial: "auto", kind: .keywords(breaks)),
            .init(name: "break-after", inherited: false, initial: "auto", kind: .keywords(breaks)),
            .init(name: "break-inside", inherited: false, initial: "auto", kind: .keywords(["auto", "avoid", "avoid-page", "avoid-column"])),
            .init(name: "visibility", inherited: true, initial: "visible", kind: .keywords(["visible", "hidden", "collapse"])),
            // Export 3.3.0: what decides whether the background behind text is known (the
            // accessibility checker's colour contrast) and what a renderer draws under it.
            .init(name: "background-image", inherited: false, initial: "none", kind: .image),
            .init(name: "opacity", inherited: false, initial: "1", kind: .opacity),
        ]
        return list
    }()

    package static let index: [String: Int] = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1.name, $0) })

    /// Whether a declared value (lowercased, trimmed) is one this property takes.
    func accepts(_ value: String) -> Bool {
        switch kind {
        case .keywords(let words): return words.contains(value)
        case .length(let keywords, let negative):
            return keywords.contains(value) || Self.isLength(value, negative: negative, percent: true)
        case .color: return value == "currentcolor" || CSSColor.parse(value) != nil
        case .borderWidth: return ["thin", "medium", "thick"].contains(value) || Self.isLength(value, negative: false, percent: false)
        case .fontFamily: return Self.isFamilyList(value)
        case .fontSize:
            return StyleComputer.fontSizeKeywords[value] != nil || value == "smaller" || value == "larger"
                || Self.isLength(value, negative: false, percent: true)
        case .fontWeight:
            if ["normal", "bold", "bolder", "lighter"].contains(value) { return true }
            return Double(value).map { $0 >= 1 && $0 <= 1000 } ?? false
        case .lineHeight:
            if value == "normal" { return true }
            if let n = Double(value) { return n >= 0 }
            return Self.isLength(value, negative: false, percent: true)
        case .verticalAlign:
            return ["baseline", "sub", "super", "text-top", "text-bottom", "middle", "top", "bottom"].contains(value)
                || Self.isLength(value, negative: true, percent: true)
        case .image:
            return value == "none" || CSSSelector.split(value, on: ",").allSatisfy { layer in
                let l = layer.trimmingXMLWhitespace().lowercased()
                return l == "none" || (l.hasSuffix(")") && Self.imageFunctions.contains { l.hasPrefix($0 + "(") })
            }
        case .opacity:
            guard let (_, unit) = CSSNumber.dimension(value) else { return false }
            return unit.isEmpty || unit == "%"
        case .textDecorationLine:
            if value == "none" { return true }
            let words = value.split(separator: " ")
            return !words.isEmpty && Set(words).count == words.count && words.allSatisfy { ["underline", "overline", "line-through", "blink"].contains($0) }
        }
    }

    /// CSS Fonts 4 `font-family`: comma-separated families, each a string or one or more
    /// identifiers (`Times New Roman`, `serif`), read by the CSS tokenizer (escapes, strings left
    /// open at the end); not `#1234`, `rgb(…)`, an empty part or a CSS-wide keyword in a list.
    static func isFamilyList(_ value: String) -> Bool {
        var families: [[CSSToken.Kind]] = [[]]
        for token in CSSTokenizer.tokenize(value).tokens where token.kind != .whitespace {
            if token.kind == .comma { families.append([]) } else { families[families.count - 1].append(token.kind) }
        }
        return families.allSatisfy { family in
            if family.count == 1, case .string = family[0] { return true }
            if families.count > 1, family.count == 1, case .ident(let word) = family[0], StyleDeclarations.cssWide.contains(word.lowercased()) { return false }
            return !family.isEmpty && family.allSatisfy { if case .ident = $0 { return true } else { return false } }
        }
    }

    static let imageFunctions = ["url", "linear-gradient", "radial-gradient", "conic-gradient", "repeating-linear-gradient",
                                 "repeating-radial-gradient", "repeating-conic-gradient", "image-set", "-webkit-image-set",
                                 "-webkit-linear-gradient", "-webkit-radial-gradient", "-webkit-gradient", "cross-fade", "image"]

    static let lengthUnits: Set<String> = ["px", "em", "rem", "pt", "pc", "in", "cm", "mm", "q", "ex", "ch", "vw", "vh", "vmin", "vmax", "lh", "rlh"]

    package static func isLength(_ value: String, negative: Bool, percent: Bool) -> Bool {
        if value.hasPrefix("calc(") { return value.hasSuffix(")") }
        guard let (number, unit) = CSSNumber.dimension(value) else { return false }
        if !negative && number < 0 { return false }
        if unit.isEmpty { return number == 0 }
        return unit == "%" ? percent : lengthUnits.contains(unit)
    }
}
