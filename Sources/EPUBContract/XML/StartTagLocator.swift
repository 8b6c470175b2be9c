import Foundation

/// Finds where an element's start tag ends in the source, since libxml2 keeps only lines for
/// elements. Columns keep two elements on one line apart, as EPUBCheck's locations do.
struct StartTagLocator {
    private let bytes: [UInt8]
    private var lineStarts: [Int] = []

    init(_ data: Data) {
        bytes = [UInt8](data)
        lineStarts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { lineStarts.append(i + 1) }
    }

    /// The 1-based column just after the `>` of the start tag `<qualifiedName` that is the
    /// `occurrence`-th (from 0) on `line`, in characters of the tag's last line; nil if not found.
    func column(of qualifiedName: String, line: Int, occurrence wanted: Int) -> Int? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let needle = [UInt8(ascii: "<")] + Array(qualifiedName.utf8)
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        var i = lineStarts[line - 1], found = 0
        while i + needle.count <= end {
            if bytes[i] == needle[0], Array(bytes[i..<(i + needle.count)]) == needle,
               i + needle.count < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x2F, 0x3E].contains(bytes[i + needle.count]) {
                if found == wanted {
                    var j = i + needle.count
                    var quote: UInt8 = 0
                    while j < bytes.count {
                        let b = bytes[j]
                        if quote != 0 { if b == quote { quote = 0 } } else if b == 0x22 || b == 0x27 { quote = b } else if b == 0x3E { break }
                        j += 1
                    }
                    guard j < bytes.count else { return nil }
                    var start = j
                    while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
                    return String(decoding: bytes[start...j], as: UTF8.self).count + 1
                }
                found += 1
            }
            i += 1
        }
        return nil
    }
}
