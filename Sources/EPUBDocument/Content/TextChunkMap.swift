/// Where the character data of a content document went in its addressable text: for each chunk
/// of character data as EPUB CFI 1.1 §3.1.1 counts them (the run of text between two element
/// children of an element, comments ignored: odd step indexes from 1), which UTF-16 unit of the
/// chunk became which unit of the text. Whitespace the layout collapsed has no unit of its own; a
/// collapsed run that became one space is that space's unit, at the run's first character.
///
/// Made only when asked (`TextLayout.text(of:language:chunks:)`): CFI resolution needs it, the
/// export does not.
public struct TextChunkMap: Sendable {
    /// One chunk: its element, its odd CFI index, and its units kept in the text.
    public struct Chunk: Sendable {
        /// The model index of the element whose character data it is.
        public let element: Int
        /// Its CFI index among the element's children (1, 3, 5 …).
        public let index: Int
        /// The chunk's length in UTF-16 units, as written (whitespace not collapsed).
        public internal(set) var length = 0
        /// Where the text stood when the chunk began, and when it ended.
        public internal(set) var start: Int
        public internal(set) var end: Int
        /// Units kept: (offset in the chunk, offset in the text), by offset in the chunk.
        public internal(set) var units: [(raw: Int32, text: Int32)] = []
    }

    public internal(set) var chunks: [Chunk] = []
    /// Every kept character in text order: (offset in the text, chunk, offset in the chunk, its
    /// UTF-16 units: 2 for a surrogate pair).
    public internal(set) var byText: [(text: Int32, chunk: Int32, raw: Int32, width: Int32)] = []
    private var keys: [Int: Int] = [:]

    public init() {}

    /// The chunk of an element at an odd CFI index; nil when the element has no text there (or the
    /// layout did not walk it: `head`, scripts, media fallbacks).
    public func chunk(element: Int, index: Int) -> Int? {
        keys[element << 32 | index]
    }

    mutating func open(element: Int, index: Int, at offset: Int) -> Int {
        chunks.append(Chunk(element: element, index: index, start: offset, end: offset))
        keys[element << 32 | index] = chunks.count - 1
        return chunks.count - 1
    }

    mutating func keep(chunk: Int, raw: Int, text: Int, width: Int) {
        chunks[chunk].units.append((Int32(raw), Int32(text)))
        byText.append((Int32(text), Int32(chunk), Int32(raw), Int32(width)))
    }

    /// The text offset of a point in a chunk: the first kept unit at or after it, else the text's
    /// place at the chunk's end (trailing whitespace that a block end swallowed).
    public func textOffset(chunk: Int, raw: Int) -> Int {
        let units = chunks[chunk].units
        var low = 0, high = units.count
        while low < high {
            let mid = (low + high) / 2
            if Int(units[mid].raw) < raw { low = mid + 1 } else { high = mid }
        }
        return low < units.count ? Int(units[low].text) : chunks[chunk].end
    }

    /// The kept unit at a text offset: its chunk and offset in the chunk; nil when the unit there
    /// is no character data (a line break, an object, the end).
    public func unit(atText offset: Int) -> (chunk: Int, raw: Int)? {
        var low = 0, high = byText.count
        while low < high {
            let mid = (low + high) / 2
            if Int(byText[mid].text) < offset { low = mid + 1 } else { high = mid }
        }
        guard low < byText.count, Int(byText[low].text) == offset else { return nil }
        return (Int(byText[low].chunk), Int(byText[low].raw))
    }

    /// The last kept unit before a text offset, with the chunk offset just after it.
    public func unit(before offset: Int) -> (chunk: Int, rawAfter: Int)? {
        var low = 0, high = byText.count
        while low < high {
            let mid = (low + high) / 2
            if Int(byText[mid].text) < offset { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let unit = byText[low - 1]
        return (Int(unit.chunk), Int(unit.raw + unit.width))
    }
}
