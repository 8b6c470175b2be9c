/// Where an element starts: its line, its tag as written (`epub:switch`), and which of the tags
/// of that name on that line it is (0 for the first).
public struct TagPosition: Sendable, Hashable {
    public var line: Int
    public var tag: String
    public var occurrence: Int

    /// A line and a tag: occurrences are counted per key.
    public struct Key: Hashable, Sendable {
        public var line: Int
        public var tag: String

        public init(line: Int, tag: String) {
            self.line = line
            self.tag = tag
        }
    }

    public init(line: Int, tag: String, occurrence: Int) {
        self.line = line
        self.tag = tag
        self.occurrence = occurrence
    }

    var key: Key { Key(line: line, tag: tag) }
}
