/// A plain-text novel read into sections, with the metadata found or given: what the XHTML
/// builder and the EPUB writer turn into documents.
public struct TextBook: Sendable {
    /// How the chapters were found, for the report.
    public enum Detection: String, Sendable, Codable {
        case headings
        case numberedLines = "numbered-lines"
        case pattern
        /// A rule from a `--toc-rules` file.
        case tocRules = "toc-rules"
        case size
    }

    public var title: String
    public var author: String?
    /// BCP 47: `zh-Hans`, `zh-Hant`, `ja`, `en`, or what `--language` gave.
    public var language: String
    public var sections: [TextSection]
    public var paragraphStyle: ParagraphStyle
    public var detection: Detection
    /// Download sites' lines (addresses, "latest chapters" …) left out of the text.
    public var noiseLines: Int = 0
    /// Heading-like lines behind a prefix too rare to be a site's (fewer than three): not taken.
    public var skippedHeadingLines: Int = 0
    /// The `--toc-rules` rule used, and the rules of that file that could not be.
    public var tocRule: String?
    public var skippedTocRules: [TocRules.Skipped] = []
    /// Why each heading was taken, by the section's source line (1-based); with `explain` only.
    public var explanations: [Int: TextSection.Explanation] = [:]
    /// Why the division a chapter's line opens was taken (`Found.division`), by that line: the
    /// division and its chapter share it.
    public var divisionExplanations: [Int: TextSection.Explanation] = [:]
}
