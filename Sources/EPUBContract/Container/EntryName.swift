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
}
