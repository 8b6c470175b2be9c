import Foundation

/// Numbers and lengths as `getComputedStyle` prints them: at most six significant digits, no
/// exponent, no trailing zeros (`21.3333px`, `16.08px`, `0px`).
package enum CSSNumber {
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        let magnitude = abs(value) >= 1 ? Int(log10(abs(value))) + 1 : 0
        let decimals = max(0, 6 - magnitude)
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    package static func px(_ value: Double) -> String { format(value) + "px" }

    /// A number followed by a unit (`1.5em`, `12px`, `50%`, `0`): the value and the lowercased unit
    /// ("" for a bare number); nil for anything else.
    package static func dimension(_ text: String) -> (value: Double, unit: String)? {
        let scalars = Array(text.unicodeScalars)
        var i = 0
        if i < scalars.count, scalars[i] == "+" || scalars[i] == "-" { i += 1 }
        let digitsStart = i
        while i < scalars.count, ("0"..."9").contains(scalars[i]) || scalars[i] == "." { i += 1 }
        // An exponent (`1e3`) only when digits follow it: `1em` is a unit.
        if i + 1 < scalars.count, scalars[i] == "e" || scalars[i] == "E", ("0"..."9").contains(scalars[i + 1]) || scalars[i + 1] == "-" || scalars[i + 1] == "+" {
            var j = i + 1
            if scalars[j] == "-" || scalars[j] == "+" { j += 1 }
            if j < scalars.count, ("0"..."9").contains(scalars[j]) {
                i = j
                while i < scalars.count, ("0"..."9").contains(scalars[i]) { i += 1 }
            }
        }
        guard i > digitsStart else { return nil }
        var number = String.UnicodeScalarView()
        number.append(contentsOf: scalars[0..<i])
        guard let value = Double(String(number)) else { return nil }
        var unit = String.UnicodeScalarView()
        unit.append(contentsOf: scalars[i...])
        let u = String(unit).lowercased()
        guard u.isEmpty || u == "%" || u.allSatisfy({ $0.isLetter }) else { return nil }
        return (value, u)
    }
}
