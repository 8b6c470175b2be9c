/// What one navigation source (nav document or NCX) offers, before the reader picks among sources.
struct NavigationLists {
    var toc: [TocEntry] = []
    var pageList: [TocEntry] = []
    /// Always empty for an NCX, which has none.
    var landmarks: [Landmark] = []
    var navLists: [NavList] = []
    /// What the reader had to decide about entries (kept as headings, left out), located.
    var diagnostics: [Diagnostic] = []
}
