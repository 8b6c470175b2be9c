/// One media feature in parentheses (Media Queries 4 § 2.4, 4–7, Media Queries 5), evaluated for
/// `MediaAssumptions`' screen: plain (`width: 768px`), `min-`/`max-`, boolean (`color`) and range
/// (`700px < width <= 800px`) forms. A feature this screen does not have, a value of the wrong type
/// or a range on a discrete feature is *unknown* (general-enclosed, § 3.2), as in Chromium.
enum MediaFeature {
    /// What the assumed screen has for a feature.
    private enum Value {
        /// Compared as a number; `read` turns a written value into the same unit.
        case range(Double, Reading)
        /// One keyword of a known set; false in a boolean context when it is `none` or `no-preference`.
        case discrete(String, Set<String>)
        /// A feature known only in a boolean context (`-webkit-transform-3d`).
        case boolean(Bool)
    }

    private enum Reading { case length, ratio, resolution, integer, number, grid }

    private static func value(of name: String) -> Value? {
        let width = MediaAssumptions.width, height = MediaAssumptions.height
        switch name {
        case "width", "device-width": return .range(width, .length)
        case "height", "device-height": return .range(height, .length)
        case "aspect-ratio", "device-aspect-ratio": return .range(width / height, .ratio)
        case "resolution": return .range(1, .resolution)
        case "-webkit-device-pixel-ratio": return .range(1, .number)
        case "color": return .range(8, .integer)
        case "color-index", "monochrome": return .range(0, .integer)
        case "grid": return .range(0, .grid)
        case "orientation": return .discrete(height >= width ? "portrait" : "landscape", ["portrait", "landscape"])
        case "scan": return .discrete("none", ["interlace", "progressive"])
        case "update": return .discrete("fast", ["none", "slow", "fast"])
        case "overflow-block": return .discrete("scroll", ["none", "scroll", "paged", "optional-paged"])
        case "overflow-inline": return .discrete("scroll", ["none", "scroll"])
        case "color-gamut": return .discrete("srgb", ["srgb", "p3", "rec2020"])
        case "dynamic-range": return .discrete("standard", ["standard", "high"])
        case "hover", "any-hover": return .discrete("none", ["none", "hover"])
        case "pointer", "any-pointer": return .discrete("none", ["none", "coarse", "fine"])
        case "prefers-color-scheme": return .discrete("light", ["light", "dark"])
        case "prefers-reduced-motion", "prefers-reduced-transparency": return .discrete("no-preference", ["no-preference", "reduce"])
        case "prefers-contrast": return .discrete("no-preference", ["no-preference", "more", "less", "custom"])
        case "forced-colors": return .discrete("none", ["none", "active"])
        case "scripting": return .discrete("enabled", ["none", "initial-only", "enabled"])
        case "display-mode":
            return .discrete("browser", ["fullscreen", "standalone", "minimal-ui", "browser", "picture-in-picture", "window-controls-overlay", "borderless", "tabbed"])
        case "-webkit-transform-3d": return .boolean(true)
        default: return nil
        }
    }

    private enum Comparison { case lt, le, gt, ge, eq }

    /// The feature's truth; `.unknown` when the parentheses hold anything else.
    static func evaluate(_ tokens: [CSSToken]) -> MediaQuery.Truth {
        guard let first = tokens.first else { return .unknown }
        if tokens.count == 1, case .ident(let name) = first.kind { return boolean(name.lowercased()) }
        if tokens.count > 2, case .ident(let name) = first.kind, tokens[1].kind == .colon {
            return plain(name.lowercased(), Array(tokens[2...]))
        }
        return range(tokens)
    }

    private static func boolean(_ name: String) -> MediaQuery.Truth {
        switch value(of: name) {
        case .range(let current, _)?: return MediaQuery.Truth(current != 0)
        case .discrete(let current, _)?: return MediaQuery.Truth(current != "none" && current != "no-preference" && name != "scan")
        case .boolean(let b)?: return MediaQuery.Truth(b)
        case nil: return .unknown
        }
    }

    /// `name: value`, with `min-` and `max-` for range features (`-webkit-min-device-pixel-ratio`).
    private static func plain(_ name: String, _ valueTokens: [CSSToken]) -> MediaQuery.Truth {
        var base = name, comparison = Comparison.eq
        for (prefix, c) in [("min-", Comparison.ge), ("max-", .le), ("-webkit-min-", .ge), ("-webkit-max-", .le)] where name.hasPrefix(prefix) {
            base = (prefix.hasPrefix("-webkit-") ? "-webkit-" : "") + name.dropFirst(prefix.count)
            comparison = c
        }
        switch value(of: base) {
        case .range(let current, let reading)?:
            guard let given = read(valueTokens, reading) else { return .unknown }
            return MediaQuery.Truth(compare(current, comparison, given))
        case .boolean(let b)? where base == name:
            guard let given = read(valueTokens, .grid) else { return .unknown }
            return MediaQuery.Truth(b == (given == 1))
        case .discrete(let current, let known)? where comparison == .eq && base == name:
            guard valueTokens.count == 1, case .ident(let word) = valueTokens[0].kind, known.contains(word.lowercased()) else { return .unknown }
            return MediaQuery.Truth(word.lowercased() == current)
        default:
            return .unknown
        }
    }

    /// `name < value`, `value <= name`, `value < name < value` (both comparisons the same way).
    private static func range(_ tokens: [CSSToken]) -> MediaQuery.Truth {
        var parts: [[CSSToken]] = [[]], comparisons: [Comparison] = []
        var i = 0
        while i < tokens.count {
            if case .delim(let c) = tokens[i].kind, c == "<" || c == ">" || c == "=" {
                var op: Comparison = c == "<" ? .lt : (c == ">" ? .gt : .eq)
                if c != "=", i + 1 < tokens.count, case .delim("=") = tokens[i + 1].kind {
                    guard tokens[i].range.upperBound == tokens[i + 1].range.lowerBound else { return .unknown }
                    op = op == .lt ? .le : .ge
                    i += 1
                }
                comparisons.append(op)
                parts.append([])
            } else {
                parts[parts.count - 1].append(tokens[i])
            }
            i += 1
        }
        guard comparisons.count == 1 || comparisons.count == 2, parts.allSatisfy({ !$0.isEmpty }) else { return .unknown }
        func name(_ part: [CSSToken]) -> String? {
            guard part.count == 1, case .ident(let n) = part[0].kind else { return nil }
            return n.lowercased()
        }
        let nameAt = comparisons.count == 2 ? 1 : (name(parts[0]).flatMap { value(of: $0) } != nil ? 0 : 1)
        guard let feature = name(parts[nameAt]), case .range(let current, let reading)? = value(of: feature) else { return .unknown }
        if comparisons.count == 2 {
            let ascending = [Comparison.lt, .le].contains(comparisons[0]) && [Comparison.lt, .le].contains(comparisons[1])
            let descending = [Comparison.gt, .ge].contains(comparisons[0]) && [Comparison.gt, .ge].contains(comparisons[1])
            guard ascending || descending, let low = read(parts[0], reading), let high = read(parts[2], reading) else { return .unknown }
            return MediaQuery.Truth(compare(low, comparisons[0], current) && compare(current, comparisons[1], high))
        }
        guard let given = read(parts[1 - nameAt], reading) else { return .unknown }
        return MediaQuery.Truth(nameAt == 0 ? compare(current, comparisons[0], given) : compare(given, comparisons[0], current))
    }

    /// Values a unit conversion leaves a few ulps apart (`203.2mm` is 768.0000000000001 px) are
    /// equal, as in Chromium.
    private static func compare(_ a: Double, _ op: Comparison, _ b: Double) -> Bool {
        let equal = abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
        switch op {
        case .lt: return a < b && !equal
        case .le: return a <= b || equal
        case .gt: return a > b && !equal
        case .ge: return a >= b || equal
        case .eq: return equal
        }
    }

    /// A written value in the feature's unit (px, a ratio's quotient, dppx, a number); nil when it
    /// is not of the feature's type.
    private static func read(_ tokens: [CSSToken], _ reading: Reading) -> Double? {
        switch reading {
        case .length:
            if tokens.count == 1, case .number(0) = tokens[0].kind { return 0 }
            return MediaLength(tokens)?.value
        case .ratio:
            guard case .number(let a)? = tokens.first?.kind, a >= 0 else { return nil }
            if tokens.count == 1 { return a }
            guard tokens.count == 3, case .delim("/") = tokens[1].kind, case .number(let b) = tokens[2].kind, b > 0 else { return nil }
            return a / b
        case .resolution:
            guard tokens.count == 1, case .dimension(let n, let unit) = tokens[0].kind else { return nil }
            switch unit.lowercased() {
            case "dppx", "x": return n
            case "dpi": return n / 96
            case "dpcm": return n * 2.54 / 96
            default: return nil
            }
        case .integer, .grid:
            guard tokens.count == 1, case .number(let n) = tokens[0].kind, n >= 0, n == n.rounded() else { return nil }
            return reading == .grid && n > 1 ? nil : n
        case .number:
            guard tokens.count == 1, case .number(let n) = tokens[0].kind, n >= 0 else { return nil }
            return n
        }
    }
}
