import Foundation

/// Numbers and lengths as `getComputedStyle` prints them: at most six significant digits, no
/// exponent, no trailing zeros (`21.3333px`, `16.08px`, `0.0933333px`, `0px`).
package enum CSSNumber {
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        // Six significant digits below 1 as above it (`0.0933333px`, `0.5px`).
        let magnitude = abs(value) >= 1 ? Int(log10(abs(value))) + 1 : Int(log10(abs(value)).rounded(.down)) + 1
        let decimals = min(15, max(0, 6 - magnitude))
        // Digits by integer arithmetic: `String(format:)` costs microseconds on Linux, and a
        // styled export prints millions of lengths.
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded(.toNearestOrEven)  // as Chromium: 11.28125 is 11.2812
        guard scaled < 9e15 else { return String(value) }
        let whole = Int(scaled) / scale
        var fraction = Int(scaled) % scale
        var digits = decimals
        while digits > 0 && fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + String(whole) }
        let fractionText = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
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
