/// Where an element starts: its line, its tag as written (`epub:switch`), and which of the tags
/// of that name on that line it is (0 for the first).
package struct TagPosition: Sendable, Hashable {
    package var line: Int
    package var tag: String
    package var occurrence: Int

    /// A line and a tag: occurrences are counted per key.
    package struct Key: Hashable, Sendable {
        package var line: Int
        package var tag: String

        package init(line: Int, tag: String) {
            self.line = line
            self.tag = tag
        }
    }

    package init(line: Int, tag: String, occurrence: Int) {
        self.line = line
        self.tag = tag
        self.occurrence = occurrence
    }

    package var key: Key { Key(line: line, tag: tag) }
}

/// Gives elements read in document order their positions, counting each tag per line.
package struct TagPositions {
    private var seen: [TagPosition.Key: Int] = [:]

    package init() {}

    package mutating func next(line: Int, tag: String) -> TagPosition {
        let key = TagPosition.Key(line: line, tag: tag)
        let occurrence = seen[key, default: 0]
        seen[key] = occurrence + 1
        return TagPosition(line: line, tag: tag, occurrence: occurrence)
    }
}
