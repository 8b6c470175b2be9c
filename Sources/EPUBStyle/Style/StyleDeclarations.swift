/// Turns a declaration as written into the longhands the cascade compares: shorthands expanded
/// (`margin`, `padding`, `border…`, `font`, `background`, `list-style`, `text-decoration`,
/// `font-variant`, the logical `…-block`/`…-inline` pairs), prefixed and legacy names mapped
/// (`-epub-writing-mode`, `-webkit-hyphens`, `page-break-before: always` …), and invalid values
/// dropped, as a browser drops them before the cascade. Logical longhands
/// (`margin-inline-start` …) are kept by name: which side they are depends on the element's
/// writing mode and direction, known only once those are computed.
package enum StyleDeclarations {
    static let cssWide: Set<String> = ["inherit", "initial", "unset", "revert", "revert-layer"]
    static let sides = ["top", "right", "bottom", "left"]
    static let logicalSides = ["block-start", "block-end", "inline-start", "inline-end"]

    /// Longhands of one declaration; empty when it is invalid or not one we compute.
    package static func expand(_ rawName: String, _ rawValue: String) -> [(String, String)] {
        let name = alias(rawName.lowercased())
        // Family names and image URLs keep their case.
        let value = ["font-family", "font", "background-image"].contains(name) ? rawValue.trimmingXMLWhitespace() : rawValue.trimmingXMLWhitespace().lowercased()
        if value.isEmpty || value.contains("var(") { return [] }
        if cssWide.contains(value.lowercased()) {
            return longhands(of: name).map { ($0, value.lowercased() == "revert-layer" ? "revert" : value.lowercased()) }
        }
        switch name {
        case "margin", "padding":
            return box(value).flatMap { four in zip(sides, four).map { ("\(name)-\($0)", $1) } }.map(validated) ?? []
        case "border-width", "border-style", "border-color":
            let part = String(name.dropFirst(7))
            return box(value).flatMap { four in zip(sides, four).map { ("border-\($0)-\(part)", $1) } }.map(validated) ?? []
        case "border":
            return border(value).map { parts in sides.flatMap { side in parts.map { ("border-\(side)-\($0.0)", $0.1) } } } ?? []
        case "border-top", "border-right", "border-bottom", "border-left", "border-block-start", "border-block-end",
             "border-inline-start", "border-inline-end":
            return border(value).map { parts in parts.map { ("\(name)-\($0.0)", $0.1) } } ?? []
        case "margin-block", "margin-inline", "padding-block", "padding-inline":
            let words = tokens(value)
            guard words.count == 1 || words.count == 2 else { return [] }
            return validated([("\(name)-start", words[0]), ("\(name)-end", words.count == 2 ? words[1] : words[0])])
        case "font": return font(rawValue.trimmingXMLWhitespace())
        case "background":
            return [("background-color", tokens(value).first { CSSColor.parse($0) != nil || $0 == "currentcolor" } ?? "transparent"),
                    ("background-image", backgroundImage(rawValue.trimmingXMLWhitespace()))]
        case "list-style":
            let kinds = StyleProperty.all[StyleProperty.index["list-style-type"] ?? 0]
            let words = tokens(value)
            if let type = words.first(where: { $0 != "none" && kinds.accepts($0) }) { return [("list-style-type", type)] }
            return words.contains("none") ? [("list-style-type", "none")] : [("list-style-type", "disc")]
        case "text-decoration":
            let lines = tokens(value).filter { ["underline", "overline", "line-through", "blink"].contains($0) }
            return [("text-decoration-line", lines.isEmpty ? "none" : lines.joined(separator: " "))]
        case "font-variant":
            let caps = tokens(value).first { ["small-caps", "all-small-caps", "petite-caps", "all-petite-caps", "unicase", "titling-caps"].contains($0) }
            return [("font-variant-caps", caps ?? "normal")]
        case "page-break-before", "page-break-after", "page-break-inside":
            let target = "break-" + name.dropFirst(11)
            guard ["auto", "always", "avoid", "left", "right"].contains(value) else { return [] }
            return [(target, value == "always" ? "page" : value)]
        default:
            return validated([(name, legacyValue(name, value))])
        }
    }

    /// Whether a declaration that expands to nothing was skipped for its value: the property is
    /// one we compute (so we know its values), and the value is not a `var()` we cannot judge.
    static func rejects(_ rawName: String, _ rawValue: String) -> Bool {
        let name = alias(rawName.lowercased())
        if rawValue.contains("var(") { return false }
        if ["page-break-before", "page-break-after", "page-break-inside"].contains(name) { return true }
        return longhands(of: name).allSatisfy { StyleSlot.byName[$0] != nil }
    }

    /// Prefixed and older names for properties we compute.
    static func alias(_ name: String) -> String {
        switch name {
        case "-epub-writing-mode", "-webkit-writing-mode": return "writing-mode"
        case "-epub-hyphens", "-webkit-hyphens": return "hyphens"
        case "-epub-text-orientation", "-webkit-text-orientation": return "text-orientation"
        case "-epub-text-combine", "-webkit-text-combine", "-epub-text-combine-horizontal", "-webkit-text-combine-upright": return "text-combine-upright"
        case "-webkit-margin-before": return "margin-block-start"
        case "-webkit-margin-after": return "margin-block-end"
        case "-webkit-margin-start": return "margin-inline-start"
        case "-webkit-margin-end": return "margin-inline-end"
        case "-webkit-padding-start": return "padding-inline-start"
        case "-webkit-padding-end": return "padding-inline-end"
        case "-epub-text-transform", "-webkit-text-transform": return "text-transform"
        case "-webkit-text-decoration-line": return "text-decoration-line"
        default: return name
        }
    }

    /// Values that older names take, as the current property reads them.
    static func legacyValue(_ name: String, _ value: String) -> String {
        switch (name, value) {
        case ("text-combine-upright", "horizontal"): return "all"
        case ("text-orientation", "vertical-right"): return "mixed"
        case ("text-orientation", "sideways-right"): return "sideways"
        default: return value
        }
    }

    /// Words one of which is in every declaration name that can set a longhand: its first word
    /// (`writing` for `writing-mode`, which `-epub-writing-mode` holds too; `margin` for
    /// `margin-top`, as in `margin`), and `font` for `line-height`, the one longhand a shorthand of
    /// another name sets. A style sheet without any of them sets nothing of it, unparsed.
    /// `StyleTests` checks every alias and shorthand against it.
    static func namesThatCanSet(_ longhand: String) -> [String] {
        let first = String(longhand.split(separator: "-").first ?? Substring(longhand))
        return longhand == "line-height" ? [first, "font"] : [first]
    }

    /// The longhands a name stands for (itself, for a longhand).
    static func longhands(of name: String) -> [String] {
        switch name {
        case "margin", "padding": return sides.map { "\(name)-\($0)" }
        case "border-width", "border-style", "border-color": return sides.map { "border-\($0)-\(name.dropFirst(7))" }
        case "border": return sides.flatMap { s in ["width", "style", "color"].map { "border-\(s)-\($0)" } }
        case "border-top", "border-right", "border-bottom", "border-left": return ["width", "style", "color"].map { "\(name)-\($0)" }
        case "font": return ["font-style", "font-variant-caps", "font-weight", "font-size", "line-height", "font-family"]
        case "background": return ["background-color", "background-image"]
        case "list-style": return ["list-style-type"]
        case "text-decoration": return ["text-decoration-line"]
        case "font-variant": return ["font-variant-caps"]
        case "margin-block", "margin-inline", "padding-block", "padding-inline": return ["\(name)-start", "\(name)-end"]
        default: return [name]
        }
    }

    /// The image layers of a `background` shorthand (each layer's `url()` or gradient, as written),
    /// or `none`.
    static func backgroundImage(_ value: String) -> String {
        var images: [String] = []
        for layer in CSSSelector.split(value, on: ",") {
            let lower = layer.lowercased()
            let starts = StyleProperty.imageFunctions.compactMap { lower.range(of: $0 + "(") }.map(\.lowerBound).min()
            guard let start = starts else { images.append("none"); continue }
            // The function runs to its closing parenthesis, nested ones (`rgb()` in a gradient) included.
            var depth = 0, end = layer.endIndex
            for i in layer[start...].indices {
                if layer[i] == "(" { depth += 1 } else if layer[i] == ")" { depth -= 1; if depth == 0 { end = layer.index(after: i); break } }
            }
            images.append(String(layer[start..<end]))
        }
        return images.allSatisfy { $0 == "none" } ? "none" : images.joined(separator: ", ")
    }

    /// Keeps the longhands only if every one is valid (one bad part voids a shorthand).
    static func validated(_ pairs: [(String, String)]) -> [(String, String)] {
        for (name, value) in pairs {
            guard let property = StyleProperty.all[safe: StyleProperty.index[physicalKind(of: name)]] else { return [] }
            if !property.accepts(value) { return [] }
        }
        return pairs
    }

    /// The physical property whose values a logical one takes (`margin-inline-start` → `margin-left`).
    static func physicalKind(of name: String) -> String {
        for logical in logicalSides where name.hasSuffix(logical) || name.contains("-\(logical)-") {
            return name.replacingOccurrences(of: logical, with: "left")
        }
        return name
    }

    /// One to four values as CSS's box shorthands give them to top, right, bottom, left.
    static func box(_ value: String) -> [String]? {
        let w = tokens(value)
        switch w.count {
        case 1: return [w[0], w[0], w[0], w[0]]
        case 2: return [w[0], w[1], w[0], w[1]]
        case 3: return [w[0], w[1], w[2], w[1]]
        case 4: return w
        default: return nil
        }
    }

    /// `border` and its sides: width, style and color in any order, the rest initial.
    static func border(_ value: String) -> [(String, String)]? {
        var width = "medium", style = "none", color = "currentcolor"
        let widthProperty = StyleProperty.all[StyleProperty.index["border-top-width"] ?? 0]
        for word in tokens(value) {
            if StyleProperty.borderStyles.contains(word) { style = word }
            else if widthProperty.accepts(word) { width = word }
            else if word == "currentcolor" || CSSColor.parse(word) != nil { color = word }
            else { return nil }
        }
        return [("width", width), ("style", style), ("color", color)]
    }

    /// `font`: style, variant, weight and stretch in any order, then size[/line-height] and family.
    static func font(_ value: String) -> [(String, String)] {
        let words = tokens(value)
        var style = "normal", caps = "normal", weight = "normal"
        var i = 0
        let sizeProperty = StyleProperty.all[StyleProperty.index["font-size"] ?? 0]
        while i < words.count {
            let w = words[i].lowercased()
            if w == "normal" { i += 1; continue }
            if ["italic", "oblique"].contains(w) { style = w }
            else if w == "small-caps" { caps = w }
            else if ["bold", "bolder", "lighter"].contains(w) || (Double(w).map { $0 >= 1 && $0 <= 1000 } ?? false) { weight = w }
            else if ["ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "semi-expanded", "expanded", "extra-expanded", "ultra-expanded"].contains(w) {}
            else { break }
            i += 1
        }
        guard i < words.count else { return [] }
        var sizeWord = words[i].lowercased(), lineHeight = "normal"
        i += 1
        if let slash = sizeWord.firstIndex(of: "/") {
            lineHeight = String(sizeWord[sizeWord.index(after: slash)...])
            sizeWord = String(sizeWord[..<slash])
            if lineHeight.isEmpty, i < words.count { lineHeight = words[i].lowercased(); i += 1 }
        } else if i < words.count, words[i].hasPrefix("/") {
            lineHeight = String(words[i].dropFirst()).lowercased()
            i += 1
            if lineHeight.isEmpty, i < words.count { lineHeight = words[i].lowercased(); i += 1 }
        }
        guard sizeProperty.accepts(sizeWord), i < words.count else { return [] }
        let family = words[i...].joined(separator: " ")
        return validated([("font-style", style), ("font-variant-caps", caps), ("font-weight", weight), ("font-size", sizeWord),
                          ("line-height", lineHeight), ("font-family", family)])
    }

    /// A value's space-separated parts, parentheses and quotes kept whole.
    static func tokens(_ value: String) -> [String] {
        var out: [String] = [], current = "", depth = 0
        var quote: Character?
        for c in value {
            if let q = quote { current.append(c); if c == q { quote = nil }; continue }
            switch c {
            case "\"", "'": quote = c; current.append(c)
            case "(": depth += 1; current.append(c)
            case ")": depth -= 1; current.append(c)
            case " ", "\t", "\n", "\r", "\u{C}":
                if depth > 0 { current.append(c) } else if !current.isEmpty { out.append(current); current = "" }
            default: current.append(c)
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }
}

extension Array {
    subscript(safe index: Int?) -> Element? {
        guard let index, indices.contains(index) else { return nil }
        return self[index]
    }
}
