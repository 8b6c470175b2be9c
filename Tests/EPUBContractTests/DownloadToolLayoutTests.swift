@testable import EPUBConverter
import Testing

/// Layouts the tools people download Chinese books with write, and the words their chapter
/// splitters list (novel-downloader's and ndl's TXT export, bookfetch's render and splitter,
/// zh-chapter-splitter's rules): facts read off those tools, each rule with three instances and
/// the case it must leave alone.
struct DownloadToolLayoutTests {
    static let line = "天色渐渐暗了下来，山间的风带着一丝凉意，吹过林梢，发出沙沙的声响。"

    /// A chapter as the exporters write it: its title, a blank line, its paragraphs one a line.
    static func chapter(_ title: String, paragraphs: Int = 4) -> String {
        title + "\n\n" + String(repeating: line + "\n", count: paragraphs) + "\n\n"
    }

    /// A line set in the heading markup the book's numbered headings are set in is a heading of
    /// their level, whatever its words: novel-downloader's `=== 作品相关 ===` volume and a closing
    /// `=== 番外 ===` among `=== 第一卷 … ===`, ndl's `## 上架感言` among `## 第1章 …`, a Markdown
    /// book's `## A Word Before`. Emphasis is no such markup, and the book's title in it stays the title.
    @Test func headingMarkupSaysHeadingWhateverItsWords() throws {
        var downloaded = "长夜行\n作者：某某\n状态：已完结\n\n"
        downloaded += "=== 作品相关 ===\n\n" + Self.chapter("一些说明")
        for (volume, chapters) in [("第一卷 少年游", 1...2), ("第二卷 江湖远", 3...4)] {
            downloaded += "=== \(volume) ===\n\n" + chapters.map { Self.chapter("第\($0)章 雨落") }.joined()
        }
        downloaded += "=== 番外 ===\n\n" + Self.chapter("雪夜")
        let outline = try TextBookParser.outline(downloaded)
        #expect(outline.filter { $0.hasPrefix("1 ") } == ["1 作品相关", "1 第一卷 少年游", "1 第二卷 江湖远", "1 番外"])
        #expect(outline.contains("2 第3章 雨落"))

        var ndl = "# 长夜行\n作者:某某\n来源:https://example.com/book/1\n状态:连载\n\n简介:\n\(Self.line)\n\n正文\n\n\n"
        ndl += ["上架感言", "第1章 风起", "第2章 雨落", "第3章 雪夜"].map { "## " + $0 + "\n\n" + String(repeating: Self.line + "\n", count: 3) + "\n\n" }.joined()
        #expect(try TextBookParser.outline(ndl) == ["1 上架感言", "1 第1章 风起", "1 第2章 雨落", "1 第3章 雪夜"])

        let prose = "It was a cold night and the wind came over the hills as it had done for weeks before.\n\n"
        var markdown = "# The Night\n\nby Some One\n\n"
        markdown += ["A Word Before", "Chapter 1", "Chapter 2", "Chapter 3"].map { "## " + $0 + "\n\n" + String(repeating: prose, count: 3) }.joined()
        #expect(try TextBookParser.outline(markdown) == ["1 A Word Before", "1 Chapter 1", "1 Chapter 2", "1 Chapter 3"])
        // Without numbered headings, the markup alone says so: ndl's `## 賢治の夢の世界`, bookfetch's
        // `=== 第一部分 ===`-less titles right over the text, a Markdown book's two depths.
        let japanese = "# ガリ版の話\n作者:津野海太郎\n\n正文\n\n\n" + ["賢治の夢の世界", "ファースト・ハンドの技術", "いくばくかの創造力と想像力"]
            .map { "## " + $0 + "\n\n" + String(repeating: "宮沢賢治は一九二一年一月に上京して、本郷赤門前のガリ版屋で働いた。\n", count: 4) + "\n\n" }.joined()
        #expect(try TextBookParser.outline(japanese) == ["1 賢治の夢の世界", "1 ファースト・ハンドの技術", "1 いくばくかの創造力と想像力"])
        let fetched = ["序", "山路", "温泉場", "画工"].map { "=== " + $0 + " ===\n" + String(repeating: Self.line + "\n", count: 4) }.joined(separator: "\n")
        #expect(try TextBookParser.outline(fetched) == ["1 序", "1 山路", "1 温泉场", "1 画工"].map { $0.replacingOccurrences(of: "场", with: "場") })
        let depths = "# A Book\n\n" + ["# The Sea", "## Morning", "## Evening", "# The Land", "## Night"].map { $0 + "\n\n" + prose + prose }.joined()
        #expect(try TextBookParser.outline(depths) == ["1 The Sea", "2 Morning", "2 Evening", "1 The Land", "2 Night"])
        // A line of wrapped text that happens to start with `# ` (a number sign in a formula) is text.
        let formula = "Some text that goes on about the count of a set and then\n# T | U ( λ ) ≥ dim G T | U λ + 1 by the induction hypothesis.\n\n"
        let counted = "THE COUNT\n\n" + ["## Chapter 1", "## Chapter 2", "## Chapter 3"].map { $0 + "\n\n" + formula + prose }.joined()
        #expect(try TextBookParser.outline(counted) == ["1 Chapter 1", "1 Chapter 2", "1 Chapter 3"])
        #expect(HeadingDecoration.markupKind("## 上架感言") == "#2" && HeadingDecoration.markupKind("=== 番外 ===") == "=")
        #expect(HeadingDecoration.markupKind("_A Word Before_") == nil && HeadingDecoration.markupKind("~ 2 ~") == nil)
    }

    /// A rule drawn over a title right above its text parts chapters, as editors' exports and
    /// some sites print them (`────────` over `雨落`, `━━━━` over `第一章 雨落`, `----------` over
    /// `The Harbour`): the title is the heading, the rule goes. A rule over a blank line or over a
    /// sentence is a scene break, and stays.
    @Test func aRuleDrawnOverATitle() throws {
        for (rule, titles) in [("────────────", ["雨落", "风起", "夜行"]), ("━━━━━━━━", ["第一章 雨落", "第二章 风起", "第三章 夜行"])] {
            let text = "长夜行\n作者：某某\n\n" + titles.map { rule + "\n" + $0 + "\n" + String(repeating: "\u{3000}\u{3000}" + Self.line + "\n", count: 4) + "\n" }.joined()
            let book = try TextBookParser.parse(text)
            #expect(book.sections.filter { $0.kind != .frontMatter }.map(\.title) == titles, "\(rule)")
            #expect(!book.sections.flatMap(\.paragraphs).contains { $0.contains(rule.prefix(4)) }, "\(rule)")
        }
        let prose = "It was a cold night and the wind came over the hills as it had done for weeks before."
        let english = "THE COAST\n\n" + ["The Harbour", "The Lighthouse", "The Storm"].map { "----------\n" + $0 + "\n" + prose + "\n" + prose + "\n\n" }.joined()
        #expect(try TextBookParser.outline(english) == ["1 The Harbour", "1 The Lighthouse", "1 The Storm"])
        let scenes = "THE COAST\n\nCHAPTER I.\n\n" + prose + "\n\n----------\n\nMorning\n\n" + prose + "\n\n----------\n" + prose + "\n\nCHAPTER II.\n\n" + prose + "\n"
        #expect(try TextBookParser.outline(scenes) == ["1 CHAPTER I.", "1 CHAPTER II."])
        #expect(!HeadingDecoration.isOverline(0, ["----------", "", "Morning"]) && !HeadingDecoration.isOverline(0, ["----------", Substring(prose)]))
        #expect(!HeadingDecoration.isOverline(0, ["----------", "She said so."]))  // a sentence, however short
        #expect(!HeadingDecoration.isOverline(1, [Substring(prose), "----------", "Morning"]))  // text right above: no title's rule
        #expect(HeadingDecoration.isOverline(1, ["", "----------", "Morning"]))
    }

    /// A CJK title set apart by the gap the book's chapters have after text is a heading, as a
    /// Latin one is: a web novel's `感谢盟主` and `请假条` between its chapters, a Japanese book's
    /// `あとがき`. The gap is read where headings follow text: a volume's first chapter, right
    /// under the volume, stands closer. A chapter's end mark, the main text's `正文` and a
    /// picture's placeholder stay what they are.
    @Test func aCJKTitleSetApartByTheHeadingGap() throws {
        var text = "长夜行\n作者：某某\n\n"
        let volumes = [("第一卷 少年游", ["第1章 雨落", "感谢盟主", "第2章 风起", "第3章 夜行"]), ("第二卷 江湖远", ["第4章 归来", "请假条", "第5章 雪夜", "第6章 天明"])]
        for (volume, chapters) in volumes {
            text += "=== \(volume) ===\n\n" + chapters.map { Self.chapter($0) }.joined()
        }
        #expect(try TextBookParser.outline(text) == volumes.flatMap { volume, chapters in ["1 " + volume] + chapters.map { "2 " + $0 } })
        let japanese = "夜の話\n\n" + ["第一章 春", "第二章 夏", "第三章 秋", "第四章 冬", "あとがき"].map { Self.chapter($0) }.joined()
        #expect(try TextBookParser.outline(japanese) == ["1 第一章 春", "1 第二章 夏", "1 第三章 秋", "1 第四章 冬", "1 あとがき"])
        // Set apart by indentation too: a title right over its text, at the margin where the
        // paragraphs are indented by `　　`, in the same book.
        let paragraph = "\u{3000}\u{3000}" + Self.line + "\n\n"
        let both = "夜の話\n\n" + ["第一章 春", "第二章 夏", "第三章 秋", "第四章 冬"].map { $0 + "\n\n" + String(repeating: paragraph, count: 8) + "\n" }.joined()
            + "あとがき\n\n" + paragraph + "\n付録\n" + paragraph + paragraph
        #expect(try TextBookParser.outline(both) == ["1 第一章 春", "1 第二章 夏", "1 第三章 秋", "1 第四章 冬", "1 あとがき", "1 付録"])
        for aside in ["（未完待续）", "正文", "＊＊＊"] {
            let book = "长夜行\n作者：某某\n\n" + ["第1章 雨落", "第2章 风起", aside, "第3章 夜行", "第4章 归来"].map { Self.chapter($0) }.joined()
            #expect(try TextBookParser.outline(book) == ["1 第1章 雨落", "1 第2章 风起", "1 第3章 夜行", "1 第4章 归来"], "\(aside)")
        }
    }

    /// A text that opens with its first heading has no title page (bookfetch writes none): the
    /// file's name is the title, not a short line of the first chapter.
    @Test func aTextOpeningWithItsFirstHeadingIsTitledByItsFile() throws {
        let chapters = ["山路", "温泉", "画工"].map { "=== " + $0 + " ===\n夏目漱石\n" + String(repeating: Self.line + "\n", count: 3) }.joined(separator: "\n")
        for (file, title, author) in [("草枕.txt", "草枕", nil), ("/tmp/downloads/长夜行.txt", "长夜行", nil), ("《长夜行》作者：某某.txt", "长夜行", "某某")] {
            let book = try TextBookParser.parse(chapters, options: TextBookOptions(fileName: file))
            #expect(book.title == title && book.author == author && book.sections.first?.title == "山路", "\(file)")
        }
        // bookfetch names a part it found no title for `第1部分`: no book's title.
        #expect(MetadataGuesser.firstLineTitle(["第1部分", "这是前言。"]) == nil && MetadataGuesser.isPartPlaceholder("第12部分"))
        #expect(MetadataGuesser.firstLineTitle(["山居笔记", "这是前言。"]) == "山居笔记" && !MetadataGuesser.isPartPlaceholder("第一部 分"))
    }

    /// Labels with text run on, on lines right after one another, are sentences naming chapters
    /// in paragraphs a line each (a tool's export, unindented): `第2章 日本語組版の基本では，…`.
    /// A 回目 run on into its chapter, whose text goes on below it, stays the chapter's heading.
    @Test func labelsRunOnLineAfterLineAreSentences() throws {
        let text = Self.line + "\n"
        var book = "某书\n作者：某某\n\n"
        for (n, name) in ["序論", "日本語組版の基本", "行の組版処理"].enumerated() {
            book += "=== 第\(n + 1)卷 \(name) ===\n" + String(repeating: text, count: 3)
            if n == 0 {
                book += "この文書は，次の3つの部分で構成されている．\n"
                book += "第1章 序論では，この文書の目的，作成方法，執筆方針及び構成を述べ，用語の参照などについて説明している．\n"
                book += "第2章 日本語組版の基本では，日本語組版で使用される文字と，その配置の原則及び組体裁の設計について説明している．\n"
                book += "第3章 行の組版処理では，約物などの組版処理，ルビ処理，行の調整処理などについて説明している．\n"
            }
            book += text + "\n"
        }
        #expect(try TextBookParser.outline(book) == ["1 第1卷 序論", "1 第2卷 日本語組版の基本", "1 第3卷 行の組版処理"])
        let novel = "金瓶梅\n作者：兰陵笑笑生\n\n" + ["第一回 景阳冈武松打虎 诗曰：豪华去后行人绝", "第二回 俏潘娘帘下勾情 诗曰：芙蓉面冰雪肌", "第三回 王婆定十件挨光计 诗曰：乍对不相识"]
            .map { $0 + "，箫筝不响歌喉咽。\n" + String(repeating: text, count: 3) + "\n" }.joined()
        #expect(try TextBookParser.outline(novel) == ["1 第一回 景阳冈武松打虎", "1 第二回 俏潘娘帘下勾情", "1 第三回 王婆定十件挨光计"])
    }

    /// A book whose 回目 run on into their text, chapter after chapter, may hold chapters of one
    /// paragraph each, one over the next (`第五回：… 话说…` right over `第六回：…`): where run-on
    /// labels standing alone are the many, stacked ones are chapters, and the book's sequence
    /// leaves out those that do not go on from it (`第二回` again); where chapters stand on lines of
    /// their own, a stack is sentences.
    @Test func stackedRunOnsGoingOnFromTheBooksOwnSequenceAreChapters() throws {
        let names = ["王教头私走延安府", "九纹龙大闹史家村", "史大郎夜走华阴县", "鲁提辖拳打镇关西", "赵员外重修文殊院", "鲁智深大闹五台山", "小霸王醉入销金帐", "花和尚大闹桃花村"]
        let numerals = ["一", "二", "三", "四", "五", "六", "七", "八"]
        func chapter(_ n: Int, paragraphs: Int) -> String {
            "　　第\(numerals[n])回：\(names[n]) 话说当时众人商议已定，各自散去。" + "\n" + String(repeating: "　　" + Self.line + "\n", count: paragraphs)
        }
        var book = "水浒传\n\n"
        for n in 0..<8 { book += chapter(n, paragraphs: [4, 5].contains(n) ? 0 : 6) }
        #expect(try TextBookParser.outline(book) == (0..<8).map { "1 第\(numerals[$0])回 \(names[$0])" })
        // A stack that goes back (`第二回` over `第三回` after the fourth) or jumps names chapters in prose.
        var mention = "水浒传\n\n"
        for n in 0..<4 { mention += chapter(n, paragraphs: 6) }
        mention += "　　第二回：九纹龙大闹史家村 话说那一回里的事。\n　　第三回：史大郎夜走华阴县 话说这一回里的事。\n" + String(repeating: "　　" + Self.line + "\n", count: 3)
        for n in 4..<6 { mention += chapter(n, paragraphs: 6) }
        #expect(try TextBookParser.outline(mention) == (0..<6).map { "1 第\(numerals[$0])回 \(names[$0])" })
        // Where chapters stand on lines of their own, a stack that goes on from one is sentences.
        var own = "水浒传\n\n第一回 王教头私走延安府\n" + String(repeating: "　　" + Self.line + "\n", count: 3)
        own += "　　第二回：九纹龙大闹史家村 话说这一回的事。\n　　第三回：史大郎夜走华阴县 话说那一回的事。\n" + String(repeating: "　　" + Self.line + "\n", count: 3)
        for n in 1..<3 { own += "第\(numerals[n])回 \(names[n])\n" + String(repeating: "　　" + Self.line + "\n", count: 6) }
        #expect(try TextBookParser.outline(own) == (0..<3).map { "1 第\(numerals[$0])回 \(names[$0])" })
    }

    /// Sections a Chinese book names by a word of their own, as the splitters list them: a
    /// classical book's `凡例`, `自序`, `附录一`, a web novel's `外传` and `大结局`; an afterword
    /// after the last volume (`跋`, `后记`) is the book's, not the volume's. A word of prose that
    /// starts with one (`跋涉`) is text.
    @Test func sectionsNamedByAWordOfTheirOwn() throws {
        for (front, back) in [("凡例", "跋"), ("自序", "后记"), ("卷首", "完本感言")] {
            let text = "某书\n\n某某 撰\n\n\n" + Self.chapter(front) + Self.chapter("卷之一") + Self.chapter("卷之二") + Self.chapter(back)
            #expect(try TextBookParser.outline(text) == ["1 \(front)", "1 卷之一", "1 卷之二", "1 \(back)"], "\(front)")
        }
        let web = "长夜行\n作者：某某\n\n" + ["第1章 雨落", "第2章 风起", "第3章 夜行", "外传 少年时", "大结局", "附录一 年表"].map { Self.chapter($0) }.joined()
        #expect(try TextBookParser.outline(web) == ["1 第1章 雨落", "1 第2章 风起", "1 第3章 夜行", "1 外传 少年时", "1 大结局", "1 附录一 年表"])
        #expect(HeadingMatcher.match("附录二 参考书目")?.name == "参考书目")  // the number is the label's, as 番外二's
        #expect(HeadingMatcher.match("跋涉千里，终于到了。") == nil)
        #expect(IsolatedTitles.isEndMark("（未完待续）") && IsolatedTitles.isEndMark("全书完") && !IsolatedTitles.isEndMark("大结局"))
    }

    /// A chapter as Chinese downloads set it: its title at the margin, twenty paragraphs indented
    /// by `　　` right below it, a blank line after.
    static func indented(_ title: String) -> String {
        title + "\n" + String(repeating: "　　" + line + "\n", count: 20) + "\n"
    }

    /// Forms legado's TXT table-of-contents rules list (the reader app's own list of how Chinese
    /// books set headings, read as facts): a star before every title, as 晋江文学城's downloads set
    /// them (`☆、雨落`, `★第1章 …`, `✦…`), is heading markup. A line of stars is a scene break,
    /// a sentence after a star text.
    @Test func starredTitlesAreHeadingMarkup() throws {
        let front = "长夜行\n作者：某某\n\n"
        #expect(try TextBookParser.outline(front + ["☆、雨落", "☆、风起", "☆、雪夜"].map(Self.indented).joined()) == ["1 雨落", "1 风起", "1 雪夜"])
        #expect(try TextBookParser.outline(front + ["★第1章 雨落", "★第2章 风起", "★第3章 雪夜"].map(Self.indented).joined()) == ["1 第1章 雨落", "1 第2章 风起", "1 第3章 雪夜"])
        #expect(try TextBookParser.outline(front + ["✦ 雨落", "✦ 风起", "✦ 雪夜"].map(Self.indented).joined()) == ["1 雨落", "1 风起", "1 雪夜"])
        #expect(HeadingDecoration.starred("☆☆☆") == nil && HeadingDecoration.starred("★注意：本书纯属虚构。") == nil)
        // A 回目 run on into its text loses the star for the label's rules, and is no title by markup.
        let runOn = front + ["一", "二", "三"].map { Self.indented("☆、第\($0)回 山路を登りながら、こう考えた。") }.joined()
        #expect(try TextBookParser.outline(runOn) == ["1 第一回", "1 第二回", "1 第三回"])
        let scenes = front + Self.indented("第1章 雨落") + "☆☆☆\n\n" + Self.indented("第2章 风起") + Self.indented("第3章 雪夜")
        #expect(try TextBookParser.outline(scenes) == ["1 第1章 雨落", "1 第2章 风起", "1 第3章 雪夜"])
    }

    /// legado's numbered titles take a colon, an underscore or a dash after the number as well as
    /// `、` (`1：雨落`, `1_雨落`, `1—雨落`); a comma counts (`1，2，3`), and a time is no title.
    @Test func numberedTitlesTakeTheMarksLegadoLists() throws {
        for mark in ["：", "_", "—"] {
            let text = "长夜行\n作者：某某\n\n" + ["雨落", "风起", "雪夜", "归途"].enumerated().map { Self.indented("\($0 + 1)\(mark)\($1)") }.joined()
            #expect(try TextBookParser.outline(text) == ["1 1\(mark)雨落", "1 2\(mark)风起", "1 3\(mark)雪夜", "1 4\(mark)归途"], "\(mark)")
        }
        #expect(HeadingMatcher.numberedLine("1，2，3") == nil && HeadingMatcher.numberedLine("10:30，出发") == nil)
        // A space after the number takes a title in letters, not a formula (`2 ∗ u + ( − 3 ) ∗ v`, `3 × 4 = 12`).
        #expect(HeadingMatcher.numberedLine("001 雨落")?.number == 1 && HeadingMatcher.numberedLine("2 「雨落」")?.number == 2)
        #expect(HeadingMatcher.numberedLine("2 ∗ u + ( − 3 ) ∗ v") == nil && HeadingMatcher.numberedLine("3 × 4 = 12") == nil
                && HeadingMatcher.numberedLine("1 ≤ n") == nil)
    }

    /// A bare label over the same label with its title (`第二章` / `第二章 雪夜`: a site's label line
    /// over the book's heading, legado's "double title") is one heading, titled by the fuller line.
    @Test func bareLabelOverTheSameLabelTitled() throws {
        let front = "长夜行\n作者：某某\n\n"
        let doubled = front + ["雨落", "风起", "雪夜"].enumerated().map { Self.indented("第\($0 + 1)章\n第\($0 + 1)章 \($1)") }.joined()
        #expect(try TextBookParser.outline(doubled) == ["1 第1章 雨落", "1 第2章 风起", "1 第3章 雪夜"])
        // Each heading stands at its label's line; the title's line is no title set apart of its own.
        #expect(try TextBookParser.parse(doubled).sections.map(\.line) == [1, 4, 27, 50])
        #expect(try TextBookParser.outline(front + ["一", "二", "三"].map { Self.indented("第\($0)回\n第\($0)回 山路") }.joined())
            == ["1 第一回 山路", "1 第二回 山路", "1 第三回 山路"])
        let prose = "It was a cold night and the wind came over the hills as it had done for weeks before.\n\n"
        let english = "THE NIGHT\n\nby Some One\n\n" + ["I", "II", "III"].map { "CHAPTER \($0)\nCHAPTER \($0). The Storm\n\n" + prose + prose }.joined()
        #expect(try TextBookParser.outline(english) == ["1 CHAPTER I. The Storm", "1 CHAPTER II. The Storm", "1 CHAPTER III. The Storm"])
    }

    /// A bracketed title right above the first paragraph is the book's when it is the first
    /// line that reads as a title (`【草枕】（夏目 漱石 著）`); below the book's title and author it is
    /// the first chapter's, as its siblings are (`『雨落』`, `〖雨落〗`, `【雨落】`).
    @Test func bracketedTitleBelowTheBooksTitleIsTheFirstChapters() throws {
        for (open, close) in [("『", "』"), ("〖", "〗"), ("【", "】")] {
            let text = "长夜行\n作者：某某\n\n" + ["雨落", "风起", "雪夜"].map { Self.indented(open + $0 + close) }.joined()
            #expect(try TextBookParser.outline(text) == ["1 \(open)雨落\(close)", "1 \(open)风起\(close)", "1 \(open)雪夜\(close)"], "\(open)")
        }
        let own = "【草枕】（夏目 漱石 著）\n\n" + String(repeating: "　　山路を登りながら、こう考えた。智に働けば角が立つ。\n", count: 30)
        let book = try TextBookParser.parse(own)
        #expect(book.title == "草枕" && book.detection == .size)
    }
}
