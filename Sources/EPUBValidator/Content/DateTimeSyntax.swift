/// The forms HTML gives a `datetime` attribute, as the HTML grammar EPUBCheck uses checks them:
/// by shape only (a 13th month passes, a 5-digit fraction does not). Read by hand, as the other
/// per-attribute checks are: this runs on every `time`, `del` and `ins` of a book.
enum DateTimeSyntax {
    /// `time/@datetime`: a date, yearless date, year, time, week, month, local or global date and
    /// time, or a duration.
    static func isTimeValue(_ value: String) -> Bool {
        let s = Array(value.trimmingXMLWhitespace().utf8)
        return isDate(s[...]) || isYearlessDate(s[...]) || (s.count == 4 && s.allSatisfy(isDigit)) || isTime(s[...])
            || isWeek(s[...]) || isMonth(s[...]) || isDateTime(s[...]) || isDuration(s[...])
    }

    /// `del/@datetime`, `ins/@datetime`: a date, or a date and time.
    static func isDateOrDateTime(_ value: String) -> Bool {
        let s = Array(value.trimmingXMLWhitespace().utf8)
        return isDate(s[...]) || isDateTime(s[...])
    }

    private typealias Bytes = ArraySlice<UInt8>

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// Digits from the start of `s`: how many.
    private static func digits(_ s: Bytes) -> Int { s.prefix { isDigit($0) }.count }

    /// Exactly `count` digits, then `rest` matches what follows.
    private static func fixed(_ s: Bytes, _ count: Int) -> Bytes? {
        s.count >= count && s.prefix(count).allSatisfy(isDigit) ? s.dropFirst(count) : nil
    }

    private static func literal(_ s: Bytes, _ c: Character) -> Bytes? {
        s.first == c.asciiValue ? s.dropFirst() : nil
    }

    /// A year (four digits or more) and a hyphen.
    private static func yearDash(_ s: Bytes) -> Bytes? {
        let n = digits(s)
        return n >= 4 ? literal(s.dropFirst(n), "-") : nil
    }

    /// YYYY-MM-DD, returning what follows it.
    private static func datePrefix(_ s: Bytes) -> Bytes? {
        guard let rest = yearDash(s), let month = fixed(rest, 2), let dash = literal(month, "-") else { return nil }
        return fixed(dash, 2)
    }

    private static func isDate(_ s: Bytes) -> Bool { datePrefix(s)?.isEmpty ?? false }

    private static func isMonth(_ s: Bytes) -> Bool { yearDash(s).flatMap { fixed($0, 2) }?.isEmpty ?? false }

    private static func isWeek(_ s: Bytes) -> Bool {
        yearDash(s).flatMap { literal($0, "W") }.flatMap { fixed($0, 2) }?.isEmpty ?? false
    }

    /// (--)?MM-DD with a month 00–12 and a day 00–31.
    private static func isYearlessDate(_ s: Bytes) -> Bool {
        let body = s.starts(with: [0x2D, 0x2D]) ? s.dropFirst(2) : s
        guard body.count == 5, let rest = fixed(body, 2), let dash = literal(rest, "-"), fixed(dash, 2)?.isEmpty == true else { return false }
        let month = Array(body.prefix(2)), day = Array(body.suffix(2))
        return (month[0] == 0x30 || (month[0] == 0x31 && month[1] <= 0x32)) && (day[0] <= 0x32 || (day[0] == 0x33 && day[1] <= 0x31))
    }

    /// HH:MM, optionally :SS and a fraction of one to three digits; returns what follows.
    private static func timePrefix(_ s: Bytes) -> Bytes? {
        guard let hours = fixed(s, 2), let colon = literal(hours, ":"), var rest = fixed(colon, 2) else { return nil }
        if let seconds = literal(rest, ":") {
            guard let after = fixed(seconds, 2) else { return nil }
            rest = after
            if let dot = literal(rest, ".") {
                let n = digits(dot)
                guard (1...3).contains(n) else { return nil }
                rest = dot.dropFirst(n)
            }
        }
        return rest
    }

    private static func isTime(_ s: Bytes) -> Bool { timePrefix(s)?.isEmpty ?? false }

    /// A date, `T` or a space, a time, and an optional zone (`Z`, or ±HH:MM with the colon optional).
    private static func isDateTime(_ s: Bytes) -> Bool {
        guard let date = datePrefix(s), let sep = date.first, sep == UInt8(ascii: "T") || sep == 0x20,
              let rest = timePrefix(date.dropFirst()) else { return false }
        if rest.isEmpty || (rest.count == 1 && rest.first == UInt8(ascii: "Z")) { return true }
        guard let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), let hours = fixed(rest.dropFirst(), 2) else { return false }
        return fixed(literal(hours, ":") ?? hours, 2)?.isEmpty ?? false
    }

    /// `P…` (days, then `T` and hours, minutes, seconds in that order) or components such as `1h 30m` in upper case.
    private static func isDuration(_ s: Bytes) -> Bool {
        s.first == UInt8(ascii: "P") ? isISODuration(s.dropFirst()) : isComponentDuration(s)
    }

    private static func isISODuration(_ s: Bytes) -> Bool {
        var rest = s
        let n = digits(rest)
        if n > 0 {
            guard let after = literal(rest.dropFirst(n), "D") else { return false }
            if after.isEmpty { return true }
            rest = after
        }
        guard var time = literal(rest, "T") else { return false }
        var found = false
        for unit in ["H", "M"] as [Character] {
            let count = digits(time)
            if count > 0, let after = literal(time.dropFirst(count), unit) {
                time = after
                found = true
            }
        }
        if !time.isEmpty {
            guard let after = seconds(time), after.isEmpty else { return false }
            return true
        }
        return found
    }

    /// Digits, an optional fraction of one to three digits, then `S`.
    private static func seconds(_ s: Bytes, spaces: Bool = false) -> Bytes? {
        let n = digits(s)
        guard n > 0 else { return nil }
        var rest = s.dropFirst(n)
        if let dot = literal(rest, ".") {
            let count = digits(dot)
            guard (1...3).contains(count) else { return nil }
            rest = dot.dropFirst(count)
        }
        if spaces { rest = rest.drop { $0 == 0x20 } }
        return literal(rest, "S")
    }

    private static func isComponentDuration(_ s: Bytes) -> Bool {
        var rest = s.drop { $0 == 0x20 }
        var any = false
        while !rest.isEmpty {
            let n = digits(rest)
            guard n > 0 else { return false }
            let unit = rest.dropFirst(n).drop { $0 == 0x20 }
            if let first = unit.first, [UInt8(ascii: "W"), UInt8(ascii: "D"), UInt8(ascii: "H"), UInt8(ascii: "M")].contains(first) {
                rest = unit.dropFirst()
            } else if let after = seconds(rest, spaces: true) {
                rest = after
            } else {
                return false
            }
            rest = rest.drop { $0 == 0x20 }
            any = true
        }
        return any
    }
}
