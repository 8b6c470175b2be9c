/// SMIL 3.0 clock values, strictly by the grammar EPUB Media Overlays use:
/// full `h+:mm:ss[.f]`, partial `mm:ss[.f]`, timecount `n[.f][h|min|s|ms]` (no unit: seconds).
package enum ClockValue {
    /// Seconds, or nil when the text is not a clock value. Surrounding whitespace is ignored.
    package static func seconds(_ text: String) -> Double? {
        let s = Array(text.trimmingXMLWhitespace().utf8)
        guard !s.isEmpty else { return nil }
        if s.contains(UInt8(ascii: ":")) { return clock(s) }
        return timecount(s)
    }

    /// What reading systems accept beyond the grammar (Readium's and most players' parsers): any
    /// number of digits in each part of a clock (`1:05`, `0:5.5`, `90:00`; minutes and seconds
    /// after the leading part below 60), a fraction in any part, surrounding whitespace. The contract takes the real time these mean; the validator
    /// still reports the syntax. Nil when even this reading finds no time.
    package static func lenientSeconds(_ text: String) -> Double? {
        if let strict = seconds(text) { return strict }
        let s = Array(text.trimmingXMLWhitespace().utf8)
        guard !s.isEmpty else { return nil }
        guard s.contains(UInt8(ascii: ":")) else { return nil }
        let parts = s.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            // Minutes and seconds after the leading part still count below 60: `99:99` is no time.
            guard let value = decimal(part), index == 0 || value < 60 else { return nil }
            total = total * 60 + value
        }
        return total
    }

    /// Seconds as messages show them: at most three decimals, no float noise (58.582, not 58.581999999999994).
    package static func text(_ seconds: Double) -> String {
        // A clock value may be any number of hours: past Int64's reach (or infinite) it is printed whole.
        guard seconds.isFinite, abs(seconds) < 1e15 else { return seconds.isFinite ? String(format: "%.0f", seconds) : String(seconds) }
        let rounded = (seconds * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int64(rounded)) }
        var digits = String(format: "%.3f", rounded)
        while digits.hasSuffix("0") { digits.removeLast() }
        return digits
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    private static func digits(_ s: ArraySlice<UInt8>) -> Double? {
        guard !s.isEmpty, s.allSatisfy(isDigit) else { return nil }
        return Double(String(decoding: s, as: UTF8.self))
    }

    /// `DIGIT+ ("." DIGIT+)?`
    private static func decimal(_ s: ArraySlice<UInt8>) -> Double? {
        let parts = s.split(separator: UInt8(ascii: "."), maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = digits(parts[0]) else { return nil }
        guard parts.count == 2 else { return whole }
        guard !parts[1].isEmpty, parts[1].allSatisfy(isDigit) else { return nil }
        return Double(String(decoding: s, as: UTF8.self))
    }

    private static func clock(_ s: [UInt8]) -> Double? {
        let parts = s.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        let secondsPart = parts[parts.count - 1]
        let minutesPart = parts[parts.count - 2]
        // Minutes and seconds are exactly two digits, 00–59; seconds may have a fraction.
        guard minutesPart.count == 2, let minutes = digits(minutesPart), minutes < 60 else { return nil }
        let wholeSeconds = secondsPart.prefix { $0 != UInt8(ascii: ".") }
        guard wholeSeconds.count == 2, let seconds = decimal(secondsPart), seconds < 60 else { return nil }
        var hours = 0.0
        if parts.count == 3 {
            guard let h = digits(parts[0]) else { return nil }
            hours = h
        }
        return hours * 3600 + minutes * 60 + seconds
    }

    private static func timecount(_ s: [UInt8]) -> Double? {
        let units: [(String, Double)] = [("min", 60), ("ms", 0.001), ("h", 3600), ("s", 1)]
        for (unit, factor) in units where s.count > unit.utf8.count && s.suffix(unit.utf8.count).elementsEqual(unit.utf8) {
            return decimal(s.dropLast(unit.utf8.count)).map { $0 * factor }
        }
        return decimal(s[...])
    }
}
