import EPUBDocument
import EPUBMessages

extension CFILocator {
    /// A point (or a range `start..<end`) in a spine item's text, with its canonical CFI.
    public func locate(spineIndex: Int, offset: Int, end: Int? = nil) throws(Failure) -> CFILocation {
        let entry = try spineEntry(spineIndex)
        let length: Int
        if let item = item(spineIndex) {
            length = item.text.length
        } else {
            guard !ManifestItem.isContentDocument(entry.mediaType) else { throw Failure(text: .locateDocumentUnreadable(entry.href)) }
            length = 0  // an image page
        }
        for value in [offset] + (end.map { [$0] } ?? []) where value < 0 || value > length {
            throw Failure(text: .locateOffsetOutside(value, spineIndex, length))
        }
        var location = CFILocation(spineIndex: spineIndex, href: entry.href, mediaType: entry.mediaType, offset: offset, length: length)
        location.end = end.map { max($0, offset) }
        location.cfi = location.end.map { cfiRange(spineIndex: spineIndex, offset..<$0) } ?? cfi(spineIndex: spineIndex, offset: offset)
        return location
    }

    /// A Web Annotation text-quote selector: the first place, in reading order, where `exact`
    /// stands with `prefix` before it and `suffix` after it (whitespace collapsed), and how many
    /// places match in the whole book.
    public func locate(quote exact: String, prefix: String = "", suffix: String = "") throws(Failure) -> (location: CFILocation, matches: Int) {
        let needle = Self.collapsed(exact), before = Self.collapsed(prefix), after = Self.collapsed(suffix)
        var first: CFILocation?
        var matches = 0
        for index in session.package.spine.indices {
            guard let units = item(index)?.units, !needle.isEmpty else { continue }
            let found = TextQuote.find(units, exact: needle, prefix: before, suffix: after)
            matches += found.count
            if first == nil, let range = found.first { first = try locate(spineIndex: index, offset: range.lowerBound, end: range.upperBound) }
        }
        guard let first else { throw Failure(text: .locateQuoteMissing(exact)) }
        return (first, matches)
    }

    /// A container path with an optional fragment (`text/ch1.xhtml#p12`): where the element's
    /// content starts, or the item's start.
    public func locate(href: String) throws(Failure) -> CFILocation {
        guard case .local(let path, let fragment) = HrefResolver.resolve(href, against: ""), let spineIndex = session.spineIndexByPath[path],
              let text = item(spineIndex)?.text, let offset = text.offset(of: fragment) else {
            throw Failure(text: .locateHrefMissing(href))
        }
        return try locate(spineIndex: spineIndex, offset: offset)
    }

    /// A Readium position (1-based): its item's start plus its progression of the item's text.
    public func locate(position: Int) throws(Failure) -> CFILocation {
        guard (1...max(1, positions.list.total)).contains(position), positions.list.total > 0 else {
            throw Failure(text: .locatePositionOutside(positions.list.total, position))
        }
        let locator = positions.list.positions[position - 1]
        guard let spineIndex = positions.ranges.first(where: { ($0.value.first..<($0.value.first + $0.value.count)).contains(position) })?.key,
              let text = item(spineIndex)?.text else {
            throw Failure(text: .locateHrefMissing(locator.href))
        }
        return try locate(spineIndex: spineIndex, offset: Int((locator.locations.progression * Double(text.length)).rounded(.up)))
    }

    /// The place as JSON: the canonical CFI, the item and offsets, the text around it, and a
    /// Readium Locator (progression in the item's text, the position it falls in).
    public func json(_ location: CFILocation, query: String, locale: MessageLocale = .english) -> JSONValue {
        let units = item(location.spineIndex)?.units ?? []
        func slice(_ range: Range<Int>) -> JSONValue {
            let clamped = max(0, min(range.lowerBound, units.count))..<max(0, min(range.upperBound, units.count))
            return .string(String(decoding: units[clamped], as: UTF16.self))
        }
        let end = location.end ?? location.offset
        let progression = location.length == 0 ? 0 : Double(location.offset) / Double(location.length)
        let total = positions.list.total
        var locations: [(String, JSONValue)] = [("progression", .number(progression))]
        if let range = positions.ranges[location.spineIndex], total > 0 {
            let position = range.first + min(range.count - 1, Int(progression * Double(range.count)))
            locations.append(("position", .integer(Int64(position))))
            locations.append(("totalProgression", .number(Double(position - 1) / Double(total))))
        }
        let mediaOffset: JSONValue = location.mediaOffset.map { offset -> JSONValue in
            .string(CFI.format(CFI.Path(segments: [[]], offset: offset)))
        } ?? .null
        return .object([
            ("query", .string(query)),
            ("cfi", location.cfi.map { .string($0.description) } ?? .null),
            ("spineIndex", .integer(Int64(location.spineIndex))),
            ("href", .string(location.href)),
            ("offset", .integer(Int64(location.offset))),
            ("end", location.end.map { .integer(Int64($0)) } ?? .null),
            ("length", .integer(Int64(location.length))),
            ("side", location.side.map { .string($0.rawValue) } ?? .null),
            ("mediaOffset", mediaOffset),
            ("corrected", .bool(location.corrected)),
            ("text", .object([("before", slice((location.offset - 40)..<location.offset)), ("highlight", slice(location.offset..<end)),
                              ("after", slice(end..<(end + 40)))])),
            ("locator", .object([("href", .string(location.href)), ("type", .string(location.mediaType)), ("locations", .object(locations))])),
            ("notes", .array(location.notes.map { .string($0.rendered(in: locale)) })),
        ])
    }
}
