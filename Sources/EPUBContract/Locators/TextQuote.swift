/// Text matched as EPUB CFI text assertions (§3.1.8) and Web Annotation text-quote selectors
/// match it: whitespace collapsed to one space, element boundaries (the layout's line breaks)
/// ignored. Works on UTF-16 units, the offsets' own unit.
enum TextQuote {
    /// The text with every run of whitespace as one space, and each unit's offset in the original.
    struct Normalized {
        var units: [UInt16] = []
        var origin: [Int] = []

        init(_ text: [UInt16]) {
            units.reserveCapacity(text.count)
            origin.reserveCapacity(text.count)
            var lastSpace = false
            for (offset, unit) in text.enumerated() {
                let space = unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0x0D
                if space && lastSpace { continue }
                units.append(space ? 0x20 : unit)
                origin.append(offset)
                lastSpace = space
            }
        }

        /// The first normalized index at or after an original offset.
        func index(of offset: Int) -> Int {
            var low = 0, high = origin.count
            while low < high {
                let mid = (low + high) / 2
                if origin[mid] < offset { low = mid + 1 } else { high = mid }
            }
            return low
        }

        func offset(of index: Int, end: Int) -> Int { index < origin.count ? origin[index] : end }

        /// Whether `before` ends at the index and `after` starts there (a space at either edge may be missing).
        func holds(at index: Int, before: [UInt16], after: [UInt16]) -> Bool {
            func matchBefore() -> Bool {
                var i = index
                if i > 0, units[i - 1] == 0x20, before.last != 0x20 { i -= 1 }
                return i >= before.count && Array(units[(i - before.count)..<i]) == before
            }
            func matchAfter() -> Bool {
                var i = index
                if i < units.count, units[i] == 0x20, after.first != 0x20 { i += 1 }
                return i + after.count <= units.count && Array(units[i..<(i + after.count)]) == after
            }
            return (before.isEmpty || matchBefore()) && (after.isEmpty || matchAfter())
        }

        /// Every index where `needle` starts.
        func occurrences(of needle: [UInt16]) -> [Int] {
            guard !needle.isEmpty, needle.count <= units.count else { return [] }
            var out: [Int] = []
            let first = needle[0]
            var i = 0
            while i + needle.count <= units.count {
                if units[i] == first, units[i..<(i + needle.count)].elementsEqual(needle) { out.append(i) }
                i += 1
            }
            return out
        }
    }

    static func holds(_ text: [UInt16], at offset: Int, before: [UInt16], after: [UInt16]) -> Bool {
        let normalized = Normalized(text)
        return normalized.holds(at: normalized.index(of: offset), before: before, after: after)
    }

    /// The offset nearest to `offset` where the text asserted before and after the point stands.
    static func nearest(_ text: [UInt16], to offset: Int, before: [UInt16], after: [UInt16]) -> Int? {
        let normalized = Normalized(text)
        let spaced = before.isEmpty || after.isEmpty ? before + after : before + [0x20] + after
        let joined = before + after
        var places: [Int] = normalized.occurrences(of: joined).map { $0 + before.count }
        if spaced != joined { places += normalized.occurrences(of: spaced).map { $0 + before.count + 1 } }
        let offsets = places.map { normalized.offset(of: $0, end: text.count) }
        return offsets.min { abs($0 - offset) < abs($1 - offset) }
    }

    /// Where a quote stands with its prefix before it and its suffix after it: each match's range.
    static func find(_ text: [UInt16], exact: [UInt16], prefix: [UInt16], suffix: [UInt16]) -> [Range<Int>] {
        let normalized = Normalized(text)
        return normalized.occurrences(of: exact).compactMap { start in
            let end = start + exact.count
            guard normalized.holds(at: start, before: prefix, after: []), normalized.holds(at: end, before: [], after: suffix) else { return nil }
            let last = normalized.origin[end - 1]
            // The quote's last unit may be the first of a surrogate pair.
            let width = (0xD800...0xDBFF).contains(text[last]) ? 2 : 1
            return normalized.offset(of: start, end: text.count)..<(last + width)
        }
    }
}
