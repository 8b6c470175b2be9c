import EPUBOutput
/// One part of a converted text: the front matter, a volume or a chapter, with its paragraphs.
public struct TextSection: Sendable, Equatable {
    /// What a section is; it decides the heading level and the TOC nesting.
    public enum Kind: String, Sendable, Codable {
        /// Text before the first heading (title page, synopsis): kept, never lost.
        case frontMatter = "front-matter"
        case volume
        case chapter
        /// A piece of a book without headings, cut at a paragraph boundary.
        case part
        /// What follows the book (Project Gutenberg's licence, with `--keep-licence`).
        case backMatter = "back-matter"

        /// What a reader counts as a chapter.
        public var isChapter: Bool { self == .chapter || self == .part }
    }

    public var kind: Kind
    public var title: String
    /// 1 for volumes and top-level chapters, 2 for chapters inside a volume.
    public var level: Int
    /// Slices of the decoded text where a paragraph is one line (no copy of a 20 MB novel);
    /// of the section's own text where hard-wrapped lines were unwrapped.
    public var paragraphs: [Substring] {
        // Sliced by scalars, as the lines were: a String's own subscript would move a bound that is
        // not a character boundary (a paragraph that starts with a combining mark).
        get { bounds.map { Substring(storage.unicodeScalars[$0]) } }
        set { (storage, bounds) = Self.store(newValue) }
    }
    /// What the paragraphs are cut from, and where: a range is half the size of a `Substring`,
    /// and a 20,000-chapter novel holds a quarter of a million paragraphs until it is written.
    private var storage: String
    private var bounds: [Range<String.Index>]
    /// The source line (1-based) the section starts on: its heading's line, so a user can see why
    /// a heading was taken; nil for pieces cut by size.
    public var line: Int?

    /// What a section is, without its text: for reports after the text is gone.
    public struct Outline: Sendable, Equatable, Codable {
        public var kind: Kind
        public var title: String
        public var level: Int
        public var paragraphs: Int
        public var line: Int?
    }

    public var outline: Outline { Outline(kind: kind, title: title, level: level, paragraphs: bounds.count, line: line) }

    /// Why a heading was taken (`label`, `numeral-sequence`, `section-number`, `set-apart`, `unpunctuated-title`,
    /// `listed-in-contents`, `run-on`, `label-sequence`, `numbered-line`, `site-prefix`,
    /// `pattern`) and the sequence it continues (`章 12`, `chapter 3`, `section 1.2`): kept apart
    /// from the sections, and only when asked (`TextBookOptions.explain`), so a 20,000-chapter
    /// novel carries nothing more without `--json`.
    public struct Explanation: Sendable, Equatable {
        public var evidence: String
        public var sequence: String?
    }

    public init(kind: Kind, title: String, level: Int, paragraphs: [Substring], line: Int? = nil) {
        self.kind = kind
        self.title = title
        self.level = level
        (storage, bounds) = Self.store(paragraphs)
        self.line = line
    }

    public static func == (a: TextSection, b: TextSection) -> Bool {
        a.kind == b.kind && a.title == b.title && a.level == b.level && a.line == b.line && a.paragraphs == b.paragraphs
    }

    /// The paragraphs as ranges of the one string they all slice; paragraphs from several strings
    /// (unwrapped lines, a heading's run-on text) are first joined into one of the section's own.
    private static func store(_ paragraphs: [Substring]) -> (String, [Range<String.Index>]) {
        guard let first = paragraphs.first?.base else { return ("", []) }
        let shared = storageAddress(first)
        if shared != nil, paragraphs.allSatisfy({ storageAddress($0.base) == shared }) {
            return (first, paragraphs.map { $0.startIndex..<$0.endIndex }.compacted())
        }
        var joined = ""
        joined.reserveCapacity(paragraphs.reduce(0) { $0 + $1.utf8.count })
        var offsets: [Range<Int>] = []
        offsets.reserveCapacity(paragraphs.count)
        for paragraph in paragraphs {
            let start = joined.utf8.count
            joined += paragraph
            offsets.append(start..<joined.utf8.count)
        }
        let utf8 = joined.utf8
        return (joined, offsets.map { utf8.index(utf8.startIndex, offsetBy: $0.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: $0.upperBound) })
    }

    /// Where a large native string keeps its bytes (nil for a small or bridged one): two slices share
    /// their string exactly when this is the same. A small string (15 UTF-8 bytes at most) lives in
    /// the value itself, and the pointer to it would be a temporary copy's.
    private static func storageAddress(_ string: String) -> UnsafeRawPointer? {
        guard string.utf8.count > 15 else { return nil }
        return string.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }
}
