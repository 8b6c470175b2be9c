@testable import EPUBConverter
import Testing

/// Forms read off real plain-text files as people got them (a 书包网 download of 《呐喊》 with its
/// page breaks, underlined titles and closing note; a 《左传》 as a library ships it): each rule
/// with three instances of its own and the case it must leave alone.
struct SiteDownloadTests {
    static let line = "天色渐渐暗了下来，山间的风带着一丝凉意，吹过林梢，发出沙沙的声响。"
    static let prose = "It was a cold night and the wind came over the hills as it had done for weeks before.\n\n"

    /// Paragraphs indented as Chinese downloads indent them, one a line.
    static func paragraphs(_ count: Int) -> String {
        String(repeating: " 　　" + line + "\n 　　\n", count: count)
    }

    /// A 海棠-style download served in pages by volume: each page's breaks (` 分卷阅读N`) around a running header, a sentence cut at its end.
    static func pagedHeaderText(_ header: String, pages: Int) -> String {
        var text = "《非暴力不合作》\n\n\n"
        for page in 1...pages {
            text += " 分卷阅读\(page)\n\n    \(header)\n\n    分卷阅读\(page)\n\n    \(header)\n\n    分卷阅读\(page)\n\n"
            text += (page == 1 ? "    第一章 狭路相逢…（上）\n\n" : "") + "    他开始害怕，连声音都变了\(page)调儿，“你到底想怎\n\n    分卷阅读\(page)\n\n    分卷阅读\(page)\n\n"
        }
        return text + "\n"
    }

    /// A 下书网 download of four pages: the site's label (`鼠疫1`), its mark, the book's own number, text, an address.
    static func pagedText(_ name: String, numbers: [String]?, mark: String) -> String {
        (1...4).map { k in
            "\(name)\(k)\n\n\(mark)\n" + (numbers.map { $0[k - 1] + "\n" } ?? "") + String(repeating: Self.line + "\n", count: 4) + "\n www/xiabook/com\n\n\n\n"
        }.joined()
    }

    /// A 新浪读书 part's banner: the heading between two rules of `mark`, opening with it, over a paragraph.
    static func bannerText(_ mark: String, _ title: String) -> String {
        let rule = String(repeating: mark, count: 15)
        return "　　\(rule)\n　　\(mark)\(title)\n　　\(rule)\n\n" + Self.paragraphs(1)
    }

    /// A chapter served in two pages, each page's label between `-----` rules.
    static func pagesText(_ book: String, _ chapter: String) -> String {
        [1, 2].map { "\n\n\n　　---------------\n　　\(book)\(chapter)(\($0))\n　　---------------\n\n\n" + Self.paragraphs(2) }.joined()
    }

    /// A title set apart and underlined is in heading markup (Markdown's setext heading; a site's
    /// `社戏⑴` over `--------`): two or more such titles are headings whatever their words, and a
    /// kind whose title stands right over a numbered chapter heads divisions (`阿Ｑ正传` over
    /// `第一章　序`). A rule under a sentence stays a scene break; one underlined line alone is no markup.
    @Test func underlinedTitlesAreHeadings() throws {
        var stories = "呐喊\n\n"
        stories += ["自序", "故乡(1)", "社戏⑴"].map { "  \($0) \n ------------------\n" + Self.paragraphs(3) + "\n" }.joined()
        stories += "  阿Ｑ正传⑴ \n ------------------\n\n" + ["第一章　序", "第二章　优胜记略"].map { " 　　\($0)\n\n" + Self.paragraphs(3) }.joined()
        stories += "  兔和猫⑴ \n -----------------\n" + Self.paragraphs(3)
        #expect(try TextBookParser.outline(stories) == ["1 自序", "1 故乡(1)", "1 社戏", "1 阿Ｑ正传", "2 第一章 序", "2 第二章 优胜记略", "1 兔和猫"])

        let tales = "THE TALES\n\nby Some One\n\n" + ["The Lamp", "A Winter Journey", "Home Again"].map { "\($0)\n--------\n\n" + Self.prose + Self.prose }.joined()
        #expect(try TextBookParser.outline(tales) == ["1 The Lamp", "1 A Winter Journey", "1 Home Again"])
        // Markdown's titles in sentence case, as long as they come.
        let sections = ["Getting started with the command line tools", "Reading a book on a small screen at night", "Writing notes while you read the text"]
        let setext = "A Book\n\n" + sections.map { "\($0)\n=======\n\n" + Self.prose }.joined()
        #expect(try TextBookParser.outline(setext) == sections.map { "1 " + $0 })

        // The underline says a long title is one, right under a paragraph's last sentence too (a
        // site that leaves no blank lines); a kind over titles set at the margin heads them.
        let body = String(repeating: "　　ReadiumはMathJaxで数式を表示しています。次に示します。\n", count: 12)
        var notes = "IDに漢字などを使用したサンプル\n\n\n\n  EPUBリーダの数式サポート―iBooks3.0のMathML表示がかなり進化 \n ------------------\n" + body
        for title in ["EPUBのベストプラクティス linear 属性の設定方法", "一件发生在遥远的小山村里的不可思议的事情以及后来人们口中流传的故事"] {
            notes += "  \(title) \n ------------------\nEPUB2\n" + body + "EPUB3\n" + body
        }
        #expect(try TextBookParser.outline(notes) == ["1 EPUBリーダの数式サポート―iBooks3.0のMathML表示がかなり進化", "1 EPUBのベストプラクティス linear 属性の設定方法",
                                           "2 EPUB2", "2 EPUB3", "1 一件发生在遥远的小山村里的不可思议的事情以及后来人们口中流传的故事", "2 EPUB2", "2 EPUB3"])
        #expect(!HeadingDecoration.readsAsUnderlined("他说，这一天终于来了，我们都在等。") && !HeadingDecoration.readsAsUnderlined("Then he said:"))

        // A rule under a paragraph's last sentence, and a title underlined once, are no such markup.
        let scenes = "THE NIGHT\n\nby Some One\n\nCHAPTER I\n\n" + Self.prose + "He left at once.\n--------\n\n" + Self.prose
            + "A Note\n------\n\n" + Self.prose + "CHAPTER II\n\n" + Self.prose + "CHAPTER III\n\n" + Self.prose
        #expect(try TextBookParser.outline(scenes) == ["1 CHAPTER I", "1 CHAPTER II", "1 CHAPTER III"])
    }

    /// A site that serves a book in pages writes its page breaks into the file (`_分节阅读_2`,
    /// `===分节阅读 2===`),
    /// cut by size: the break goes, and a paragraph it cut in two is one again (the rest at the
    /// margin while paragraphs are indented, or the text before it short of a sentence's end).
    @Test func sitePageBreaksGoAndJoinWhatTheyCut() throws {
        #expect(NoiseLines.isPageMarker("_分节阅读_12") && NoiseLines.isPageMarker("分页阅读_3") && NoiseLines.isPageMarker(" 分段閱讀 4 "))
        #expect(!NoiseLines.isPageMarker("分节阅读是一种方式") && !NoiseLines.isPageMarker("_分节阅读_十二页_"))
        // Between a rule's marks (《三体2·黑暗森林》 as 55txt serves it), the break is the same.
        #expect(NoiseLines.isPageMarker("===分节阅读 2===") && NoiseLines.isPageMarker("---分页阅读 13---") && NoiseLines.isPageMarker("**分节阅读_4**"))
        #expect(!NoiseLines.isPageMarker("===分节阅读是一种方式===") && !NoiseLines.isPageMarker("==========="))
        var ruled = TextLines.split("三体2\n\n它从峭壁上拉出一根晶莹的\n\n===分节阅读 2===\n\n丝，把自己像钟摆似的甩到地面上。\n")
        var ruledBlanks: Set<Int> = []
        #expect(NoiseLines.joinAcrossPageBreaks(&ruled, blanked: &ruledBlanks) == 1 && ruled[2] == "它从峭壁上拉出一根晶莹的丝，把自己像钟摆似的甩到地面上。")
        let text = "_分节阅读_1\n\n呐喊\n\n第一章 故乡\n\n 　　我冒了严寒，回到相隔二千余里，别了二十余年的故乡去。\n 　　时候既然是深冬；渐近故乡时，天气又阴晦了，冷风吹进船舱中，呜呜的响，从篷隙向外一望，苍黄的天\n\n_分节阅读_2\n\n底下，远近横着几个萧索的荒村。\n 　　阿！这不是我二十年来时时记得的故乡？\n\n_分节阅读_3\n\n 　　我所记得的故乡全不如此。\n"
        var lines = TextLines.split(text)
        var blanked: Set<Int> = []
        #expect(NoiseLines.joinAcrossPageBreaks(&lines, blanked: &blanked) == 3)
        #expect(lines[7].hasSuffix("苍黄的天底下，远近横着几个萧索的荒村。") && TextLines.isBlank(lines[11]))
        // After a sentence's end, an indented paragraph is a paragraph of its own.
        #expect(lines[12] == " 　　阿！这不是我二十年来时时记得的故乡？" && lines[16] == " 　　我所记得的故乡全不如此。")
        let book = try TextBookParser.parse(text)
        #expect(book.title == "呐喊")
        #expect(book.sections.last?.paragraphs.count == 4)
        // Latin words on both sides of a break were two words.
        var latin = TextLines.split("Hills\n\nThe wind came over\n\n_分节阅读_2\n\nthe hills.\n")
        _ = NoiseLines.joinAcrossPageBreaks(&latin, blanked: &blanked)
        #expect(latin[2] == "The wind came over the hills.")
        // The file's first line is its title: a break under it cut nothing.
        var titled = TextLines.split("《非暴力不合作》\n\n 分卷阅读1\n\n    《非暴力不合作》作者：蓝扬\n")
        _ = NoiseLines.joinAcrossPageBreaks(&titled, blanked: &blanked)
        #expect(titled[0] == "《非暴力不合作》" && titled[4] == "    《非暴力不合作》作者：蓝扬")
    }

    /// A site that serves a book in pages by volume (`分卷阅读2`, 《非暴力不合作》 as downloaded) prints
    /// a running header between its breaks (`非暴力不合作 作者:蓝扬`, twice a page): the header goes with
    /// the breaks, and the sentence a break cut is one again. The same header under other names
    /// (`书名 作者：某某`, `某某 著`) goes too; a line the text repeats once or twice stays.
    @Test func aRunningHeaderBetweenPageBreaks() throws {
        for header in ["非暴力不合作 作者:蓝扬", "《非暴力不合作》作者：蓝扬", "蓝扬 著"] {
            var lines = TextLines.split(Self.pagedHeaderText(header, pages: 3))
            var blanked: Set<Int> = []
            _ = NoiseLines.joinAcrossPageBreaks(&lines, blanked: &blanked)
            let text = lines.filter { !TextLines.isBlank($0) }
            #expect(text == ["《非暴力不合作》", "    第一章 狭路相逢…（上）", "    他开始害怕，连声音都变了1调儿，“你到底想怎他开始害怕，连声音都变了2调儿，“你到底想怎他开始害怕，连声音都变了3调儿，“你到底想怎"])
        }
        #expect(NoiseLines.isPageMarker("分卷阅读12") && NoiseLines.isPageMarker(" 分卷閱讀 3"))
        // A short line twice near the breaks is the text's.
        let twice = TextLines.split("一\n\n分卷阅读1\n\n他说\n\n分卷阅读2\n\n他说\n\n分卷阅读3\n\n二\n")
        #expect(NoiseLines.pageFurniture(twice, markers: [2, 6, 10]).isEmpty)
        let thrice = twice + ["他说", "", "分卷阅读4"]
        #expect(NoiseLines.pageFurniture(thrice, markers: [2, 6, 10, thrice.count - 1]) == [4, 8, thrice.count - 3])
    }

    /// A site's closing note names the book with labels (`书籍名称：呐喊  作者：鲁迅`, or `书名：` and
    /// `作者：` on lines of their own), inside `<!--` … `-->` or between rules: the title and author
    /// it gives win over a guess from a front damaged by the site (`迅：呐喊`), and the note is no
    /// text of the last chapter. A book that ends on its own words has none.
    @Test func siteClosingNoteNamesTheBook() throws {
        let body = "迅：呐喊\n\n" + ["第一章 故乡", "第二章 社戏", "第三章 风波"].map { $0 + "\n\n" + Self.paragraphs(3) }.joined()
        let note = " <!--\n --------------------------------------------------------------\n   \n   书籍名称：呐喊  作者：鲁迅\n   \n   本书籍由网友上传  日期：2011-9-5 9:22:13\n   \n   所有小说仅供试阅，请于下载后24小时内删除，阅读全本请购买实体书。\n --------------------------------------------------------------\n -->\n"
        let book = try TextBookParser.parse(body + note)
        #expect(book.title == "呐喊" && book.author == "鲁迅")
        #expect(book.sections.last?.paragraphs.allSatisfy { !$0.contains("书籍名称") && !$0.contains("24小时") } == true)
        let ruled = "==============================\n书名：长夜行\n作者：某某\n本书来自网友上传\n==============================\n"
        let second = try TextBookParser.parse("长夜\n\n" + ["第一章 风起", "第二章 雨落", "第三章 雪夜"].map { $0 + "\n\n" + Self.paragraphs(2) }.joined() + ruled)
        #expect(second.title == "长夜行" && second.author == "某某")
        #expect(SiteTrailer.find(TextLines.split(Self.line + "\n\n小說名稱：雪中行\n")) == SiteTrailer(range: 2..<4, title: "雪中行", author: nil))
        // A short book's own labels at its top, over its chapters, are its front matter.
        #expect(SiteTrailer.find(TextLines.split("書名：鬥氣大陸\n作者：天蠶土豆\n\n第一章 隕落的天才\n" + Self.line + "\n")) == nil)
        // The text's own last words, with no label: no note.
        #expect(SiteTrailer.find(TextLines.split(body + " 　　（全书完）\n")) == nil)
        #expect(SiteTrailer.find(TextLines.split("书名：" + String(repeating: "长", count: 120) + "\n")) == nil)
    }

    /// A label in brackets opening a sentence is prose that quotes or annotates (`【传】元年春，王周正月。`,
    /// `【按】此书成于明代。`, `《春秋》说：“郑伯克段于鄢。”`), no title line; a bracketed title with its byline stays one.
    @Test func bracketedLabelOpeningASentenceIsNoTitle() throws {
        #expect(MetadataGuesser.bracketedTitle("【传】元年春，王周正月。不书即位，摄也。") == nil)
        #expect(MetadataGuesser.bracketedTitle("【按】此书成于明代。") == nil)
        #expect(MetadataGuesser.guess(["左传", "", "【经】元年春王正月。", "《春秋》说：“郑伯克段于鄢。”"], fileName: nil).title == "左传")
        #expect(MetadataGuesser.guess(["《春秋》说：“郑伯克段于鄢。”太叔所作所为不像兄弟。"], fileName: "左传.txt").title == "左传")
        #expect(MetadataGuesser.bracketedTitle("【剑来】")?.0 == "剑来")
        #expect(MetadataGuesser.bracketedTitle("《红楼梦》（曹雪芹 著）").map { [$0.0, $0.1 ?? ""] } == ["红楼梦", "曹雪芹"])
    }

    /// A chronicle's years are its headings (`隐公元年`, `隐公二年` … each reign counted from 元年),
    /// the reign's name alone right above its first year the division; 《资治通鉴》's
    /// `威烈王二十三年` counts on from where the reign stands. Years out of order, or a phrase
    /// with a number in it set apart once, are text.
    @Test func chronicleYearsAreHeadings() throws {
        let entry = "【经】元年春王正月。三月，公及邾仪父盟于蔑。\n【传】元年春，王周正月。不书即位，摄也。\n\n"
        var zuo = "左传\n\n隐公\n\n"
        zuo += ["隐公元年", "隐公二年", "隐公三年"].map { $0 + "\n" + entry }.joined() + "\n桓公\n\n\n"
        zuo += ["桓公元年", "桓公二年"].map { $0 + "\n" + entry }.joined()
        #expect(try TextBookParser.outline(zuo) == ["1 隐公", "2 隐公元年", "2 隐公二年", "2 隐公三年", "1 桓公", "2 桓公元年", "2 桓公二年"])
        let zuoBook = try TextBookParser.parse(zuo)
        #expect(zuoBook.title == "左传" && zuoBook.author == nil)
        // Without the reigns' names, the years alone.
        let annals = "春秋\n\n" + ["庄公元年", "庄公二年", "庄公三年", "庄公四年"].map { $0 + "\n" + entry }.joined()
        #expect(try TextBookParser.outline(annals) == ["1 庄公元年", "1 庄公二年", "1 庄公三年", "1 庄公四年"])
        #expect(ReignYears.year("威烈王二十三年").map { "\($0.reign) \($0.number)" } == "威烈王 23")
        #expect(ReignYears.year("第三年") == nil && ReignYears.year("那三年") == nil && ReignYears.year("隐公元年秋") == nil)
        // Years that do not count from one, in order: text.
        let story = "长夜\n\n第一章 风起\n\n" + ["过了三年", "过了一年", "过了五年"].map { $0 + "\n" + Self.line + "\n\n" }.joined()
            + "第二章 雨落\n\n" + Self.line + "\n\n第三章 雪夜\n\n" + Self.line + "\n"
        #expect(try TextBookParser.outline(story) == ["1 第一章 风起", "1 第二章 雨落", "1 第三章 雪夜"])
    }

    /// An annotated edition numbers its notes after a title (`社戏⑴`): the title is shown without it.
    @Test func noteMarkAfterATitleIsNoPartOfIt() {
        #expect(TextBookParser.withoutNoteMark("社戏⑴") == "社戏" && TextBookParser.withoutNoteMark("阿Ｑ正传 ⒇") == "阿Ｑ正传")
        #expect(TextBookParser.withoutNoteMark("⑴") == "⑴" && TextBookParser.withoutNoteMark("故乡(1)") == "故乡(1)")
    }

    /// Where paragraphs are lines and a blank line stands only before a title (a 书包网 export:
    /// `自序（1）` right over its first paragraph, its pages `5.我想开糖果连锁店（2）` the same way),
    /// every block of text is a section under its first line, whatever its words; a byline
    /// (`◇ 熊晓鸽`) may stand between a title and its prose. Blocks that open with prose (a novel
    /// that parts its scenes by blank lines) are no sections.
    @Test func blocksOpeningWithTitlesAreSections() throws {
        let body = Self.line + "\n　　" + Self.line + "\n　　" + Self.line + "\n"
        let titles = ["陈志武的“私塾”教案", "自序（1）", "自序（2）", "5.我想开糖果连锁店（1）", "5.我想开糖果连锁店（2）", "7.如何让员工心疼公司的钱?（1）"]
        var book = "金融学教授陈志武私家创富教案：24堂财富课 作者：陈志武\n\n\n"
        book += titles[0] + "\n◇ 熊晓鸽\n　　" + body + "\n" + titles.dropFirst().map { $0 + "\n" + body }.joined(separator: "\n")
        #expect(try TextBookParser.outline(book) == titles.map { "1 " + $0 })
        let parsed = try TextBookParser.parse(book)
        #expect(parsed.title == "金融学教授陈志武私家创富教案：24堂财富课" && parsed.author == "陈志武")
        // The same in Latin letters, and in Japanese.
        let prose = "It was a cold night and the wind came over the hills as it had done for weeks.\n"
        let english = "Notes of a Traveller\n\n" + ["The Harbour", "A Night at the Inn", "The Road North", "Home"].map { $0 + "\n" + prose + prose }.joined(separator: "\n")
        #expect(try TextBookParser.outline(english) == ["1 The Harbour", "1 A Night at the Inn", "1 The Road North", "1 Home"])
        let japanese = "旅の記録\n\n" + ["港にて", "宿の夜", "北への道", "帰郷"].map { $0 + "\n　　夜は冷たく、風は何週間も前からそうしていたように丘を越えてきた。\n　　宿の主人は黙って灯りをともした。\n" }.joined(separator: "\n")
        #expect(try TextBookParser.outline(japanese) == ["1 港にて", "1 宿の夜", "1 北への道", "1 帰郷"])
        // Blocks that open with prose: scenes of one text, no sections.
        let scenes = "长夜\n\n" + (1...5).map { _ in Self.line + "\n" + "“走吧。”\n" + Self.line + "\n" }.joined(separator: "\n")
        #expect(try TextBookParser.outline(scenes).count <= 1)
    }

    /// A book of letters numbers them with the letters' measure word (`第一封信`, `第二封書`), and
    /// a site may print the book's name before each (`历史深处的忧虑第二封信`): a prefix the
    /// titles leave out. A sentence naming a letter stays text.
    @Test func lettersNumberedByTheirMeasureWord() throws {
        #expect(HeadingMatcher.match("第一封信").map { "\($0.number ?? 0) \($0.level)" } == "1 chapter")
        #expect(HeadingMatcher.match("第十二封書").map { "\($0.number ?? 0)" } == "12")
        #expect(HeadingMatcher.match("第三封信来自失踪记者，他说了很多话。") == nil && HeadingMatcher.match("第一封面") == nil)
        var letters = "《历史深处的忧虑》\n作者：林达\n\n"
        for (k, n) in ["一", "二", "三", "四"].enumerated() {
            letters += (k == 0 ? "" : "历史深处的忧虑") + "第\(n)封信\n________________________________________\n　　卢兄：您好！\n" + Self.paragraphs(2)
                + "　　祝\n　　好！\n　　林达\n　　------------------\n"
        }
        #expect(try TextBookParser.outline(letters) == ["1 第一封信", "1 第二封信", "1 第三封信", "1 第四封信"])
    }

    /// A rule under a line indented as the paragraph above it is (a letter's signature, `　　林达`
    /// under `　　好！`; a dateline; a closing word) ends the text there: that line is the text's,
    /// not a title the rule underlines.
    @Test func ruleUnderALineIndentedAsItsParagraphIsNoUnderline() throws {
        for closing in ["林达", "一九九五年六月于纽约", "全文完"] {
            let text = "长夜\n\n" + ["第一章 风起", "第二章 雨落", "第三章 雪夜"].map { $0 + "\n\n" + Self.paragraphs(2) + " 　　好！\n 　　\(closing)\n 　　------------------\n\n" }.joined()
            #expect(try TextBookParser.outline(text) == ["1 第一章 风起", "1 第二章 雨落", "1 第三章 雪夜"])
        }
    }

    /// A title with a subtitle after a colon, and its author's label after it, on the file's first
    /// line; a label's colon (`简介：`) makes no title.
    @Test func titleWithASubtitleBeforeTheAuthor() {
        #expect(MetadataGuesser.titleAndAuthorLine("金融学教授陈志武私家创富教案：24堂财富课 作者：陈志武").map { [$0.0, $0.1] } == ["金融学教授陈志武私家创富教案：24堂财富课", "陈志武"])
        #expect(MetadataGuesser.titleAndAuthorLine("明朝那些事儿：洪武大帝 作者：当年明月").map { [$0.0, $0.1] } == ["明朝那些事儿：洪武大帝", "当年明月"])
        #expect(MetadataGuesser.titleAndAuthorLine("《24堂财富课：陈志武与女儿谈商业模式》 作者：陈志武").map { [$0.0, $0.1] } == ["24堂财富课：陈志武与女儿谈商业模式", "陈志武"])
        #expect(MetadataGuesser.titleAndAuthorLine("简介：一个少年的江湖 作者：某某") == nil)
        #expect(MetadataGuesser.titleAndAuthorLine("江湖： 作者：某某") == nil)
    }

    /// A site that serves a book in pages prints its page's navigation (`上一章目　录下一章`) and the
    /// book's credits (`□[英]威廉·萨默赛特·毛姆/著` over `张柏然 张增健 倪俊/译`) after every chapter:
    /// neither is the book's text nor a heading, and the author's credit names the author (without the
    /// nationality Chinese editions set before a translated author's name). `目录` alone heads a list.
    @Test func sitePageNavigationAndRepeatedCreditsGo() throws {
        #expect(NoiseLines.isNavigation("上一章目　录下一章") && NoiseLines.isNavigation("目　录下一章") && NoiseLines.isNavigation("返回目录 | 下一页"))
        #expect(!NoiseLines.isNavigation("目录") && !NoiseLines.isNavigation("上一章说到他走了") && !NoiseLines.isNavigation("下一章"[...].dropLast()))
        var text = "小说下载尽在书朋网http://www.shupengw.com--书朋网友整理 附：【本作品来自互联网,本人不做任何负责】内容版权归作者所有!\n\n \n"
        for (k, n) in ["一", "二", "三", "四"].enumerated() {
            text += "第\(n)章\n\n" + Self.paragraphs(2) + "\n \n" + (k == 0 ? "目　录下一章" : "上一章目　录下一章") + "\n\n□[英]威廉·萨默赛特·毛姆/著\n张柏然 张增健 倪俊/译\n \n\n\n"
        }
        let book = try TextBookParser.parse(text, options: TextBookOptions(fileName: "人生的枷锁_www.shupengw.com.txt"))
        #expect(book.sections.map(\.title) == ["人生的枷锁", "第一章", "第二章", "第三章", "第四章"])
        #expect(book.title == "人生的枷锁" && book.author == "威廉·萨默赛特·毛姆")
        #expect(book.sections.dropFirst().allSatisfy { $0.paragraphs.count == 2 })
        #expect(MetadataGuesser.personName("（美）海明威") == "海明威" && MetadataGuesser.personName("【日】夏目漱石") == "夏目漱石")
        #expect(MetadataGuesser.personName("司马迁") == "司马迁" && MetadataGuesser.personName("[清]曹雪芹 ") == "曹雪芹")
        // Navigation run on after a paragraph's last sentence goes; one word there is the author's.
        #expect(NoiseLines.withoutTrailingNavigation("　　乡间就把排行为三的女子视作命苦的人。输入不详下一章 回目录") == "　　乡间就把排行为三的女子视作命苦的人。输入不详")
        #expect(NoiseLines.withoutTrailingNavigation("他说完了。上一页 | 返回目录 | 下一页") == "他说完了。")
        #expect(NoiseLines.withoutTrailingNavigation("　　欲知后事如何，请看下一章") == "　　欲知后事如何，请看下一章")
        #expect(NoiseLines.withoutTrailingNavigation("目录") == "目录")
        // A credit printed twice is no site's page.
        #expect(NoiseLines.repeatedCredits(TextLines.split("鲁迅 著\n\n" + Self.line + "\n鲁迅 著\n")).lines.isEmpty)
    }

    /// A file name holds the book's name before the site's address and name (`人生的枷锁_www.shupengw.com`,
    /// `24堂财富课-书包网 bookbao.com `), or in book-title marks before the site's words (`《历史深处的忧虑》TXT下载（全本）`).
    @Test func fileNameTitleWithoutTheSite() {
        #expect(MetadataGuesser.titleFromFileName("人生的枷锁_www.shupengw.com.txt") == "人生的枷锁")
        #expect(MetadataGuesser.titleFromFileName("24堂财富课-书包网 bookbao.com .txt") == "24堂财富课")
        #expect(MetadataGuesser.titleFromFileName("《历史深处的忧虑》TXT下载（全本）作者：林达.txt") == "历史深处的忧虑")
        #expect(MetadataGuesser.titleFromFileName("Node.js in Action.txt") == "Node.js in Action")
    }

    /// A site's mark set in brackets inside a paragraph, its address spelled so that filters miss it
    /// (spaces, full-width letters), goes; an aside without an address, and a full-width letter, stay.
    @Test func bracketedSiteMarksInsideText() {
        #expect(NoiseLines.clean("　　这辈子休想再过什么太平日子[福-哇 小 说 站會員轉載 w ｗ w . F ｖ ａ L . c ｎ ]。他年逾半百。") == "　　这辈子休想再过什么太平日子。他年逾半百。")
        #expect(NoiseLines.clean("　　他说完就走了（800小说网 www.800Book.net 提供Txt免费下载）。") == "　　他说完就走了。")
        #expect(NoiseLines.clean("　　她说【ｗｗｗ．ｂｏｏｋ．ｃｏｍ】好。") == "　　她说好。")
        #expect(NoiseLines.clean("　　他看了看（那是一本旧书），没有说话。") == "　　他看了看（那是一本旧书），没有说话。")
        #expect(NoiseLines.clean("　　Ａ") == "　　Ａ")
    }

    /// A site's banner is its name and its address (天涯在线书库's, over 水浒传, 围城, 遥远的救世主): the
    /// whole line goes, not the address alone leaving the name in empty brackets. A sentence that
    /// names the site keeps its words, and a heading keeps its label.
    @Test func siteBannerGoesWithItsName() {
        #expect(NoiseLines.clean("天涯在线书库《www.tianyabook.com》") == nil)
        #expect(NoiseLines.clean("书包网(www.bookbao.com)") == nil)
        #expect(NoiseLines.clean("久久小说网 http://www.99lib.net") == nil)
        #expect(NoiseLines.clean("　　他在天涯在线书库《www.tianyabook.com》读过。") == "　　他在天涯在线书库读过。")
        #expect(NoiseLines.clean("第一章 www.example.com") == "第一章")
        #expect(NoiseLines.isSiteName("天涯在线书库") && !NoiseLines.isSiteName("他来过这个网站。") && !NoiseLines.isSiteName("第一章"))
    }

    /// A site's statement on a line of its own (八零电子书's over every download, `声明:本书由八零电子书(www.txt80.com)
    /// 自网络收集整理制作,仅供交流学习使用,…`; others' `申明：…请于下载后24小时内删除`, `免责声明：…版权归原作者所有`)
    /// is the site's: it goes, and the title page below it names the book. A character's statement stays.
    @Test func aSitesStatementGoes() throws {
        let statements = ["声明:本书由八零电子书(www.example-txt.com)自网络收集整理制作,仅供交流学习使用,版权归原作者和出版社所有,如果喜欢,请支持正版.",
                          "申明：本书仅供读者预览，请在下载24小时内删除，不得用作商业用途；如果喜欢请购买正版图书！",
                          "免责声明：本站所有电子书均来自网络，版权归原作者所有。"]
        for statement in statements {
            #expect(NoiseLines.clean(Substring(statement)) == nil, "\(statement)")
            let book = try TextBookParser.parse("\n" + statement + "\n\n\n草枕\n夏目 漱石\n\n第一章\n" + Self.paragraphs(3) + "第二章\n" + Self.paragraphs(3))
            #expect(book.title == "草枕" && book.author == "夏目 漱石", "\(book.title) \(book.author ?? "")")
        }
        #expect(NoiseLines.clean("　　声明：我与此事无关，请大家不要再问了。") == "　　声明：我与此事无关，请大家不要再问了。")
    }

    /// A site's scrape leaves HTML in the text (a 藏书网 download of 《围城》): tags go and their words
    /// stay, a heading in them is read (`<h2>第一章</h2>`), and the site's name in decoy tags goes
    /// with them; `<` in prose, or a tag of no HTML element, stays.
    @Test func htmlLeftByASiteScrape() throws {
        #expect(HTMLDebris.clean("    如广为传播的《谈艺录》、<a href='/book/2619/im'>《围城》</a>等，均已成为经典。<strike>藏书网</strike>") == "    如广为传播的《谈艺录》、《围城》等，均已成为经典。")
        #expect(HTMLDebris.clean("    <span class=\"right\">生活·读书·新知三联书店</span><bdi>藏书网</bdi>") == "    生活·读书·新知三联书店")
        #expect(HTMLDebris.clean("<h2>第一章</h2>") == "第一章" && HTMLDebris.clean("写在<u>藏书网</u>人生边上<br/>") == "写在人生边上")
        #expect(HTMLDebris.clean("if a < b and b > c") == "if a < b and b > c" && HTMLDebris.clean("《<无题>》") == "《<无题>》")
        #expect(HTMLDebris.clean("<b>Bold</b> words") == "Bold words")
        // Only where the site's decoys say the book is a scrape: a book about markup keeps its tags.
        #expect(HTMLDebris.isScrape(["经典。<strike>藏书网</strike>"]) && HTMLDebris.isScrape(["<u> www.bookbao.com </u>"]))
        #expect(!HTMLDebris.isScrape(["The <nav epub:type=\"toc\"> element holds the <ol> list.", "<p>Text</p>"]))
        let manual = "A Manual\n\nCHAPTER I.\n\nThe <nav> element holds the <ol> list of the book's contents, and more.\n\nCHAPTER II.\n\nText.\n"
        #expect(try TextBookParser.parse(manual).sections.first { $0.title == "CHAPTER I." }?.paragraphs.first == "The <nav> element holds the <ol> list of the book's contents, and more.")
        let book = "《围城》\n\n 出版说明\n\n    <span class=\"right\">" + Self.line + "</span><strike>藏书网</strike>\n\n <h3>序</h3>\n\n    " + Self.line + "\n\n"
            + ["一", "二", "三"].map { " 第\($0)章\n\n    " + Self.line + "\n\n" }.joined()
        #expect((try? TextBookParser.outline(book)) == ["1 出版说明", "1 序", "1 第一章", "1 第二章", "1 第三章"])
    }

    /// The front and back matter an edition adds are sections named by their word (`出版说明`,
    /// `代序 钱锺书对…的态度`, `重印前记`, `译者序`, `编后记`), and none is the author named under
    /// the title (`《围城》` over ` 出版说明`).
    @Test func editionsFrontMatterWords() throws {
        for word in ["出版说明", "代序 钱锺书对《钱锺书集》的态度", "重印前记", "译者序", "编后记", "导言", "作品赏析", "导读"] {
            #expect(HeadingMatcher.match(Substring(word))?.level == .chapter)
        }
        #expect(HeadingMatcher.match("前记得那天他来过") == nil && HeadingMatcher.match("导论说得很清楚，他们都同意。") == nil)
        #expect(HeadingMatcher.match("导读者说") == nil)
        // A reader's guide right under the title page (百年孤独 as 奇书网 ships it) is a section.
        let guide = "《百年孤独》全集\n作者：加夫列尔·加\n\n作品赏析\n\n" + Self.line + "\n" + Self.line + "\n\n\n\n"
        #expect(try TextBookParser.outline(guide + ["01", "02", "03"].map { "第\($0)章\n\n" + Self.line + "\n\n\n\n" }.joined())
            == ["1 作品赏析", "1 第01章", "1 第02章", "1 第03章"])
        let book = try TextBookParser.parse("《围城》\n\n 出版说明\n\n    " + Self.line + "\n\n" + ["一", "二", "三"].map { " 第\($0)章\n\n    " + Self.line + "\n\n" }.joined())
        #expect(book.title == "围城" && book.author == nil)
    }

    /// A site that serves a chapter in pages numbers them after the chapter's label (`《血色浪漫》第一章(7)`,
    /// `第一章(8)`, then `第二章(1)`): every page is a section, the last before the next chapter too,
    /// in brackets of any kind or as 上/下; a title that merely repeats the number stays out.
    @Test func chapterPagesUnderOneNumber() throws {
        for (open, close) in [("(", ")"), ("（", "）"), ("【", "】")] {
            let pages = [("一", 3), ("二", 2), ("三", 2)]
            var text = "血色浪漫\n\n"
            var expected: [String] = []
            for (n, count) in pages {
                for k in 1...count {
                    text += "《血色浪漫》第\(n)章\(open)\(k)\(close)\n" + Self.paragraphs(2) + "\n"
                    expected.append("1 第\(n)章\(open)\(k)\(close)")
                }
            }
            #expect(try TextBookParser.outline(text) == expected)
        }
        let halves = "书\n\n" + ["第一章（上）", "第一章（下）", "第二章（上）", "第二章（下）", "第三章"].map { $0 + "\n\n" + Self.paragraphs(2) + "\n" }.joined()
        #expect(try TextBookParser.outline(halves) == ["1 第一章（上）", "1 第一章（下）", "1 第二章（上）", "1 第二章（下）", "1 第三章"])
        #expect(HeadingMatcher.isPartMark("(8)") && HeadingMatcher.isPartMark("（下）") && HeadingMatcher.isPartMark("【十二】"))
        #expect(!HeadingMatcher.isPartMark("(完)") && !HeadingMatcher.isPartMark("(1") && !HeadingMatcher.isPartMark("（上下）"))
    }

    /// The prefix a site prints before every chapter's heading (`《血色浪漫》第一章(1)`) stands before its
    /// other headings too (`《血色浪漫》引子`, `《血色浪漫》尾声(1)`, `《血色浪漫》后记`): they are headings of
    /// their own, without it; a line that only opens with the book's name stays text.
    @Test func sitePrefixBeforeSpecialSections() throws {
        var text = "血色浪漫\n\n《血色浪漫》引子\n" + Self.paragraphs(2) + "\n《血色浪漫》第一部\n\n"
        text += ["一", "二", "三"].map { "《血色浪漫》第\($0)章\n" + Self.paragraphs(2) + "\n" }.joined()
        text += "《血色浪漫》尾声(1)\n" + Self.paragraphs(2) + "\n《血色浪漫》尾声(2)\n" + Self.paragraphs(2) + "\n《血色浪漫》后记\n" + Self.paragraphs(1)
        text += "《血色浪漫》是一部小说，写的是一代人的青春。\n"
        // The epilogue's pages after the last part are the book's, as the epilogue is.
        #expect(try TextBookParser.outline(text) == ["1 引子", "1 第一部", "2 第一章", "2 第二章", "2 第三章", "1 尾声(1)", "1 尾声(2)", "1 后记"])
        #expect(HeadingMatcher.specialInParts("尾声(1)")?.name == "(1)" && HeadingMatcher.specialInParts("楔子（上）") != nil)
        #expect(HeadingMatcher.specialInParts("尾声(完)") == nil && HeadingMatcher.match("尾声(1)") == nil)
    }

    /// A site that prints the book's name before every heading (`《血色浪漫》第一章(1)`) names the book
    /// there when its front names none; a credit inside a line of the front (`…，不得转载　作者：都　梁`)
    /// is then the author, the name's spacing closed. A prefix in other brackets (`[某站]`), or on
    /// fewer than three headings, names no book.
    @Test func theBookNamedBeforeEveryHeading() throws {
        let blurb = "　　" + Self.line + "\n\n"
        let xs = blurb + "长江文艺出版社授权连载，不得转载　作者：都　梁\n\n" + "《血色浪漫》引子\n" + Self.paragraphs(2) + "\n"
            + ["一", "二", "三"].flatMap { n in [1, 2].map { "《血色浪漫》第\(n)章(\($0))\n" + Self.paragraphs(2) + "\n" } }.joined()
        let book = try TextBookParser.parse(xs)
        #expect(book.title == "血色浪漫" && book.author == "都梁")
        let mc = blurb + ["一", "二", "三", "四"].map { "《明朝那些事儿》第\($0)章 标题\n" + Self.paragraphs(2) + "\n" }.joined()
        #expect(try TextBookParser.parse(mc).title == "明朝那些事儿")
        #expect(MetadataGuesser.nameInPrefixes(["[某站]", "[某站]", "[某站]"], headings: 3) == nil)
        #expect(MetadataGuesser.nameInPrefixes(["《明朝那些事儿》", "《明朝那些事儿》"], headings: 2) == nil)
        #expect(MetadataGuesser.nameInPrefixes(["《明朝那些事儿》", "《明朝那些事儿》", "《明朝那些事儿》"], headings: 8) == nil)
        #expect(MetadataGuesser.nameInPrefixes(["《明朝那些事儿》", "《明朝那些事儿》", "《明朝那些事儿》", "VIP卷"], headings: 5) == "明朝那些事儿")
    }

    /// A download that keeps the 第 of its first 回目 only (`第一回　路漫漫风雪山神庙　夜沉沉凄凉赤子心`,
    /// then `二回　救贫女馈赠金瓜子　惩贪官造就新污吏`, 雍正王朝 from 万卷书酷) runs them in the sequence:
    /// each is a chapter, as are `十一章　…` lines in order. A number and a unit inside a sentence
    /// (`三回两回`, `一回生，二回熟`) or out of order stays text.
    @Test func chapterUnitsWithoutTheirOrdinalMark() throws {
        let titles = ["路漫漫风雪山神庙　夜沉沉凄凉赤子心", "救贫女馈赠金瓜子　惩贪官造就新污吏", "进京城将军藐皇权　闹灵堂王爷逞威风", "立太后皇上邀人心　诉心曲十弟戏君王"]
        let labels = ["第一回", "二回", "三回", "四回"]
        let text = "《雍正王朝》\n作者：二月河\n\n" + zip(labels, titles).map { label, title in
            "\(label)　\(title)\n" + String(repeating: Self.line + "\n", count: 6) + "他说三回两回都是一样。\n"
        }.joined()
        #expect(try TextBookParser.outline(text) == zip(labels, titles).map { "1 \($0) " + $1.replacingOccurrences(of: "　", with: " ") })
        #expect(HeadingMatcher.unitWithoutOrdinalMark("十一章　风雪夜归人")?.number == 11)
        #expect(HeadingMatcher.unitWithoutOrdinalMark("一百零三回 君臣相得")?.number == 103)
        #expect(HeadingMatcher.unitWithoutOrdinalMark("三回两回都是一样") == nil)
        #expect(HeadingMatcher.unitWithoutOrdinalMark("一回 生，二回熟") == nil)
        #expect(HeadingMatcher.unitWithoutOrdinalMark("二回　") == nil)
        let stray = "书\n\n" + ["第一章 开始", "第二章 继续", "第三章 结束"].map { $0 + "\n" + String(repeating: Self.line + "\n", count: 6) }.joined()
            + "七回 他又来了\n" + Self.line + "\n"
        #expect(try TextBookParser.outline(stray) == ["1 第一章 开始", "1 第二章 继续", "1 第三章 结束"])
    }

    /// A site that spells its name with marks between the letters under every chapter's heading,
    /// then repeats the heading (`一、写作之夜` / `．小．说．．t．xt．天．堂．` / `一、写作之夜`, 务虚笔记 from
    /// TXT小说天堂): the mark is the site's line, and the heading one chapter. A sentence that names
    /// a txt file is the book's.
    @Test func aSiteNameSpelledWithMarks() throws {
        let marks = ["．小．说．．t．xt．天．堂．", "！小＠说＃txt＄天＾堂＆", "　小＿说  txt 天+堂"]
        for mark in marks {
            #expect(NoiseLines.isSpelledMark(Substring(mark)) && NoiseLines.mayHaveNoise(Substring(mark)), "\(mark)")
        }
        #expect(!NoiseLines.isSpelledMark("他把小说存成了txt格式，放在桌面上。"))
        #expect(!NoiseLines.mayHaveNoise("The next text of the context was set."))
        let chapters = ["一、写作之夜", "二、残疾与爱情", "三、死亡序幕"]
        let text = "务虚笔记\n\n\n" + zip(chapters, marks).map { chapter, mark in
            "\(chapter)\n\n\(mark)\n\(chapter)\n" + String(repeating: Self.line + "\n", count: 5) + "\n www.xiaoshuotxt.net \n\n\n\n"
        }.joined()
        #expect(try TextBookParser.outline(text) == chapters.map { "1 " + $0 })
    }

    /// A list that numbers its titles (`1. 婆罗门之子` … `12. 侨文达`) for a text that prints them
    /// without numbers, each alone on its line and no further apart than a paragraph (悉达多 as
    /// downloaded): the lines that say the titles, in the list's order, are the chapters, under
    /// the parts the list gives. A list whose titles the text mostly does not say names nothing.
    /// The author before a slash and the translator's credit (`赫尔曼·黑塞/杨玉功译`) is the author.
    @Test func titlesAListNumbersAndTheTextDoesNot() throws {
        let parts = [("第一部", ["婆罗门之子", "沙门", "乔答摩", "觉醒"]), ("第二部", ["伽摩拉", "人世间", "轮回"])]
        func siddharthaText(saying said: Set<Int>) -> String {
            var number = 0
            var text = "悉达多\n\n\n赫尔曼·黑塞/杨玉功译\n\n\n目录：\n\n"
            for (part, titles) in parts {
                text += part + "\n\n" + titles.map { number += 1; return "\(number). \($0)\n\n" }.joined()
            }
            text += "\n\n\n\n"
            for (part, titles) in parts {
                text += part + "\n\n\n"
                for (k, title) in titles.enumerated() { text += (said.contains(k) ? title : "另一个标题") + "\n\n" + String(repeating: Self.line + "\n\n", count: 4) }
            }
            return text
        }
        let book1 = try TextBookParser.parse(siddharthaText(saying: [0, 1, 2, 3]))
        var outline: [String] = []
        for (part, titles) in parts { outline += ["1 " + part] + titles.map { "2 " + $0 } }
        #expect(book1.sections.filter { $0.kind != .frontMatter }.map { "\($0.level) \($0.title)" } == outline)
        #expect(book1.author == "赫尔曼·黑塞")
        // Four of seven said: the list names none (the first title right under its part is one all the same).
        #expect(try TextBookParser.outline(siddharthaText(saying: [0, 1])) == ["1 第一部", "2 婆罗门之子", "1 第二部", "2 伽摩拉"])
        #expect(ContentsList.numberedName("12．侨文达") == "侨文达" && ContentsList.numberedName("5、伽摩拉") == "伽摩拉")
        #expect(ContentsList.numberedName("1.5 倍") == nil && ContentsList.numberedName("第一部") == nil)
    }

    /// A date a writer signs a text with, the place perhaps with it (`1981年1月于美国` under a preface's
    /// signature, `一九三六年十月於上海`, `London, March 1880.`), closes the text above it: no division
    /// over the chapters after it. A diary's dates head their entries, and a year alone is a title.
    @Test func datelineClosingAPreface() throws {
        #expect(IsolatedTitles.isDateline("1981年1月于美国") && IsolatedTitles.isDateline("一九三六年十月於上海") && IsolatedTitles.isDateline("2003年岁末定稿于北京。"))
        #expect(IsolatedTitles.isDateline("London, March 1880.") && IsolatedTitles.isDateline("January 1, 1850"))
        #expect(!IsolatedTitles.isDateline("1968年") && !IsolatedTitles.isDateline("1968年的冬天") && !IsolatedTitles.isDateline("The March of 1880 Came"))
        #expect(!IsolatedTitles.isDateline("1968年，他们都还年轻，于是去了北京。"))
        for date in ["1981年1月于美国", "一九三六年十月於上海", "2003年岁末定稿于北京"] {
            let text = "万历十五年\n\n黄仁宇 著\n\n自序\n\n" + String(repeating: "    " + Self.line + "\n\n", count: 8) + "黄仁宇\n\n\(date)\n\n\n\n\n"
                + ["一", "二", "三"].map { "第\($0)章 标题\n\n" + String(repeating: "    " + Self.line + "\n\n", count: 8) }.joined()
            #expect(try TextBookParser.outline(text) == ["1 自序", "1 第一章 标题", "1 第二章 标题", "1 第三章 标题"])
        }
        // Set apart as the headings are, over labelled chapters and over titles alone.
        let prose = "It was a cold night and the wind came over the hills, and nobody in the village slept.\n\n"
        let preface = "THE BOOK\n\nby Some One\n\n\n\nPREFACE\n\n\n" + String(repeating: prose, count: 3) + "\n\nLondon, March 1880.\n\n\n\n"
        let labelled = preface + ["I", "II", "III"].map { "CHAPTER \($0).\n\n\n" + String(repeating: prose, count: 3) + "\n\n" }.joined()
        #expect(try TextBookParser.outline(labelled) == ["1 PREFACE", "1 CHAPTER I.", "1 CHAPTER II.", "1 CHAPTER III."])
        let titled = preface + ["The Harbour", "A Night at the Inn", "The Road North"].map { $0 + "\n\n\n" + String(repeating: prose, count: 3) + "\n\n" }.joined()
        #expect(try TextBookParser.outline(titled) == ["1 PREFACE", "1 The Harbour", "1 A Night at the Inn", "1 The Road North"])
        let diary = "日记\n\n\n\n" + ["1937年12月13日", "1937年12月14日", "1937年12月15日"].map { $0 + "\n\n" + String(repeating: "    " + Self.line + "\n\n", count: 2) + "\n\n" }.joined()
        #expect(try TextBookParser.outline(diary) == ["1 1937年12月13日", "1 1937年12月14日", "1 1937年12月15日"])
    }

    /// A site's banner above the title page (`本书由…提供`, `1.推荐使用…阅读器，下载地址：`) holds the
    /// site's words, not the book's: the title page below it (`万历十五年` over `黄仁宇 著`) names the
    /// book as if it opened the file.
    @Test func titlePageBelowASitesBanner() throws {
        let banner = "本书由TXT小说电子书下载网站http://www.txtbook.com.cn提供.\n声明：本书仅供读者预览,请在下载24小时内删除，不得用作商业用途；如果喜欢请购买正版图书！\n\n"
            + "1.推荐使用TXTBOOK Reader 电子书阅读器V3.1阅读电子书，下载地址：http://www.txtbook.com.cn/reader/\n\n2.手机访问TXTBOOK wap网站：http://wap.txtbook.com.cn，享受随时随地的阅读\n\n"
            + "3.找小说，上小说找着看：http://zzk.txtbook.com.cn\n\n4.下载手机软件，游戏，上3G手机资源：http://3g.txtbook.com.cn\n\n"
        let body = ["一", "二", "三"].map { "第\($0)章 标题\n\n    " + Self.line + "\n\n" }.joined()
        let book = try TextBookParser.parse(banner + "                    万历十五年\n\n                    黄仁宇 著\n\n" + body, options: TextBookOptions(fileName: "a.txt"))
        #expect(book.title == "万历十五年" && book.author == "黄仁宇")
        // Six lines of the book's own above the title page are no banner: the credit there is no byline.
        let own = String(repeating: "　　" + Self.line + "\n", count: 6) + "\n万历十五年\n\n黄仁宇 著\n\n" + body
        #expect(try TextBookParser.parse(own, options: TextBookOptions(fileName: "a.txt")).author == nil)
    }

    /// Title and author as a library catalogue sets them, the maker after a slash (ISBD's `Title /
    /// statement of responsibility`; a 新浪读书 scrape's `[狼图腾 / 姜戎 著 ]`): the name needs its
    /// credit word or `by`, since `甲/乙` alone may be a title.
    @Test func titleAndAuthorAsACatalogueSetsThem() {
        #expect(MetadataGuesser.titleAndAuthorLine("[狼图腾 / 姜戎 著 ]").map { [$0.0, $0.1] } == ["狼图腾", "姜戎"])
        #expect(MetadataGuesser.titleAndAuthorLine("中国哲学史／冯友兰编").map { [$0.0, $0.1] } == ["中国哲学史", "冯友兰"])
        #expect(MetadataGuesser.titleAndAuthorLine("The Secret Garden / by Frances Hodgson Burnett").map { [$0.0, $0.1] } == ["The Secret Garden", "Frances Hodgson Burnett"])
        #expect(MetadataGuesser.titleAndAuthorLine("爱/恨") == nil && MetadataGuesser.titleAndAuthorLine("Either/Or") == nil)
        #expect(MetadataGuesser.guess(["    [狼图腾 / 姜戎 著 ]", "", "    书籍介绍:"], fileName: "《狼图腾》全集.txt").author == "姜戎")
        // An edition's note after a bracketed title is no name: the author's line below names the author.
        for note in ["全集", "合集", "完整版", "精校全本"] {
            let guess = MetadataGuesser.guess(["《百年孤独》\(note)", "作者：加西亚·马尔克斯", ""], fileName: nil)
            #expect(guess.title == "百年孤独" && guess.author == "加西亚·马尔克斯")
        }
        #expect(MetadataGuesser.bracketedTitle("《草枕》夏目漱石").map { [$0.0, $0.1 ?? ""] } == ["草枕", "夏目漱石"])
    }

    /// A scraped page notes after its title that it holds a picture (`童年时光(1)(图)`, a 必读网 download
    /// of 《卓别林自传》 with its titles between rules): the note is no part of the title, and the short line
    /// under the title is the picture's caption (`卓别林`), the chapter's text, no heading (it had made
    /// every title a volume over it).
    @Test func pictureNoteAfterATitle() throws {
        #expect(IllustrationMarkers.withoutPictureNote("童年时光(1)(图)") == "童年时光(1)" && IllustrationMarkers.withoutPictureNote("初登舞台（组图）") == "初登舞台")
        #expect(IllustrationMarkers.withoutPictureNote("美国之行[图]") == "美国之行" && IllustrationMarkers.withoutPictureNote("清明上河图") == nil)
        #expect(IllustrationMarkers.withoutPictureNote("(图)") == nil)
        let rule = "---------------"
        let titles = ["童年时光(1)(图)", "童年时光(2)", "初登舞台（组图）", "初登舞台(2)", "美国之行[图]", "美国之行(2)"]
        var text = "必读网整理\n《卓别林自传》\n\n\n"
        for title in titles {
            text += "\(rule)\n\(title)\n\(rule)\n\n\n" + (title.hasSuffix(")") && !title.hasSuffix("(图)") ? "" : "卓别林\n")
                + String(repeating: " 　　" + Self.line + "\n", count: 6) + "\n\n"
        }
        let book = try TextBookParser.parse(text)
        #expect(book.sections.dropFirst().map { "\($0.level) \($0.title)" } == ["1 童年时光(1)", "1 童年时光(2)", "1 初登舞台", "1 初登舞台(2)", "1 美国之行", "1 美国之行(2)"])
        #expect(book.sections[1].paragraphs.first == "卓别林")
    }

    /// A scrape that escapes the text's own punctuation as HTML does (`&ldquo;共和奖&rdquo;`,
    /// `&mdash;&mdash;`, a 天下书库 download of 《中国近代史》) went through HTML: its references are
    /// decoded and its tags go, with no decoy tag needed; one `&amp;` in a book is no such sign.
    @Test func punctuationEscapedAsHTML() throws {
        let lines: [Substring] = ["    获得了美国加州&ldquo;共和奖&rdquo;。", "    <h2>一、 400 年</h2>【&mdash;&mdash;徐中约】"]
        #expect(HTMLDebris.isScrape(lines) && !HTMLDebris.isScrape(["AT&amp;T and Procter & Gamble", "Q&A"]))
        #expect(HTMLDebris.clean(lines[0]) == "    获得了美国加州“共和奖”。" && HTMLDebris.clean(lines[1]) == "    一、 400 年【——徐中约】")
        #expect(HTMLDebris.decoded("&#8212;&#x2014;&hellip;&unknown; & more") == "——…&unknown; & more")
        let book = try TextBookParser.parse("书\n\n第一章\n\n    他说&ldquo;好&rdquo;&mdash;&mdash;<span style=\"color: red\">走吧</span>。\n\n第二章\n\n    完。\n")
        #expect(book.sections.first { $0.title == "第一章" }?.paragraphs == ["他说“好”——走吧。"])
    }

    /// A site that prints `正文` before every heading of the body (`正文 郭序`, `正文 1.1 『近代中国』始于何时？`)
    /// marks its headings so, whatever their punctuation; the book's name in ASCII marks over them
    /// (`<中国近代史（港版）>`) is its title as the marks hold it (`日本語組版処理の要件（日本語版）` keeps its
    /// edition too), and no division; the site's
    /// bracketed notice with its address cut (`【天下书库：www.txshuku.com】`) names no book.
    @Test func bodyLabelBeforeEveryHeading() throws {
        let paragraph = "    拥有近四千年文献历史的中华文明是世界上最古老的文明之一。\n\n"
        let titles = ["徐中约：一个被冷落的史学大家", "出版者言", "郭序", "1.1 『近代中国』始于何时？", "1.2 近代中国的特征"]
        let text = "【天下书库：www.txshuku.com】\n\n<中国近代史（港版）>\n\n\n" + titles.map { "正文 \($0)\n\n" + String(repeating: paragraph, count: 3) }.joined()
        let book = try TextBookParser.parse(text)
        #expect(book.title == "中国近代史（港版）" && book.sections.dropFirst().map(\.title) == titles && book.sections.allSatisfy { $0.level == 1 })
        // Twice is no site's habit: a sentence that opens with the word stays text.
        let twice = "书\n\n第一章\n\n正文 郭序\n\n" + paragraph + "第二章\n\n正文 出版者言\n\n" + paragraph
        #expect(try TextBookParser.outline(twice) == ["1 第一章", "1 第二章"])
    }

    /// A 罗马人的故事 download: chapters, their labelled sections, and each section's titles set as
    /// its paragraphs are (`　　改朝换代` between blank lines), each title over five paragraphs.
    static func untitledSectionsText(_ titles: [[String]]) -> String {
        var text = "罗马共和国的兴亡\n\n"
        for (k, sections) in titles.enumerated() {
            text += "第\(["一", "二", "三"][k])章　罗马的诞生\n\n第一节　王政时代\n\n" + Self.paragraphs(2)
            text += sections.map { "　　\($0)\n 　　\n" + Self.paragraphs(5) }.joined()
        }
        return text
    }

    /// Titles a download sets as its paragraphs are, a few ideographs without a mark between
    /// paragraphs that end on marks, head sections one level below the labelled section they are
    /// in; lines of speech set alone (a sound, `轰隆隆`, `哈哈哈哈`; words ending on a particle, `走吧`)
    /// stay the text's, and so do fewer than three such lines.
    @Test func titlesSetAsParagraphsAre() throws {
        let titled = try TextBookParser.outline(Self.untitledSectionsText([["改朝换代", "步步紧逼"], ["元老院与平民"], ["布匿战争"]]))
        #expect(titled == ["1 第一章 罗马的诞生", "2 第一节 王政时代", "3 改朝换代", "3 步步紧逼", "1 第二章 罗马的诞生", "2 第一节 王政时代", "3 元老院与平民",
                           "1 第三章 罗马的诞生", "2 第一节 王政时代", "3 布匿战争"], "\(titled)")
        let speech = try TextBookParser.outline(Self.untitledSectionsText([["轰隆隆", "哈哈哈哈"], ["走吧"], ["是你吗"]]))
        #expect(speech == ["1 第一章 罗马的诞生", "2 第一节 王政时代", "1 第二章 罗马的诞生", "2 第一节 王政时代", "1 第三章 罗马的诞生", "2 第一节 王政时代"], "\(speech)")
        let two = try TextBookParser.outline(Self.untitledSectionsText([["改朝换代"], ["元老院与平民"], []]))
        #expect(two.count == 6, "\(two)")
    }

    /// 第三帝国的兴亡 as downloaded: paragraphs a line each, run together with no blank line, and
    /// inside each labelled chapter its sections' titles set between them as paragraphs are, a
    /// name's middle dot among their ideographs (`　　阿道夫·希特勒的出世`): sections one level below
    /// the chapter. Speech set so stays the text's.
    @Test func titlesSetAsRunTogetherParagraphsAre() throws {
        let paragraph = "　　第三帝国诞生的前夕，一种病态的紧张气氛笼罩着柏林。几乎人人都看得很清楚，魏玛共和国即将寿终正寝。\n"
        func text(_ titles: [[String]]) -> String {
            "第三帝国的兴亡\n\n" + titles.enumerated().map { k, sections in
                "\n\n\n\n　　第\(["一", "二", "三"][k])章 第三帝国的诞生\n\n" + String(repeating: paragraph, count: 3)
                    + sections.map { "　　\($0)\n" + String(repeating: paragraph, count: 6) }.joined()
            }.joined()
        }
        let titled = try TextBookParser.outline(text([["阿道夫·希特勒的出世", "阿道夫·希特勒的早年生活"], ["维也纳的岁月"], ["慕尼黑"]]))
        #expect(titled == ["1 第一章 第三帝国的诞生", "2 阿道夫·希特勒的出世", "2 阿道夫·希特勒的早年生活", "1 第二章 第三帝国的诞生", "2 维也纳的岁月",
                           "1 第三章 第三帝国的诞生", "2 慕尼黑"], "\(titled)")
        let speech = try TextBookParser.outline(text([["轰隆隆", "走吧"], ["是你吗"], ["·希特勒"]]))
        #expect(speech == ["1 第一章 第三帝国的诞生", "1 第二章 第三帝国的诞生", "1 第三章 第三帝国的诞生"], "\(speech)")
    }

    /// Two chapters, the first's text in parts under `parts` (each line over two paragraphs, or right over the next when `listed`).
    static func bracketedPartsText(_ parts: [String], listed: Bool = false) -> String {
        "艾伦·图灵传\n\n第一章 他得学会合群\n\n" + Self.paragraphs(2) + parts.map { $0 + "\n" + (listed ? "" : "\n" + Self.paragraphs(2)) }.joined()
            + "\n第二章 真理的精神\n\n" + Self.paragraphs(3)
    }

    /// Parts a chapter numbers in brackets from one, each titled over text of its own (艾伦·图灵传's
    /// `（一）关于这本传记` … `（四）停机`; `(1) 老舍的北京`; `（1）序幕`), are its subsections; items of a
    /// list (no text between them), sentences, and a run that does not start at one stay the text's.
    @Test func bracketedNumbersPartAChapter() throws {
        for parts in [["（一）关于这本传记", "（二）加密", "（三）图灵机", "（四）停机"], ["(1) 老舍的北京", "(2) 胡同"], ["（1）序幕", "（2）开场", "（3）落幕"]] {
            let outline = try TextBookParser.outline(Self.bracketedPartsText(parts))
            #expect(outline == ["1 第一章 他得学会合群"] + parts.map { "2 " + $0 } + ["1 第二章 真理的精神"], "\(outline)")
        }
        for parts in [["（一）加密", "（二）图灵机", "（三）停机"]] {
            #expect(try TextBookParser.outline(Self.bracketedPartsText(parts, listed: true)) == ["1 第一章 他得学会合群", "1 第二章 真理的精神"])
        }
        for parts in [["（一）坚持原则，决不动摇。", "（二）依靠群众，不断学习。"], ["（二）加密", "（三）图灵机"], ["（一）加密"]] {
            #expect(try TextBookParser.outline(Self.bracketedPartsText(parts)) == ["1 第一章 他得学会合群", "1 第二章 真理的精神"], "\(parts)")
        }
    }

    /// A collection without labels: the title page, then each piece two blank lines down, its
    /// first line `opening` (a title, or a scene's first sentence) right over a long paragraph, one
    /// blank line between paragraphs but for two run together, as a download joins some.
    static func piecesText(_ openings: [String]) -> String {
        let long = " 　　" + Self.line + Self.line + "\n"
        return "ガリ版の話\n津野海太郎 著\n\n\n" + openings.map { "　　\($0)\n" + long + " 　　\n" + long + long + " 　　\n" + long + "\n\n" }.joined()
    }

    /// Titles set right over their first paragraph, one blank line more above them than between
    /// paragraphs, with nothing else to mark them (a collection of essays, 賢治の夢の世界 …): taken
    /// together, every block the wider gap opens starts with a title, so the gap is the headings'.
    /// Where it opens on prose (a scene break's extra line), it heads nothing.
    @Test func titlesOverTheirTextOneLineFurtherApart() throws {
        let titles = ["賢治の夢の世界", "ファースト・ハンドの技術", "いくばくかの創造力と想像力", "北方の教師たち"]
        #expect(try TextBookParser.outline(Self.piecesText(titles)) == titles.map { "1 " + $0 })
        let scenes = ["夜が明けると、村はしずかになり、人々はそれぞれの仕事にもどっていった。", "翌朝、かれは早く起きて、まだ暗い道を駅のほうへ歩いていった。",
                      "それから三年がたった。町はすっかり変わり、古い店はほとんど残っていなかった。", "手紙がとどいたのは、その年の暮れのことである。"]
        #expect(try TextBookParser.parse(Self.piecesText(scenes)).sections.filter { $0.kind == .chapter }.allSatisfy { $0.title.hasPrefix("第") })
    }

    /// A web novel's download: its title page, then each heading over two paragraphs.
    static func webNovel(_ headings: [String]) -> String {
        "《斗罗大陆》\n作者：唐家三少\n\n" + headings.map { $0 + "\n\n" + paragraphs(2) }.joined()
    }

    /// A web novel's download that prints each chapter's volume before it on one line (`第一集 斗罗世界
    /// 第一章 斗罗大陆，异界唐三`, its prologue `第一集 斗罗世界 引子 …`): the volume a division over its
    /// chapters, each chapter's title without it, chapters numbered on or from one in each volume, the
    /// volume named or not. A label once before each division's first chapter only is one heading, as
    /// a play's `ACT II. SCENE I.` is.
    @Test func divisionLabelBeforeEveryChapter() throws {
        let douluo = ["第一集 斗罗世界 引子 穿越的唐家三少", "第一集 斗罗世界 第一章 斗罗大陆，异界唐三", "第一集 斗罗世界 第二章 废武魂与先天满魂力",
                      "第二集 魂师学院 第三章 诺丁学院", "第二集 魂师学院 第四章 小舞"]
        #expect(try TextBookParser.outline(Self.webNovel(douluo)) == ["1 第一集 斗罗世界", "2 引子 穿越的唐家三少", "2 第一章 斗罗大陆，异界唐三", "2 第二章 废武魂与先天满魂力",
                                                             "1 第二集 魂师学院", "2 第三章 诺丁学院", "2 第四章 小舞"])
        let restarted = ["第1卷 风起 第1章 少年", "第1卷 风起 第2章 山村", "第2卷 云涌 第1章 入城", "第2卷 云涌 第2章 学院"]
        #expect(try TextBookParser.outline(Self.webNovel(restarted)) == ["1 第1卷 风起", "2 第1章 少年", "2 第2章 山村", "1 第2卷 云涌", "2 第1章 入城", "2 第2章 学院"])
        let unnamed = ["卷一 第一章 少年", "卷一 第二章 山村", "卷二 第三章 入城"]
        #expect(try TextBookParser.outline(Self.webNovel(unnamed)) == ["1 卷一", "2 第一章 少年", "2 第二章 山村", "1 卷二", "2 第三章 入城"])
        // The volume's own line over chapters that repeat it: one division.
        let standing = ["第一卷 风起", "第一卷 风起 第一章 少年", "第一卷 风起 第二章 山村", "第二卷 云涌", "第二卷 云涌 第三章 入城", "第二卷 云涌 第四章 学院"]
        #expect(try TextBookParser.outline(Self.webNovel(standing)) == ["1 第一卷 风起", "2 第一章 少年", "2 第二章 山村", "1 第二卷 云涌", "2 第三章 入城", "2 第四章 学院"])
        // Once before each division's first chapter: the division's heading keeps it.
        let once = ["第一卷 风起 第一章 少年", "第二章 山村", "第二卷 云涌 第三章 入城", "第四章 学院", "第三卷 雷动 第五章 大比", "第六章 夺魁"]
        #expect(try TextBookParser.outline(Self.webNovel(once)) == ["1 第一卷 风起 第一章 少年", "2 第二章 山村", "1 第二卷 云涌 第三章 入城", "2 第四章 学院",
                                                           "1 第三卷 雷动 第五章 大比", "2 第六章 夺魁"])
        let sentence = try #require(HeadingMatcher.match("第一卷 风起云涌的第一天"))
        #expect(RunOnDivisions.chapterAfterDivision(TextBookParser.Found(line: 0, heading: sentence, titleLine: nil)) == nil)
    }

    /// The markers a site sets around the text a user uploaded (`----用户上传之内容开始----`, TXT图书下载网's,
    /// 八零电子书's and 笔下文学's files) and its statement outside them are the site's: the book is what
    /// they frame. A title above the opening marker is the book's; the words inside a sentence mark nothing.
    @Test func uploadMarkersFrameTheBook() throws {
        let rule = String(repeating: "-", count: 27)
        let chapters = ["一", "二", "三"].map { "第\($0)章 \($0)\n" + Self.paragraphs(2) }.joined()
        let text = "声明：本书为八零电子书(txt02.com)的用户自网络收集整理制作,仅供预览交流学习使用。\n\(rule)用户上传之内容开始\(rule)\n\n边城\n作者：沈从文\n\n" + chapters
            + "\(rule)用户上传之内容结束\(rule)\n声明:本书为TXT图书下载网(bookdown.com.cn)的用户上传至本站的存储空间，本站只提供TXT全集电子书存储服务以及免费下载服务。\n"
        let book = try TextBookParser.parse(text)
        #expect(book.title == "边城" && book.author == "沈从文")
        #expect(book.sections.first?.paragraphs == ["边城", "作者：沈从文"])
        #expect(book.sections.last?.paragraphs == Array(repeating: Substring(Self.line), count: 2))
        let lines = TextLines.split(text)
        #expect(UploadMarkers.siteLines(lines).sorted() == [0, 1, lines.count - 3, lines.count - 2])
        // The book's title over the marker stays; a sentence holding the words is text.
        let titled = TextLines.split("《斗罗大陆》\n\(rule)用户上传之内容开始\(rule)\n\n第一章 斗罗\n" + Self.paragraphs(2))
        #expect(UploadMarkers.siteLines(titled) == [1])
        // Much text after the closing marker is a second upload's, the book's: the marker alone goes.
        let joined = TextLines.split("第一章 甲\n" + Self.paragraphs(2) + "\(rule)用户上传之内容结束\(rule)\n" + Self.paragraphs(13))
        #expect(UploadMarkers.siteLines(joined) == [5])
        #expect(!UploadMarkers.isMarker("他说用户上传之内容开始了，就去睡吧。", UploadMarkers.opening) && UploadMarkers.isMarker("===用戶上傳之內容開始===", UploadMarkers.opening))
    }

    /// A site that stamps its name and address between paragraphs, in words that change from stamp
    /// to stamp (喜书网's `喜书网（www.xitxt.net）免费TXT小说下载`, `喜书网(Www.xitxt.net)txt电子书下载`, some
    /// right above a heading): every short line naming the same address three times or more is the
    /// site's, its name too. A foreword named `卷首语` is a section. An address the book names once,
    /// or twice in its text, stays.
    @Test func aSiteStampedBetweenParagraphs() throws {
        let stamps = [
            ["喜书网（www.xitxt.net）免费TXT小说下载", "喜书网(Www.xitxt.net)txt电子书下载", "喜书网（WWW.xitxt.net)免费小说在线阅读"],
            ["书包网 http://www.bookbao8.com 免费下载", "手机看书请到 书包网 WWW.BOOKBAO8.COM", "书包网（www.bookbao8.com）整理"],
            ["Downloaded from www.freenovels-online.org", "Read more at WWW.FreeNovels-Online.org!", "(www.freenovels-online.org) free books"],
        ]
        for stamp in stamps {
            #expect(NoiseLines.repeatedSiteLines(stamp.map { Substring($0) }) == [0, 1, 2], "\(stamp)")
        }
        #expect(NoiseLines.hosts(in: "喜书网(Www.xitxt.net)txt电子书下载 http://m.xitxt.net/book") == ["xitxt.net", "m.xitxt.net"])
        let chapters = ["第一章", "第二章", "第三章"]
        var text = "《天幕红尘》作者：豆豆\n\n\n卷首语 \n" + Self.line + "\n\n\n"
        for (chapter, stamp) in zip(chapters, stamps[0]) {
            text += "\(stamp)\n\(chapter)\n\n" + String(repeating: Self.line + "\n\n", count: 3) + "\(stamp)\n\n" + Self.line + "\n\n\n"
        }
        #expect(try TextBookParser.outline(text) == ["1 卷首语"] + chapters.map { "1 " + $0 })
        // One address in the front, one in the text's sentence: the book's.
        let lines: [Substring] = ["本书由喜书网（www.xitxt.net）整理", "他打开 www.xitxt.net 看了一眼。", "喜书网（www.xitxt.net）"]
        #expect(NoiseLines.repeatedSiteLines(lines.prefix(2).map { $0 }).isEmpty)
        // A long paragraph that names the address is no stamp: it makes no third.
        let paragraph = Substring("他说：" + String(repeating: "这个网站叫喜书网，", count: 8) + "地址是 www.xitxt.net 。")
        #expect(NoiseLines.repeatedSiteLines(lines.prefix(2).map { $0 } + [paragraph]).isEmpty)
        #expect(NoiseLines.repeatedSiteLines(lines) == [0, 1, 2])
        #expect(HeadingMatcher.match("卷首语")?.level == .chapter && HeadingMatcher.match("卷首语说得好") == nil)
    }

    /// A site that serves a book in pages heads each with the book's name and the page's number
    /// over the book's own number (下书网's `鼠疫2` over its mark `下 //书 /网` over `2`): the labels
    /// are the site's, the numbers the chapters, the name the title. Its marks in disguise go:
    /// the name spelled with marks between its characters, an address in full-width letters or
    /// with slashes for its dots.
    @Test func pageLabelsOverTheBooksOwnNumbers() throws {
        let plague = try TextBookParser.parse(Self.pagedText("鼠疫", numbers: ["1", "2", "3", "4"], mark: "下 //书 /网"))
        #expect(plague.title == "鼠疫" && plague.author == nil)
        #expect(plague.sections.map(\.title) == ["1", "2", "3", "4"])
        #expect(try TextBookParser.outline(Self.pagedText("活着", numbers: ["一", "二", "三", "四"], mark: "ｗｗｗ．lzuowen．ｃｏｍ")) == ["1 一", "1 二", "1 三", "1 四"])
        #expect(SitePageLabels.find(["Walden 1", "", "1", "", "Walden 2", "", "2", "", "Walden 3", "", "3"])?.name == "Walden")
        // Labels with nothing of the book's below name their pages: they stay.
        #expect(SitePageLabels.find(["十四行诗1", Substring(Self.line), "十四行诗2", Substring(Self.line), "十四行诗3", Substring(Self.line)]) == nil)
        #expect(SitePageLabels.label("第1") == nil && SitePageLabels.label("1999") == nil && SitePageLabels.label("鼠疫，1") == nil)
        for mark in ["下 //书 /网", "＊小／说＼网", "［书．包＾网］"] {
            #expect(NoiseLines.mayHaveNoise(Substring(mark)) && NoiseLines.clean(Substring(mark)) == nil, "\(mark)")
        }
        for address in ["ｗｗｗ．lzuowen．ｃｏｍ", "wwＷ．xiabook.com", "www/xiabook/com", "w w w 。xiabook 。com"] {
            #expect(NoiseLines.mayHaveNoise(Substring(address)) && NoiseLines.clean(Substring(address)) == nil, "\(address)")
        }
        // A title spaced out, a name with its middle dots, a choice with a slash: the book's.
        for line in ["天 罗 地 网", "渔 网", "书·包·网", "他/她", "and/or", "5/12"] {
            #expect(NoiseLines.clean(Substring(line)) == Substring(line), "\(line)")
        }
    }

    /// A site that hides its name in bare tags inside the text, in words of its own choosing
    /// (九九藏书's `肖<big>藏书网</big>亚文`, `与<q>九九藏书</q>为`, `被<footer>99lib.</footer>身`, `<s>９９ｌib?</s>`):
    /// what such tags repeat three times or more goes with them, and wherever the scrape left
    /// those words bare amid the text. A link's word, one character in a tag, a heading's number
    /// alone on its line, another Latin word amid the text: the book's.
    @Test func decoysASiteRepeatsInBareTags() {
        let lines: [Substring] = [
            "    肖<big>藏书网</big>亚文低头闻了一下。", "    与<q>九九藏书</q>为回进期。", "    被<footer>99lib.</footer>身话。", "    九九<var>九九藏书</var>藏书。",
            "    是<s>９９ｌib?</s>这样。", "    他<q>?9９liｂ.</q>说。", "    我<samp>九九藏书</samp>们。",
            "    柏林<a href=\"https://.99di/character/6d2a.html\" target=\"_blank\">洪</a>堡大学。", "    <a href=\"/c/1.html\">洪</a>水。", "    <a href=\"/c/2.html\">洪</a>亮。",
            "    <h3>1</h3>", "    <h3>1</h3>", "    <h3>1</h3>", "    <em>注</em>一。", "    <em>注</em>二。", "    <em>注</em>三。",
        ]
        let decoys = HTMLDebris.repeatedDecoys(lines)
        #expect(decoys == ["九九藏书", "99lib"])
        let cleaned = lines.map { HTMLDebris.clean($0, decoys: decoys) }
        #expect(cleaned[0] == "    肖亚文低头闻了一下。" && cleaned[1] == "    与为回进期。" && cleaned[2] == "    被身话。" && cleaned[4] == "    是这样。" && cleaned[5] == "    他说。")
        #expect(cleaned[7] == "    柏林洪堡大学。" && cleaned[10] == "    1" && cleaned[13] == "    注一。")
        // Twice is no habit: the words stay.
        #expect(HTMLDebris.repeatedDecoys(Array(lines[1...2]) + [lines[4]]).isEmpty)
        // The same words left bare amid the text go too (天才在左疯子在右 as downloaded); other Latin words stay.
        #expect(HTMLDebris.clean("    她.9９lib?没想到我会反问。", decoys: decoys) == "    她没想到我会反问。")
        #expect(HTMLDebris.clean("    你为什么不进一步尝9９lｉｂ?试呢？", decoys: decoys) == "    你为什么不进一步尝试呢？")
        #expect(HTMLDebris.clean("    远在英国的Kelly Guo小姐给了我99个建议。", decoys: decoys) == "    远在英国的Kelly Guo小姐给了我99个建议。")
    }

    /// Tags a scrape cut off their start leave their end in the text (围城 and 天才在左疯子在右 as
    /// downloaded from 天涯在线书库: `写的bbr></abbr>`, `短篇小说 href='2619/im'>《围城》`, `根<tt>..t>性`,
    /// `上岸 4e86." >了`, `整></a>整`), and a salting site's bare tags hold a mark or two beside its
    /// decoys (`<dfn>..</dfn>`, `<u>?</u>`): both go. A comparison in a Chinese text (`当x>0时`,
    /// `设a>b，则`), an arrow, English with `>`: the book's.
    @Test func endsOfTagsAScrapeCut() {
        #expect(HTMLDebris.clean("    他对自己的长篇小说 href='2619/im'>《围城》和短篇小说都不大满意。") == "    他对自己的长篇小说《围城》和短篇小说都不大满意。")
        #expect(HTMLDebris.clean("    也很可能想像它是分外地甜。bbr></abbr>") == "    也很可能想像它是分外地甜。")
        #expect(HTMLDebris.clean("    具有无毛两足动物的基本根<tt>..t>性。") == "    具有无毛两足动物的基本根性。")
        #expect(HTMLDebris.clean("    “我同舱的安南人也上岸 4e86.\" >了。”") == "    “我同舱的安南人也上岸了。”")
        #expect(HTMLDebris.clean("    这本书整></a>整写了两年。") == "    这本书整整写了两年。")
        #expect(HTMLDebris.clean("    其bbr></abbr>实只仿佛魔术家") == "    其实只仿佛魔术家")
        // Of my own: a link's start cut before its attribute, a span's end, a tail after a tail.
        #expect(HTMLDebris.clean("    见 class=\"note\">注释一。") == "    见注释一。")
        #expect(HTMLDebris.clean("    他走了pan>，没有回头。") == "    他走了，没有回头。")
        #expect(HTMLDebris.clean("    天下bbr>..bbr>太平。") == "    天下太平。")
        // The book's own `>`.
        #expect(HTMLDebris.clean("    当x>0时，函数递增。") == "    当x>0时，函数递增。")
        #expect(HTMLDebris.clean("    设a>b，则a-b>0。") == "    设a>b，则a-b>0。")
        #expect(HTMLDebris.clean("    北京 -> 上海") == "    北京 -> 上海" && HTMLDebris.clean("if b > c then") == "if b > c then")
        #expect(HTMLDebris.clean("    高>低。") == "    高>低。")
        let decoys: Set<String> = ["99lib"]
        #expect(HTMLDebris.clean("    作品<dfn>..</dfn>一一出版就行了<u>?</u>。", decoys: decoys) == "    作品一一出版就行了。")
        #expect(HTMLDebris.clean("    作品<dfn>..</dfn>出版。") == "    作品..出版。")
    }

    /// A banner drawn as two rules with the heading between them, opening with the rules' mark
    /// (新浪读书's 《肖申克的救赎》 as downloaded: `***************` / `*《肖申克的救赎》第一部分` /
    /// `***************`, its chapters' pages between `---------------` rules): the mark is the
    /// banner's edge, the heading a division over the pages. A line opening with a mark and no
    /// rule under it (`*注：…`) stays text.
    @Test func aBannersTitleBetweenTwoRules() throws {
        let sina = "　　《肖申克的救赎》\n\n\n" + Self.bannerText("*", "《肖申克的救赎》第一部分") + Self.pagesText("《肖申克的救赎》", "第一章") + Self.pagesText("《肖申克的救赎》", "第二章")
            + Self.bannerText("*", "《肖申克的救赎》第二部分") + Self.pagesText("《肖申克的救赎》", "第三章")
        #expect(try TextBookParser.outline(sina) == ["1 第一部分", "2 第一章(1)", "2 第一章(2)", "2 第二章(1)", "2 第二章(2)", "1 第二部分", "2 第三章(1)", "2 第三章(2)"])
        // Other marks, and no site's prefix.
        let dashes = "书\n\n" + Self.bannerText("-", "第一卷 归来") + Self.pagesText("", "第一章") + Self.bannerText("-", "第二卷 远行") + Self.pagesText("", "第二章") + Self.pagesText("", "第三章")
        #expect(try TextBookParser.outline(dashes) == ["1 第一卷 归来", "2 第一章(1)", "2 第一章(2)", "1 第二卷 远行", "2 第二章(1)", "2 第二章(2)", "2 第三章(1)", "2 第三章(2)"])
        let lines: [Substring] = ["　　═════", "　　═第三部", "　　═════"]
        #expect(HeadingDecoration.bannerTitle(1, lines) == "　　第三部")
        #expect(HeadingDecoration.bannerTitle(1, ["　　*****", "　　*注：原文如此。", "　　正文。"]) == nil)
        #expect(HeadingDecoration.bannerTitle(1, ["　　*****", "　　* 3 *", "　　*****"]) == nil)
    }

    /// A front that names the title alone, the author's byline right under an early heading
    /// (`斯蒂芬·金著` under `《肖申克的救赎》第一章(1)`): the author. A byline deeper in the text, or
    /// after the front named one, changes nothing.
    @Test func anAuthorsBylineUnderAnEarlyHeading() throws {
        let chapters = (2...4).map { "第\(["", "", "二", "三", "四"][$0])章\n\n" + Self.paragraphs(2) }.joined()
        func bookText(_ front: String, _ opening: String) -> String { front + "第一章\n\n" + opening + Self.paragraphs(2) + chapters }
        #expect(try TextBookParser.parse(bookText("《肖申克的救赎》\n\n", "　　斯蒂芬·金著\n　　施寄青、赵永芬、齐若兰译\n")).author == "斯蒂芬·金")
        #expect(try TextBookParser.parse(bookText("《檀香刑》\n\n", "　　莫言 著\n\n")).author == "莫言")
        #expect(try TextBookParser.parse(bookText("《活着》\n\n", "　　献给我的父亲\n　　余华著\n")).author == "余华")
        #expect(try TextBookParser.parse(bookText("《活着》\n\n", Self.paragraphs(3) + "　　余华著\n")).author == nil)
        #expect(try TextBookParser.parse(bookText("《活着》\n作者：余华\n\n", "　　某某著\n")).author == "余华")
    }

    /// A site that centres its headings with spaces on both sides (`    第二章    `, a TXT书库
    /// download of 《天使与魔鬼》 whose first section is `    故事引入    `, no 第一章) sets its other
    /// headings so too: a line padded as the headings found by their form are is a heading. Where
    /// the headings wear no padding, or every line ends on spaces, a padded line is text.
    @Test func aTitlePaddedAsTheHeadingsAre() throws {
        let text = "    兰登差点吐出来，他把目光转向死者的胸部，上面被烙铁印上一个清晰完美的符号。\n"
        func bookText(_ opening: String, _ heading: (String) -> String) -> String {
            "《天使与魔鬼》作者：丹·布朗\n\n\n" + opening + "\n\n\n\n" + String(repeating: text, count: 3)
                + ["二", "三", "四", "五"].map { "\n" + heading("第\($0)章") + "\n\n\n\n" + String(repeating: text, count: 3) }.joined()
        }
        #expect(try TextBookParser.outline(bookText("    故事引入    ", { "    \($0)    " })) == ["1 故事引入", "1 第二章", "1 第三章", "1 第四章", "1 第五章"])
        #expect(try TextBookParser.outline(bookText("  序幕  ", { "  \($0)  " })).first == "1 序幕")
        #expect(try TextBookParser.outline(bookText("　　开端　　", { "　　\($0)　　" })).first == "1 开端")
        // Headings not padded: the padded line is the front's.
        #expect(try TextBookParser.outline(bookText("    故事引入    ", { "    \($0)" })).first == "1 第二章")
        #expect(HeadingDecoration.isPadded("    故事引入    ") && !HeadingDecoration.isPadded("    故事引入  ") && !HeadingDecoration.isPadded("故事引入    "))
        #expect(!HeadingDecoration.isPadded("        ") && !HeadingDecoration.isPadded("  " + String(repeating: "长", count: 31) + "  "))
    }

    /// A TXT书库 《唐吉诃德》 sets its chapters' labels sixteen spaces in, each over its title five
    /// spaces in, over paragraphs indented by `　　`; its front's sections are set in as the labels
    /// are (`               译本序言` over its translator's `                刘京胜`); a note on the author
    /// opens the file (`【塞万提斯·萨维德拉】（Miguel deCarvantes Saaredral547～1616）`) under the site's
    /// lines. Label and title are one heading, the front's sections are headings, the note names the
    /// author and not the book, and the site's lines go.
    @Test func headingsSetInDeeperThanTheParagraphs() throws {
        let text = "　　陀思妥耶夫斯基在评论塞万提斯的《唐吉诃德》时这样说：“这就是我给生活做的总结。”\n"
        let titles = ["著名贵族唐吉诃德的品性与行为", "足智多谋的唐吉诃德初离故土", "唐吉诃德受封为骑士滑稽可笑", "我们的骑士离开客店以后的遭遇"]
        var book = "您下载的该电子书来自:TXT书库\n欢迎访问:   www.txtsk.com\n唐吉诃德1\n\n本文章下载于www.txtsk.com  \n\n"
        book += "【塞万提斯·萨维德拉】（Miguel deCarvantes Saaredral547～1616）\n" + text + "\n\n"
        book += "               译本序言\n                刘京胜\n" + String(repeating: text, count: 3) + "      米格尔·德·塞万提斯·萨阿维德拉\n\n\n"
        book += "           塞万提斯生平简历\n" + String(repeating: "　　1547年10月出生于西班牙的阿尔卡拉·德埃纳雷斯。\n", count: 3) + "\n\n\n"
        book += zip(["一", "二", "三", "四"], titles).map { "                第\($0)章\n     \($1)\n" + String(repeating: text, count: 15) + "\n\n" }.joined()
        let parsed = try TextBookParser.parse(book)
        #expect(parsed.sections.map { "\($0.level) \($0.title)" } == ["1 唐吉诃德1", "1 译本序言", "1 塞万提斯生平简历"] + zip(["一", "二", "三", "四"], titles).map { "1 第\($0)章 \($1)" })
        #expect(parsed.title == "唐吉诃德1" && parsed.author == "塞万提斯·萨维德拉")
        #expect(!parsed.sections[0].paragraphs.contains { $0.contains("TXT书库") || $0.contains("下载于") })
        // Of my own: a label set in over a title at the margin, and a label four spaces in over one
        // at the margin, over paragraphs indented by `　　`; a web novel's bare label over its first
        // short line indented as the paragraphs are is no title.
        #expect(LabelTitles.titleBelow(0, ["          第一章", "风雪山神庙", "　　林冲……"]) == "风雪山神庙")
        #expect(LabelTitles.titleBelow(0, ["    第一回", "宴桃园豪杰三结义", "　　话说天下大势。"]) == "宴桃园豪杰三结义")
        #expect(LabelTitles.titleBelow(0, ["第一章", "　　夜色如墨", "　　林冲走在雪地里。"]) == nil)
        #expect(MetadataGuesser.personWithLifeDates("【鲁迅】（Lu Xun，1881—1936）") == "鲁迅")
        #expect(MetadataGuesser.personWithLifeDates("《明朝那些事儿》（1344-1644）") == nil && MetadataGuesser.personWithLifeDates("【塞万提斯】生于1547年") == nil)
        #expect(NoiseLines.clean("您下载的该电子书来自:TXT书库") == nil && NoiseLines.clean("本文章下载于www.txtsk.com  ") == nil)
    }

    /// A plain-text book a browser saved as the page it showed (an 艾伦·图灵传 as shared: `<!-- saved
    /// from url=… -->`, `<html><head>…</head><body><pre style="…">版权信息`, `&gt;&gt;` in the text,
    /// `</pre></body></html>` at the end): the `<pre>`'s text, decoded. A text that shows markup
    /// without being a saved page keeps it.
    @Test func aTextSavedAsABrowsersPage() throws {
        let chapters = ["第一章：他得学会合群", "第二章：真理的精神", "第三章：新人"].map { $0 + "\n\n\n" + String(repeating: Self.line + "\n\n", count: 4) }.joined()
        let page = "\n<!-- saved from url=(0070)http://dw4.convertfiles.com/files/0019637001398048545/%28kindle%29.txt -->\n"
            + "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\"></head><body><pre style=\"word-wrap: break-word; white-space: pre-wrap;\">版权信息\n\n\n"
            + "书名：艾伦·图灵传\n\n著者：[英]安德鲁·霍奇斯\n\n\n\n" + chapters + "&gt;&gt;是往右走，&lt;&lt;是往左走。\n</pre></body></html>\n"
        let book = try TextBookParser.parse(page)
        #expect(book.title == "艾伦·图灵传" && book.author == "安德鲁·霍奇斯")
        #expect(book.sections.first?.paragraphs.first == "版权信息")
        #expect(book.sections.last?.paragraphs.last == ">>是往右走，<<是往左走。")
        var lines = TextLines.split(page)
        #expect(HTMLDebris.unwrapSavedPage(&lines) && lines[2] == "版权信息" && TextLines.isBlank(lines[1]))
        var markup = TextLines.split("HTML\n\n<p>A paragraph</p> is written <pre>so</pre>.\n")
        #expect(!HTMLDebris.unwrapSavedPage(&markup) && markup[2] == "<p>A paragraph</p> is written <pre>so</pre>.")
    }

    /// An OCR'd download of 清醒思考的艺术 runs each chapter's number into its title
    /// (`　　1幸存偏误：为什么你该去逛逛墓地`, `　　12 “在好转之前会先恶化”的陷阱：…`), its first line is
    /// the title with its subtitle after a colon, and its credit line names the translator after the
    /// author (`(德)罗尔夫?多贝里著 朱刘华译`, the name's middle dot lost as `?`). The numbered titles
    /// are the chapters, in their sequence; the main title and the author are the book's.
    @Test func numbersRunIntoTheirTitles() throws {
        let paragraph = "　　" + Self.line + "\n　　\n"
        let titles = ["幸存偏误：为什么你该去逛逛墓地", "游泳选手身材错觉：哈佛是好大学还是烂大学？我们不清楚", "过度自信效应：你为什么会系统性地高估自己的学识和能力",
                      "从众心理：就算有数百万人声称某件蠢事是对的，这件蠢事也不 会因此成为聪明之举", " “在好转之前会先恶化”的陷阱：如果有人建议你选择一条 “先经历痛苦”的路"]
        var text = "　　清醒思考的艺术：你最好让别人去犯的52种 思维错误\n　　\n　　(德)罗尔夫?多贝里著 朱刘华译\n　　\n　　中信出版社\n　　\n　　自序\n　　\n"
        text += String(repeating: paragraph, count: 4)
        for (k, title) in titles.enumerated() { text += "　　\(k + 1)\(title)\n　　\n" + String(repeating: paragraph, count: 4) }
        let book = try TextBookParser.parse(text)
        #expect(book.sections.map(\.title) == ["清醒思考的艺术", "自序"] + titles.enumerated().map { "\($0 + 1)" + $1.replacingOccurrences(of: "  ", with: " ") })
        #expect(book.title == "清醒思考的艺术" && book.author == "罗尔夫·多贝里")
        // Of my own: full-width digits, and a title in 《》 after a space.
        #expect(HeadingMatcher.numberedLine("３认知失调：酸葡萄心理")?.number == 3 && HeadingMatcher.numberedLine("7 《影响力》：互惠原理")?.number == 7)
        // No colon, a full stop, Chinese numerals: text.
        #expect(HeadingMatcher.numberedLine("3年后公司破产了") == nil && HeadingMatcher.numberedLine("3年后：公司破产了。") == nil)
        #expect(HeadingMatcher.numberedLine("一个人：走在路上") == nil)
        #expect(MetadataGuesser.titleBeforeSubtitle("简介：一本关于思维的书") == nil && MetadataGuesser.titleBeforeSubtitle("三体：地球往事") == "三体")
        #expect(MetadataGuesser.titleBeforeSubtitle("出品：起点中文网") == nil && MetadataGuesser.titleBeforeSubtitle("第一章：他得学会合群") == nil)
        #expect(MetadataGuesser.creditedName("[美]罗伯特·西奥迪尼 著 闾佳 译") == "罗伯特·西奥迪尼" && MetadataGuesser.creditedName("罗伯特·西奥迪尼著　闾佳译") == "罗伯特·西奥迪尼")
        #expect(MetadataGuesser.creditedName("闾佳 译") == nil)
    }

    /// The author's name before the book's title in 《》 on the first line (`余华《活着》` as
    /// downloaded, `路遥 《平凡的世界》全集`, `加西亚·马尔克斯《百年孤独》`): the title and its author.
    /// A collection's name before the title, or a sentence that names a book, names no author.
    @Test func anAuthorsNameBeforeTheTitle() throws {
        let pairs = [("余华《活着》", "活着", "余华"), ("路遥 《平凡的世界》全集", "平凡的世界", "路遥"), ("加西亚·马尔克斯《百年孤独》", "百年孤独", "加西亚·马尔克斯")]
        for (line, title, author) in pairs {
            #expect(MetadataGuesser.bracketedTitle(line).map { [$0.0, $0.1 ?? ""] } == [title, author], "\(line)")
        }
        for line in ["鲁迅小说集《呐喊》", "他读完了《活着》。", "余华《活着》第一章", "《活着》"] {
            #expect(MetadataGuesser.nameBeforeTitle(line) == nil, "\(line)")
        }
        let book = try TextBookParser.parse("\n余华《活着》\n　　　　\n前言\n" + Self.line + "\n\n一\n" + Self.line + "\n" + Self.line + "\n\n二\n" + Self.line + "\n\n三\n" + Self.line + "\n")
        #expect(book.title == "活着" && book.author == "余华")
    }

    /// A title a layout widened with spaces between its characters (白鹿原's `第 十 一 章`, 俗世奇人's
    /// `死 鸟` as wide as `刷子李`, 龙族's `序 章 白帝城`) is printed as its words; spaces between
    /// words stay (`第一章 雨夜`, `一 青衫磊落险峰行`, `Chapter I`).
    @Test func letterSpacedTitlesArePrintedAsWords() throws {
        #expect(TextBookParser.withoutLetterSpacing("第 十 一 章") == "第十一章")
        #expect(TextBookParser.withoutLetterSpacing("死　鸟") == "死鸟")
        #expect(TextBookParser.withoutLetterSpacing("序 章 白帝城") == "序章 白帝城")
        for title in ["第一章 雨夜", "一 青衫磊落险峰行", "Chapter I", "A B C", "第三回　风雪山神庙"] {
            #expect(TextBookParser.withoutLetterSpacing(title) == title, "\(title)")
        }
        let text = "白鹿原\n\n" + ["第 一 章", "第 二 章", "第 三 章"].map { "　　\($0)\n\n" + String(repeating: "　　" + Self.line + "\n", count: 6) + "\n" }.joined()
        #expect(try TextBookParser.outline(text) == ["1 第一章", "1 第二章", "1 第三章"])
    }
}
