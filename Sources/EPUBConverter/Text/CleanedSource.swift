/// What cleaning the source found besides the lines it rewrote (`TextBookParser.cleanSource`): the
/// Gutenberg frame, the site's lines it blanked, the markup taken off headings, and what the
/// site's own lines say of the book.
struct CleanedSource {
    /// Project Gutenberg's header and licence, when the text has them.
    let frame: GutenbergFrame?
    /// The licence's lines, kept when asked to.
    let licence: [Substring]
    /// How many lines of download sites were left out or cleaned.
    let noise: Int
    /// The lines blanked where text stood: they part no blocks.
    let blanked: Set<Int>
    /// The lines set in a heading's markup, by kind.
    let markup: [Int: String]
    /// The lines whose emphasis marks were taken off.
    let emphasised: Set<Int>
    /// A site's closing note on the book.
    let trailer: SiteTrailer?
    /// The author the credits a site repeats after every page name (`□[英]威廉·萨默赛特·毛姆/著`).
    let creditedAuthor: String?
    /// The lines a site's words were cut from with something left: its notice.
    let notices: Set<Int>
    /// The book's name the site's page labels repeat (`鼠疫` of `鼠疫1`, `鼠疫2` …).
    let pageLabelName: String?
}
