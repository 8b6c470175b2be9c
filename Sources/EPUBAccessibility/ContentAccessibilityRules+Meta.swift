import Foundation

/// How axe-core 4.12 reads a `meta` viewport or refresh, mirrored step by step: what it keeps of
/// `content`, and JavaScript's `parseFloat` where it uses it (a leading number, the rest ignored).
extension ContentAccessibilityRules {
    /// axe's meta-viewport check (`scaleMinimum` 2, no `lowerBound`) and meta-viewport-large
    /// (`scaleMinimum` 5, `lowerBound` 2): whether the viewport keeps a reader from zooming.
    static func viewportBlocksZoom(_ content: String, scaleMinimum: Double, lowerBound: Double?) -> Bool {
        guard !content.isEmpty else { return false }
        var values: [String: String] = [:]
        for part in content.split(whereSeparator: { $0 == ";" || $0 == "," }) {
            // Only `key=value` with both halves counts; axe keeps the first two pieces of `a=b=c`.
            let halves = part.trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: "=")
            guard halves.count >= 2, !halves[0].isEmpty, !halves[1].isEmpty else { continue }
            let key = halves[0].lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
            var value = halves[1].lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
            if key == "maximum-scale", value == "yes" { value = "1" }
            if key == "maximum-scale", let number = parseFloat(value), number < 0 { continue }
            values[key] = value
        }
        let maximum = values["maximum-scale"].flatMap { $0.isEmpty ? nil : parseFloat($0) }
        if let lowerBound, let maximum, maximum < lowerBound { return false }
        if lowerBound == nil {
            if values["user-scalable"] == "no" { return true }
            if let scalable = values["user-scalable"], !scalable.isEmpty, let number = parseFloat(scalable), number > -1, number < 1 { return true }
        }
        if let maximum, maximum < scaleMinimum { return true }
        return false
    }

    /// axe's meta-refresh check (delays over 0 and up to 20 hours fail): the first piece of
    /// `content` before `;`, `,` or white space, when it is digits and dots.
    static func refreshes(_ content: String) -> Bool {
        let piece = String(content.trimmingCharacters(in: .whitespacesAndNewlines).prefix { $0 != ";" && $0 != "," && !$0.isWhitespace })
        guard !piece.isEmpty, piece.allSatisfy({ $0 == "." || $0.isASCII && $0.isNumber }), let delay = parseFloat(piece) else { return false }
        return delay > 0 && delay <= 72_000
    }

    /// JavaScript's parseFloat: leading white space, then the longest prefix that is a decimal
    /// number (sign, digits, one dot, an exponent) or `Infinity`; nil (NaN) when there is none.
    static func parseFloat(_ text: String) -> Double? {
        let s = Array(text.drop { $0.isWhitespace }.unicodeScalars)
        var i = 0
        if i < s.count, s[i] == "+" || s[i] == "-" { i += 1 }
        if s[i...].starts(with: "Infinity".unicodeScalars) { return s.first == "-" ? -.infinity : .infinity }
        let digitsStart = i
        while i < s.count, ("0"..."9").contains(s[i]) { i += 1 }
        var mantissa = i - digitsStart
        if i < s.count, s[i] == "." {
            i += 1
            let fraction = i
            while i < s.count, ("0"..."9").contains(s[i]) { i += 1 }
            mantissa += i - fraction
        }
        guard mantissa > 0 else { return nil }
        var end = i
        if i < s.count, s[i] == "e" || s[i] == "E" {
            var j = i + 1
            if j < s.count, s[j] == "+" || s[j] == "-" { j += 1 }
            let exponent = j
            while j < s.count, ("0"..."9").contains(s[j]) { j += 1 }
            if j > exponent { end = j }
        }
        return Double(String(String.UnicodeScalarView(s[0..<end])))
    }
}
