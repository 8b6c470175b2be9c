import Foundation
/// Rules for entry names that decide whether a name may be read at all.
enum EntryName {
    /// True when the name stays inside the container root: not absolute, no `..` segment, no drive letter.
    static func isSafe(_ name: String) -> Bool {
        if name.isEmpty || name.hasPrefix("/") || name.hasPrefix("\\") { return false }
        let bytes = Array(name.utf8)
        if bytes.count >= 2, bytes[1] == UInt8(ascii: ":") { return false }
        if name.contains("\0") { return false }
        for segment in name.split(separator: "/", omittingEmptySubsequences: false) {
            if segment == ".." { return false }
            if segment.split(separator: "\\", omittingEmptySubsequences: false).contains("..") { return false }
        }
        return true
    }

    /// The same table with each non-ASCII name also under its NFC form, so that a reference written
    /// precomposed finds a file stored decomposed (and the other way round, through `key(for:)`).
    static func withNormalizedNames(_ names: [String: Int]) -> [String: Int] {
        var out = names
        for (name, index) in names where !name.utf8.allSatisfy({ $0 < 0x80 }) {
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
