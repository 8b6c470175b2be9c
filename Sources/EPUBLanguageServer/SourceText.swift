import EPUBDocument

/// A file's text as the editor counts it: lines split at LF (a CR before it belongs to the line
/// break), positions as (line, UTF-16 unit) per LSP 3.17, mapped to and from byte offsets of the
/// UTF-8 text the validator reads.
struct SourceText: Sendable {
    let bytes: [UInt8]
    /// The byte offset where each line starts.
    let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        lineStarts = starts
    }

    init(_ text: String) { self.init(Array(text.utf8)) }

    /// The byte range of a line's text, without its line break.
    func lineRange(_ line: Int) -> Range<Int> {
        guard line >= 0, line < lineStarts.count else { return bytes.count..<bytes.count }
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<max(start, end)
    }

    /// The byte offset of an LSP position; a character past the line's end is its end.
    func offset(line: Int, character: Int) -> Int {
        let range = lineRange(line)
        var units = 0, i = range.lowerBound
        while i < range.upperBound, units < character {
            units += UTF16Length.units(startedBy: bytes[i])
            i += 1
            while i < range.upperBound, bytes[i] & 0xC0 == 0x80 { i += 1 }
        }
        return i
    }

    /// The LSP position of a byte offset.
    func position(of offset: Int) -> (line: Int, character: Int) {
        let clamped = min(max(offset, 0), bytes.count)
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        var units = 0
        for i in lineStarts[low]..<clamped { units += UTF16Length.units(startedBy: bytes[i]) }
        return (low, units)
    }
}
