@testable import EPUBConverter
import Testing

/// Forms read off a translated history as a Chinese download gives it (《伯罗奔尼撒战争史》, 徐松岩
/// 译): a contents list of volumes in brackets (`【第一卷】`) over chapters numbered through the
/// book, whose titles are summaries ending in full stops (`第二章　战争的起因。爱皮丹努斯事件。
/// 波提狄亚事件。`), the chapters indented as paragraphs, then the index (`索引`) and the
/// translators' afterword. Each rule with instances of its own and the case it must leave alone.
struct TranslatedHistoryLayoutTests {
    static let paragraph = "　　[1]我，雅典人修昔底德，在伯罗奔尼撒人和雅典人之间的战争刚刚爆发的时候，就开始撰写这部战争史了。我相信这将是一场伟大的战争。\n"

    /// The body: each heading indented, a blank line, its paragraphs, four blank lines before the next.
    static func body(_ headings: [String]) -> String {
        headings.map { "　　\($0)\n\n" + String(repeating: paragraph, count: 4) + "\n\n\n\n" }.joined()
    }

    static let volumes = [("第一卷", ["第一章 从远古时代到伯罗奔尼撒战争开始前的希腊国家。", "第二章 战争的起因。爱皮丹努斯事件。波提狄亚事件。"]),
                          ("第二卷", ["第三章 伯罗奔尼撒战争的爆发。第一次入侵阿提卡。伯里克利的葬礼演说。", "第四章 战争的第二年。雅典的瘟疫。"])]

    /// A chapter's label and title that the contents list gives line for line are a heading and
    /// its title, full stops and all, not a label with its text run on: the list prints the title
    /// again (with an ideographic space where the heading has an ASCII one), and a chapter's first
    /// sentence is never printed twice. Volumes in brackets in the list, the index after the last
    /// volume the book's, not the volume's.
    @Test func titlesWithFullStopsTheContentsListGives() throws {
        let list = "　　目录\n\n译者序\n\n" + Self.volumes.map { volume, chapters in
            "【\(volume)】\n" + chapters.map { $0.replacingOccurrences(of: " ", with: "　") + "\n" }.joined() + "\n"
        }.joined() + "索引\n译后记\n\n\n\n\n"
        var text = "　　伯罗奔尼撒战争史\n\n　　作者：修昔底德\n　　译者：徐松岩 等\n\n\n\n\n" + list + Self.body(["译者序"])
        for (volume, chapters) in Self.volumes { text += "　　\(volume)\n\n" + Self.body(chapters) }
        text += Self.body(["索引", "译后记"])
        let expected = ["1 译者序"] + Self.volumes.flatMap { volume, chapters in ["1 \(volume)"] + chapters.map { "2 \($0)" } } + ["1 索引", "1 译后记"]
        #expect(try TextBookParser.outline(text) == expected)
        // Of our own: sections (`第一节 何去何从？`) in a list without volumes, spaced alike in both.
        let sections = ["第一节 何去何从？", "第二节 变法失败。新政。", "第三节 战争结束！和约签订。"]
        let flat = "某书\n\n　　目录\n\n" + sections.map { $0 + "\n" }.joined() + "\n\n\n\n" + Self.body(sections)
        #expect(try TextBookParser.outline(flat) == sections.map { "1 \($0)" })
        // A label and a sentence printed once (no list names them) stay a label over its text.
        let runOn = "某书\n\n" + (1...3).map { "　　第\(["一", "二", "三"][$0 - 1])章 我们在黑暗中冒险。当人们开始从事战争的时候，他们的共同错误是开错了头。\n\n" + String(repeating: Self.paragraph, count: 3) + "\n\n\n\n" }.joined()
        #expect(try TextBookParser.outline(runOn) == ["1 第一章", "1 第二章", "1 第三章"])
        #expect(TextBookParser.labelLinesPrintedTwice(TextLines.split("第一章　战争。\n正文\n第一章 战争。\n第二章 和约。\n")) == ["第一章 战争。"])
    }

    /// `索引`, a nonfiction book's index by its word, is back matter outside the numbered body: after
    /// the last volume the book's own section; inside a chapter's text a word of it.
    @Test func indexByItsWord() throws {
        let text = "某书\n\n" + Self.body(["第一卷", "第一章 起因", "第二章 经过", "第二卷", "第三章 结局", "索引"])
        #expect(try TextBookParser.outline(text) == ["1 第一卷", "2 第一章 起因", "2 第二章 经过", "1 第二卷", "2 第三章 结局", "1 索引"])
        let inside = "某书\n\n" + Self.body(["第一章 起因", "索引", "第二章 经过", "第三章 结局"])
        #expect(try TextBookParser.outline(inside) == ["1 第一章 起因", "1 第二章 经过", "1 第三章 结局"])
    }

    /// 叫魂 as downloaded: paragraphs a line each with no blank line between, footnotes between
    /// rules of stars, and in each chapter titles set between blank lines (`　　德清县的石匠们`): set
    /// closer than chapters and further than paragraphs, they are the chapter's sections. Scene
    /// marks and speech set alone so stay text; a text that parts its paragraphs by blank lines
    /// reads one blank line as a paragraph's.
    @Test func sectionsBetweenBlankLinesWhereParagraphsRunTogether() throws {
        let paragraphs = String(repeating: "　　1768年，中国悲剧性近代的前夜。某种带有预示性质的惊颤蔓延于中国社会，影响到了十二个大省份的社会生活。\n", count: 5)
        let notes = "　　☆★☆★☆★☆★\n　　①关于这一案例的原始文件，已于1930年编辑出版。\n　　☆★☆★☆★☆★\n"
        func chapter(_ label: String, _ sections: [String]) -> String {
            "　　\(label)\n\n" + paragraphs + notes + paragraphs + sections.map { "\n　　\($0)\n\n" + paragraphs + notes + paragraphs }.joined() + "\n\n\n\n\n"
        }
        let text = "\n　　叫魂\n\n　　作者：[美]孔飞力（Philip Alden Kuhn）\n\n\n\n\n" + chapter("第一章 中国窃贼传奇", ["德清县的石匠们", "萧山事件", "苏州的乞丐们"])
            + chapter("第二章 盛世", ["人口与商业", "社会流动"]) + chapter("第三章 或现或隐的威胁", ["谋反", "异端"])
        let book = try TextBookParser.parse(text)
        #expect(book.sections.filter { $0.kind != .frontMatter }.map { "\($0.level) \($0.title)" } == ["1 第一章 中国窃贼传奇", "2 德清县的石匠们", "2 萧山事件", "2 苏州的乞丐们",
                                                                                                   "1 第二章 盛世", "2 人口与商业", "2 社会流动", "1 第三章 或现或隐的威胁", "2 谋反", "2 异端"])
        #expect(book.author == "孔飞力")
        // Speech and a scene mark set alone between blank lines stay the chapter's text.
        let scenes = "某书\n\n\n\n\n" + chapter("第一章 开端", ["“走吧。”", "＊＊＊", "三天后，他又来了。"]) + chapter("第二章 经过", []) + chapter("第三章 结局", [])
        #expect(try TextBookParser.outline(scenes) == ["1 第一章 开端", "1 第二章 经过", "1 第三章 结局"])
        func runTogether(_ text: String) -> Bool { let lines = TextLines.split(text); return IsolatedTitles.paragraphsRunTogether(IsolatedTitles.blocks(lines), lines) }
        #expect(!runTogether(String(repeating: "A paragraph of text, long enough.\n\n", count: 60)))
        #expect(runTogether("T\n\n" + paragraphs + paragraphs + "\n" + paragraphs + paragraphs + paragraphs + paragraphs + paragraphs + paragraphs))
        #expect(MetadataGuesser.personName("[美]孔飞力（Philip Alden Kuhn）") == "孔飞力" && MetadataGuesser.personName("张三（笔名）") == "张三（笔名）")
    }

    /// 阿庇安's 罗马史 as downloaded: each book's fragments numbered from one by a Roman numeral in
    /// the CJK block's numeral characters, then in Latin letters past twelve (`Ⅰ.辑自《福提阿斯》`,
    /// `Ⅱ.同上` … `Ⅻ.同上`, `XIII.辑自《修伊达斯》`), each over its text: the book's parts, one level
    /// below it. A numbered sentence stays text.
    @Test func fragmentsNumberedByRomanNumeralsUnderEachBook() throws {
        let paragraph = "阿庇安所著的历史从加彼斯的孙子、安基西斯的儿子伊尼阿斯开始；在特洛耶战争时，伊尼阿斯正当壮年。\n"
        let books = [("第一卷 关于诸国王（片断）", ["Ⅰ.辑自《福提阿斯》", "Ⅱ.同上", "Ⅲ.辑自《修伊达斯》"]), ("第二卷 关于意大利（片断）", ["Ⅰ.辑自《使节》", "Ⅱ. 同上"]),
                     ("第三卷 关于萨姆尼安人的历史（片断）", [])]
        let text = "罗马史\n\n作者：阿庇安\n\n\n\n" + books.map { title, parts in
            "\(title)\n" + paragraph + "Ⅰ.我们说，罗马人辛勤操劳了五百年。\n" + parts.map { "\n\($0)\n" + String(repeating: paragraph, count: 3) }.joined() + "\n\n\n\n\n"
        }.joined()
        let outline = try TextBookParser.outline(text)
        #expect(outline == books.flatMap { title, parts in ["1 \(title)"] + parts.map { "2 \($0)" } }, "\(outline)")
        #expect(NumberedParts.romanNumbered("Ⅻ.同上")?.number == 12 && NumberedParts.romanNumbered("XIII.辑自《修伊达斯》")?.number == 13
            && NumberedParts.romanNumbered("Ⅰ.我们说，罗马人辛勤操劳了五百年。") == nil)
    }

    /// A translated classic scanned and wrapped as 汉译世界学术名著丛书 prints it: the series' name set
    /// right over the edition's `出版说明`, which still heads its block, and the translation's own
    /// preface, `英译本序言`, a front-matter word. A title at the margin over prose it runs into is none.
    @Test func seriesNameOverTheEditionsNoteAndATranslationsPreface() throws {
        let wrapped = "我馆历来重视移译世界各国学术名著。从五十年代起，更致力于翻译出\n版马克思主义诞生以前的古典学术著作，同时适当介绍当代具有定评的各派\n代表作品。\n"
        let text = "罗马史\n\n作者：阿庇安\n\n\n\n汉译世界学术名著丛书\n出版说明\n" + wrapped + "商务印书馆编辑部\n\n\n\n\n英译本序言\n" + wrapped
            + "\n\n\n\n\n第一卷 关于诸国王\n" + wrapped + "\n\n\n\n\n第二卷 关于意大利\n" + wrapped
        #expect(try TextBookParser.outline(text) == ["1 出版说明", "1 英译本序言", "1 第一卷 关于诸国王", "1 第二卷 关于意大利"])
        let runOn = text.replacingOccurrences(of: "汉译世界学术名著丛书\n出版说明\n", with: "我馆历来重视移译世界各国学术名著，从五十年代起\n出版说明\n")
        #expect(try TextBookParser.outline(runOn) == ["1 英译本序言", "1 第一卷 关于诸国王", "1 第二卷 关于意大利"])
    }

    /// 第三帝国的兴亡 as downloaded: its contents list groups the chapters under parts (`第一编
    /// 阿道夫·希特勒的兴起`), and the text goes from the preface straight to `第一章`, printing no part.
    /// The list's parts open at their first chapters, which nest in them; a text that prints its
    /// parts keeps its own, and `第一编辑部` is no part.
    @Test func partsTheListNamesAndTheTextNeverPrints() throws {
        let paragraph = "　　第三帝国诞生的前夕，一种病态的紧张气氛笼罩着柏林。几乎人人都看得很清楚，魏玛共和国即将寿终正寝。\n"
        let parts = [("第一编 阿道夫·希特勒的兴起", ["第一章 第三帝国的诞生", "第二章 纳粹党的诞生"]), ("第二编 胜利和巩固", ["第三章 取得政权的道路", "第四章 共和国的末日"])]
        let list = "　　目录\n\n前言\n" + parts.map { $0.0 + "\n" + $0.1.map { $0 + "\n" }.joined() + "\n" }.joined()
        let chapters = parts.flatMap(\.1).map { "\n\n\n\n\n　　\($0)\n\n" + String(repeating: paragraph, count: 6) }.joined()
        let text = "\n　　第三帝国的兴亡\n\n　　作者：威廉·夏伊勒\n\n\n\n\n" + list + "\n\n\n\n　　前言\n\n" + paragraph + chapters
        let outline = try TextBookParser.outline(text)
        #expect(outline == ["1 前言"] + parts.flatMap { part, chapters in ["1 \(part)"] + chapters.map { "2 \($0)" } }, "\(outline)")
        var options = TextBookOptions()
        options.explain = true
        let explained = try TextBookParser.parse(text, options: options)
        let partLines = explained.sections.filter { $0.kind == .volume }.compactMap(\.line)
        #expect(partLines.count == 2 && partLines.allSatisfy { explained.divisionExplanations[$0]?.evidence == "listed-in-contents" })
        #expect(partLines.map { explained.divisionExplanations[$0]?.sequence } == ["编 1", "编 2"])
        #expect(partLines.allSatisfy { explained.explanations[$0]?.evidence == "label" })
        let printed = parts.map { part, chapters in "\n\n\n\n\n　　\(part)\n" + chapters.map { "\n\n\n\n\n　　\($0)\n\n" + String(repeating: paragraph, count: 6) }.joined() }.joined()
        let own = try TextBookParser.parse("\n　　第三帝国的兴亡\n\n　　作者：威廉·夏伊勒\n\n\n\n\n" + list + "\n\n\n\n　　前言\n\n" + paragraph + printed)
        #expect(own.sections.filter { $0.kind == .volume }.map(\.title) == parts.map(\.0))
        #expect(HeadingMatcher.match("第一编 阿道夫·希特勒的兴起")?.level == .volume && HeadingMatcher.match("第一编辑部的同志们") == nil)
    }

    /// 罗马史 as downloaded comes in halves under the book's title, `罗马史（上卷）` over its prefaces and
    /// `第一卷` … , `罗马史（下卷）` over the rest: the halves are the outermost divisions, the numbered
    /// books inside them one level down, their fragments below those. A chapter's title with such a
    /// mark (`第一章 出征（上篇）`) stays the chapter's.
    @Test func halvesOverTheNumberedBooksInsideThem() throws {
        let paragraph = "阿庇安所著的历史从加彼斯的孙子、安基西斯的儿子伊尼阿斯开始；在特洛耶战争时，伊尼阿斯正当壮年。\n"
        func book(_ title: String, _ fragments: [String]) -> String {
            "\(title)\n" + paragraph + fragments.map { "\n\($0)\n" + String(repeating: paragraph, count: 3) }.joined() + "\n\n\n\n\n"
        }
        let text = "罗马史\n\n作者：阿庇安\n\n\n\n罗马史（上卷）\n\n序言\n" + String(repeating: paragraph, count: 4) + "\n\n\n\n\n"
            + book("第一卷 关于诸国王（片断）", ["Ⅰ.辑自《福提阿斯》", "Ⅱ.同上"]) + book("第二卷 关于意大利（片断）", [])
            + "罗马史（下卷）\n\n" + book("第十三卷 内战史第一卷", []) + book("第十四卷 内战史第二卷", [])
        let outline = try TextBookParser.outline(text)
        #expect(outline == ["1 罗马史（上卷）", "2 序言", "2 第一卷 关于诸国王（片断）", "3 Ⅰ.辑自《福提阿斯》", "3 Ⅱ.同上", "2 第二卷 关于意大利（片断）",
                            "1 罗马史（下卷）", "2 第十三卷 内战史第一卷", "2 第十四卷 内战史第二卷"], "\(outline)")
        #expect(HeadingMatcher.match("罗马史（下卷）")?.number == 3 && HeadingMatcher.match("第一章 出征（上篇）")?.level == .chapter)
    }
}
