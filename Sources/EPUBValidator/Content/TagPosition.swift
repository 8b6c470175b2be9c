/// Where an element starts: its line, its tag as written (`epub:switch`), and which of the tags
/// of that name on that line it is (0 for the first).
struct TagPosition: Sendable, Hashable {
    var line: Int
    var tag: String
    var occurrence: Int

    /// A line and a tag: occurrences are counted per key.
    struct Key: Hashable, Sendable {
        var line: Int
        var tag: String

        init(line: Int, tag: String) {
            self.line = line
            self.tag = tag
        }
    }

    init(line: Int, tag: String, occurrence: Int) {
        self.line = line
        self.tag = tag
        self.occurrence = occurrence
    }

    var key: Key { Key(line: line, tag: tag) }
}
