/// A rule's places, kept compact: a book can fail `region` at every one of hundreds of thousands
/// of elements (Mahabharata's 231,839 spans straight under `body`), and a `Place` of its own each,
/// with a string per CFI, cost more than the book's trees. Here a place is four numbers: its
/// file and element name as indices of two short tables, its line, and its CFI as a run of one
/// byte buffer; a `Place` is made only when it is read.
public struct AccessibilityPlaceList: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    /// What the list holds and gives back.
    public typealias Place = AccessibilityReport.Place

    private var paths = Interned()
    private var elementNames = Interned()
    private var pathIndex: [Int32] = []
    /// The line, or -1 when none is known.
    private var lines: [Int32] = []
    /// The element name's index, or -1 for none.
    private var elementIndex: [Int32] = []
    /// Where the place's CFI starts in `cfiBytes`; a place without one is marked by the offset
    /// negated less one (-1 at offset 0), so every place knows where the buffer stood and a CFI
    /// ends where the next place's offset says.
    private var cfiStart: [Int32] = []
    private var cfiBytes: [UInt8] = []
    /// The few places with a value (metadata), by position.
    private var values: [Int32: String] = [:]

    public init() {}

    public init(arrayLiteral places: Place...) {
        for place in places { append(place) }
    }

    /// Room for `count` places and their CFIs' bytes, made at once.
    public mutating func reserveCapacity(_ count: Int, cfiBytes: Int) {
        pathIndex.reserveCapacity(count)
        lines.reserveCapacity(count)
        elementIndex.reserveCapacity(count)
        cfiStart.reserveCapacity(count)
        self.cfiBytes.reserveCapacity(cfiBytes)
    }

    /// The bytes of every CFI held.
    public var cfiByteCount: Int { cfiBytes.count }

    public var startIndex: Int { 0 }
    public var endIndex: Int { lines.count }

    public subscript(position: Int) -> Place {
        let line = lines[position], element = elementIndex[position]
        return Place(path: paths.values[Int(pathIndex[position])], line: line < 0 ? nil : Int(line), cfi: cfi(at: position),
                     element: element < 0 ? nil : elementNames.values[Int(element)], value: values[Int32(position)])
    }

    public mutating func append(_ place: Place) {
        pathIndex.append(paths.index(of: place.path))
        lines.append(place.line.map { Int32(clamping: $0) } ?? -1)
        elementIndex.append(place.element.map { elementNames.index(of: $0) } ?? -1)
        if let cfi = place.cfi {
            cfiStart.append(Int32(cfiBytes.count))
            cfiBytes += cfi.utf8
        } else {
            cfiStart.append(-Int32(cfiBytes.count) - 1)
        }
        if let value = place.value { values[Int32(lines.count - 1)] = value }
    }

    /// Appends another list's place without making a `Place` of it: the file and element name
    /// are looked up by the strings the other list holds (the same file's string each time, so
    /// the last entry answers), the CFI's bytes are copied as they are.
    public mutating func append(from other: AccessibilityPlaceList, at position: Int) {
        pathIndex.append(paths.index(of: other.paths.values[Int(other.pathIndex[position])]))
        lines.append(other.lines[position])
        let element = other.elementIndex[position]
        elementIndex.append(element < 0 ? -1 : elementNames.index(of: other.elementNames.values[Int(element)]))
        if let run = other.cfiRun(at: position) {
            cfiStart.append(Int32(cfiBytes.count))
            cfiBytes += other.cfiBytes[run]
        } else {
            cfiStart.append(-Int32(cfiBytes.count) - 1)
        }
        if let value = other.values[Int32(position)] { values[Int32(lines.count - 1)] = value }
    }

    /// Where a place's CFI lies in `cfiBytes`: up to the next place's offset (or the buffer's
    /// end); nil when it has none.
    private func cfiRun(at position: Int) -> Range<Int>? {
        let start = cfiStart[position]
        guard start >= 0 else { return nil }
        let next = position + 1 < cfiStart.count ? cfiStart[position + 1] : Int32(cfiBytes.count)
        return Int(start)..<Int(next >= 0 ? next : -next - 1)
    }

    /// The CFI of a place, as written.
    private func cfi(at position: Int) -> String? {
        cfiRun(at: position).map { String(decoding: cfiBytes[$0], as: UTF8.self) }
    }

    /// A table of the distinct strings met (a book's files, its element names), each by its index.
    private struct Interned: Sendable {
        private(set) var values: [String] = []
        private var indices: [String: Int32] = [:]

        /// Places come in runs of one file and one name: the last is tried before the table.
        mutating func index(of value: String) -> Int32 {
            if let last = values.last, last == value { return Int32(values.count - 1) }
            if let found = indices[value] { return found }
            values.append(value)
            indices[value] = Int32(values.count - 1)
            return Int32(values.count - 1)
        }
    }
}

extension AccessibilityPlaceList: Equatable {
    public static func == (a: AccessibilityPlaceList, b: AccessibilityPlaceList) -> Bool { a.elementsEqual(b) }
}
