/// What a reading system's screen is taken to be when `@media` and `@supports` are evaluated: a
/// colour screen of 768 × 1024 CSS pixels at 1 dppx (a portrait tablet), light colour scheme, no
/// hover. `scripts/style-check` opens Chromium with the same viewport.
package enum MediaAssumptions {
    package static let width = 768.0
    package static let height = 1024.0

    /// Whether a media query list (`screen and (min-width: 600px), print`) matches.
    package static func matches(_ list: String) -> Bool {
        let queries = CSSSelector.split(list.lowercased(), on: ",").map { $0.trimmingXMLWhitespace() }
        if queries.isEmpty || (queries.count == 1 && queries[0].isEmpty) { return true }
        return queries.contains(where: query)
    }

    private static func query(_ text: String) -> Bool {
        var words = text.replacingOccurrences(of: "(", with: " (").split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var negate = false
        if words.first == "not" { negate = true; words.removeFirst() }
        if words.first == "only" { words.removeFirst() }
        var result = true
        if let type = words.first, !type.hasPrefix("(") {
            result = type == "all" || type == "screen"
            words.removeFirst()
        }
        // The conditions, joined by `and`.
        let conditions = words.joined(separator: " ").components(separatedBy: " and ").map { $0.trimmingXMLWhitespace() }.filter { !$0.isEmpty && $0 != "and" }
        for condition in conditions { result = result && feature(condition) }
        return negate ? !result : result
    }

    private static func feature(_ text: String) -> Bool {
        var inner = text
        if inner.hasPrefix("and ") { inner.removeFirst(4) }
        guard inner.hasPrefix("("), inner.hasSuffix(")") else { return false }
        inner = String(inner.dropFirst().dropLast())
        let parts = inner.split(separator: ":", maxSplits: 1).map { $0.trimmingXMLWhitespace() }
        let name = parts[0], value = parts.count > 1 ? parts[1] : nil
        func length(_ v: String?) -> Double? {
            guard let v, let (n, unit) = CSSNumber.dimension(v) else { return nil }
            switch unit {
            case "px", "": return n
            case "em", "rem": return n * 16
            case "pt": return n * 4 / 3
            case "in": return n * 96
            case "cm": return n * 96 / 2.54
            default: return nil
            }
        }
        func resolution(_ v: String?) -> Double? {
            guard let v, let (n, unit) = CSSNumber.dimension(v) else { return nil }
            switch unit {
            case "dppx", "x", "": return n
            case "dpi": return n / 96
            case "dpcm": return n * 2.54 / 96
            default: return nil
            }
        }
        switch name {
        case "width", "device-width": return value == nil || length(value) == width
        case "min-width", "min-device-width": return length(value).map { width >= $0 } ?? false
        case "max-width", "max-device-width": return length(value).map { width <= $0 } ?? false
        case "height", "device-height": return value == nil || length(value) == height
        case "min-height", "min-device-height": return length(value).map { height >= $0 } ?? false
        case "max-height", "max-device-height": return length(value).map { height <= $0 } ?? false
        case "orientation": return value == nil || value == "portrait"
        case "color": return value == nil || value.flatMap(Double.init) == 8
        case "min-color": return value.flatMap(Double.init).map { $0 <= 8 } ?? false
        case "monochrome": return value.flatMap(Double.init) == 0
        case "max-monochrome": return true
        case "min-resolution", "-webkit-min-device-pixel-ratio", "min-device-pixel-ratio":
            return (name == "min-resolution" ? resolution(value) : value.flatMap(Double.init)).map { 1 >= $0 } ?? false
        case "max-resolution", "-webkit-max-device-pixel-ratio", "max-device-pixel-ratio":
            return (name == "max-resolution" ? resolution(value) : value.flatMap(Double.init)).map { 1 <= $0 } ?? false
        case "prefers-color-scheme": return value == "light"
        case "prefers-reduced-motion": return value == "no-preference"
        case "hover": return value == "none"
        case "pointer", "any-pointer": return value == "fine"
        case "grid": return value == "0"
        case "scan": return false
        default: return false
        }
    }

    /// Whether an `@supports` condition holds: a declaration is supported when it is one this
    /// engine reads and its value is valid, or a property it does not compute (most of CSS, which
    /// the browser supports); vendor prefixes other than `-webkit-` are not.
    package static func supports(_ condition: String) -> Bool {
        var text = condition.trimmingXMLWhitespace().lowercased()
        if text.hasPrefix("not ") || text.hasPrefix("not(") {
            text.removeFirst(3)
            return !supports(text)
        }
        if let or = text.range(of: ") or (") {
            return supports(String(text[..<or.lowerBound]) + ")") || supports("(" + String(text[or.upperBound...]))
        }
        if let and = text.range(of: ") and (") {
            return supports(String(text[..<and.lowerBound]) + ")") && supports("(" + String(text[and.upperBound...]))
        }
        while text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()).trimmingXMLWhitespace() }
        if text.hasPrefix("selector") { return true }
        let parts = text.split(separator: ":", maxSplits: 1).map { $0.trimmingXMLWhitespace() }
        guard parts.count == 2 else { return false }
        let name = StyleDeclarations.alias(parts[0])
        if name.hasPrefix("-") && !name.hasPrefix("-webkit-") { return false }
        let known = StyleProperty.index[StyleDeclarations.physicalKind(of: name)] != nil || StyleDeclarations.longhands(of: name) != [name]
        return known ? !StyleDeclarations.expand(name, parts[1]).isEmpty : true
    }
}
