import Foundation

/// Readium's positions list: stable page-like positions that renderers share for progress,
/// bookmarks and "page N of M", computed as Readium computes them by default, so that positions
/// saved by a Readium-based reader mean the same here (and match Adobe RMSDK's page numbers).
///
/// The reading order is the spine's linear items, each manifest item once (a repeated itemref is
/// skipped). A pre-paginated item has one position; any other item `max(1, ceil(length / 1024))`,
/// where `length` is the ZIP entry's compressed size when it is compressed and its size when
/// stored (a folder's file: its size). An item whose file is missing has no position.
public struct PositionList: Sendable, Codable, Equatable {
    /// One position as a Readium Locator.
    public struct Locator: Sendable, Codable, Equatable {
        public var href: String
        public var type: String
        public var locations: Locations
    }

    /// Where one position lies, in Readium's Locator terms.
    public struct Locations: Sendable, Codable, Equatable {
        /// 1-based, across the publication.
        public var position: Int
        /// Where the position starts within its item: `(i - 1) / count`.
        public var progression: Double
        /// Where it starts within the publication: `(position - 1) / total`.
        public var totalProgression: Double
    }

    public var total: Int
    public var positions: [Locator]

    /// Bytes of entry per position of a reflowable item (Readium's recommended strategy).
    public static let pageLength: UInt64 = 1024

    /// The list for a spine, and each spine index's range of positions.
    static func compute(_ spine: [SpineEntry], container: any OCFContainer) -> (list: PositionList, ranges: [Int: SpineEntry.Positions]) {
        var counts: [(entry: SpineEntry, count: Int)] = []
        var seen: Set<String> = []
        for entry in spine where entry.linear && !entry.href.isEmpty && seen.insert(entry.idref).inserted {
            counts.append((entry, positionCount(entry, container: container)))
        }
        let total = counts.reduce(0) { $0 + $1.count }
        var positions: [Locator] = []
        var ranges: [Int: SpineEntry.Positions] = [:]
        for (entry, count) in counts where count > 0 {
            ranges[entry.index] = .init(first: positions.count + 1, count: count)
            for i in 1...count {
                let position = positions.count + 1
                positions.append(Locator(href: entry.href, type: entry.mediaType,
                                         locations: .init(position: position, progression: Double(i - 1) / Double(count),
                                                          totalProgression: Double(position - 1) / Double(total))))
            }
        }
        return (PositionList(total: total, positions: positions), ranges)
    }

    /// The position of an item's range that contains a fragment's element: the byte offset of the
    /// element's start tag in the document as a share of its length, in the item's `count`
    /// positions (the first without a fragment, or when no element has the id). The id resolves
    /// through the document's model, as every fragment does.
    static func position(of fragment: String?, in range: SpineEntry.Positions, document: ContentDocument?, length: Int) -> Int {
        guard range.count > 1, let fragment, let document, length > 0,
              let element = document.element(id: fragment.removingPercentEncoding ?? fragment),
              let offset = document.byteOffset(of: element) else { return range.first }
        let index = Int(Double(offset) / Double(length) * Double(range.count))
        return range.first + min(range.count - 1, max(0, index))
    }

    private static func positionCount(_ entry: SpineEntry, container: any OCFContainer) -> Int {
        guard let file = container.entry(entry.href), !file.isDirectory else { return 0 }
        if entry.effective.layout == .prePaginated { return 1 }
        let length = file.compression == .stored ? file.size : file.compressedSize
        return Int(max(1, (length + pageLength - 1) / pageLength))
    }
}
