/// The fixed forms of package metadata values, read by hand over ASCII bytes (as EPUBCheck's
/// Java patterns read `\d`): a regular expression here would be compiled for every book checked.
enum MetadataSyntax {
    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// Reads `s` against a shape where `d` is an ASCII digit and any other character stands for itself.
    private static func matches(_ s: ArraySlice<UInt8>, _ shape: String) -> Bool {
        let shape = Array(shape.utf8)
        guard s.count == shape.count else { return false }
        for (b, c) in zip(s, shape) {
            if c == UInt8(ascii: "d") ? !isDigit(b) : b != c { return false }
        }
        return true
    }

    /// `dcterms:modified`: `CCYY-MM-DDThh:mm:ssZ`.
    static func isUTCDateTime(_ value: String) -> Bool {
        matches(Array(value.utf8)[...], "dddd-dd-ddTdd:dd:ddZ")
    }

    /// W3C Date and Time Formats: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, then optionally `Thh:mm`,
    /// `:ss`, a fraction, and a zone (`Z` or `±hh:mm`), the zone required with a time.
    static func isW3CDate(_ value: String) -> Bool {
        isW3CDateShape(value) && hasDateFieldsInRange(Array(value.utf8))
    }

    /// Month 1–12, the day within its month, hours, minutes and seconds on the clock: EPUBCheck
    /// reads the date with a strict calendar and warns on `2020-13-45` as on `someday`.
    private static func hasDateFieldsInRange(_ s: [UInt8]) -> Bool {
        func number(_ from: Int, _ count: Int) -> Int? {
            guard s.count >= from + count else { return nil }
            return s[from..<(from + count)].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard let year = number(0, 4) else { return false }
        if let month = number(5, 2) {
            guard (1...12).contains(month) else { return false }
            if let day = number(8, 2) {
                let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
                let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
                guard (1...days).contains(day) else { return false }
            }
        }
        if s.count > 16 {
            guard let hour = number(11, 2), hour <= 23, let minute = number(14, 2), minute <= 59 else { return false }
            if s.count > 19, s[16] == UInt8(ascii: ":"), let second = number(17, 2), second > 59 { return false }
        }
        return true
    }

    private static func isW3CDateShape(_ value: String) -> Bool {
        let s = Array(value.utf8)[...]
        if matches(s, "dddd") || matches(s, "dddd-dd") || matches(s, "dddd-dd-dd") { return true }
        guard s.count > 10, matches(s.prefix(10), "dddd-dd-dd"), s[s.startIndex + 10] == UInt8(ascii: "T") else { return false }
        var rest = s.dropFirst(11)
        guard matches(rest.prefix(5), "dd:dd") else { return false }
        rest = rest.dropFirst(5)
        if rest.first == UInt8(ascii: ":") {
            guard matches(rest.prefix(3), ":dd") else { return false }
            rest = rest.dropFirst(3)
            if rest.first == UInt8(ascii: ".") {
                let digits = rest.dropFirst().prefix { isDigit($0) }.count
                guard digits > 0 else { return false }
                rest = rest.dropFirst(1 + digits)
            }
        }
        return (rest.count == 1 && rest.first == UInt8(ascii: "Z"))
            || (rest.count == 6 && (rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-")) && matches(rest.dropFirst(), "dd:dd"))
    }

    /// `rendition:viewport`: `width=N, height=N` in either order, spaces allowed only after the comma.
    static func isViewport(_ value: String) -> Bool {
        let parts = value.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        func dimension(_ text: Substring, _ name: String) -> Bool {
            guard text.hasPrefix(name + "=") else { return false }
            let number = text.dropFirst(name.count + 1)
            return !number.isEmpty && number.utf8.allSatisfy(isDigit)
        }
        let second = parts[1].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        return (dimension(parts[0], "width") && dimension(second, "height")) || (dimension(parts[0], "height") && dimension(second, "width"))
    }
}
