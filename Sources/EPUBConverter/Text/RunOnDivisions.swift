/// Chapter headings that carry their division's label before them on one line, as many web novels'
/// downloads print every chapter (`第一集 斗罗世界 第一章 斗罗大陆，异界唐三`, …, the volume's
/// prologue `第一集 斗罗世界 引子 穿越的唐家三少`; `第一卷 风起 第1章 少年`).
/// Read by its first label the line is a division whose name runs on into a chapter: every chapter
/// a division of its own, the chapters flat. The line is the chapter's; its division opens where
/// the label first stands or changes.
enum RunOnDivisions {
    /// The headings with each run-on line made its chapter's, the division it opens kept beside it
    /// (`Found.division`). Three such lines at least, and one division's label before two chapters
    /// or more: a label that stands once before its first chapter only (`ACT II. SCENE I. CAESAR'S
    /// Camp`, an act over its first scene, as the printed play sets one heading) or a scroll's
    /// number before its title (`卷一·五帝本纪第一`) is one heading, and stays so.
    static func split(_ found: [TextBookParser.Found]) -> [TextBookParser.Found] {
        let splits = found.map(chapterAfterDivision)
        var labels: [String: Int] = [:]
        for split in splits { if let split { labels[split.division.title, default: 0] += 1 } }
        guard labels.values.reduce(0, +) >= 3, labels.values.contains(where: { $0 >= 2 }) else { return found }
        var out: [TextBookParser.Found] = []
        out.reserveCapacity(found.count)
        // The division the text is in: a division's own line, or the last run-on label.
        var current: String?
        for (candidate, split) in zip(found, splits) {
            guard let (division, chapter) = split else {
                if candidate.heading.level == .volume { current = candidate.heading.title }
                out.append(candidate)
                continue
            }
            var bare = candidate
            bare.heading = chapter
            if division.title != current {
                bare.division = division
                current = division.title
            }
            out.append(bare)
        }
        return out
    }

    /// The division and the chapter a division's heading holds, when its name runs on into a
    /// chapter's heading after at most four words of the division's own (`斗罗世界`, none in
    /// `第一卷 第一章`): a numbered chapter or a special section (`引子`, `序章`), nil otherwise.
    static func chapterAfterDivision(_ candidate: TextBookParser.Found) -> (division: Heading, chapter: Heading)? {
        let heading = candidate.heading
        guard heading.level == .volume, candidate.titleLine == nil, candidate.origin == .form, !heading.name.isEmpty,
              heading.title.hasSuffix(heading.name) else { return nil }
        let words = heading.name.split(separator: " ")
        for own in 0..<min(words.count, 5) {
            let rest = words[own...].joined(separator: " ")
            guard let chapter = HeadingMatcher.match(Substring(rest)), chapter.level == .chapter, chapter.keyword == nil,
                  chapter.number != nil || HeadingMatcher.specialSections.contains(where: { rest.hasPrefix($0) }) else { continue }
            let label = heading.title.dropLast(heading.name.count).trimmingCharacters(in: .whitespaces)
            let name = words[..<own].joined(separator: " ")
            let title = name.isEmpty ? label : label + " " + name
            return (Heading(level: .volume, title: title, name: name, number: heading.number), chapter)
        }
        return nil
    }
}
