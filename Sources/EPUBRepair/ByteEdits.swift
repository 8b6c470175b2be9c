/// Replacements of byte ranges of one file, applied together: each range is of the bytes as they
/// were before any of them, so edits made from one `XMLSourceMap` never shift each other.
/// Overlapping edits keep the first one given (a second repair of the same bytes waits a round).
struct ByteEdits: Sendable {
    private var edits: [(range: Range<Int>, bytes: [UInt8])] = []

    var isEmpty: Bool { edits.isEmpty }

    mutating func replace(_ range: Range<Int>, with text: String) {
        replace(range, with: Array(text.utf8))
    }

    mutating func replace(_ range: Range<Int>, with bytes: [UInt8]) {
        guard !edits.contains(where: { $0.range.overlaps(range) }) else { return }
        edits.append((range, bytes))
    }

    mutating func insert(_ text: String, at offset: Int) {
        edits.append((offset..<offset, Array(text.utf8)))
    }

    mutating func remove(_ range: Range<Int>) { replace(range, with: [UInt8]()) }

    func applied(to source: [UInt8]) -> [UInt8] {
        // Stable: insertions at one offset keep the order they were given in.
        let ordered = edits.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }.map(\.element)
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var at = 0
        for edit in ordered where edit.range.lowerBound >= at {
            out += source[at..<edit.range.lowerBound]
            out += edit.bytes
            at = edit.range.upperBound
        }
        out += source[min(at, source.count)...]
        return out
    }
}
