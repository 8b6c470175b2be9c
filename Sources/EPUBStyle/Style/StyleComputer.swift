/// Computes one element's style from its cascaded values and its parent's computed style, as CSS
/// Cascading and Inheritance 4 and each property's "computed value" line say, in the forms
/// Chromium prints: inheritance and initial values, `inherit`/`initial`/`unset`, font sizes
/// (keywords from Chromium's size table, `em`/`%`/`rem`, the 13 px monospace default), lengths to
/// px, `currentcolor`, border widths of borders that are not drawn, relative font weights,
/// `match-parent`, and `display` blockified by floats and absolute positions.
package enum StyleComputer {
    /// The px of `xx-small` … `xxx-large` for a `medium` of 9 to 16 px (rows by medium), and the
    /// factors of `medium` beyond: Chromium's keyword sizes (its "strict" table; each row read
    /// off headless Chromium with `default_font_size` set to the row's size).
    static let keywordTable: [[Double]] = [
        [9, 9, 9, 9, 11, 14, 18, 27], [9, 9, 9, 10, 12, 15, 20, 30], [9, 9, 10, 11, 13, 17, 22, 33], [9, 9, 10, 12, 14, 18, 24, 36],
        [9, 10, 12, 13, 16, 20, 26, 39], [9, 10, 12, 14, 17, 21, 28, 42], [9, 10, 13, 15, 18, 23, 30, 45], [9, 10, 13, 16, 18, 24, 32, 48],
    ]
    static let keywordFactors: [Float] = [0.6, 0.75, 0.89, 1, 1.2, 1.5, 2, 3]
    /// Chromium's `minimum_logical_font_size`: a size reached from the default (keywords, `em`,
    /// `%`) is never smaller; one from an absolute length may be.
    static let minimumLogicalFontSize = 6.0

    /// `medium`: the default font size, or the monospace one.
    static func medium(monospace: Bool) -> Double { monospace ? MediaAssumptions.monospaceFontSize : MediaAssumptions.fontSize }

    /// The px of a size keyword (1 `xx-small` … 8 `xxx-large`).
    static func keywordSize(_ keyword: Int, monospace: Bool) -> Double {
        keywordSize(keyword, medium: medium(monospace: monospace))
    }

    /// The px of a size keyword for a `medium` of so many px.
    static func keywordSize(_ keyword: Int, medium: Double) -> Double {
        if medium >= 9, medium <= 16, medium == medium.rounded() { return keywordTable[Int(medium) - 9][keyword - 1] }
        return max(Double(keywordFactors[keyword - 1] * Float(medium)), minimumLogicalFontSize)
    }

    /// The font size an element is given for a specified one: at least the minimum logical size
    /// unless it came from an absolute length smaller than that (or is 0).
    static func usedFontSize(_ specified: Double, absolute: Bool) -> Double {
        specified > 0 && specified < minimumLogicalFontSize && !absolute ? minimumLogicalFontSize : specified
    }

    static let fontSizeKeywords: [String: Int] = [
        "xx-small": 1, "x-small": 2, "small": 3, "medium": 4, "large": 5, "x-large": 6, "xx-large": 7, "xxx-large": 8,
    ]

    /// The x-height, in em, that `ex` is taken to be: the default serif's as Chromium measures it
    /// (the font a renderer finally uses may differ; `ex` is rare in books). `ch` is 0.5em.
    static let exRatio = 0.458984375

    /// Facts about the element the computation needs besides its declarations.
    struct Context {
        var isRoot: Bool
        var rootFontSize: Double
        var parentDisplay: String?
    }

    static func compute(_ cascaded: [String?], parent: ComputedStyle?, _ context: Context) -> ComputedStyle {
        let base = parent ?? .initial
        var style = ComputedStyle.initial
        style.fontSize = base.fontSize
        style.fontKeyword = base.fontKeyword
        style.fontAbsolute = base.fontAbsolute
        style.monospace = base.monospace
        style.color = base.color
        // Each property: what to compute (declared, or an explicit `initial`), or a copy of the
        // parent's; a property neither declared nor inherited keeps its initial value, computed
        // once (`ComputedStyle.initial`), but for the border's colors and widths, done below.
        var declared: [String?] = Array(repeating: nil, count: StyleProperty.all.count)
        var fromParent = [Bool](repeating: false, count: StyleProperty.all.count)
        for (i, property) in StyleProperty.all.enumerated() {
            var value = cascaded[i]
            if value == nil && !property.inherited { continue }
            if value == "unset" || value == "revert" { value = property.inherited ? "inherit" : "initial" }
            if value == "inherit" || (value == nil && property.inherited) {
                if let parent {
                    style.values[i] = parent.values[i]
                    fromParent[i] = true
                    continue
                }
                value = "initial"
            }
            declared[i] = value == "initial" ? initialSpecified(property) : value
        }
        computeFont(&style, declared, base, parent: parent, context)
        computeColors(&style, declared, base, fromParent)
        computeLengths(&style, declared, context, fromParent)
        computeKeywords(&style, declared, base)
        blockify(&style, context)
        return style
    }

    /// The initial value as the computation reads it (`medium` sizes, not their px).
    static func initialSpecified(_ property: StyleProperty) -> String {
        property.name == "font-size" || property.name.hasSuffix("-width") && property.name.hasPrefix("border-") ? "medium" : property.initial
    }

    static func value(_ declared: [String?], _ name: String) -> String? {
        StyleProperty.index[name].flatMap { declared[$0] }
    }

    // MARK: fonts

    private static func computeFont(_ style: inout ComputedStyle, _ declared: [String?], _ base: ComputedStyle, parent: ComputedStyle?,
                                    _ context: Context) {
        if let family = value(declared, "font-family") {
            let names = family.split(separator: ",").map { $0.trimmingXMLWhitespace() }
            style.set("font-family", names.map(serializeFamily).joined(separator: ", "))
            style.monospace = names.count == 1 && names[0].lowercased() == "monospace"
        }
        if let size = value(declared, "font-size") {
            fontSize(size, &style, base, context)
        } else if style.monospace != base.monospace {
            rescale(&style, from: base.monospace)
        }
        style.set("font-size", CSSNumber.px(usedFontSize(style.fontSize, absolute: style.fontAbsolute)))
        if let weight = value(declared, "font-weight") {
            let parentWeight = Double(base["font-weight"] ?? "400") ?? 400
            let w: Double
            switch weight {
            case "normal": w = 400
            case "bold": w = 700
            case "bolder": w = parentWeight < 350 ? 400 : parentWeight < 550 ? 700 : 900
            case "lighter": w = parentWeight < 550 ? 100 : parentWeight < 750 ? 400 : 700
            default: w = Double(weight) ?? 400
            }
            style.set("font-weight", CSSNumber.format(w))
        }
        if let lineHeight = value(declared, "line-height") {
            if lineHeight == "normal" {
                style.set("line-height", "normal")
            } else if let n = Double(lineHeight) {
                style.set("line-height", CSSNumber.px(Double(Float(n * usedFontSize(style.fontSize, absolute: style.fontAbsolute)))))
            } else if let px = length(lineHeight, style.fontSize, context, percentOf: style.fontSize) {
                style.set("line-height", CSSNumber.px(px))
            }
        } else if let factor = base.lineHeightFactor, parent != nil {
            // A unitless line height is inherited as the number, and computed against this font size.
            style.set("line-height", CSSNumber.px(Double(Float(factor * usedFontSize(style.fontSize, absolute: style.fontAbsolute)))))
        }
        if let lineHeight = value(declared, "line-height") {
            style.lineHeightFactor = Double(lineHeight)
        } else {
            style.lineHeightFactor = base.lineHeightFactor
        }
    }

    private static func fontSize(_ size: String, _ style: inout ComputedStyle, _ base: ComputedStyle, _ context: Context) {
        if let keyword = fontSizeKeywords[size] {
            style.fontKeyword = keyword
            style.fontAbsolute = false
            style.fontSize = keywordSize(keyword, monospace: style.monospace)
            return
        }
        // Relative sizes are taken from the parent's size, rescaled first if the monospace-ness changed.
        var parentSize = base.fontSize
        if style.monospace != base.monospace, !base.fontAbsolute {
            parentSize = base.fontKeyword > 0 ? keywordSize(base.fontKeyword, monospace: style.monospace)
                : parentSize * medium(monospace: style.monospace) / medium(monospace: base.monospace)
        }
        style.fontKeyword = 0
        switch size {
        case "smaller": style.fontSize = Double(Float(parentSize / 1.2)); style.fontAbsolute = base.fontAbsolute
        case "larger": style.fontSize = Double(Float(parentSize * 1.2)); style.fontAbsolute = base.fontAbsolute
        default:
            guard let (n, unit) = CSSNumber.dimension(size) else { return }
            switch unit {
            case "%": style.fontSize = Double(Float(n / 100 * parentSize)); style.fontAbsolute = base.fontAbsolute
            case "em": style.fontSize = Double(Float(n * parentSize)); style.fontAbsolute = base.fontAbsolute
            case "ex": style.fontSize = Double(Float(n * parentSize * exRatio)); style.fontAbsolute = base.fontAbsolute
            case "ch": style.fontSize = Double(Float(n * parentSize / 2)); style.fontAbsolute = base.fontAbsolute
            default:
                style.fontSize = length(size, parentSize, context, percentOf: parentSize) ?? parentSize
                style.fontAbsolute = true
            }
        }
    }

    /// The family changed to or from monospace and no size was declared: the inherited size is
    /// the keyword's in the new table, or scaled, unless it came from an absolute length.
    private static func rescale(_ style: inout ComputedStyle, from wasMonospace: Bool) {
        guard !style.fontAbsolute else { return }
        if style.fontKeyword > 0 {
            style.fontSize = keywordSize(style.fontKeyword, monospace: style.monospace)
        } else {
            style.fontSize = Double(Float(style.fontSize * medium(monospace: style.monospace) / medium(monospace: wasMonospace)))
        }
    }

    /// A family name as Chromium serializes it: a sequence of identifiers unquoted, else quoted.
    static func serializeFamily(_ name: String) -> String {
        var unquoted = name
        var wasString = false
        if let first = name.first, first == "\"" || first == "'", name.count >= 2, name.last == first {
            unquoted = String(name.dropFirst().dropLast())
            wasString = true
        }
        let generics: Set<String> = ["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "math", "emoji", "fangsong"]
        let words = unquoted.split(separator: " ", omittingEmptySubsequences: true)
        // One identifier stays bare (unless it was a string naming a generic family); anything
        // else, spaces included, is printed as a string.
        let identifier = words.count == 1 && words[0].unicodeScalars.first.map { first in
            (first.properties.isAlphabetic || first == "_" || first.value > 0x7F || first == "-")
        } ?? false && words[0].unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" || $0.value > 0x7F }
        if identifier && !(wasString && generics.contains(unquoted.lowercased())) {
            // A generic family is a keyword, printed in lower case.
            return generics.contains(unquoted.lowercased()) ? unquoted.lowercased() : String(words[0])
        }
        return "\"" + unquoted.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    // MARK: colors and lengths

    private static func computeColors(_ style: inout ComputedStyle, _ declared: [String?], _ base: ComputedStyle, _ fromParent: [Bool]) {
        if let color = value(declared, "color") {
            style.color = color == "currentcolor" ? base.color : CSSColor.parse(color) ?? base.color
            style.set("color", style.color.serialized)
        }
        var colorText: String?
        for name in ["border-top-color", "border-right-color", "border-bottom-color", "border-left-color", "background-color"] {
            guard let i = StyleProperty.index[name] else { continue }
            guard let raw = declared[i] ?? (name == "background-color" || fromParent[i] ? nil : "currentcolor") else { continue }
            if raw == "currentcolor" {
                if colorText == nil { colorText = style.color.serialized }
                style.values[i] = colorText ?? ""
                continue
            }
            if let c = CSSColor.parse(raw) { style.set(name, c.serialized) }
        }
    }

    /// Slots of the box properties, side by side (top, right, bottom, left), found once.
    static let sideSlots: [(margin: Int, padding: Int, style: Int, width: Int)] = StyleDeclarations.sides.map { side in
        (StyleProperty.index["margin-\(side)"] ?? 0, StyleProperty.index["padding-\(side)"] ?? 0,
         StyleProperty.index["border-\(side)-style"] ?? 0, StyleProperty.index["border-\(side)-width"] ?? 0)
    }
    static let lengthSlots = ["width", "height", "max-width", "text-indent", "letter-spacing", "vertical-align"].compactMap { StyleProperty.index[$0] }
    static let letterSpacingSlot = StyleProperty.index["letter-spacing"] ?? 0

    private static func computeLengths(_ style: inout ComputedStyle, _ declared: [String?], _ context: Context, _ fromParent: [Bool]) {
        let fontSize = style.fontSize
        for slots in sideSlots {
            for i in [slots.margin, slots.padding] {
                if let v = declared[i] { style.values[i] = lengthOrSpecified(v, fontSize, context) }
            }
            if fromParent[slots.width] { continue }
            let borderStyle = declared[slots.style] ?? style.values[slots.style]
            let drawn = borderStyle != "none" && borderStyle != "hidden"
            guard let raw = declared[slots.width] ?? (drawn ? "medium" : nil) else { continue }
            if !drawn {
                style.values[slots.width] = "0px"
                continue
            }
            let px: Double
            switch raw {
            case "thin": px = 1
            case "medium": px = 3
            case "thick": px = 5
            default: px = length(raw, fontSize, context, percentOf: nil) ?? 3
            }
            style.values[slots.width] = CSSNumber.px(px > 0 && px < 1 ? 1 : px.rounded(.down))
        }
        for i in lengthSlots {
            if let v = declared[i] { style.values[i] = lengthOrSpecified(v, fontSize, context) }
        }
        // No extra spacing is printed as `normal`, as Chromium prints it.
        if style.values[letterSpacingSlot] == "0px" { style.values[letterSpacingSlot] = "normal" }
    }

    /// A length to px; a percentage, keyword or `calc()` as written.
    static func lengthOrSpecified(_ value: String, _ fontSize: Double, _ context: Context) -> String {
        if value.hasSuffix("%") || value.hasPrefix("calc(") { return value.hasSuffix("%") ? CSSNumber.format(Double(value.dropLast()) ?? 0) + "%" : value }
        return length(value, fontSize, context, percentOf: nil).map(CSSNumber.px) ?? value
    }

    /// A length in px (`em` of `fontSize`, `rem` of the root's, `vw`/`vh` of the assumed viewport).
    static func length(_ value: String, _ fontSize: Double, _ context: Context, percentOf: Double?) -> Double? {
        guard let (n, unit) = CSSNumber.dimension(value) else { return nil }
        let px: Double
        switch unit {
        case "": guard n == 0 else { return nil }; px = 0
        case "%": guard let whole = percentOf else { return nil }; px = n / 100 * whole
        default: guard let found = Self.px(n, unit, fontSize: fontSize, rootFontSize: context.rootFontSize) else { return nil }; px = found
        }
        return Double(Float(px))
    }

    /// A dimension's px for a length unit (CSS Values 4 § 6): relative to `fontSize` and
    /// `rootFontSize`, the assumed viewport, or absolute; nil for a unit that is no length. The one
    /// table of length units: media queries read theirs here too (`MediaLength`).
    package static func px(_ n: Double, _ unit: String, fontSize: Double, rootFontSize: Double) -> Double? {
        switch unit {
        case "px": return n
        case "em": return n * fontSize
        case "rem": return n * rootFontSize
        case "ex": return n * fontSize * exRatio
        case "ch": return n * fontSize / 2
        case "pt": return n * 4 / 3
        case "pc": return n * 16
        case "in": return n * 96
        case "cm": return n * 96 / 2.54
        case "mm": return n * 96 / 25.4
        case "q": return n * 96 / 101.6
        case "vw": return n * MediaAssumptions.width / 100
        case "vh": return n * MediaAssumptions.height / 100
        case "vmin": return n * min(MediaAssumptions.width, MediaAssumptions.height) / 100
        case "vmax": return n * max(MediaAssumptions.width, MediaAssumptions.height) / 100
        default: return nil
        }
    }

    // MARK: keywords

    /// CSS Display 3 § 2.7: a float, an absolutely positioned box, the root and a flex or grid
    /// item have a block-level display; an absolutely positioned box does not float.
    private static func blockify(_ style: inout ComputedStyle, _ context: Context) {
        let position = style["position"] ?? "static"
        if position == "absolute" || position == "fixed" { style.set("float", "none") }
        let parentDisplay = context.parentDisplay ?? ""
        let blockified = context.isRoot || style["float"] != "none" || position == "absolute" || position == "fixed"
            || ["flex", "inline-flex", "grid", "inline-grid", "math", "block math", "inline math"].contains(parentDisplay)
        guard blockified, let display = style["display"] else { return }
        switch display {
        case "inline math", "math": style.set("display", "block math")
        case "inline", "inline-block", "run-in", "table-row-group", "table-column", "table-column-group", "table-header-group",
             "table-footer-group", "table-row", "table-cell", "table-caption", "ruby", "ruby-text": style.set("display", "block")
        case "inline-table": style.set("display", "table")
        case "inline-flex": style.set("display", "flex")
        case "inline-grid": style.set("display", "grid")
        default: break
        }
    }

    static let keywordSlots = (["display", "float", "clear", "position", "font-style", "font-variant-caps", "text-transform", "white-space",
                                "direction", "unicode-bidi", "text-orientation", "text-combine-upright", "hyphens", "list-style-type",
                                "break-before", "break-after", "break-inside", "visibility"] + StyleDeclarations.sides.map { "border-\($0)-style" })
        .compactMap { StyleProperty.index[$0] }

    private static func computeKeywords(_ style: inout ComputedStyle, _ declared: [String?], _ base: ComputedStyle) {
        for i in keywordSlots {
            if let v = declared[i] { style.values[i] = v }
        }
        if let mode = value(declared, "writing-mode") {
            switch mode {
            case "lr", "lr-tb", "rl", "rl-tb": style.set("writing-mode", "horizontal-tb")
            case "tb", "tb-rl": style.set("writing-mode", "vertical-rl")
            default: style.set("writing-mode", mode)
            }
        }
        if let line = value(declared, "text-decoration-line") {
            let order = ["underline", "overline", "line-through", "blink"]
            let words = Set(line.split(separator: " ").map(String.init))
            style.set("text-decoration-line", line == "none" ? "none" : order.filter(words.contains).joined(separator: " "))
        }
        if let image = value(declared, "background-image") { style.set("background-image", image) }
        if let opacity = value(declared, "opacity"), let (n, unit) = CSSNumber.dimension(opacity) {
            style.set("opacity", CSSNumber.format(Double(Float(min(1, max(0, unit == "%" ? n / 100 : n))))))
        }
        if let align = value(declared, "text-align") {
            if align == "match-parent" {
                // Chromium prints the parent's value as it is (`start` stays `start`).
                style.set("text-align", base["text-align"] ?? "start")
            } else {
                style.set("text-align", align)
            }
        }
    }
}
