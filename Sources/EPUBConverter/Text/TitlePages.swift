/// The title pages of the books an omnibus gathers (`龙族·火之晨曦` over `江南 著`, then
/// `龙族·悼亡者之瞳` over `江南 著`, each book's `序章` and `第一幕` numbered anew): a short title
/// right over a credit naming the same maker as the others. Each such title heading chapters
/// before the next is a division: the book it opens. One alone is the whole book's title page.
enum TitlePages {
    /// The titles of the title pages inside the text, as divisions, where two or more credit the
    /// same maker and each stands over headings of its own (`found`, in line order).
    static func divisions(_ lines: [Substring], found: [TextBookParser.Found]) -> [TextBookParser.Found] {
        var pages: [(line: Int, title: Substring, maker: String)] = []
        for i in lines.indices.dropLast() where mayCredit(lines[i + 1]) {
            let title = TextLines.trim(lines[i])
            guard !title.isEmpty, title.count <= 30, i == 0 || TextLines.isBlank(lines[i - 1]),
                  let maker = credited(TextLines.trim(lines[i + 1])),
                  IsolatedTitles.isCJKTitle(title) || IsolatedTitles.isTitle(title), HeadingMatcher.match(title) == nil else { continue }
            pages.append((i, title, maker))
        }
        guard pages.count >= 2 else { return [] }
        let makers = Dictionary(grouping: pages, by: \.maker)
        guard let (_, same) = makers.max(by: { $0.value.count < $1.value.count }), same.count >= 2 else { return [] }
        let starts = same.map(\.line)
        let headed = same.enumerated().filter { k, page in
            let end = k + 1 < starts.count ? starts[k + 1] : lines.count
            return found.contains { $0.line > page.line + 1 && $0.line < end }
        }
        guard headed.count >= 2 else { return [] }
        return headed.map { _, page in
            let name = HeadingMatcher.collapse(page.title)
            return TextBookParser.Found(line: page.line, heading: Heading(level: .volume, title: name, name: name), titleLine: nil, origin: .titlePage)
        }
    }

    /// A line that may be a credit, told by its bytes before anything is trimmed: short, ending on a
    /// credit word or opening with `作者` or `By` (this runs on every line of a novel).
    static func mayCredit(_ line: Substring) -> Bool {
        guard line.utf8.count <= 160, let last = line.unicodeScalars.last(where: { !TextLines.isSpace($0) }),
              let first = line.unicodeScalars.first(where: { !TextLines.isSpace($0) }) else { return false }
        return creditEnds.contains(last) || first == "作" || first == "B" || first == "b"
    }

    static let creditEnds: Set<Unicode.Scalar> = Set("著撰编編辑輯".unicodeScalars)

    /// The maker a credit line names: `江南 著`, `作者：江南`, `By H. G. Wells`.
    static func credited(_ line: Substring) -> String? {
        if let name = MetadataGuesser.creditedName(String(line)) { return name }
        for label in ["作者：", "作者:", "By ", "by ", "BY "] where line.hasPrefix(label) {
            let name = TextLines.trim(line.dropFirst(label.count))
            return !name.isEmpty && name.count <= 40 ? String(name) : nil
        }
        return nil
    }
}
