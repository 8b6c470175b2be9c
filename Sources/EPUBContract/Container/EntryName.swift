import Foundation
/// Rules for entry names that decide whether a name may be read at all.
enum EntryName {
    /// True when the name stays inside the container root: not absolute, no `..` segment, no drive letter.
    /// One pass over the bytes (it runs for every entry and every read): a `..` segment between
    /// `/` or `\\` separators, a NUL byte, a leading separator or a drive letter make it unsafe.
    static func isSafe(_ name: String) -> Bool {
        var position = 0
        var segmentLength = 0
        var segmentIsDots = true
        for byte in name.utf8 {
            if byte == 0 { return false }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") {
                if position == 0 || (segmentLength == 2 && segmentIsDots) { return false }
                segmentLength = 0
                segmentIsDots = true
            } else {
                if position == 1 && byte == UInt8(ascii: ":") { return false }
                segmentLength += 1
                segmentIsDots = segmentIsDots && byte == UInt8(ascii: ".")
            }
            position += 1
        }
        return position > 0 && !(segmentLength == 2 && segmentIsDots)
    }

    /// The same table with each non-ASCII name also under its NFC form, so that a reference written
    /// precomposed finds a file stored decomposed (and the other way round, through `key(for:)`).
    /// Names that normalize alike go to the first entry in archive order, every time (a table's
    /// own order would make the copy read a matter of chance).
    static func withNormalizedNames(_ names: [String: Int]) -> [String: Int] {
        var out = names
        for (name, index) in names.sorted(by: { $0.value < $1.value }) where !name.utf8.allSatisfy({ $0 < 0x80 }) {
            let normalized = name.precomposedStringWithCanonicalMapping
            if out[normalized] == nil { out[normalized] = index }
        }
        return out
    }

    /// The key a path is looked up under when it is not found as written: its NFC form.
    static func normalizedKey(_ path: String) -> String? {
        path.utf8.allSatisfy({ $0 < 0x80 }) ? nil : path.precomposedStringWithCanonicalMapping
    }
}
