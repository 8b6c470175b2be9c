
import Foundation

/// Finds where start tags end in a document's source, since libxml2 keeps only lines for elements.
/// Columns keep two elements on one line apart, as EPUBCheck's locations do. Work is done only for
/// lines that are asked about, once per line and tag name.
package final class SourceLocator: @unchecked Sendable {
    private var bytes: Data?
    private let lock = NSLock()
    private var lineStarts: [Int]?
    /// Per line and tag, each start tag's byte offset and the column just after its `>`.
    private var tags: [TagPosition.Key: [(offset: Int, column: Int)]] = [:]
    /// Reads the document again once its bytes were let go (see `letGo`).
    private var reload: (@Sendable () -> Data?)?

    package init(_ data: Data) {
        self.bytes = data
    }

    /// The document's bytes, read again if they were let go.
    private var data: Data {
        if bytes == nil, let reload { bytes = reload() ?? Data() }
        return bytes ?? Data()
    }

    /// Lets go of the document's bytes, which a book's references would otherwise keep alive
    /// until they are judged; the few documents that need a column later are read again.
    package func letGo(reload: @escaping @Sendable () -> Data?) {
        lock.lock()
        defer { lock.unlock() }
        self.reload = reload
        bytes = nil
    }

    /// The 1-based column just after the `>` of the start tag at `position`, counted in characters
    /// of the line the tag ends on; nil when it cannot be found.
    package func column(_ position: TagPosition) -> Int? {
        tag(at: position)?.column
    }

    /// The byte offset of the `<` that starts the tag at `position`; nil when it cannot be found.
    package func offset(_ position: TagPosition) -> Int? {
        tag(at: position)?.offset
    }

    private func tag(at position: TagPosition) -> (offset: Int, column: Int)? {
        lock.lock()
        defer { lock.unlock() }
        let key = position.key
        if tags[key] == nil { tags[key] = scan(line: position.line, tag: position.tag) }
        guard let found = tags[key], position.occurrence >= 0, position.occurrence < found.count else { return nil }
        return found[position.occurrence]
    }

    private func scan(line: Int, tag: String) -> [(offset: Int, column: Int)] {
        let starts = lineStarts ?? Self.lineStarts(data)
        lineStarts = starts
        guard line >= 1, line <= starts.count else { return [] }
        let needle = [UInt8(ascii: "<")] + Array(tag.utf8)
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [(offset: Int, column: Int)] in
            let bytes = raw.bindMemory(to: UInt8.self)
            let end = line < starts.count ? starts[line] : bytes.count
            var out: [(offset: Int, column: Int)] = []
            var counted: Counted?
            let lineStart = starts[line - 1]
            // libxml2 gives an element the line its start tag ends on, which may begin on an earlier one.
            var i = Self.openTag(before: lineStart, bytes) ?? lineStart
            while i + needle.count < end {
                var match = true
                for k in 0..<needle.count where bytes[i + k] != needle[k] { match = false; break }
                let next = match ? bytes[i + needle.count] : 0
                guard match, next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D || next == 0x2F || next == 0x3E else {
                    i += 1
                    continue
                }
                var j = i + needle.count
                var quote: UInt8 = 0
                var quoteAtLineStart: UInt8 = 0
                while j < bytes.count {
                    if j == lineStart { quoteAtLineStart = quote }
                    let b = bytes[j]
                    if quote != 0 { if b == quote { quote = 0 } } else if b == 0x22 || b == 0x27 { quote = b } else if b == 0x3E { break }
                    j += 1
                }
                // A tag that ends on a later line is that line's.
                guard j < end else { break }
                if j >= lineStart {
                    let column = Self.characters(bytes, from: Self.lineStart(of: j, starts), through: j, after: &counted) + 1
                    out.append((i, column + Self.valueBreakShift(bytes, lineStart: lineStart, quote: quoteAtLineStart)))
                }
                i = j
            }
            return out
        }
    }

    /// EPUBCheck's parser (Xerces) counts one column more on a line that an attribute value's line
    /// break began, when that break follows a character of the value (not the opening quote, not
    /// another break): `title="a⏎b" x="1">` ends at column 13, `title="a⏎⏎b" x="1">` at 12.
    /// Found by running EPUBCheck 5.3.0 on such tags; columns follow it.
    private static func valueBreakShift(_ bytes: UnsafeBufferPointer<UInt8>, lineStart: Int, quote: UInt8) -> Int {
        guard quote != 0, lineStart >= 2 else { return 0 }
        var before = lineStart - 2  // the character before the line feed
        if bytes[before] == 0x0D, before > 0 { before -= 1 }
        let b = bytes[before]
        return b == quote || b == 0x0A || b == 0x0D ? 0 : 1
    }

    /// The `<` of a tag still open where a line starts: the nearest `<` before it with no `>` between.
    private static func openTag(before lineStart: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var back = lineStart - 1
        while back >= 0 {
            if bytes[back] == 0x3C { return back }
            if bytes[back] == 0x3E { return nil }
            back -= 1
        }
        return nil
    }

    /// Line and column just after the document's last `>` (EPUBCheck places whole-document
    /// findings at the end of the root element).
    package func end() -> (line: Int, column: Int)? {
        lock.lock()
        defer { lock.unlock() }
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> (line: Int, column: Int)? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let last = bytes.lastIndex(of: 0x3E) else { return nil }
            var lineStart = last
            while lineStart > 0 && bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
            let line = bytes[..<lineStart].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
            return (line, String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart...last]), as: UTF8.self).count + 1)
        }
    }

    /// The characters counted up to a tag's end, to go on from for the next tag on the same line.
    private struct Counted {
        var lineStart: Int
        var end: Int
        var characters: Int
    }

    /// Characters in `bytes[start...end]`. Goes on from the previous count on the same line when the
    /// bytes between are valid UTF-8 that starts with ASCII (so a character ends at the `>` before
    /// them): a minified document's one long line is then read once, not once per tag.
    private static func characters(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, through end: Int, after last: inout Counted?) -> Int {
        if let previous = last, previous.lineStart == start, previous.end < end, bytes[previous.end + 1] < 0x80,
           let added = String(validating: UnsafeBufferPointer(rebasing: bytes[(previous.end + 1)...end]), as: UTF8.self) {
            last = Counted(lineStart: start, end: end, characters: previous.characters + added.count)
            return previous.characters + added.count
        }
        let prefix = UnsafeBufferPointer(rebasing: bytes[start...end])
        if let valid = String(validating: prefix, as: UTF8.self) {
            last = Counted(lineStart: start, end: end, characters: valid.count)
            return valid.count
        }
        last = nil
        return String(decoding: prefix, as: UTF8.self).count
    }

    /// Where the line holding byte `offset` starts (`starts` ascending, beginning with 0).
    private static func lineStart(of offset: Int, _ starts: [Int]) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return starts[low]
    }

    private static func lineStarts(_ data: Data) -> [Int] {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [Int] in
            var starts = [0]
            for (i, b) in raw.enumerated() where b == 0x0A { starts.append(i + 1) }
            return starts
        }
    }
}
