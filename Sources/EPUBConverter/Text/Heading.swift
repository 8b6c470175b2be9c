/// A line recognised as a heading: its level in the book and the title to show.
public struct Heading: Sendable, Equatable {
    /// Where a heading sits in the book's outline.
    public enum Level: String, Sendable, Codable {
        /// 卷, 部, 篇, 集, 册; Part, Book, Volume.
        case volume
        /// 章, 节, 回, 话, 幕; Chapter; special sections (序章, 楔子, Prologue …).
        case chapter
    }

    public var level: Level
    /// The whole heading as it will be shown (whitespace collapsed, brackets removed).
    public var title: String
    /// The title without its number label (`陨落的天才` of `第一章 陨落的天才`), for spotting a title
    /// repeated as the first body line; empty when the heading has none.
    public var name: String
    /// The label's number (`第二十一章` is 21), when it has one: the sequence of numbers is evidence
    /// of which lines are headings.
    public var number: Int?
    /// True for a line that is a heading only if its number continues the book's sequence: a long
    /// title, a title with commas, a bare numbered line (`001 标题`) in a book of `第…章` headings.
    public var needsSequence: Bool
    /// The label word of a heading found by its form alone (`Stave` in `STAVE I.`, a word no list
    /// names): such a heading counts only where the book repeats the word in a sequence.
    public var keyword: String?
    /// A section number's parts (`1.2.1` is [1, 2, 1]): the numbering decides whether the line is
    /// a heading and how deep it sits.
    public var section: [Int]?
    /// True when the heading has only its label (`CHAPTER I.`): a title may follow on the next line.
    public var wantsTitle: Bool { name.isEmpty }

    public init(level: Level, title: String, name: String, number: Int? = nil, needsSequence: Bool = false) {
        self.level = level
        self.title = title
        self.name = name
        self.number = number
        self.needsSequence = needsSequence
    }
}
