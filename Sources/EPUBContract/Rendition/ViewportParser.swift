/// Reads the `content` of a viewport meta (or the deprecated `rendition:viewport`) by EPUB 3.3's
/// grammar (§ app-viewport-meta) and the way reading systems do: properties separated by `,`, `;`
/// or whitespace, whitespace allowed around `=`, the first `width` and `height` win, a numeric
/// prefix counts (`1000px` is 1000), `device-width`/`device-height` kept as keywords.
package enum ViewportParser {
    /// The viewport, and its faults as diagnostics without a location (the caller knows where the
    /// content came from): HTM-047 syntax error, HTM_056 missing dimension, HTM_057 value that is
    /// not a positive number or keyword, HTM_059 repeated dimension.
    package static func parse(_ content: String) -> (viewport: Viewport, problems: [Diagnostic]) {
        var viewport = Viewport(width: nil, height: nil, widthKeyword: nil, heightKeyword: nil)
        var problems: [Diagnostic] = []
        let (properties, wellFormed) = self.properties(content)
        if !wellFormed {
            problems.append(Diagnostic(.viewportSyntax(content: content)))
        }
        var seen: Set<String> = []
        for (name, value, valueMissing) in properties {
            guard name == "width" || name == "height" else { continue }
            if !seen.insert(name).inserted {
                problems.append(Diagnostic(.viewportRepeated(name: name)))
                continue
            }
            // `name=` with nothing after it is the syntax error already reported, not a bad value.
            if valueMissing { continue }
            let keyword = "device-" + name
            if value == keyword {
                if name == "width" { viewport.widthKeyword = keyword } else { viewport.heightKeyword = keyword }
                continue
            }
            let (number, exact) = numericPrefix(value)
            if let number, number > 0 {
                if name == "width" { viewport.width = number } else { viewport.height = number }
                if !exact {
                    problems.append(Diagnostic(.viewportNumberPrefix(name: name, value: value, used: JSONValue.number(number).serialized())))
                }
            } else {
                problems.append(Diagnostic(.viewportValueInvalid(name: name, value: value, keyword: keyword)))
            }
        }
        for name in ["width", "height"] where !seen.contains(name) {
            problems.append(Diagnostic(.viewportMissing(name: name)))
        }
        return (viewport, problems)
    }

    /// `(name, value, valueMissing)` properties in order (a name alone has an empty value; `name=`
    /// with nothing after it is `valueMissing`), names and values lowercased, and whether the content follows the grammar `property {sep property}`,
    /// `property = name [= value]`.
    static func properties(_ content: String) -> ([(name: String, value: String, valueMissing: Bool)], Bool) {
        var wellFormed = true
        var properties: [(name: String, value: String, valueMissing: Bool)] = []
        var name: [UInt8] = [], value: [UInt8] = []
        var sawAssign = false, pendingSeparator = false, started = false
        func finish() {
            guard started else { return }
            if name.isEmpty || (sawAssign && value.isEmpty) { wellFormed = false }
            if !name.isEmpty {
                properties.append((String(decoding: name, as: UTF8.self).lowercased(), String(decoding: value, as: UTF8.self).lowercased(),
                                   sawAssign && value.isEmpty))
            }
            name = []
            value = []
            sawAssign = false
            started = false
        }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        // The grammar applies after XML whitespace normalization: leading and trailing spaces do not count.
        let bytes = Array(content.trimmingXMLWhitespace().utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "=") {
                if sawAssign { wellFormed = false }
                started = true
                sawAssign = true
                pendingSeparator = false
            } else if isSpace(b) || b == UInt8(ascii: ",") || b == UInt8(ascii: ";") {
                if isSpace(b) {
                    // Whitespace just before `=`, or just after it, belongs to the assignment.
                    var j = i
                    while j < bytes.count, isSpace(bytes[j]) { j += 1 }
                    if (j < bytes.count && bytes[j] == UInt8(ascii: "=")) || (sawAssign && value.isEmpty && j < bytes.count && !isSeparator(bytes[j])) {
                        i = j
                        continue
                    }
                }
                if !started && !pendingSeparator && properties.isEmpty { wellFormed = false }  // a leading separator
                finish()
                pendingSeparator = true
            } else {
                started = true
                pendingSeparator = false
                if sawAssign { value.append(b) } else { name.append(b) }
            }
            i += 1
        }
        if pendingSeparator { wellFormed = false }  // a trailing separator
        finish()
        return (properties, wellFormed)
    }

    private static func isSeparator(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == UInt8(ascii: ",") || b == UInt8(ascii: ";")
    }

    /// The leading decimal number of a value (`1000px` → 1000) and whether it was the whole value.
    static func numericPrefix(_ value: String) -> (Double?, Bool) {
        let bytes = Array(value.utf8)
        var end = 0
        var dot = false
        while end < bytes.count {
            let b = bytes[end]
            if b >= 0x30 && b <= 0x39 { end += 1 } else if b == UInt8(ascii: "."), !dot { dot = true; end += 1 } else { break }
        }
        guard end > 0, let number = Double(String(decoding: bytes[..<end], as: UTF8.self)) else { return (nil, false) }
        return (number, end == bytes.count)
    }
}
