@testable import EPUBConverter
@testable import EPUBExport
@testable import EPUBOutput
import EPUBContract
import EPUBValidator
import Foundation
import Testing

/// Each `Fixtures/convert/NAME.txt` is a small novel with one encoding, heading form or trap;
/// `NAME.expected.json` beside it gives the exact encoding, metadata and table of contents.
struct ConverterFixtureTests {
    static let folder = FixturePaths.fixtures.appendingPathComponent("convert")
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }.sorted()

    @Test func everyEncodingAndTrapHasAFixture() {
        // Every TXT fixture there is (37 at this writing): removing one lowers this on purpose.
        #expect(names.count >= 37)
        for name in ["gb18030-volumes", "big5-traditional", "utf16le-bom", "utf16be-no-bom", "shift-jis", "heading-traps", "english-gutenberg"] {
            #expect(names.contains(name), "\(name)")
        }
    }

    var names: [String] { Self.names }

    @Test(arguments: names)
    func detectsWhatTheFixtureSays(name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name + ".txt"))
        let expected = try JSONText.parse(String(contentsOf: Self.folder.appendingPathComponent(name + ".expected.json"), encoding: .utf8))
        let decoded = try TextDecoder.decode(data)
        var options = TextBookOptions(fileName: name + ".txt")
        // A `NAME.rules.json` beside it is a legado rules file given with --toc-rules.
        let rules = Self.folder.appendingPathComponent(name + ".rules.json")
        if FileManager.default.fileExists(atPath: rules.path) { options.tocRules = try TocRules.load(Data(contentsOf: rules), path: rules.path) }
        let book = try TextBookParser.parse(decoded.text, options: options)
        if let rule = expected["tocRule"] {
            #expect(rule == (book.tocRule.map(JSONValue.string) ?? .null))
            #expect(expected["skippedTocRules"] == .array(book.skippedTocRules.map { .string($0.name) }))
        }
        #expect(expected["encoding"] == .string(decoded.encoding.displayName))
        #expect(expected["encodingConfidence"] == .string(decoded.confidence.rawValue))
        #expect(expected["invalidSequences"] == .integer(Int64(decoded.invalidSequences)))
        #expect(expected["title"] == .string(book.title))
        #expect(expected["author"] == (book.author.map(JSONValue.string) ?? .null))
        #expect(expected["language"] == .string(book.language))
        #expect(expected["paragraphStyle"] == .string(book.paragraphStyle.rawValue))
        #expect(expected["detection"] == .string(book.detection.rawValue))
        let sections = book.sections.map { "\($0.level) \($0.kind.rawValue) \($0.title) \($0.paragraphs.count)" }
        let wanted = (expected["sections"]?.array ?? []).map { entry in
            (entry.array ?? []).map { value -> String in
                switch value {
                case .string(let s): return s
                case .integer(let n): return String(n)
                default: return "?"
                }
            }.joined(separator: " ")
        }
        #expect(sections == wanted)
    }
}

struct ConverterTests {
    @Test func headingTrapsAreNotHeadings() {
        for line in ["第二节课", "第十集合了大家的力量", "第五部分的内容", "第三回合他赢了", "第一章写得不好，我要重写，而且要重写很多遍。", "序列号", "Chapter 3 of his book",
                     "Introductions are awkward", "Part of the problem", String(repeating: "第一章", count: 20),
                     "第四章 完", "（第四章完）", "第四章（完结）", "第十二回 完结"] {  // chapter-end markers
            #expect(HeadingMatcher.match(Substring(line)) == nil, "\(line)")
        }
    }

    /// Chapter numbers in every form novels use, as evidence of the sequence.
    @Test(arguments: [
        ("3", 3), ("０３", 3), ("十", 10), ("十一", 11), ("二十一", 21), ("一百零八", 108), ("一〇八", 108),
        ("贰拾壹", 21), ("兩百", 200), ("一千二百三十四", 1234), ("三万", 30000), ("廿", -1), ("", -1),
    ])
    func chapterNumbers(text: String, value: Int) {
        #expect(ChapterNumber.parse(text) == (value < 0 ? nil : value), "\(text)")
    }

    /// Title and byline on one line at the top, each in brackets of its own (a held-out download:
    /// neither was found): the byline's brackets are stripped like parentheses are.
    @Test func bracketedTitleAndBracketedByline() throws {
        let cases: [(String, String, String)] = [
            ("【金瓶梅词话】【作者：兰陵笑笑生】", "金瓶梅词话", "兰陵笑笑生"),
            ("《红楼梦》[作者:曹雪芹]", "红楼梦", "曹雪芹"),
            ("【西游记】（吴承恩 著）", "西游记", "吴承恩"),
            ("《水浒传》〔施耐庵 撰〕", "水浒传", "施耐庵"),
            ("【日本語組版処理の要件（日本語版）】作者：W3C® (MIT, ERCIM, Keio)", "日本語組版処理の要件（日本語版）", "W3C® (MIT, ERCIM, Keio)"),
            ("【日本語組版処理の要件】（W3C® (MIT, ERCIM, Keio) 著）", "日本語組版処理の要件", "W3C® (MIT, ERCIM, Keio)"),
        ]
        for (line, title, author) in cases {
            let guess = MetadataGuesser.guess([line, "", "第一回 开篇", "", "正文。"], fileName: "x.txt")
            #expect(guess.title == title, "\(line)")
            #expect(guess.author == author, "\(line)")
        }
        // A bracketed note after the title that names no one stays no author.
        #expect(MetadataGuesser.guess(["【金瓶梅】【全本校注版】", "", "第一回 开篇"], fileName: "x.txt").author == nil)
        #expect(MetadataGuesser.guess(["【金瓶梅】【全本精编】", "", "第一回 开篇"], fileName: "x.txt").author == nil)
        // `某某 著` below the title, the name in Latin letters with commas of its own.
        let credited = MetadataGuesser.guess(["日本語組版処理の要件", "W3C® (MIT, ERCIM, Keio) 著", "", "第1章 序論"], fileName: "x.txt")
        #expect(credited.title == "日本語組版処理の要件" && credited.author == "W3C® (MIT, ERCIM, Keio)")
        #expect(MetadataGuesser.creditedName("Version 2, edited,著") == nil)
        // In a book whose paragraphs are indented, the bracketed title over the first paragraph is
        // the book's, no heading (it had been, and the title came from the file name).
        let para = "　　山路を登りながら、こう考えた。智に働けば角が立つ。情に棹させば流される。\n"
        let book = try TextBookParser.parse("【草枕】（夏目 漱石 著）\n\n" + para + (1...3).map { "第\(["一", "二", "三"][$0 - 1])回\n" + String(repeating: para, count: 8) }.joined(),
                                            options: .init(fileName: "0064-kusamakura.txt"))
        #expect(book.title == "草枕" && book.author == "夏目 漱石")
        #expect(book.sections.map(\.title) == ["草枕", "第一回", "第二回", "第三回"])
    }

    /// The labels novel downloaders write over the text they save (`小说名称：{书名}` over `作者：`,
    /// `书籍名称：{书名}` and its author on one line after a tab, `【小说名称】`): the title, not
    /// the file's name.
    @Test func titlesFromADownloadersLabels() {
        let cases: [[String]] = [
            ["小说名称：诛仙", "作者：萧鼎", String(repeating: "=", count: 50)],
            ["书籍名称：诛仙\t作者：萧鼎", "来源地址：http://www.example.com/book/1/", "内容介绍：天下之大，无奇不有。"],
            ["【小说名称】诛仙", "【作者】萧鼎"],
        ]
        for front in cases {
            let guess = MetadataGuesser.guess(front + ["", "第一章 青云", "", "正文。"], fileName: "x.txt")
            #expect(guess.title == "诛仙" && guess.author == "萧鼎", "\(front): \(guess)")
        }
    }

    /// A title a site frames with the same run of symbols on both sides (`═══ 诛仙 ═══`, `★★ 诛仙 ★★`,
    /// `※※※ 诛仙 ※※※`) is the text inside; a line that only opens with a symbol keeps it.
    @Test func titlesFramedBySymbols() {
        for framed in ["═══ 诛仙 ═══", "★★ 诛仙 ★★", "※※※ 诛仙 ※※※", "--- The Title ---"] {
            let guess = MetadataGuesser.guess([framed, "☆ 作者 萧鼎", "", "第一章 青云", "", "正文。"], fileName: "x.txt")
            #expect(guess.title == (framed.hasPrefix("-") ? "The Title" : "诛仙"), "\(framed): \(guess)")
        }
        #expect(HeadingDecoration.unframed("★ 诛仙") == "★ 诛仙")
        #expect(HeadingDecoration.unframed("* * *") == "* * *")
    }

    /// Titles from the text before the file name: the line above 作者：, a first line that reads as
    /// a title, never a first line that names a part of the book.
    @Test func titlesFromTheText() {
        #expect(MetadataGuesser.guess(["江湖夜雨", "作者：无名氏"], fileName: "x.txt").title == "江湖夜雨")
        #expect(MetadataGuesser.guess(["山居笔记", "清晨的雾还没有散。"], fileName: "x.txt").title == "山居笔记")
        #expect(MetadataGuesser.guess(["目录", "第一章 甲"], fileName: "x.txt").title == "x")
        #expect(MetadataGuesser.guess(["他走了很久，终于到了。"], fileName: "y.txt").title == "y")
    }

    /// legado rule files: Java spellings translated, Java-only classes refused with the reason,
    /// bad files refused as a whole.
    @Test func tocRuleFiles() throws {
        #expect(TocRules.translated(#"^\p{IsHan}+\p{InCJKUnifiedIdeographs}$"#) == #"^\p{Han}+\p{Block=CJKUnifiedIdeographs}$"#)
        #expect(TocRules.javaOnly(#"^\p{javaLowerCase}"#) == #"\p{javaLowerCase}"#)
        let unusable = try TocRules.load(Data(#"[{"name":"a","rule":"^(unclosed","enable":true}]"#.utf8), path: "r.json")
        #expect(throws: ConversionError.self) { try TextBookParser.parse("第一章 甲\n正文。", options: .init(tocRules: unusable)) }
        #expect(throws: ConversionError.self) { try TocRules.load(Data("{}".utf8), path: "r.json") }
        #expect(throws: ConversionError.self) { try TocRules.load(Data(#"[{"rule":"^x","enable":false}]"#.utf8), path: "r.json") }
        #expect(throws: ConversionError.self) { try TocRules.load(Data("not json".utf8), path: "r.json") }
    }

    /// Pleas appended to titles are cut, and a site's or an author's note in brackets; a title that
    /// is only words like them, or brackets of the author's, stay.
    @Test(arguments: [
        ("第一章 初入江湖（求收藏）", "第一章 初入江湖"), ("第二章 风起 求推荐票！", "第二章 风起"),
        ("第三章 夜行【二更】", "第三章 夜行"), ("第四章 雨夜，求月票~", "第四章 雨夜"), ("第五章 归来(第二更)", "第五章 归来"),
        ("第六章 收藏", "第六章 收藏"), ("第七章 旧友（上）", "第七章 旧友（上）"), ("求收藏", "求收藏"),
        // Notes in brackets, the kinds a reader's title cleaner lists from real books.
        ("第八章 末日(本章免费)", "第八章 末日"), ("第九章 决战（二合一）", "第九章 决战"), ("第十章 归途（4k大章）", "第十章 归途"),
        ("第十一章 雪夜（第三更）", "第十一章 雪夜"), ("第十二章 故人（感谢书友夜雨的打赏）", "第十二章 故人"),
        ("第十三章 出发（为盟主夜雨加更）", "第十三章 出发"), ("第十四章 夜行（二合一）（求月票）", "第十四章 夜行"),
        ("第十五章 三千里（3000里）", "第十五章 三千里（3000里）"), ("第十六章 感谢（感谢信）", "第十六章 感谢（感谢信）"),
        ("第十七章 合一（天人合一）", "第十七章 合一（天人合一）"), ("第十八章 免费的午餐", "第十八章 免费的午餐"),
    ])
    func adSuffixes(line: String, stripped: String) {
        #expect(String(AdSuffix.strip(Substring(line))) == stripped, "\(line)")
    }

    /// The sequence decides lines only it can: a long title that continues it, a quoted chapter
    /// label inside a chapter, numbered lines among 第…章 headings, numbers restarting per volume.
    @Test func sequenceIsEvidence() throws {
        let text = ["第一章 甲", "正文。", "第二章 乙", "正文。", "第二章里他说过的话", "正文。", "第三章 丙", "正文。",
                    "第四章 " + String(repeating: "长", count: 35), "正文。", "5、戊", "正文。", "第一卷 新", "第一章 己", "正文。"].joined(separator: "\n")
        let book = try TextBookParser.parse(text)
        #expect(book.sections.map(\.title) == ["第一章 甲", "第二章 乙", "第三章 丙", "第四章 " + String(repeating: "长", count: 35), "5、戊", "第一卷 新", "第一章 己"])
        // Without a sequence around it, a long title is not taken (a body line that starts with 第…章).
        let alone = try TextBookParser.parse(["第一章 甲", "正文。", "第九章 " + String(repeating: "长", count: 35), "正文。"].joined(separator: "\n"))
        #expect(alone.sections.map(\.title) == ["第一章 甲"])
        // A chapter in two parts under one number keeps both.
        let parts = try TextBookParser.parse(["第一章 甲", "正文。", "第二章 乙（上）", "正文。", "第二章 乙（下）", "正文。", "第三章 丙", "正文。"].joined(separator: "\n"))
        #expect(parts.sections.map(\.title) == ["第一章 甲", "第二章 乙（上）", "第二章 乙（下）", "第三章 丙"])
    }

    /// A numbering may start above 2 (an anthology's section numbering its stories from `CXC.`)
    /// where three numbers in a row follow, other numerals between them or not (`I.`, `II.` are
    /// parts of a story); unless the book numbers the form from 1 for longer (`VIII.` to `X.` of
    /// a contents list before chapters `I.` to `V.`).
    @Test func numberingMayStartAboveTwo() throws {
        // Project Gutenberg's layout with the text right under the heading: `_CXC._` / `_TITLE_` / prose
        // (the title, in emphasis marks, is the numeral's).
        let prose = "The story goes on for a while, as stories do, with more words than\na heading has in it, and then some more words follow it here.\n\n"
        func chapter(_ numeral: String, _ title: String) -> String { "\n\n\n\n\n_\(numeral)_\n_\(title)_\n" + String(repeating: prose, count: 4) }
        let anthology = "_SECTION IV._\n_FAIRY STORIES_\n\n" + chapter("CXC.", "A FOUR-LEAVED CLOVER") + chapter("I.", "THE RABBI") + chapter("II.", "FRIENDSHIP")
            + chapter("CXCI.", "THE REAL PRINCESS") + chapter("CXCII.", "THE NIGHTINGALE")
        #expect(try TextBookParser.parse(anthology).sections.filter { $0.kind == .chapter }.map(\.title)
                == ["CXC. A FOUR-LEAVED CLOVER", "CXCI. THE REAL PRINCESS", "CXCII. THE NIGHTINGALE"])
        let ordinals = ["I.": "FIRST", "II.": "SECOND", "III.": "THIRD", "IV.": "FOURTH", "V.": "FIFTH"]
        let listed = "CONTENTS\n\n" + chapter("VIII.", "LATE") + chapter("IX.", "LATER") + chapter("X.", "LATEST")
            + ["I.", "II.", "III.", "IV.", "V."].map { chapter($0, "THE " + (ordinals[$0] ?? "")) }.joined()
        #expect(try TextBookParser.parse(listed).sections.filter { $0.kind == .chapter }.map(\.title)
                == ["I. THE FIRST", "II. THE SECOND", "III. THE THIRD", "IV. THE FOURTH", "V. THE FIFTH"])
    }

    /// A title centred by a tool that counted code points (`len()` in Python, 23 spaces before
    /// `_उद्योग पर्व अध्याय १०_` on a 70-column page) is centred when its characters are counted
    /// (13 after its emphasis marks are taken off: 59 columns, under the 60 a page has) or its code
    /// points; a Latin line has as many of both.
    @Test func centredByCodePointsOrCharacters() {
        let title = "उद्योग पर्व अध्याय १०"
        #expect(title.count == 13 && title.unicodeScalars.count == 21)
        #expect(TextLines.isCentred(Substring(String(repeating: " ", count: 23) + title)))
        #expect(!TextLines.isCentred(Substring(String(repeating: " ", count: 8) + title)))
        #expect(!TextLines.isCentred("          Ten spaces, then a line."))
    }

    /// Where each paragraph is a line, blank lines part no paragraphs: blocks set four blank lines
    /// apart, each under a centred title right over its verses, are the book's chapters (a
    /// Mahabharata in Devanagari, no heading word the matcher knows).
    @Test func linesApartInLineParagraphsAreDivisions() throws {
        let verse = ["नारायणं नमस्कृत्य नरं चैव नरॊत्तमम देवीं सरस्वतीं चैव", "ततॊ जयम उदीरयेत लॊमहर्षणपुत्र उग्रश्रवाः सूतः पौराणिकः"]
        let chapters = ["१", "२", "३", "४"].map { n in
            "\n\n\n\n" + String(repeating: " ", count: 26) + "आदि पर्व अध्याय \(n)\n" + (0..<12).map { "    " + verse[$0 % 2] }.joined(separator: "\n") + "\n"
        }
        let book = try TextBookParser.parse(String(repeating: " ", count: 30) + "महाभारत\n" + chapters.joined())
        #expect(book.paragraphStyle == .linePerParagraph)
        #expect(book.sections.filter { $0.kind == .chapter }.map(\.title) == ["आदि पर्व अध्याय १", "आदि पर्व अध्याय २", "आदि पर्व अध्याय ३", "आदि पर्व अध्याय ४"])
    }

    /// A section number's title is as long as a reader sees it: zero width spaces where the
    /// source allowed breaks (jlreq's `<wbr>`) do not count towards the 40 characters a CJK title may have.
    @Test func zeroWidthSpacesAreNoPartOfATitlesLength() {
        let z = "\u{200B}"
        let title = "始め括弧類，終わり括弧類，読点類，句点類及び\(z)中点類が\(z)連続する\(z)場合の\(z)配置方法"
        #expect(SectionNumbers.parse(Substring("3.1.4 " + title))?.parts == [3, 1, 4])
        #expect(SectionNumbers.parse(Substring("3.1.4 " + title + "の例外的な場合")) == nil)
    }

    /// A section heading right below a line of Japanese text that ends on a digit (a figure's
    /// caption) is a heading: only Latin prose runs on into the next line mid-sentence.
    @Test func aCaptionEndingOnADigitIsNoSentenceRunningOn() throws {
        let body = "\u{3000}\u{3000}日本語の組版では，行頭と行末の処理が重要であり，次のように処理する．"
        let caption = "\u{3000}\u{3000}図 4.36 見出しの前を1行アキに設定した小見出しがページ先頭にきた場合の配置例3"
        let text = ["組版の要件", "", "第1章 序論", "1.1 この文書の目的", body, "1.2 この文書の作成方法", body, caption, "1.3 この文書の執筆方針", body, "1.4 この文書の構成", body]
        let book = try TextBookParser.parse(text.joined(separator: "\n"))
        #expect(book.sections.filter { $0.kind != .frontMatter }.map(\.title) == ["第1章 序論", "1.1 この文書の目的", "1.2 この文書の作成方法", "1.3 この文書の執筆方針", "1.4 この文書の構成"])
    }

    /// In a book that indents its paragraphs and leaves no blank lines, a flush title right
    /// below a paragraph's line, over another title, is a division over its first section: the
    /// paragraph above ends as a blank line would end it.
    @Test func aTitleOverATitleRightAfterAnIndentedParagraphIsADivision() throws {
        let body = (1...8).map { "\u{3000}\u{3000}本文の段落です。ここに説明が続きます。\($0)" }
        var text = ["書名：サンプル", "", "はじめに"] + body
        for part in ["EPUBのベストプラクティス 表紙の登録方法", "EPUBのベストプラクティス 目次の出力方法"] {
            text += [part, "EPUB2"] + body + ["EPUB3"] + body
        }
        let book = try TextBookParser.parse(text.joined(separator: "\n"))
        #expect(book.sections.filter { $0.kind != .frontMatter }.map { "\($0.level) \($0.title)" } == [
            "1 はじめに", "1 EPUBのベストプラクティス 表紙の登録方法", "2 EPUB2", "2 EPUB3", "1 EPUBのベストプラクティス 目次の出力方法", "2 EPUB2", "2 EPUB3",
        ])
    }

    /// Only a Latin line runs on into a lower-case word below it: a Japanese section title over
    /// a site's `ps：…` line is a heading, not a line inside a paragraph.
    @Test func aJapaneseTitleOverALowerCaseLineIsAHeading() throws {
        let body = "\u{3000}\u{3000}日本語の組版では，行頭と行末の処理が重要であり，次のように処理する．"
        let text = ["組版の要件", "", "第1章 序論", "1.1 この文書の目的", body, "1.2 この文書の作成方法", "ps：今天还有一更。", "1.2.1 作成の手順", body,
                    "1.3 この文書の執筆方針", body]
        let book = try TextBookParser.parse(text.joined(separator: "\n"))
        #expect(book.sections.filter { $0.kind != .frontMatter }.map(\.title) == ["第1章 序論", "1.1 この文書の目的", "1.2 この文書の作成方法", "1.2.1 作成の手順", "1.3 この文書の執筆方針"])
    }

    /// Where nothing sets the headings apart (every line indented alike, no blank lines), a
    /// contents list of bare titles names them: the lines after it that say its entries, in its
    /// order, are the headings. The list goes on past a title it gives twice (`EPUB2` under two
    /// parts), and a Japanese title may open with a Latin word in lower case.
    @Test func aListOfTitlesNamesHeadingsNothingElseMarks() throws {
        let titles = ["数式サポートの進化", "iBooks3.0による表示例", "linear 属性の設定方法", "EPUB2", "EPUB3", "目次の出力方法", "EPUB2", "EPUB3", "まとめ", "注釈一覧", "図表一覧"]
        let body = (1...3).map { "\u{3000}\u{3000}本文の段落です。ここに説明が続きます。\($0)" }
        let text = ["サンプル", "", "目录", ""] + titles + ["", ""] + titles.flatMap { ["\u{3000}\u{3000}" + $0] + body }
        let book = try TextBookParser.parse(text.joined(separator: "\n"))
        #expect(book.sections.filter { $0.kind != .frontMatter }.map(\.title) == titles)
    }

    /// A contents list that gives a title twice (two poems called `To You`) goes on when titles
    /// follow, and an entry's title is read without its dot leaders and page number: the entries
    /// after the repeat, long with their leaders, are still the list's, and a `Preface …` among
    /// them is no heading.
    @Test func aListGoesOnPastARepeatedTitleWithLeaders() throws {
        let contentsLine = { (title: String, page: Int) -> String in
            "    " + title + " " + String(repeating: ".", count: max(3, 58 - title.count)) + " " + String(page)
        }
        let titles = ["Inscriptions", "To You", "Song of the Universal", "Pioneers! O Pioneers!", "To You", "France", "Myself and Mine",
                      "Year of Meteors", "Preface Note to 2nd Annex", "Lingering Last Drops"]
        let verse = "Whoever you are, I fear you are walking the walks of dreams,\nI fear these supposed realities are to melt from under your feet and hands."
        let body = titles.map { "\n\n\n\n" + $0.uppercased() + "\n\n" + verse + "\n" }.joined()
        let text = "Leaves of Grass\n\nBy Walt Whitman\n\n\n\nCONTENTS\n\n" + titles.enumerated().map { contentsLine($1, 10 + $0) }.joined(separator: "\n") + "\n" + body
        let book = try TextBookParser.parse(text)
        #expect(book.sections.filter { $0.kind != .frontMatter }.map(\.title) == titles.map { $0.uppercased() })
    }

    /// A division's title over its first chapter with no text between, two blank lines down, as
    /// every chapter stands two lines below the text before it and one line over its verses: the
    /// first chapter is one. How far headings stand from their text is read from the chapters when
    /// the divisions stand over none (only a title page's `_Second Edition_` over its imprint).
    @Test func aDivisionsFirstChapterRightBelowIt() throws {
        let verse = ["नारायणं नमस्कृत्य नरं चैव नरॊत्तमम देवीं सरस्वतीं चैव", "ततॊ जयम उदीरयेत लॊमहर्षणपुत्र उग्रश्रवाः सूतः पौराणिकः"]
        let stanza = (0..<4).map { "    " + verse[$0 % 2] }.joined(separator: "\n")
        func chapter(_ title: String) -> String { "\n\n" + title + "\n\n" + stanza + "\n\n" + stanza + "\n\n" + stanza + "\n" }
        var text = "महाभारत\n\n\n\n\n\n_Second Edition_\n\n\nNEW YORK\nTHE PRESS\n1899\n"
        var expected: [String] = []
        for parva in ["आदि पर्व", "सभा पर्व", "वन पर्व"] {
            text += "\n\n\n\n\n\n" + parva + "\n"
            expected.append("1 " + parva)
            for n in ["१", "२", "३"] {
                text += chapter(parva + " अध्याय " + n)
                expected.append("2 " + parva + " अध्याय " + n)
            }
        }
        let titles = try TextBookParser.parse(text).sections.filter { $0.kind != .frontMatter }.map { "\($0.level) \($0.title)" }
        #expect(titles == expected, "\(titles)")
    }

    /// A play's contents list, each act over its scenes with a blank line between acts, entries
    /// ending with a full stop after a word in lower case (`Scene I. A public place.`), and a line
    /// that is no heading among them (`CHORUS.`): one list, none of its entries a section.
    @Test func aPlaysContentsListIsOneList() throws {
        let speech = "SAMPSON.\nGregory, on my word, we’ll not carry coals.\n\nGREGORY.\nNo, for then we should be colliers.\n\n [_Exeunt._]\n"
        let scenes = [["A public place.", "A Street.", "Room in Capulet’s House."], ["An open place adjoining Capulet’s Garden.", "Capulet’s Garden."]]
        var list = "Contents\n\nTHE PROLOGUE.\n"
        var body = "\n\n\nTHE PROLOGUE\n\n Enter Chorus.\n\n" + speech
        var expected = ["THE PROLOGUE"]
        for (act, places) in scenes.enumerated() {
            let actTitle = "ACT " + ["I", "II"][act]
            list += "\n" + actTitle + "\n" + (act == 1 ? "CHORUS.\n" : "")
            body += "\n\n\n" + actTitle + "\n\n"
            expected.append(actTitle)
            for (n, place) in places.enumerated() {
                let numeral = ["I", "II", "III"][n]
                list += "Scene \(numeral). \(place)\n"
                body += "SCENE \(numeral). \(place)\n\n Enter Romeo.\n\n" + speech + "\n"
                expected.append("SCENE \(numeral). \(place)")
            }
        }
        let text = "THE TRAGEDY OF ROMEO AND JULIET\n\nby William Shakespeare\n\n\n\n" + list + "\n\n\n\nDramatis Personæ\n\n"
            + "ESCALUS, Prince of Verona.\nMERCUTIO, kinsman to the Prince, and friend to Romeo.\n\n" + body
        let titles = try TextBookParser.parse(text).sections.filter { $0.kind != .frontMatter }.map(\.title)
        #expect(titles == expected, "\(titles)")
        #expect(!ContentsList.isProse(["ACT II", "CHORUS.", "Scene I. An open place adjoining Capulet’s Garden.", "Scene II. Capulet’s Garden."]))
        #expect(ContentsList.isProse(["He went to the scene of the crime. It was late.", "Nobody was there, and the rain came down.",
                                      "She waited for him by the door."]))
    }

    /// A novel's contents list as older transcriptions print it: parts over chapters, entries
    /// ending with a full stop, a long entry wrapped under a hanging indent, a title in quotation
    /// marks: one list, the book's headings below it its only sections. A list joins a heading's
    /// two lines (`STAVE ONE MARLEY’S GHOST`): label, number, title.
    @Test func aListsEntriesEndInFullStopsAndWrap() throws {
        let prose = String(repeating: "Squire Trelawney, Dr. Livesey, and the rest of these gentlemen having asked me to write it down. ", count: 6)
        let parts = [("ONE", "The Old Buccaneer", ["The Old Sea-dog at the Admiral Benbow", "Narrative Continued by the Doctor: How the Ship Was Abandoned",
                                                   "Black Dog Appears and Disappears"]),
                     ("TWO", "The Stockade", ["The Stockade Holds", "“Pieces of Eight”"])]
        var list = "CONTENTS.\n\n", body = "", expected: [String] = [], chapter = 0
        for (word, title, chapters) in parts {
            list += "\n PART \(word). --\(title).\n"
            body += "\n\n\n\n\nPART \(word).\n--\(title)\n"
            expected.append("PART \(word). --\(title)")
            for name in chapters {
                chapter += 1
                let numeral = ["I", "II", "III", "IV", "V"][chapter - 1]
                let entry = "\(numeral). \(name)."
                list += entry.count > 50 ? "    \(entry.prefix(42))\n        \(entry.dropFirst(42).drop { $0 == " " })\n" : "    \(entry)\n"
                body += "\n\n\n\n\(numeral).\n\(name)\n\n\n" + prose + "\n\n" + prose + "\n"
                expected.append("\(numeral). \(name)")
            }
        }
        let text = "Treasure Island\n\nby Robert Louis Stevenson\n\n\n\n" + list + "\n\n\n" + body
        let titles = try TextBookParser.parse(text).sections.filter { $0.kind != .frontMatter }.map(\.title)
        #expect(titles == expected, "\(titles)")
        #expect(ContentsList.entry("STAVE ONE MARLEY’S GHOST")?.number == 1)
        #expect(ContentsList.entry("XVI. Narrative Continued by the Doctor: How the Ship Was Abandoned.")?.number == 16)
        #expect(ContentsList.entry("XXVII. “Pieces of Eight”")?.number == 27)
        #expect(ContentsList.entry("He said. It was late.") == nil)
    }

    /// A label no list names parts its number from its title with a dash as a named one does
    /// (`STAVE 1—MARLEY’S GHOST` as `CHAPTER 1—…`): a list of such entries is a contents list, its
    /// entries no headings, with a list of illustrations and a half-title below it. A sentence
    /// after the dash is no title.
    @Test func aDashAfterALabelsNumber() throws {
        #expect(HeadingMatcher.match("STAVE 1—MARLEY’S GHOST").map { [$0.name, $0.keyword ?? ""] } == ["MARLEY’S GHOST", "stave"])
        #expect(HeadingMatcher.match("Canto II–The Descent")?.number == 2 && HeadingMatcher.match("FYTTE 3--THE GREEN KNIGHT")?.name == "THE GREEN KNIGHT")
        #expect(HeadingMatcher.match("Room 101—it was there that he waited for them all.") == nil && HeadingMatcher.match("Track 4—and then we left") == nil)
        let staves = ["STAVE 1—MARLEY’S GHOST", "STAVE 2—THE FIRST OF THE THREE SPIRITS", "STAVE 3—THE SECOND OF THE THREE SPIRITS"]
        let prose = String(repeating: "Marley was dead: to begin with. There is no doubt whatever about that. ", count: 6)
        let text = "A CHRISTMAS CAROL\n\nby Charles Dickens\n\n\n\nTABLE OF CONTENTS\n\n\n PREFACE\n\n" + staves.map { " \($0)\n\n" }.joined()
            + "\n\n\n                        LIST OF ILLUSTRATIONS\n\n\n" + ["_Frontispiece_", "20"].map { "  The Standard Ebooks logo.".padding(toLength: 60, withPad: " ", startingAt: 0) + $0 + "\n" }.joined()
            + "\n\n\n"
            + "A CHRISTMAS CAROL.\n\n\n\n\n\n_PREFACE_\n\n" + prose + "\n\n" + staves.map { "\n\n_\($0)_\n\n" + prose + "\n\n" + prose + "\n" }.joined()
        let outline = try TextBookParser.outline(text)
        #expect(outline == ["1 PREFACE"] + staves.map { "1 " + $0 }, "\(outline)")
    }

    /// A list of two-line entries (`CHAP. XXVI` over `Knights and Squires.`) goes on past a title
    /// it gives twice under two labels, and past a title that reads as two sentences (`Ahab’s Boat
    /// and Crew. Fedallah.`): each is its label's title, not the book starting.
    @Test func twoLineEntriesRepeatAndEndInSentences() throws {
        let prose = String(repeating: "Call me Ishmael. Some years ago, never mind how long precisely, having little money in my purse. ", count: 6)
        let titles = ["Loomings.", "Knights and Squires.", "Knights and Squires.", "Ahab’s Boat and Crew. Fedallah.", "The Hyena.", "The Spirit-Spout."]
        let numerals = ["I", "II", "III", "IV", "V", "VI"]
        var list = "CONTENTS.\n\n\nETYMOLOGY.\n\n"
        var body = "\n\n\nETYMOLOGY.\n\n" + prose + "\n"
        for (numeral, title) in zip(numerals, titles) {
            list += "CHAP. \(numeral)\n\(title)\n\n"
            body += "\n\n\nCHAPTER \(numeral)\n\(title.dropLast())\n\n" + prose + "\n\n" + prose + "\n"
        }
        let sections = try TextBookParser.parse("Moby-Dick\n\nby Herman Melville\n\n\n\n" + list + "\n" + body).sections.filter { $0.kind != .frontMatter }
        #expect(sections.map(\.title) == ["ETYMOLOGY."] + zip(numerals, titles).map { "CHAPTER \($0) \($1.dropLast())" }, "\(sections.map(\.title))")
    }

    /// In a book with a paragraph a line, a division's label over its title (`BOOK 1.` over
    /// `Introduction`) is one heading: its title line is no heading of its own, though the word
    /// names one (`Introduction`).
    @Test func aLabelsTitleLineIsNoHeadingOfItsOwn() throws {
        let paragraph = String(repeating: "Accessibility is a difficult concept to define, and there is no single magic bullet. ", count: 4)
        var text = "Accessible EPUB 3\n\nby Matt Garrish\n\n\n\n"
        var expected: [String] = []
        for (n, (volume, titles)) in [("Introduction", ["The Digital Famine", "Accessibility and Usability"]),
                                      ("Building a Better EPUB", ["A Solid Foundation", "Getting Around"])].enumerated() {
            text += "\n\n\n\n\nBOOK \(n + 1).\n\(volume)\n" + [paragraph, paragraph, paragraph].joined(separator: "\n\n") + "\n"
            expected.append("1 BOOK \(n + 1). \(volume)")
            for title in titles {
                text += "\n\n\n\n\(title)\n" + [paragraph, paragraph, paragraph].joined(separator: "\n\n") + "\n"
                expected.append("2 " + title)
            }
        }
        let book = try TextBookParser.parse(text)
        #expect(book.paragraphStyle == .linePerParagraph)
        let titles = book.sections.filter { $0.kind != .frontMatter }.map { "\($0.level) \($0.title)" }
        #expect(titles == expected, "\(titles)")
    }

    /// Where the book's labelled divisions (`BOOK 1.`) hold titles set apart, a `Preface` before
    /// the first of them over titles set apart alike holds them too.
    @Test func aPrefaceHoldsItsTitlesAsDivisionsDo() throws {
        let paragraph = "Accessibility is a difficult concept to define. There is no single\nmagic bullet solution that will make all content accessible to all\npeople, and that is a reality you need to be aware of as you go."
        let prose = [paragraph, paragraph, paragraph].joined(separator: "\n\n")
        var text = "Accessible EPUB 3\n\nby Matt Garrish\n\n\n\n\nPreface\n" + prose + "\n"
        var expected = ["1 Preface"]
        for title in ["Conventions Used in This Book", "Using Code Examples", "Acknowledgments"] {
            text += "\n\n\n\n\(title)\n" + prose + "\n"
            expected.append("2 " + title)
        }
        for (n, (volume, titles)) in [("Introduction", ["The Digital Famine", "Accessibility and Usability"]),
                                      ("Building a Better EPUB", ["A Solid Foundation", "Getting Around"])].enumerated() {
            text += "\n\n\n\n\nBOOK \(n + 1).\n\(volume)\n" + prose + "\n"
            expected.append("1 BOOK \(n + 1). \(volume)")
            for title in titles {
                text += "\n\n\n\n\(title)\n" + prose + "\n"
                expected.append("2 " + title)
            }
        }
        let titles = try TextBookParser.parse(text).sections.filter { $0.kind != .frontMatter }.map { "\($0.level) \($0.title)" }
        #expect(titles == expected, "\(titles)")
    }

    /// A list's title (`LIST OF ILLUSTRATIONS`) set flush in a book of indented verse is the
    /// list's, not a section's: taken for a heading, it stood with the division below it (`आदि
    /// पर्व`) as a cluster of headings without text, and both were dropped as a list.
    @Test func aListsTitleHeadsNoSectionInIndentedText() throws {
        let verse = ["नारायणं नमस्कृत्य नरं चैव नरॊत्तमम देवीं सरस्वतीं चैव", "ततॊ जयम उदीरयेत लॊमहर्षणपुत्र उग्रश्रवाः सूतः पौराणिकः"]
        func chapter(_ title: String) -> String { "\n\n" + title + "\n" + (0..<12).map { "    " + verse[$0 % 2] }.joined(separator: "\n") + "\n" }
        let list = "\n\n\nLIST OF ILLUSTRATIONS\n\n\n  Frontispiece                 _Frontispiece_\n  The House by the River       20\n\n\n\n\n"
        let book = try TextBookParser.parse("महाभारत\n" + list + "आदि पर्व\n" + chapter("आदि पर्व अध्याय १") + chapter("आदि पर्व अध्याय २")
                                             + "\n\n\nसभा पर्व\n" + chapter("सभा पर्व अध्याय १") + chapter("सभा पर्व अध्याय २"))
        #expect(book.sections.filter { $0.kind != .frontMatter }.map { "\($0.level) \($0.title)" } == [
            "1 आदि पर्व", "2 आदि पर्व अध्याय १", "2 आदि पर्व अध्याय २", "1 सभा पर्व", "2 सभा पर्व अध्याय १", "2 सभा पर्व अध्याय २",
        ])
    }

    @Test(arguments: [
        ("第一章 陨落的天才", Heading.Level.chapter, "第一章 陨落的天才"),
        ("第一章陨落的天才", .chapter, "第一章陨落的天才"),        // the title as written
        ("【第二十三章】 重逢", .chapter, "【第二十三章】 重逢"),
        ("第３卷　风云", .volume, "第３卷 风云"),
        ("第 11 章 山雨欲来", .chapter, "第 11 章 山雨欲来"),      // spaces around the number
        ("第　三　卷", .volume, "第 三 卷"),
        ("第 十 一 章", .chapter, "第 十 一 章"),            // every character spaced (白鹿原)
        ("第 二 十 三 章 重逢", .chapter, "第 二 十 三 章 重逢"),
        ("第　三　十　卷", .volume, "第 三 十 卷"),
        ("第一部", .volume, "第一部"),
        ("楔子", .chapter, "楔子"),
        ("番外2：后日谈", .chapter, "番外2：后日谈"),
        ("CHAPTER XIV.", .chapter, "CHAPTER XIV."),
        ("Chapter 1: Arrival", .chapter, "Chapter 1: Arrival"),
        ("Chapter Twenty-One. The End", .chapter, "Chapter Twenty-One. The End"),
        ("BOOK II", .volume, "BOOK II"),
        ("Prologue", .chapter, "Prologue"),
    ])
    func headings(line: String, level: Heading.Level, title: String) {
        let heading = HeadingMatcher.match(Substring(line))
        #expect(heading?.level == level, "\(line)")
        #expect(heading?.title == title, "\(line)")
    }

    /// A number spaced character by character (`第 十 一 章`) is one number; a spaced numeral with
    /// no unit after it is none.
    @Test func spacedNumeralsAreOneNumber() {
        #expect(HeadingMatcher.match("第 十 一 章")?.number == 11)
        #expect(HeadingMatcher.match("第 二 十 三 章")?.number == 23)
        #expect(HeadingMatcher.match("第 1 2 章")?.number == 12)
        #expect(HeadingMatcher.match("第 十 一 个人") == nil)
        #expect(HeadingMatcher.match("第 十 一") == nil)
    }

    @Test func titleAndAuthorFromDownloadFileNames() {
        let guess = MetadataGuesser.guess(["第一章 开始"], fileName: "/tmp/《西游记》作者：吴承恩.txt")
        #expect(guess.title == "西游记")
        #expect(guess.author == "吴承恩")
        #expect(MetadataGuesser.guess([], fileName: "三国演义 作者:罗贯中.txt").author == "罗贯中")
        #expect(MetadataGuesser.guess(["作者：施耐庵"], fileName: "《水浒传》作者：某某.txt").author == "施耐庵")  // the text first
        #expect(MetadataGuesser.guess([], fileName: "alice.txt").author == nil)
    }

    @Test func chapterPatternReplacesDetection() throws {
        let text = "Session 1\nWe met.\nChapter 1\nNot a heading here.\nSession 2\nWe met again.\n"
        let book = try TextBookParser.parse(text, options: .init(chapterPattern: "Session [0-9]+"))
        #expect(book.detection == .pattern)
        #expect(book.sections.map(\.title) == ["Session 1", "Session 2"])
        #expect(book.sections[0].paragraphs.map(String.init) == ["We met.", "Chapter 1", "Not a heading here."])
        #expect(throws: ConversionError.self) { try TextBookParser.parse(text, options: .init(chapterPattern: "(")) }
    }

    /// A capture group names the title: here it leaves a download site's prefix out.
    @Test func chapterPatternCaptureGroupGivesTheTitle() throws {
        let text = "《》目录 第一回 灵根育孕源流出\n混沌未分天地乱。\n《》目录 第二回 悟彻菩提真妙理\n说美猴王荣归。\n"
        let book = try TextBookParser.parse(text, options: .init(chapterPattern: "^《》目录 (第.+回 .+)$"))
        #expect(book.sections.map(\.title) == ["第一回 灵根育孕源流出", "第二回 悟彻菩提真妙理"])
        let whole = try TextBookParser.parse(text, options: .init(chapterPattern: "^《》目录 第.+回 .+$"))
        #expect(whole.sections.map(\.title) == ["《》目录 第一回 灵根育孕源流出", "《》目录 第二回 悟彻菩提真妙理"])
    }

    /// A chapter over the split size becomes the chapter and numbered parts, at paragraph boundaries.
    @Test func longChaptersAreSplitIntoSubEntries() throws {
        let paragraph = String(repeating: "字", count: 400)
        let text = "第一章 长\n" + Array(repeating: paragraph, count: 30).joined(separator: "\n") + "\n第二章 短\n短。\n"
        var options = TextBookOptions()
        options.chapterSplit = 5_000
        let book = try TextBookParser.parse(text, options: options)
        #expect(book.sections.map(\.title) == ["第一章 长", "第一章 长（2）", "第一章 长（3）", "第二章 短"])
        #expect(book.sections.map(\.level) == [1, 2, 2, 1])
        #expect(book.sections.map(\.kind) == [.chapter, .part, .part, .chapter])
        #expect(book.sections.map(\.paragraphs.count) == [12, 12, 6, 1])
        options.chapterSplit = 0
        #expect(try TextBookParser.parse(text, options: options).sections.count == 2)
        let draft = XHTMLBuilder.draft(book, options: .init(vertical: false, modified: "2026-01-01T00:00:00Z"))
        #expect(draft.toc.map(\.title) == ["第一章 长", "第二章 短"])
        #expect(draft.toc[0].children.map(\.title) == ["第一章 长（2）", "第一章 长（3）"])
    }

    /// Download sites' lines are left out, and an address is cut from the author's line.
    @Test func siteLinesAreLeftOutAndCounted() throws {
        let text = try String(contentsOf: ConverterFixtureTests.folder.appendingPathComponent("site-lines.txt"), encoding: .utf8)
        let book = try TextBookParser.parse(text)
        #expect(book.noiseLines == 3)
        #expect(book.sections.last?.paragraphs.map(String.init) == ["山路很长。", "路的尽头是一座庙。"])
        #expect(NoiseLines.clean("他访问了庙里的老僧。") == "他访问了庙里的老僧。")  // no address: the word stays
        #expect(NoiseLines.clean("He visited Amazon.com yesterday.") == "He visited Amazon.com yesterday.")
        #expect(NoiseLines.clean("Read online at www.example.com") == nil)
        #expect(NoiseLines.clean("example-novels.com") == nil)
        // A paragraph's line keeps its indentation when an address is cut from it, so what is left
        // (`（日本語版）`) is not read as a title set flush above the paragraphs.
        #expect(NoiseLines.clean("　　http://www.w3.org/TR/2012/NOTE-jlreq-20120403/ja/ （日本語版）") == "　　（日本語版）")
        // The book cleans each line whole, so the rest keeps its indentation there too.
        let front = ["日本語組版処理の要件（日本語版）", "W3C® (MIT, ERCIM, Keio) 著", "", "　　このバージョン：",
                     "　　http://www.w3.org/TR/2012/NOTE-jlreq-20120403/ja/ （日本語版）", "　　最新バージョン：", "　　http://www.w3.org/TR/jlreq/", "　　旧バージョン：",
                     "　　http://www.w3.org/TR/2011/WD-jlreq-20111129/ja/ （日本語版）", "　　この文書の正式版は英語版です．", ""]
        let paragraphs = String(repeating: "　　本文の段落です。行頭は全角空白で字下げする。\n", count: 8)
        let chapters = ["序論", "日本語組版の基本", "日本語組版の行組版"].enumerated().map { "第\(["一", "二", "三"][$0.offset])章 \($0.element)\n" + paragraphs }
        let jlreq = try TextBookParser.parse(front.filter { !$0.isEmpty }.joined(separator: "\n") + "\n" + chapters.joined())
        #expect(!jlreq.sections.map(\.title).contains("（日本語版）"), "\(jlreq.sections.map(\.title))")
    }

    /// `_emphasis_` becomes <em>, verse keeps its line breaks, snake_case stays text.
    @Test func englishEmphasisAndVerseReachTheXHTML() throws {
        let text = try String(contentsOf: ConverterFixtureTests.folder.appendingPathComponent("english-verse-emphasis.txt"), encoding: .utf8)
        let book = try TextBookParser.parse(text)
        let chapter = try #require(book.sections.last)
        let xhtml = String(decoding: XHTMLBuilder.document(chapter, language: book.language), as: UTF8.self)
        #expect(xhtml.contains("<p>She said it was <em>very</em> important, and that <em>nobody</em> should forget it; but snake_case names and 2_000 stay as they are.</p>"))
        #expect(xhtml.contains("<p>Twinkle, twinkle, little star,<br/>How I wonder what you are!<br/>Up above the world so high,<br/>Like a diamond in the sky.</p>"))
        #expect(xhtml.contains("<h1>CHAPTER I. A Song</h1>"))
    }

    /// A prefix before three headings is a site's; before fewer, the lines are only counted.
    @Test func headingsBehindASitePrefix() throws {
        var text = "第一章 开始\n正文。\n"
        for n in ["二", "三"] { text += "【笔趣】第\(n)章 标题\(n)\n正文。\n" }
        let rare = try TextBookParser.parse(text)
        #expect(rare.sections.map(\.title) == ["第一章 开始"])
        #expect(rare.skippedHeadingLines == 2)
        text += "【笔趣】第四章 标题四\n正文。\n"
        let book = try TextBookParser.parse(text)
        #expect(book.sections.map(\.title) == ["第一章 开始", "第二章 标题二", "第三章 标题三", "第四章 标题四"])
        #expect(book.skippedHeadingLines == 0)
        #expect(HeadingMatcher.prefixed("他说：第三章 写得好。") == nil)  // a sentence, not a heading
    }

    @Test func booksWithoutHeadingsAreCutBetweenParagraphs() throws {
        let paragraph = String(repeating: "字", count: 1000)  // 3,000 UTF-8 bytes
        var options = TextBookOptions()
        options.partSize = 10_000
        let book = try TextBookParser.parse(Array(repeating: paragraph, count: 9).joined(separator: "\n"), options: options)
        #expect(book.detection == .size)
        #expect(book.sections.map(\.title) == ["第1部分", "第2部分", "第3部分"])
        #expect(book.sections.map(\.paragraphs.count) == [4, 4, 1])
    }

    @Test func emptyTextIsAnError() {
        #expect(throws: ConversionError.emptyText) { try TextBookParser.parse(" \n\u{3000}\n\n") }
    }

    @Test func forcedEncodingWins() throws {
        let data = Data("第一章 开始".utf8)
        let decoded = try TextDecoder.decode(data, forcing: .gb18030)
        #expect(decoded.encoding == .gb18030)
        #expect(decoded.confidence == .certain)
        #expect(decoded.text != "第一章 开始")
    }

    /// Western European text one byte a character (Windows-1252, ISO-8859-1: Gutenberg's older
    /// 8-bit files) is read as such, its accented letters alone between ASCII ones, in French,
    /// German and Spanish; CJK text in a legacy encoding, a few English words in it, or Japanese
    /// with half-width kana, still goes to the CJK contest.
    @Test func singleByteLatinTextIsWindows1252() throws {
        // Bytes written here, not by Foundation's converters (CoreFoundation's tables are not
        // safe to use from tests running in parallel on Linux).
        func cp1252(_ text: String) -> [UInt8] {
            text.unicodeScalars.map { $0 == "’" ? 0x92 : $0 == "—" ? 0x97 : UInt8($0.value) }
        }
        let latin = ["Les Misérables: « Monseigneur, » dit-elle, « le café est naïf. » — À la façon du pays, l’hôpital était âgé.",
                     "Die Größe des Hauses überraschte ihn; er hörte die Glocke läuten und öffnete die Tür.",
                     "El señor Quijote salió de la aldea una mañana de julio, según cuenta la historia."]
        for text in latin {
            let line = String(repeating: "It was the best of times, it was the worst of times. ", count: 3) + text + "\n"
            let decoded = try TextDecoder.decode(Data(cp1252(line)))
            #expect(decoded.encoding == .windows1252 && decoded.invalidSequences == 0 && decoded.text.hasSuffix(text + "\n"), "\(text)")
            #expect(try TextDecoder.decode(Data(line.utf8)).encoding == .utf8)
        }
        // `第一章 开始 Chapter One: 他说 OK，我们走吧。…` in GBK, `第一章 隕落的天才 Chapter One 鬥氣大陸` in
        // Big5, `ﾃｽﾄ 第一章 吾輩は猫である。…ｶﾀｶﾅ` in Shift_JIS (half-width kana are single bytes).
        let cjk: [[UInt8]] = [
            [0xB5, 0xDA, 0xD2, 0xBB, 0xD5, 0xC2, 0x20, 0xBF, 0xAA, 0xCA, 0xBC, 0x20, 0x43, 0x68, 0x61, 0x70, 0x74, 0x65, 0x72, 0x20, 0x4F, 0x6E,
             0x65, 0x3A, 0x20, 0xCB, 0xFB, 0xCB, 0xB5, 0x20, 0x4F, 0x4B, 0xA3, 0xAC, 0xCE, 0xD2, 0xC3, 0xC7, 0xD7, 0xDF, 0xB0, 0xC9, 0xA1, 0xA3,
             0xB5, 0xDA, 0xB6, 0xFE, 0xD5, 0xC2, 0x20, 0xBD, 0xE1, 0xCA, 0xF8, 0x20, 0x54, 0x68, 0x65, 0x20, 0x45, 0x6E, 0x64],
            [0xB2, 0xC4, 0xA4, 0x40, 0xB3, 0xB9, 0x20, 0xB9, 0x6B, 0xB8, 0xA8, 0xAA, 0xBA, 0xA4, 0xD1, 0xA4, 0x7E, 0x20, 0x43, 0x68, 0x61, 0x70,
             0x74, 0x65, 0x72, 0x20, 0x4F, 0x6E, 0x65, 0x20, 0xB0, 0xAB, 0xAE, 0xF0, 0xA4, 0x6A, 0xB3, 0xB0],
            [0xC3, 0xBD, 0xC4, 0x20, 0x91, 0xE6, 0x88, 0xEA, 0x8F, 0xCD, 0x20, 0x8C, 0xE1, 0x94, 0x79, 0x82, 0xCD, 0x94, 0x4C, 0x82, 0xC5, 0x82,
             0xA0, 0x82, 0xE9, 0x81, 0x42, 0x96, 0xBC, 0x91, 0x4F, 0x82, 0xCD, 0x82, 0xDC, 0x82, 0xBE, 0x96, 0xB3, 0x82, 0xA2, 0x81, 0x42, 0xB6,
             0xC0, 0xB6, 0xC5],
        ]
        for bytes in cjk {
            let data = Data(Array(repeating: bytes + [0x0A], count: 20).joined())
            #expect(try TextDecoder.decode(data).encoding != .windows1252)
        }
        #expect(TextEncoding(name: "latin1") == .windows1252 && TextEncoding(name: "Windows-1252") == .windows1252)
    }

    @Test func xmlTextDropsWhatXMLCannotHold() {
        #expect(XMLText.escaped("a<b>&\u{1}c\u{FFFF}\"", attribute: true) == "a&lt;b&gt;&amp;c&quot;")
    }

    /// The EPUB is reproducible, `mimetype` comes first and stored, and our validator finds nothing.
    @Test func writesAReproducibleValidEPUB() throws {
        let input = ConverterFixtureTests.folder.appendingPathComponent("gb18030-volumes.txt").path
        let first = FixturePacker.temporaryPath("convert-a"), second = FixturePacker.temporaryPath("convert-b")
        for output in [first, second] {
            _ = try TextConverter.convert(input: input, output: output, target: .epub, encoding: nil, options: .init(), vertical: true, modified: "2026-01-02T03:04:05Z")
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: first)), b = try Data(contentsOf: URL(fileURLWithPath: second))
        #expect(a == b)
        #expect(a.prefix(4) == Data([0x50, 0x4B, 0x03, 0x04]))
        #expect(a[8] == 0 && a[9] == 0)  // stored
        #expect(String(decoding: a[30..<38], as: UTF8.self) == "mimetype")
        #expect(String(decoding: a[38..<58], as: UTF8.self) == "application/epub+zip")
        guard case .report(let report) = Validator.validate(path: first) else {
            Issue.record("the converted EPUB could not be validated")
            return
        }
        #expect(report.messages.map(\.id) == [])
        let session = try PublicationSession(path: first)
        let contract = ContractBuilder.build(session)
        #expect(contract.pageProgression == .rtl)
        #expect(contract.toc.map(\.title) == ["第一卷 风起", "第二卷 云涌"])
        #expect(contract.toc.map { $0.children.count } == [2, 3])
    }

    @Test func neverOverwritesTheInput() throws {
        let input = FixturePacker.temporaryPath("input") + ".txt"
        try Data("第一章 开始\n内容。\n".utf8).write(to: URL(fileURLWithPath: input))
        #expect(throws: ConversionError.outputIsInput(input)) {
            _ = try TextConverter.convert(input: input, output: input, target: .epub, encoding: nil, options: .init(), vertical: false, modified: "2026-01-01T00:00:00Z")
        }
        #expect(try String(contentsOfFile: input, encoding: .utf8) == "第一章 开始\n内容。\n")
    }

    @Test func aFailedWriteLeavesNothing() throws {
        let input = ConverterFixtureTests.folder.appendingPathComponent("utf16le-bom.txt").path
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("epubcontract-missing-\(UUID().uuidString)")
        let output = folder.appendingPathComponent("out.epub").path
        #expect(throws: ConversionError.self) {
            _ = try TextConverter.convert(input: input, output: output, target: .epub, encoding: nil, options: .init(), vertical: false, modified: "2026-01-01T00:00:00Z")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func writesAFolderOfXHTML() throws {
        let input = ConverterFixtureTests.folder.appendingPathComponent("english-gutenberg.txt").path
        let output = FixturePacker.temporaryPath("xhtml")
        _ = try TextConverter.convert(input: input, output: output, target: .xhtml, encoding: nil, options: .init(), vertical: false, modified: "2026-01-01T00:00:00Z")
        let files = try FileManager.default.subpathsOfDirectory(atPath: output).sorted()
        #expect(files.contains("nav.xhtml") && files.contains("style.css") && files.contains("text/0007.xhtml") && !files.contains("text/0008.xhtml"))
        let chapter = try String(contentsOfFile: output + "/text/0003.xhtml", encoding: .utf8)
        #expect(chapter.contains("<h2>CHAPTER I. Down the Rabbit-Hole</h2>"))  // the author's punctuation kept
        #expect(chapter.contains("<p>Alice was beginning to get very tired of sitting by her sister on the bank, and of having"))
        #expect(throws: ConversionError.self) {
            _ = try TextConverter.convert(input: input, output: output, target: .xhtml, encoding: nil, options: .init(), vertical: false, modified: "2026-01-01T00:00:00Z")
        }
    }

    @Test func modifiedDateFollowsSourceDateEpoch() {
        #expect(TextConverter.modifiedDate(input: "/nonexistent", environment: ["SOURCE_DATE_EPOCH": "1700000000"]) == "2023-11-14T22:13:20Z")
        #expect(TextConverter.iso8601(0) == "1970-01-01T00:00:00Z")
        #expect(TextConverter.iso8601(951_782_400) == "2000-02-29T00:00:00Z")
        #expect(TextConverter.iso8601(4_102_444_799) == "2099-12-31T23:59:59Z")
    }
}

/// The rules real downloads need (issue 33), each on a few lines of its own.
struct RealDownloadRuleTests {
    static func lines(_ text: String) -> [Substring] { TextLines.split(text) }

    @Test func gutenbergFrameGivesHeaderLabelsBodyAndLicence() throws {
        let text = "The Project Gutenberg eBook of X\n\nTitle: The Lantern Keeper\nAuthor: Ada Winterbourne\n\n"
            + "*** START OF THE PROJECT GUTENBERG EBOOK THE LANTERN KEEPER ***\nBody.\n"
            + "*** END OF THE PROJECT GUTENBERG EBOOK THE LANTERN KEEPER ***\nLicence."
        let frame = try #require(GutenbergFrame.find(Self.lines(text)))
        #expect(frame.body == 6..<7)
        #expect(frame.licenceStart == 7)
        #expect(frame.title == "The Lantern Keeper")
        #expect(frame.author == "Ada Winterbourne")
        #expect(frame.markerTitle == "The Lantern Keeper")
        // No marker in the first 400 lines: no frame (a quotation of the marker deep in a book is text).
        #expect(GutenbergFrame.find(Self.lines(String(repeating: "text\n", count: 400) + "*** START OF THE PROJECT GUTENBERG EBOOK X ***")) == nil)
        #expect(GutenbergFrame.find(Self.lines("*** START OF SOMETHING ELSE ***\nBody")) == nil)
    }

    @Test func illustrationMarkersBecomePlaceholdersAndKeepAHeadingInTheirCaption() {
        var lines = Self.lines("Text.\n[Illustration:\n\n“She opened the door”\n\n[_Copyright 1901._]]\nMore.\n[Illustration: ·BOOK·\n\nChapter I.]\n[Illustration]\n[Illustration: never closed")
        var blanked: Set<Int> = []
        #expect(IllustrationMarkers.rewrite(&lines, blanked: &blanked) == 3)
        #expect(lines[1] == "\u{FFFC}Illustration: “She opened the door” (Copyright 1901.)")
        #expect(lines[2...5].allSatisfy { $0.isEmpty })
        // The caption's other lines part no blocks; a heading's marker keeps its own layout.
        #expect(blanked == [2, 3, 4, 5])
        #expect(lines[7] == "Chapter I.")
        #expect(lines[9] == "\u{FFFC}Illustration: ·BOOK·")
        #expect(lines[10] == "\u{FFFC}Illustration")
        // An unclosed bracket is text, left as written.
        #expect(lines[11] == "[Illustration: never closed")
    }

    @Test(arguments: [("I", 1), ("IV", 4), ("XIV", 14), ("XL", 40), ("xxvii", 27), ("MCMXC", 1990)])
    func romanNumerals(token: String, value: Int) {
        #expect(HeadingMatcher.roman(Substring(token)) == value)
    }

    @Test func romanNumeralsNoBookPrints() {
        for token in ["IIII", "VX", "IC", "Xi", "ABC", ""] { #expect(HeadingMatcher.roman(Substring(token)) == nil, "\(token)") }
    }

    @Test func headingsWithoutAKeyword() throws {
        let bare = try #require(HeadingMatcher.numeral("XIV"))
        #expect(bare.number == 14 && bare.name.isEmpty && bare.needsSequence && bare.title == "XIV")
        #expect(HeadingMatcher.numeral("12.")?.number == 12)
        let titled = try #require(HeadingMatcher.numeral("IV. THE RED ROOM"))
        #expect(titled.number == 4 && titled.name == "THE RED ROOM")
        // A list item, a sentence, a year, a contents entry: not headings.
        for line in ["I. went home early", "I think so.", "1894", "IV. THE SEA-CHEST . . . . 30", "IV. THE SEA-CHEST      30", "Iv"] {
            #expect(HeadingMatcher.numeral(Substring(line)) == nil, "\(line)")
        }
        #expect(HeadingMatcher.match("CONCLUSION")?.title == "CONCLUSION")
        #expect(HeadingMatcher.match("Letter 4")?.number == 4)
        #expect(HeadingMatcher.match("CHAPTER Twenty-One")?.number == 21)
        #expect(HeadingMatcher.match("Conclusions are hard to draw") == nil)
    }

    @Test func huimuWithTheChapterRunOn() throws {
        let (heading, text) = try #require(HeadingMatcher.runOn("第一回 宴桃园豪杰三结义 斩黄巾英雄首立功 滚滚长江东逝水，浪花淘尽英雄。"))
        #expect(heading.title == "第一回 宴桃园豪杰三结义 斩黄巾英雄首立功")
        #expect(heading.number == 1 && heading.needsSequence)
        #expect(text == "滚滚长江东逝水，浪花淘尽英雄。")
        #expect(HeadingMatcher.runOn("第二节课的时候，老师走进来说了很长很长的一段话。") == nil)
        #expect(HeadingMatcher.match("正文 第一回 桃园结义")?.title == "第一回 桃园结义")
    }

    @Test func titlesInCapitalsAreTitleCased() {
        #expect(MetadataGuesser.titleCased("THE ADVENTURES OF TOM SAWYER") == "The Adventures of Tom Sawyer")
        #expect(MetadataGuesser.titleCased("PRIDE and PREJUDICE") == "Pride and Prejudice")
        #expect(MetadataGuesser.titleCased("THE SEA-DOG") == "The Sea-Dog")
        #expect(MetadataGuesser.titleCased("Pride and Prejudice") == "Pride and Prejudice")
        #expect(MetadataGuesser.titleCased("水浒传") == "水浒传")
    }

    @Test func titlePagesOverSeveralLines() {
        let page = ["PRIDE.", "and", "PREJUDICE", "", "by", "Jane Austen,", "", "with a Preface by", "George Saintsbury"]
        let found = MetadataGuesser.guess(page, fileName: "1342-0.txt")
        #expect(found.title == "Pride and Prejudice" && found.author == "Jane Austen")
        let subtitled = MetadataGuesser.guess(["FRANKENSTEIN;", "", "OR, THE MODERN PROMETHEUS.", "", "By Mary Shelley"], fileName: nil)
        #expect(subtitled.title == "Frankenstein" && subtitled.author == "Mary Shelley")
    }

    @Test func aContentsListEndsWhereTheBookStarts() {
        let text = "TITLE\n\nCONTENTS\n\nCHAPTER I. Tom Practices\nMusic\n\nCHAPTER II. Strong Temptations\n\nILLUSTRATIONS\n\nTom at Home\n\n"
            + "PREFACE\n\nMost of the adventures recorded in this book really occurred. The odd\nsuperstitions touched upon were all prevalent.\n\n"
            + "CHAPTER I\n\nTom!\n\nCHAPTER II\n\nSaturday morning was come."
        let lines = Self.lines(text)
        #expect(ContentsList.regions(lines) == [2..<13])  // up to PREFACE (line 13), which starts the book
        // A heading right after the list that the list did not name starts the book.
        let alice = Self.lines("Contents\n\n CHAPTER I.  Down\n CHAPTER II.  Pool\n\nPART ONE\n\nCHAPTER I.\nDown\n\ntext\n\nCHAPTER II.\nPool\n\ntext")
        #expect(ContentsList.regions(alice) == [0..<5])
    }

    /// Numbering that restarts per part names `CHAPTER I` once per part: the list goes on.
    @Test func aContentsListWithNumberingRestartingPerPart() {
        let lines = Self.lines("CONTENTS\n\nBOOK ONE\nCHAPTER I\nCHAPTER II\nBOOK TWO\nCHAPTER I\nCHAPTER II\n\n"
            + "BOOK ONE\n\nCHAPTER I\n\nIt was late. The wind rose. Nobody came to the door that night.\n\n"
            + "CHAPTER II\n\ntext\n\nBOOK TWO\n\nCHAPTER I\n\ntext\n\nCHAPTER II\n\ntext")
        #expect(ContentsList.regions(lines) == [0..<9])
    }

    /// Entries one per line with no blank line between, indented by level, are a list however
    /// long the block; the book starts at the first heading the list named.
    @Test func aContentsListPrintedAsOneBlock() {
        let entries = [" Preface", "    Conventions Used in This Book", "    Using Code Examples", "    How to Contact Us",
                       " BOOK 1. Introduction", "    The Digital Famine", "    Accessibility and Usability",
                       " BOOK 2. Building a Better EPUB", "    A Solid Foundation: Structure and Semantics", "       Data Integrity",
                       "       Separation of Style", "       Semantic Inflection"]
        // (Past 250 characters from the second entry on, the length prose was once told by.)
        let lines = Self.lines("CONTENTS\n\n" + entries.joined(separator: "\n") + "\n\n\n\nPreface\n\n"
            + "Twenty years ago the book was a thing of paper. It is not so now, and the\nways of reading have changed with it.\n\n"
            + "BOOK 1.\nIntroduction\n\ntext\n\nBOOK 2.\nBuilding a Better EPUB\n\ntext")
        #expect(ContentsList.regions(lines) == [0..<17])  // up to Preface (line 17), which the list named
        #expect(!ContentsList.isProse(entries.map { Substring($0) }))
        // Prose fills its lines, and a block of short lines that end sentences is no list either.
        #expect(ContentsList.isProse(["It was the best of times, it was the worst of times, it was the age of", "wisdom.",
                                      "It was the age of foolishness, it was the epoch of belief, it was the", "epoch of incredulity."]))
        #expect(ContentsList.isProse(["He came.", "She saw.", "They left."]))
        // Titles in title case ending with a full stop, as older lists set them (Leaves of Grass),
        // each poem's numbered parts under it: a list.
        let poems = [" Sea-Drift.", "    Out of the Cradle Endlessly Rocking.", "    As I Ebb’d with the Ocean of Life.", "       1.", "       2.",
                     "    Tears.", "    To the Man-of-War-Bird.", "    Aboard at a Ship’s Helm.", "    On the Beach at Night.",
                     "    The World Below the Brine.", "    Song for All Seas, All Ships.", "       1.", "       2.", "    Patroling Barnegat."]
        #expect(!ContentsList.isProse(poems.map { Substring($0) }))
        // A title with exclamations in it, one entry of a spaced list, is no two sentences; a line of two short sentences is.
        #expect(!ContentsList.isProse(["    O Hymen! O Hymenee!"]) && !ContentsList.isProse(["Pioneers! O Pioneers!"]) && !ContentsList.isProse(["Beat! Beat! Drums!"]))
        #expect(ContentsList.isProse(["He came home. She was gone."]) && ContentsList.isProse(["Run! They are coming!"]))
        // Every word capitalised, the short ones too (`O Me! O Life!`, `Hush! Be Still!`, `Go On! Go On!`): a title.
        #expect(!ContentsList.isProse(["   O Me! O Life!"]) && !ContentsList.isProse(["Hush! Be Still!"]) && !ContentsList.isProse(["Go On! Go On!"]))
        #expect(ContentsList.isProse(["Go! It is late!"]))
        #expect(ContentsList.isProse(["The wind came over the hills.", "It was a cold night.", "Nobody in the village slept.", "Then the door opened."]))
        // Title case leaves short prepositions in lower case; a sentence's words stay lower case too.
        #expect(IsolatedTitles.isTitle("Sometimes with One I Love.") && IsolatedTitles.isTitle("Out from Behind This Mask."))
        #expect(!IsolatedTitles.isTitle("It was with them that we went home.") && !IsolatedTitles.isTitle("Then he came down from the hill."))
        // A title the list gives twice (two poems called `To You.`) with titles set as it is below it: still the list.
        let twice = Self.lines("To You.\nFrance.\nMyself and Mine.\nYear of Meteors.\n\nStranger, if you passing meet me and desire to speak to me, why\nshould you not speak to me?\n")
        #expect(ContentsList.titlesFollow(0, twice) && !ContentsList.titlesFollow(3, twice))
    }

    /// A long entry in a list printed as one block (`CHAPTER 204. THE KING OF THE GOLDEN RIVER OR
    /// THE BLACK BROTHERS`) is still an entry: it starts with a capital and ends no sentence;
    /// hard-wrapped prose goes on in lower case.
    @Test func longEntriesInAContentsBlock() {
        let block: [Substring] = [" SECTION IV. FAIRY STORIES—MODERN FANTASTIC TALES", "    BIBLIOGRAPHY", "    INTRODUCTORY",
                                  "    CHAPTER 203. OLD PIPES AND THE DRYAD", "    CHAPTER 204. THE KING OF THE GOLDEN RIVER OR THE BLACK BROTHERS"]
        #expect(!ContentsList.isProse(block))
        #expect(ContentsList.isProse(["In the course of a long life of reading I have found that the books", "which stay with us longest are",
                                      "seldom the ones we were told to read, and almost never the ones we", "bought for ourselves in a hurry at a station",
                                      "bookstall on the way to somewhere else, late and tired and wanting"]))
    }

    /// A dictionary's entry `Introduction`, set as its other entries are (one blank line), inside
    /// the run of numbered chapters that stand four blank lines apart, is text; a `CONCLUSION`
    /// after the last chapter keeps its place however it is set.
    @Test func unnumberedLabelsSetAsParagraphs() {
        let text = "CHAPTER I.\n\nAbasement\n\nA decent attitude.\n\n\n\n\nCHAPTER II.\n\nGout\n\nA physician's name.\n\nIntroduction\n\nA social ceremony invented by the devil.\n\n"
            + "Logic\n\nThe art of thinking.\n\n\n\n\nCHAPTER III.\n\nMagic\n\nAn art.\n\nMonday\n\nIn Christian countries, the day after the baseball game.\n\n"
            + "\n\n\nCHAPTER IV.\n\nThe end of it.\n\nCONCLUSION\n\nSo endeth this chronicle."
        let book = try? TextBookParser.parse(text)
        #expect(book?.sections.map(\.title) == ["CHAPTER I. Abasement", "CHAPTER II. Gout", "CHAPTER III. Magic", "CHAPTER IV.", "CONCLUSION"])
        // The same among titles set apart (a dictionary's letters).
        let letters = "The Dictionary\n\n\n\n\nPREFACE\n\nA book of words.\n\n\n\n\nABASEMENT\n\nA decent attitude.\n\nAbsurdity\n\nA statement.\n\n\n\n\n"
            + "INDIGESTION\n\nA disease.\n\nIntroduction\n\nA social ceremony invented by the devil.\n\nInventor\n\nA person.\n\n\n\n\nJEALOUS\n\n"
            + "Unduly concerned.\n\nJester\n\nAn officer.\n\nLogic\n\nThe art of thinking.\n\nConclusion: Sixty men can dig a posthole in one second.\n\n"
            + "This may be called the syllogism arithmetical.\n\n\n\n\nKILL\n\nTo create a vacancy.\n\nKilt\n\nA costume."
        let dictionary = try? TextBookParser.parse(letters)
        // (The two entries set as paragraphs tell nothing of how the book sets its headings apart.)
        #expect(dictionary?.sections.map(\.title) == ["The Dictionary", "PREFACE", "ABASEMENT", "INDIGESTION", "JEALOUS", "KILL"])
    }

    /// A special section's word with its title and text run on (`楔子 张天师祈禳瘟疫 洪太尉误走妖魔 话说…`)
    /// is a heading as a 回目 run on is; a chapter printed as one line of any length after its 回目
    /// too (水浒传's chapter 52 is 26 KB).
    @Test func runOnSpecialSectionsAndLongChapterLines() {
        let wedge = HeadingMatcher.runOn("楔子 张天师祈禳瘟疫 洪太尉误走妖魔 话说大宋仁宗天子在位，嘉佑三年三月三日五更三点")
        #expect(wedge?.0.title == "楔子 张天师祈禳瘟疫 洪太尉误走妖魔" && wedge?.1.hasPrefix("话说大宋") == true)
        #expect(HeadingMatcher.runOn("楔子的故事，话说从前有座山") == nil)
        let long = "第五十二回 戴宗二取公孙胜 李逵独劈罗真人 话说当下吴学究对宋公明说道：『" + String(repeating: "要破此法，只除非快教人去蓟州寻取公孙胜来。", count: 1_000)
        // (63 KB, past the 16 KB runOn once read.)
        #expect(HeadingMatcher.runOn(Substring(long))?.0.title == "第五十二回 戴宗二取公孙胜 李逵独劈罗真人")
    }

    /// One misprinted number among keyword chapters (Treasure Island's `CHAPTER XXVII.` between
    /// XVI and XVIII) stands for the missing one, and the sequence goes on from it; a heading line
    /// may run past 80 characters (`CHAPTER XVIII. Narrative Continued by the Doctor: End of the First Day’s Fighting`).
    @Test func aMisprintedChapterNumberAndALongHeading() {
        let long = "CHAPTER XVIII. Narrative Continued by the Doctor: End of the First Day’s Fighting"
        #expect(HeadingMatcher.match(Substring(long))?.number == 18)  // 81 characters
        var text = "Treasure\n\n\n\n"
        for (numeral, title) in [("XV", "The Man of the Island"), ("XVI", "How the Ship Was Abandoned"), ("XXVII", "The Jolly-boat’s Last Trip"),
                                 ("XVIII", "End of the First Day’s Fighting"), ("XIX", "The Garrison in the Stockade")] {
            text += "CHAPTER \(numeral). Narrative Continued by the Doctor: \(title)\n\nThe boat went on. We followed it.\n\n\n\n"
        }
        let book = try? TextBookParser.parse(text)
        #expect(book?.sections.filter { $0.kind == .chapter }.map { $0.title.split(separator: " ")[1] } == ["XV.", "XVI.", "XXVII.", "XVIII.", "XIX."])
    }

    /// Headings stacked with a heading's gap between each (a division's title, its first poem's
    /// title, the poem's part `1`) are no contents list; entries a blank line apart are.
    @Test func stackedHeadingsAreNoList() {
        let stanza = "\n\n    Come said the Muse,\n    Sing me a song no poet yet has chanted.\n\n    In this broad earth of ours,\n"
            + "    Amid the measureless grossness and the slag.\n\n    By every life a share or more or less.\n\n\n\n"
        let text = "LEAVES\n\n\n\nYOUTH, DAY, OLD AGE AND NIGHT" + stanza + "BIRDS OF PASSAGE\n\n\n\nSONG OF THE UNIVERSAL\n\n\n\n1" + stanza
            + "2" + stanza + "PIONEERS! O PIONEERS!" + stanza
        let book = try? TextBookParser.parse(text)
        // (Both titles head what follows; which of them is the division only a contents list can say.)
        #expect(book?.sections.map(\.title) == ["LEAVES", "YOUTH, DAY, OLD AGE AND NIGHT", "BIRDS OF PASSAGE", "SONG OF THE UNIVERSAL", "1", "2",
                                               "PIONEERS! O PIONEERS!"])
    }

    /// Sections numbered under a volume of their first number (`BOOK 1. INTRODUCTION`, `1.1
    /// PURPOSE`) are its chapters, a level under it; a label and a sentence on a line indented as
    /// the paragraphs are (`　　第2章 日本語組版の基本では，…`) names a chapter and is no heading.
    @Test func sectionsUnderANumberedVolumeAndIndentedReferences() {
        var text = "Requirements\n\n\n\n"
        for volume in 1...2 {
            text += "BOOK \(volume). PART THE \(volume)\n\n\n"
            for section in 1...2 { text += "\(volume).\(section) SECTION \(volume) \(section)\n\nThe rules are these. They are many.\n\n\n" }
        }
        let book = try? TextBookParser.parse(text)
        #expect(book?.sections.map { "\($0.level) \($0.title)" } == ["1 Requirements", "1 BOOK 1. PART THE 1", "2 1.1 SECTION 1 1", "2 1.2 SECTION 1 2",
                                                                     "1 BOOK 2. PART THE 2", "2 2.1 SECTION 2 1", "2 2.2 SECTION 2 2"])
        var japanese = "《要件》\n\n\n"
        for n in 1...3 {
            japanese += "第\(n)章 組版の基本\n\n　　この章では，日本語組版で使用される文字の特徴を解説する．\n\n"
            if n == 1 { japanese += "　　第2章 日本語組版の基本では，日本語組版で使用される文字の特徴を解説する．\n\n　　第3章 行の組版処理では，約物を解説する．\n\n" }
        }
        let chapters = try? TextBookParser.parse(japanese)
        #expect(chapters?.sections.filter { $0.kind == .chapter }.map(\.title) == ["第1章 組版の基本", "第2章 組版の基本", "第3章 組版の基本"])
    }

    /// In a text read a line per paragraph, a label line that a long line of prose runs on into
    /// mid-sentence continues it; one below a list's entry is no prose.
    @Test func labelLinesInsideWrappedSentences() {
        let lines = TextLines.split("Notes\n\nThe details of unbreakable character sequences are described in\nAppendix C Possibilities for Line-breaking\n\n"
            + "CHAPTER 1. THE RULES AND THE PRINCIPLES OF SETTING THEM FOR JAPANESE\nCHAPTER 2. Line Composition")
        let found = TextBookParser.findHeadings(lines, style: .linePerParagraph)
        #expect(found.map(\.line) == [5, 6])  // not line 3, `Appendix C …`
    }

    /// In a book that indents its paragraphs and not its headings, a heading-like line indented
    /// as a paragraph is text (a list of chapters inside the text).
    @Test func indentedHeadingsInAFlushHeadingBook() {
        var text = "《要件》\n\n\n"
        for n in 1...8 {
            text += "第\(n)卷 第\(n)部\n\n　　この部では，組版を解説する。\n\n"
            if n == 1 { text += "　　この文書は，次の部分で構成されている。\n\n　　第3章 行の組版処理\n\n　　第4章 見出しの配置処理\n\n" }
            text += String(repeating: "　　組版処理と読みやすい組版設計の関係は別問題である。\n\n", count: 4)
        }
        let book = try? TextBookParser.parse(text)
        #expect(book?.sections.filter { $0.kind != .frontMatter }.map(\.title) == (1...8).map { "第\($0)卷 第\($0)部" })
    }

    /// Headings set in by another kind of space than the paragraphs' (volumes centred by two ASCII
    /// spaces over paragraphs indented by full-width ones, as a download site sets them) are
    /// headings (`indentedHeadingsInAFlushHeadingBook`: those indented as the paragraphs are are not).
    @Test func headingsSetInByOtherSpacesThanTheParagraphs() {
        var text = "《要件》\n\n\n"
        for volume in 1...2 {
            text += "  第\(volume)卷：第\(volume)部 \n ------------------\n\n"
            for section in 1...4 {
                text += "\(volume).\(section) 節\(volume)の\(section)\n\n"
                text += String(repeating: "　　組版処理と読みやすい組版設計の関係は別問題である。\n\n", count: 6)
            }
        }
        let book = try? TextBookParser.parse(text)
        let expected = (1...2).flatMap { v in ["1 第\(v)卷：第\(v)部"] + (1...4).map { "2 \(v).\($0) 節\(v)の\($0)" } }
        #expect(book?.sections.filter { $0.kind != .frontMatter }.map { "\($0.level) \($0.title)" } == expected)
    }

    /// A label word alone below a numeral (`XXV.` then `Postscript`) is the chapter's title, not a
    /// list of two headings; and a numeral the scan missed does not end the sequence.
    @Test func aLabelAsANumeralsTitleAndAMissedNumeral() {
        var text = "Moby\n\n\n\n"
        for (numeral, title) in [("I.", "Loomings"), ("II.", "The Advocate"), ("III.", "Postscript"), ("IV.", "Knights and Squires"), ("V.", "The Chapel")] {
            text += "\(numeral)\n\(title)\n\n\nIn behalf of the dignity of whaling, I would fain advance naught but\nsubstantiated facts.\n\n\n\n"
        }
        let book = try? TextBookParser.parse(text)
        #expect(book?.sections.filter { $0.kind == .chapter }.map(\.title) == ["I. Loomings", "II. The Advocate", "III. Postscript",
                                                                                     "IV. Knights and Squires", "V. The Chapel"])
        func numeral(_ line: Int, _ number: Int) -> TextBookParser.Found {
            TextBookParser.Found(line: line, heading: Heading(level: .chapter, title: "\(number).", name: "", number: number, needsSequence: true),
                                 titleLine: nil, numeral: true)
        }
        let kept = TextBookParser.followSequence([numeral(1, 1), numeral(2, 2), numeral(4, 4), numeral(5, 5), numeral(6, 6)])
        #expect(kept.map(\.line) == [1, 2, 4, 5, 6])
    }

    /// A page number stands after a run of spaces or a tab; a title's own number after one space
    /// is the title's.
    @Test func pageNumbersOfContentsEntries() {
        #expect(ContentsList.withoutPage("SALUT AU MONDE!          1816") == "SALUT AU MONDE!")
        #expect(ContentsList.withoutPage("A Song\t12") == "A Song")
        #expect(ContentsList.withoutPage("CHAPTER 12") == "CHAPTER 12")
        #expect(ContentsList.withoutPage("THE TITLE ........ 7") == "THE TITLE")
    }

    /// A printer's imprint set apart on the title page's back or the last page is no heading (Pride
    /// and Prejudice's `CHISWICK PRESS:--…` was a section twice); titles that name a firm or a
    /// press alone stay titles.
    @Test func printersImprintsAreNoTitles() throws {
        for imprint in ["chiswick press:--charles whittingham and co. tooks court, chancery lane, london",
                        "printed by william clowes and sons, limited, london and beccles",
                        "the riverside press, cambridge, mass., u.s.a", "printed in great britain",
                        "edinburgh: t. and a. constable, printers to her majesty"] {
            #expect(IsolatedTitles.isImprint(imprint), "\(imprint)")
        }
        for title in ["dombey and son", "the press", "london", "the freedom of the press", "a tale of two cities", "in london and paris"] {
            #expect(!IsolatedTitles.isImprint(title), "\(title)")
        }
        // In a book: the imprint at the front and the end is no section; the chapters are.
        var text = "PRIDE AND PREJUDICE\n\nby\nJane Austen\n\n\n\n\nCHISWICK PRESS:--CHARLES WHITTINGHAM AND CO.\nTOOKS COURT, CHANCERY LANE, LONDON.\n\n\n\n\n"
        for n in 1...3 {
            text += "CHAPTER \(n).\n\n\n" + String(repeating: "It is a truth universally acknowledged that a single man must be in want of a wife.\n\n", count: 3) + "\n\n\n"
            if n == 2 { text += "DOMBEY AND SON\n\n\n" + String(repeating: "An interlude set apart like a title.\n\n", count: 3) + "\n\n\n" }
        }
        text += "\n\n\nCHISWICK PRESS:--CHARLES WHITTINGHAM AND CO.\nTOOKS COURT, CHANCERY LANE, LONDON.\n"
        let book = try TextBookParser.parse(text)
        #expect(book.sections.map(\.title) == ["Pride and Prejudice", "CHAPTER 1.", "CHAPTER 2.", "DOMBEY AND SON", "CHAPTER 3."])
    }

    /// `by` and a name is a credit; `BY THE ROADSIDE` is a title.
    @Test func bylinesAndTitlesThatStartWithBy() {
        #expect(IsolatedTitles.isByline("by lionel giles") && IsolatedTitles.isByline("by the author of waverley"))
        #expect(!IsolatedTitles.isByline("by the roadside") && !IsolatedTitles.isByline("by blue ontario’s shore"))
        #expect(IsolatedTitles.isTitle("WHAT THINK YOU I TAKE MY PEN IN HAND?") && IsolatedTitles.isTitle("What Think You I Take My Pen in Hand?"))
        #expect(!IsolatedTitles.isTitle("What do you think I was doing in the garden all day?"))
    }

    /// Bare numerals after front matter the list names (`Dedication`, `Preface`) are the book's
    /// chapters even where an index later names `Chapter VII “…”`: only a numbered heading is a
    /// parent that makes them its parts.
    @Test func bareNumeralsAfterUnnumberedFrontMatter() {
        let heading = { (line: Int, title: String, number: Int?, numeral: Bool, origin: TextBookParser.Found.Origin) in
            TextBookParser.Found(line: line, heading: Heading(level: .chapter, title: title, name: "", number: number), titleLine: nil,
                                 numeral: numeral, origin: origin)
        }
        let kept = TextBookParser.followSequence([
            heading(10, "Dedication", nil, false, .listed), heading(20, "Preface", nil, false, .listed),
            heading(30, "I.", 1, true, .form), heading(40, "II.", 2, true, .form), heading(50, "III.", 3, true, .form),
            heading(60, "Chapter VII “Let your plans be dark …”", 7, false, .form),
            heading(70, "Chapter X “Now an army is exposed …”", 10, false, .form)])
        #expect(kept.filter { $0.numeral }.map(\.line) == [30, 40, 50])
        #expect(kept.filter { $0.numeral }.allSatisfy { !$0.isSubsection })
    }

    /// A quoted title below a heading is one; a line of speech is the chapter's first paragraph.
    @Test func quotedTitlesAndSpeech() {
        #expect(TextBookParser.isQuoted("“Pieces of Eight”"))
        #expect(!TextBookParser.isQuoted("“Tom!”") && !TextBookParser.isQuoted("“Well?”") && !TextBookParser.isQuoted("“Yes.”"))
    }

    /// Bare numerals before any titled numeral are the book's chapters; the notes that name them
    /// again at the end (`I. THE BURIAL OF THE DEAD`) do not take their place.
    @Test func bareNumeralsBeforeTheirNotes() throws {
        let body = "Some text that goes on for a while here, and then some more of it.\n\n"
        let text = "I.\nTHE BURIAL OF THE DEAD\n\n" + body + "II.\nA GAME OF CHESS\n\n" + body + "III.\nTHE FIRE SERMON\n\n" + body
            + "NOTES\n\nI. THE BURIAL OF THE DEAD\n\nLine 20. Cf. Ezekiel.\n\nII. A GAME OF CHESS\n\nLine 77. Cf. Antony.\n"
        let book = try TextBookParser.parse(text)
        #expect(book.sections.map(\.title).prefix(3) == ["I. THE BURIAL OF THE DEAD", "II. A GAME OF CHESS", "III. THE FIRE SERMON"])
        #expect(book.sections.map(\.line).prefix(3) == [1, 6, 11])
    }

    /// A chapter number going back in an established sequence of its form is a reference, not
    /// a chapter; a numeral alone with no next one is no sequence.
    @Test func referencesBackAndLoneNumerals() throws {
        let body = "Some text that goes on for a while here, and then some more of it.\n\n"
        let text = "CHAPTER I.\n\n" + body + "CHAPTER II.\n\n" + body + "CHAPTER III.\n\n" + body + "INDEX\n\n"
            + "Chapter II. On Waging War\n\nA word here.\n\nChapter I. On Laying Plans\n\nAnother word.\n"
        let book = try TextBookParser.parse(text)
        #expect(book.sections.map(\.title) == ["CHAPTER I.", "CHAPTER II.", "CHAPTER III."])
        let lone = try TextBookParser.parse("A WORD BOOK\n\n\n\nI\n\n" + body + body)
        #expect(lone.sections.allSatisfy { $0.title != "I" })
    }

    /// `convert --json` says why each heading was taken and the sequence it continues.
    @Test func sectionsSayWhyTheirHeadingWasTaken() throws {
        var options = TextBookOptions()
        options.explain = true
        func parse(_ name: String) throws -> (TextBook, [TextSection.Explanation?]) {
            let book = try TextBookParser.parse(String(contentsOf: ConverterFixtureTests.folder.appendingPathComponent(name), encoding: .utf8), options: options)
            return (book, book.sections.dropFirst().map { $0.line.flatMap { book.explanations[$0] } })
        }
        let (sections, why) = try parse("numbered-sections.txt")
        #expect(why.map { $0?.evidence } == ["label", "section-number", "section-number", "label", "section-number", "section-number", "section-number"])
        #expect(why.map { $0?.sequence } == ["chapter 1", "section 1.1", "section 1.2", "chapter 2", "section 2.1", "section 2.1.1", "section 2.2"])
        #expect(sections.explanations.count == 7)
        #expect(try parse("isolated-titles.txt").1.map { $0?.evidence } == ["set-apart", "set-apart", "set-apart"])
        let huimu = try parse("huimu-openers.txt").1
        #expect(huimu.map { $0?.evidence } == ["run-on", "run-on", "run-on"])
        #expect(huimu.map { $0?.sequence } == ["回 1", "回 2", "回 3"])
        #expect(try TextBookParser.parse("第一章 甲\n　　正文一行。\n第二章 乙\n　　正文。\n").explanations.isEmpty)
    }

    /// A label alone, a space, then a short first sentence: the text runs on, the label is the heading.
    @Test func shortTextRunOnAfterALabel() throws {
        let (heading, text) = try #require(HeadingMatcher.runOn("第3回 昨夕は妙な気持ちがした。"))
        #expect(heading.title == "第3回" && heading.number == 3 && heading.needsSequence)
        #expect(text == "昨夕は妙な気持ちがした。")
        #expect(HeadingMatcher.runOn("第三章里他说了很多话。") == nil)
    }

    /// Dot leaders and ellipses, read from bytes: `....`, `. . .`, `…`; not `I. II.` or `1.5`.
    @Test func dotLeaders() {
        for line in ["CHAPTER I ........ 5", "Preface . . . . 3", "To be continued…", "x...."] { #expect(HeadingMatcher.hasLeaders(Substring(line)), "\(line)") }
        for line in ["I. LAYING PLANS II. WAGING WAR", "3.5 Million", "... ", "。〦", "— “Yes.”"] { #expect(!HeadingMatcher.hasLeaders(Substring(line)), "\(line)") }
    }

    @Test func oneMisprintedNumberInASequenceIsTheMissingHeading() throws {
        let text = "I\nThe First\n\nSome text that goes on for a while here.\n\nII\nThe Second\n\nMore text that goes on.\n\n"
            + "XXVII\nThe Third\n\nStill more text that goes on.\n\nIV\nThe Fourth\n\nThe end of the text, at last."
        let book = try TextBookParser.parse(text)
        #expect(book.sections.map(\.title) == ["I. The First", "II. The Second", "XXVII. The Third", "IV. The Fourth"])
        #expect(book.sections.map(\.line) == [1, 6, 11, 16])
    }

    /// An abbreviated label in a contents list (`CHAP. V.`) names the chapter `CHAPTER V.` heads:
    /// the list is a list, its entries no chapters, and `CHAP.` numbers the chapter sequence.
    @Test func abbreviatedLabelsInAContentsList() throws {
        let body = "Some text that goes on for a while here, and then some more of it.\n\n"
        var text = "THE BOOK\n\n\nCONTENTS\n\n\n"
        for n in ["I", "II", "III"] { text += "CHAP. \(n). THE TITLE \(n)\n\n" }
        text += "\n\n\n"
        for n in ["I", "II", "III"] { text += "CHAPTER \(n).\n\nTHE TITLE \(n)\n\n" + body }
        let book = try TextBookParser.parse(text)
        #expect(book.sections.dropFirst().map(\.title) == ["CHAPTER I. THE TITLE I", "CHAPTER II. THE TITLE II", "CHAPTER III. THE TITLE III"])
        #expect(book.sections.dropFirst().map(\.line) == [16, 22, 28])
        #expect(TextBookParser.formKey(try #require(HeadingMatcher.match("CHAP. V. WHAT THE THUNDER SAID"))) == "chapter")
        #expect(ContentsList.key(try #require(HeadingMatcher.match("Vol. II"))) == ContentsList.key(try #require(HeadingMatcher.match("VOLUME II"))))
    }

    /// A contents entry printed over two lines (`CHAP. I.` then its title): the title line is the
    /// entry's, not a division the list names apart, so the chapter's title line below its label
    /// in the body is no section of its own.
    @Test func twoLineContentsEntries() throws {
        let body = "Some text that goes on for a while here, and then some more of it.\n\n"
        var text = "THE BOOK\n\n\nCONTENTS\n\n\n"
        for (n, title) in [("I", "THE BURIAL"), ("II", "A GAME"), ("III", "THE SERMON")] { text += "CHAP. \(n).\n\(title)\n\n" }
        text += "\n\n\n"
        for (n, title) in [("I", "THE BURIAL"), ("II", "A GAME"), ("III", "THE SERMON")] { text += "CHAPTER \(n).\n\n\(title)\n\n" + body }
        let book = try TextBookParser.parse(text)
        #expect(book.sections.dropFirst().map(\.title) == ["CHAPTER I. THE BURIAL", "CHAPTER II. A GAME", "CHAPTER III. THE SERMON"])
    }

    /// A list that numbers each title's parts from 1 (a poem's `1`, `2`), or gives one title twice
    /// (two poems called `TO YOU`), is still the list below the repeat: no section starts in it.
    @Test func contentsListsThatRepeatNumbersAndTitles() throws {
        let body = "Some text that goes on for a while here, and then some more of it.\n\n"
        let poems = ["SONG OF THE OPEN ROAD", "TO YOU", "SEA DRIFT", "TO YOU", "THE SLEEPERS", "BY THE ROADSIDE"]
        var text = "POEMS\n\n\nCONTENTS\n\n\n"
        for poem in poems { text += "   \(poem)\n\n" + (poem.hasPrefix("S") ? "      1\n\n      2\n\n      3\n\n" : "") }
        text += "\n\n\n"
        for poem in poems {
            text += "\n\n\n\(poem)\n\n\n"
            text += poem.hasPrefix("S") ? (1...3).map { "\($0)\n\n" + body }.joined() : body
        }
        let book = try TextBookParser.parse(text)
        let firstPoem = try #require(text.components(separatedBy: "\n").firstIndex(of: "SONG OF THE OPEN ROAD"))
        #expect(book.sections.dropFirst().allSatisfy { ($0.line ?? 0) >= firstPoem + 1 }, "\(book.sections.map { ($0.title, $0.line) })")
        #expect(book.sections.filter { $0.title == "TO YOU" }.count == 2)
    }

    /// A transcription's producers' credit above the title page (`Produced by …` wrapped to `by
    /// The Internet Archive)`) is neither the byline nor the title; the title page below it is.
    @Test func producersCreditAboveTheTitlePage() throws {
        let credit = "Produced by Judith Boss, Charles Franks and the Online\nDistributed Proofreading Team at https://www.pgdp.net (This\n"
            + "file was produced from images generously made available\nby The Internet Archive)\n\n\n\n"
        let body = "Some text that goes on for a while here, and then some more of it.\n\n"
        let chapters = "CHAPTER I.\n\n" + body + "CHAPTER II.\n\n" + body
        let signed = try TextBookParser.parse(credit + "LEAVES OF GRASS\n\nby Walt Whitman\n\n\n\n" + chapters)
        #expect(signed.title == "Leaves of Grass" && signed.author == "Walt Whitman")
        #expect(signed.sections.dropFirst().map(\.title) == ["CHAPTER I.", "CHAPTER II."])
        let unsigned = try TextBookParser.parse(credit + "Transcriber's Note:\n\nSpelling has been kept as printed.\n\n\n\nHefty Water\n\n\n\n" + chapters)
        #expect(unsigned.title == "Hefty Water" && unsigned.author == nil, "\(unsigned.title) \(unsigned.sections.map(\.title))")
    }

    /// Hard-wrapped prose between blank lines is that style even where tables and lists print a
    /// short line per block (more blocks than the prose has, little of its text); a chapter named
    /// in a sentence wrapped onto its own line is prose in either style.
    @Test func wrappedProseAmongShortBlocksAndChaptersNamedInSentences() throws {
        let prose = "The text of this technical book is wrapped at seventy columns as the\n"
            + "download sites print it, and its paragraphs are set apart by a blank\nline each.\n\n"
        let table = (1...12).map { "CELL \($0)\n\n" }.joined()
        let lines = TextLines.split(String(repeating: prose + table, count: 3))
        #expect(ParagraphStyle.detect(lines) == .blankLineSeparated)
        let body = "Some text that goes on for a while here, and then some more of it.\n"
        let text = "CHAPTER I.\n" + body + "the scene that the whole of\nBOOK VI., CHAPTER VIII.—which the reader will remember—was written\n"
            + "then, and no more.\n" + "CHAPTER II.\n" + body
        let book = try TextBookParser.parse(text)
        #expect(book.paragraphStyle == .linePerParagraph)
        #expect(book.sections.map(\.title) == ["CHAPTER I.", "CHAPTER II."])
    }

    /// A technical document's top level printed as `2. Title` (found by the contents list, then
    /// raised to a division over its indented entries) numbers its `2.1` sections: they sit one
    /// level under it, as chapters under a volume. A version number is no sentence in a title.
    @Test func numberedTopLevelOverItsSections() throws {
        let body = String(repeating: "Some text that goes on for a while here, and then some more of it. And it goes on.\n\n", count: 3)
        let text = "EPUB 3.3\n\n\n\nCONTENTS\n\n 1. INTRODUCTION\n    1.1 OVERVIEW\n    1.2 TERMS\n 2. CONFORMANCE\n    2.1 CHECKING\n\n\n\n"
            + "\n\n1. INTRODUCTION\n\n\n\n\n\n1.1 OVERVIEW\n\n" + body + "\n\n\n1.2 TERMS\n\n" + body
            + "\n\n\n\n\n2. CONFORMANCE\n\n\n\n\n\n2.1 CHECKING\n\n" + body
        let book = try TextBookParser.parse(text)
        #expect(book.title == "EPUB 3.3")
        #expect(book.sections.dropFirst().map { "\($0.level) \($0.title)" }
                == ["1 1. INTRODUCTION", "2 1.1 OVERVIEW", "2 1.2 TERMS", "1 2. CONFORMANCE", "2 2.1 CHECKING"])
        #expect(SectionNumbers.leadingNumber("2 EPUB Publication Conformance") == 2 && SectionNumbers.leadingNumber("2. EPUB") == 2)
        #expect(SectionNumbers.leadingNumber("3.5 Million") == nil && SectionNumbers.leadingNumber("1999 was a year") == nil)
    }

    /// In hard-wrapped text a label line over a filled line and more of its block opens a
    /// paragraph (Moby-Dick's `BOOK III. (DUODECIMO), CHAPTER II. (ALGERINE PORPOISE).—A pirate.`).
    @Test func aLabelThatOpensAWrappedParagraph() throws {
        let prose = "The text of this book is wrapped at seventy columns as the download\nsites print it, and its paragraphs stand apart by one blank line.\n\n"
        let prose8 = String(repeating: prose, count: 12)
        let text = "CHAPTER I.\n\n" + prose8 + "BOOK III. (DUODECIMO), CHAPTER II. (ALGERINE PORPOISE).—A pirate.\n"
            + "Very savage, and he is only found, I think, in the Pacific ocean. He\nis somewhat larger than the Huzza Porpoise.\n\n"
            + prose + "CHAPTER II.\n\n" + prose8
        let book = try TextBookParser.parse(text)
        #expect(book.paragraphStyle == .blankLineSeparated)
        #expect(book.sections.map(\.title) == ["CHAPTER I.", "CHAPTER II."])
        // A heading with its chapter's text right below it, no blank line between, stays one.
        let tight = "CHAPTER I.\n" + prose8 + "CHAPTER II.\n" + prose8
        #expect(try TextBookParser.parse(tight).sections.map(\.title) == ["CHAPTER I.", "CHAPTER II."])
    }

    /// A script without capitals (Hebrew) sets its titles apart as any other; in a book that indents
    /// its paragraphs, a title a few lines above another title over its text heads it (`आदि पर्व`
    /// over `आदि पर्व अध्याय १`), and a title in book-title marks above the first chapter is the book's.
    @Test func titlesInCaselessScriptsAndDivisionsAboveTheirFirstChapter() throws {
        #expect(IsolatedTitles.isTitle("מצילים יאכטה מטביעה?") && IsolatedTitles.isTitle("आदि पर्व अध्याय १"))
        #expect(!IsolatedTitles.isTitle("אבל הוא אמר לה שהוא לא יבוא היום כי הים סוער מאוד והרוח חזקה."))
        let verse = String(repeating: "    नारायणं नमस्कृत्य नरं चैव नरॊत्तम देवीं सरस्वतीं\n", count: 10)
        let text = "महाभारत\n\n\n\nआदि पर्व\n\n\n\n\nआदि पर्व अध्याय १\n\n" + verse + "\n\n\n\nआदि पर्व अध्याय २\n\n" + verse
            + "\n\n\n\nसभा पर्व\n\n\n\n\nसभा पर्व अध्याय १\n\n" + verse
        let book = try TextBookParser.parse(text)
        #expect(book.sections.map { "\($0.level) \($0.title)" }
                == ["1 महाभारत", "1 आदि पर्व", "2 आदि पर्व अध्याय १", "2 आदि पर्व अध्याय २", "1 सभा पर्व", "2 सभा पर्व अध्याय १"])
        #expect(IsolatedTitles.isBookTitleMarked("《水浒传》") && !IsolatedTitles.isBookTitleMarked("《水浒传》第一回"))
    }

    /// A chapter that only the section numbering implies (`2. Reading system conformance` in
    /// sentence case, set apart above `2.1`) is the chapter the numbering needs; a numbered line
    /// in prose between sections is not.
    @Test func chaptersTheSectionNumberingImplies() throws {
        let body = String(repeating: "Some text that goes on for a while here, and then some more of it. And it goes on.\n\n", count: 3)
        var text = "Reading Systems 3.3\n\n\n\n"
        for (n, title) in [(1, "Introduction"), (2, "Reading system conformance"), (3, "Publication resource processing")] {
            text += "\n\n\n\(n). \(title)\n\n\n" + body
            for k in 1...2 { text += "\n\n\(n).\(k) Sub section \(k)\n\n" + body }
        }
        let book = try TextBookParser.parse(text)
        #expect(book.sections.dropFirst().map { "\($0.level) \($0.title)" } == [
            "1 1. Introduction", "2 1.1 Sub section 1", "2 1.2 Sub section 2", "1 2. Reading system conformance", "2 2.1 Sub section 1",
            "2 2.2 Sub section 2", "1 3. Publication resource processing", "2 3.1 Sub section 1", "2 3.2 Sub section 2"])
        // Where no title line gives chapter 2, a sentence of the text that starts with its number and
        // stands alone (`2 readers found it so.`) is not taken for it.
        var untitled = "Reading Systems 3.3\n\n\n\n\n\n\n1. Introduction\n\n\n" + body
        for k in 1...2 { untitled += "\n\n1.\(k) Sub section \(k)\n\n" + body }
        untitled += "2 readers found it so.\n\n" + body
        for k in 1...2 { untitled += "\n\n2.\(k) Sub section \(k)\n\n" + body }
        let sections = try TextBookParser.parse(untitled).sections.map(\.title)
        #expect(sections.contains("2.1 Sub section 1") && !sections.contains { $0.hasPrefix("2 readers") }, "\(sections)")
        // `1. Introduction` over its sections with no text of its own heads them as a division;
        // `2. Reading system conformance` is then its sibling, not a chapter inside it.
        var divided = "Reading Systems 3.3\n\n\n\n"
        for (n, title) in [(1, "Introduction"), (2, "Reading system conformance")] {
            divided += "\n\n\n\(n). \(title)\n\n\n" + (n == 1 ? "" : body)
            for k in 1...2 { divided += "\n\n\(n).\(k) Sub section \(k)\n\n" + body }
        }
        #expect(try TextBookParser.parse(divided).sections.dropFirst().map { "\($0.level) \($0.title)" } == [
            "1 1. Introduction", "2 1.1 Sub section 1", "2 1.2 Sub section 2", "1 2. Reading system conformance", "2 2.1 Sub section 1",
            "2 2.2 Sub section 2"])
    }

    /// Appendices lettered as ReSpec prints them after a numbered body (`A. Unsupported features`,
    /// `A.1 …`, `B. Allowed external identifiers` with no sections, `C. Expressing structural
    /// semantics` in sentence case over `C.1`): each a chapter with its sections under it, its
    /// letter due in order. Letters number nothing in a book without a numbered body, and `A Tale`
    /// starts with a word.
    @Test func letteredAppendicesAfterANumberedBody() throws {
        let body = String(repeating: "Some text that goes on for a while here, and then some more of it. And it goes on.\n\n", count: 3)
        var text = "EPUB 3.3\n\n\n\n"
        for (n, title) in [(1, "Introduction"), (2, "Publication conformance")] {
            text += "\n\n\n\(n). \(title)\n\n\n" + body
            for k in 1...2 { text += "\n\n\(n).\(k) Sub section \(k)\n\n" + body }
        }
        text += "\n\n\nA. Unsupported features\n\n\n" + body
        for k in 1...2 { text += "\n\nA.\(k) Feature kind \(k)\n\n" + body }
        text += "\n\n\nB. Allowed external identifiers\n\n\n" + body
        text += "\n\n\nC. Expressing structural semantics\n\n\n" + body
        for k in 1...2 { text += "\n\nC.\(k) The epub:type attribute \(k)\n\n" + body }
        // Appendices after the last lettered section, with no sections of their own, in order.
        text += "\n\n\nD. Acknowledgements of the many contributors\n\n\n" + body + "\n\n\nE. References to other documents\n\n\n" + body
        let book = try TextBookParser.parse(text)
        #expect(book.sections.dropFirst().map { "\($0.level) \($0.title)" } == [
            "1 1. Introduction", "2 1.1 Sub section 1", "2 1.2 Sub section 2", "1 2. Publication conformance", "2 2.1 Sub section 1",
            "2 2.2 Sub section 2", "1 A. Unsupported features", "2 A.1 Feature kind 1", "2 A.2 Feature kind 2",
            "1 B. Allowed external identifiers", "1 C. Expressing structural semantics", "2 C.1 The epub:type attribute 1",
            "2 C.2 The epub:type attribute 2", "1 D. Acknowledgements of the many contributors", "1 E. References to other documents"])
        #expect(SectionNumbers.parse("C.2 The epub:type attribute")?.parts == [1003, 2])
        #expect(SectionNumbers.parse("A Publication Resource that conforms") == nil)
        #expect(SectionNumbers.leadingLetter("A. Unsupported features") == 1001 && SectionNumbers.leadingLetter("A Tale of Two Cities") == nil)
        // A novel's lettered list (no numbered body) stays text.
        var novel = "THE NOVEL\n\n\n\n"
        for n in 1...3 { novel += "\n\n\nCHAPTER \(n).\n\n\n" + body + "A.1 First point of the list\n\n" + body + "A.2 Second point of the list\n\n" + body }
        #expect(try TextBookParser.parse(novel).sections.dropFirst().map(\.title) == ["CHAPTER 1.", "CHAPTER 2.", "CHAPTER 3."])
    }

    /// A technical document's contents list, its entries ending in full stops as older lists set
    /// them (EPUB 3.3's own, as a plain-text copy prints it): numbers six deep (`4.2.6.3.1.1 The
    /// container element.`, read as prose when five was the deepest), appendices by their letter
    /// alone (`A. Unsupported features.`), and `I.` after `H.` an appendix, not the chapter `1.`
    /// again. The whole list is the list; the document's headings are its own.
    @Test func aSpecificationsContentsListToItsLastAppendix() throws {
        let body = String(repeating: "Some text that goes on for a while here, and then some more of it. And it goes on.\n\n", count: 3)
        var list = "EPUB 3.3\n\n\n\nCONTENTS.\n\n\n", text = ""
        for (n, title) in [(1, "Introduction"), (2, "Open container format")] {
            list += " \(n). \(title).\n    \(n).1 Overview.\n"
            text += "\n\n\n\(n). \(title)\n\n\n" + body + "\n\n\(n).1 Overview\n\n" + body
            var number = "\(n).1"
            for depth in 3...6 {
                number += ".1"
                list += String(repeating: " ", count: depth * 3) + "\(number) The element of depth \(depth).\n"
                text += "\n\n\(number) The element of depth \(depth)\n\n" + body
            }
            list += "\n"
        }
        for letter in "ABCDEFGHIJ" {
            list += " \(letter). Appendix on matter \(letter).\n    \(letter).1 Its first part.\n\n"
            text += "\n\n\n\(letter). Appendix on matter \(letter)\n\n\n" + body + "\n\n\(letter).1 Its first part\n\n" + body
        }
        let lines = (list + "\n\n" + text).split(separator: "\n", omittingEmptySubsequences: false)
        let regions = ContentsList.regions(lines)
        let listEnd = try #require(lines.firstIndex(of: "1. Introduction"))
        let lastEntry = try #require(lines.firstIndex(of: "    J.1 Its first part."))
        #expect(regions == [4..<(lastEntry + 1)] || regions.count == 1 && regions[0].lowerBound == 4 && regions[0].upperBound > lastEntry, "\(regions)")
        let sections = try TextBookParser.parse(list + "\n\n" + text).sections.dropFirst()
        #expect(sections.allSatisfy { ($0.line ?? 0) >= listEnd }, "\(sections.filter { ($0.line ?? 0) < listEnd }.map(\.title))")
        #expect(sections.filter { $0.level == 1 }.map(\.title) == ["1. Introduction", "2. Open container format"] + "ABCDEFGHIJ".map { "\($0). Appendix on matter \($0)" })
        #expect(SectionNumbers.parse("4.2.6.3.1.1 The container element")?.parts == [4, 2, 6, 3, 1, 1])
        #expect(SectionNumbers.parse("4.2.6.3.1.1.1 The container element") == nil)
        #expect(ContentsList.entry("B. Allowed external identifiers.")?.section == [1002])
        #expect(ContentsList.entry("I. Media type registrations.")?.section == nil)
        #expect(ContentsList.appendixEntry("A. the rest of a sentence") == nil && ContentsList.appendixEntry("A.1 Part") == nil)
    }

    /// A contents list that wraps long entries with a hanging indent, as the W3C's Japanese layout
    /// requirements in plain text print theirs: a wrapped line may go on in lower case (`the
    /// Page.`), a block of entries may run past forty lines with an entry cut at the fortieth, and
    /// `Appendices.`, no entry, stands over appendices by their letter alone (`B Spacing between
    /// Characters.`), which are not its title going on. The whole list is the list; an appendix
    /// over its paragraph set on one line is a heading even when its title is long.
    @Test func aContentsListWrappedWithHangingIndents() throws {
        let paragraph = String(repeating: "The tables give the spacing between two characters of the classes named. ", count: 4)
        let body = String(repeating: "Some text that goes on for a while here, and then some more of it. And it goes on.\n\n", count: 3)
        var list = "Requirements for Japanese Text Layout\n\n\n\nCONTENTS\n\n\n", text = ""
        let words = ["", "One", "Two", "Three", "Four"]
        for volume in 1...2 {
            list += " VOLUME \(volume). Composition of Part \(words[volume]).\n"
            text += "\n\n\nVOLUME \(volume). Composition of Part \(words[volume])\n\n\n" + body
            for section in 1...4 {
                let name = "Processing of Headings in \(words[volume]) (including \(words[section]) Page Breaks)"
                list += "    \(volume).\(section) \(name).\n"
                text += "\n\n\(volume).\(section) \(name)\n\n" + body
                for sub in 1...4 {
                    let name = "Processing of Gyou-dori Heading \(words[section]) \(words[sub]) Set at the bottom of"
                    list += "       \(volume).\(section).\(sub) \(name)\n           the \(words[volume]) Page.\n"
                    text += "\n\n\(volume).\(section).\(sub) \(name) the \(words[volume]) Page\n\n" + body
                }
            }
        }
        list += " Appendices.\n"
        text += "\n\n\nAppendices\n\n\n" + body
        for (letter, title) in [("A", "Character Classes"), ("B", "Spacing between Characters"), ("C", "Opportunities for Inter-character Space Reduction during Line Adjustment")] {
            // As the list wraps it: `C Opportunities for … during Line` / `        Adjustment.`
            list += "    " + (title.count > 60 ? "\(letter) \(title.dropLast(11))\n        Adjustment.\n" : "\(letter) \(title).\n")
            text += "\n\n\(letter) \(title)\n" + paragraph + "\n\n" + body
            if letter == "A" {
                list += "       A.1 Opening Brackets (cl-01).\n       A.2 Closing Brackets (cl-02).\n"
                text += "\n\nA.1 Opening Brackets (cl-01)\n\n" + body + "\n\nA.2 Closing Brackets (cl-02)\n\n" + body
            }
        }
        let whole = list + "\n\n\n" + text
        let lines = whole.split(separator: "\n", omittingEmptySubsequences: false)
        let lastEntry = try #require(lines.firstIndex(of: "        Adjustment."))
        #expect(ContentsList.regions(lines).map(\.lowerBound) == [4] && ContentsList.regions(lines).first.map { $0.upperBound > lastEntry } == true,
                "\(ContentsList.regions(lines))")
        let listEnd = try #require(lines.firstIndex(of: "VOLUME 1. Composition of Part One"))
        let sections = try TextBookParser.parse(whole).sections.dropFirst()
        #expect(sections.allSatisfy { ($0.line ?? 0) >= listEnd }, "\(sections.filter { ($0.line ?? 0) < listEnd }.map(\.title))")
        #expect(sections.filter { $0.title.hasPrefix("C ") || $0.title.hasPrefix("B ") }.map(\.title)
                == ["B Spacing between Characters", "C Opportunities for Inter-character Space Reduction during Line Adjustment"])
        #expect(ContentsList.block(at: 0, Array(repeating: "  1.1 Entry", count: 39) + ["  1.2 Entry of", "     two lines", "     or three", "  1.3 Entry"]).count == 42)
        // A wrapped title's second line is the entry's, no title of its own; a short entry's deeper lines are entries.
        let wrapped: [Substring] = ["CONTENTS", "       3.2.4 Method for Setting Full-width Latin Letters and", "           European Numerals",
                                    " BOOK 1. Beginnings", "    The First Shelf"]
        #expect(ContentsList.wrapsEntryAbove(2, wrapped, after: 0) && !ContentsList.wrapsEntryAbove(4, wrapped, after: 0))
        #expect(!ContentsList.entryTexts([0..<5], wrapped).contains(ContentsList.normalized("European Numerals"))
                && ContentsList.entryTexts([0..<5], wrapped).contains(ContentsList.normalized("The First Shelf")))
    }

    /// One title set closer than chapters (two blank lines where chapters get four), in capitals as
    /// every chapter's title is, over prose (a picture between them or not): `BACKGROUND` under
    /// `THE VOYAGE OF LIFE`, one level down. One such line in mixed case, or over no prose, may be
    /// a stray line and stays text.
    @Test func oneSectionSetAsTheChaptersAre() throws {
        let prose = "Thomas Cole is regarded as the founder of the Hudson River School, an\namerican art movement that flourished in the mid-19th century and was\nconcerned with the realistic portrayal of nature.\n"
        func book(_ section: String, picture: Bool, below: String = prose) -> String {
            var text = "THOMAS COLE - THE VOYAGE OF LIFE\n\nby Jesse Dylan\n"
            text += "\n\n\n\nTHE VOYAGE OF LIFE\n\n" + prose + "\n" + prose + "\n\n" + section + "\n\n" + (picture ? "[Illustration: portrait of Thomas Cole]\n\n" : "") + below + "\n" + prose
            for chapter in ["CHILDHOOD", "YOUTH", "MANHOOD", "OLD AGE"] { text += "\n\n\n\n" + chapter + "\n\n" + prose + "\n" + prose }
            return text
        }
        for (section, picture) in [("BACKGROUND", true), ("THE ARTIST", false), ("THE FOUR PAINTINGS", true)] {
            let sections = try TextBookParser.parse(book(section, picture: picture)).sections.dropFirst()
            #expect(sections.map(\.title) == ["THE VOYAGE OF LIFE", section, "CHILDHOOD", "YOUTH", "MANHOOD", "OLD AGE"], "\(section): \(sections.map(\.title))")
            #expect(sections.map(\.level) == [1, 2, 1, 1, 1, 1], "\(section): \(sections.map(\.level))")
        }
        #expect(!(try TextBookParser.parse(book("Background", picture: false)).sections.map(\.title).contains("Background")))
        #expect(!(try TextBookParser.parse(book("BACKGROUND", picture: false, below: "OLD MASTERS\nNEW MASTERS\n")).sections.map(\.title).contains("BACKGROUND")))
    }

    /// A chapter's code that reads as a Roman numeral (`Chapter MD Matrix Decompositions`, 1500; `Part
    /// CM Conformal Maps`, 900; `Book DC Direct Current`, 600), set apart on a page listing topics:
    /// numbered past a hundred with no heading of its form a number before or after it, it names a
    /// chapter and is none. Chapters numbered past a hundred in a run (`CHAPTER CI.`, `CHAPTER CII.`)
    /// stay chapters.
    @Test func aChaptersCodeReadAsARomanNumeralIsNoChapter() throws {
        let body = "The matrix decompositions of this chapter are the culmination of the course, and they are used everywhere.\n"
        for code in ["Chapter MD Matrix Decompositions", "Part CM Conformal Maps", "Book DC Direct Current"] {
            var text = "A FIRST COURSE IN LINEAR ALGEBRA\n\nby Robert Beezer\n"
            for numeral in ["I", "II", "III"] { text += "\n\n\n\nCHAPTER \(numeral).\n\n" + body + "\n" + body }
            text += "\n\nTopics\n\nSection T Trace\n\n\(code)\n\nNext topic: Section T Trace\n\n" + body
            for numeral in ["IV", "V"] { text += "\n\n\n\nCHAPTER \(numeral).\n\n" + body + "\n" + body }
            let titles = try TextBookParser.parse(text).sections.map(\.title)
            #expect(!titles.contains(code) && titles.filter { $0.hasPrefix("CHAPTER") }.count == 5, "\(code): \(titles)")
        }
        // Nor is it the chapter a misprint would leave out (`CHAPTER III.`, the code, then `CHAPTER V.`).
        var skipping = "A FIRST COURSE IN LINEAR ALGEBRA\n\nby Robert Beezer\n"
        for numeral in ["I", "II", "III"] { skipping += "\n\n\n\nCHAPTER \(numeral).\n\n" + body + "\n" + body }
        skipping += "\n\nTopics\n\nSection T Trace\n\nChapter MD Matrix Decompositions\n\nNext topic: Section T Trace\n\n" + body
        skipping += "\n\n\n\nCHAPTER V.\n\n" + body + "\n" + body
        #expect(try TextBookParser.parse(skipping).sections.dropFirst().map(\.title) == ["CHAPTER I.", "CHAPTER II.", "CHAPTER III.", "CHAPTER V."])
        var run = "CHILDREN'S LITERATURE\n\nby Charles Madison Curry\n"
        for numeral in ["CI", "CII", "CIII"] { run += "\n\n\n\nCHAPTER \(numeral).\n\n" + body + "\n" + body }
        #expect(try TextBookParser.parse(run).sections.dropFirst().map(\.title) == ["CHAPTER CI.", "CHAPTER CII.", "CHAPTER CIII."])
    }

    /// A letter's place and date right under its heading, or under the heading and the line that
    /// addresses it (`Letter 1` / `_To Mrs. Saville, England._` / `St. Petersburgh, Dec. 11th,
    /// 17—.`), set apart as the headings are: the head of the letter, no section of its own. A
    /// date set apart later in the text, over an entry of its own, still heads it.
    @Test func aLettersPlaceAndDateUnderItsHeadingIsNoSection() throws {
        let prose = "I arrived here yesterday, and my first task is to assure my dear sister of my welfare and\nincreasing confidence in the success of my undertaking, which she doubted.\n"
        let cases: [(label: String, address: String?, date: String)] = [
            ("Letter", "_To Mrs. Saville, England._", "St. Petersburgh, Dec. 11th, 17—."),
            ("LETTER", nil, "Paris, 14th July, 1789."),
            ("Chapter", nil, "Edinburgh, January 1, 1850."),
        ]
        for (label, address, date) in cases {
            var text = "THE NORTHERN LETTERS\n\nby Ada Winterbourne\n"
            for n in 1...3 {
                text += "\n\n\n\n\(label) \(n)\n\n" + (address.map { $0 + "\n\n" } ?? "") + "\n" + date + "\n\n\n" + prose + "\n" + prose
            }
            let titles = try TextBookParser.parse(text).sections.dropFirst().map(\.title)
            #expect(titles == ["\(label) 1", "\(label) 2", "\(label) 3"], "\(date): \(titles)")
        }
        // `17—` is a year left blank only after a month and a day: `Chapter 17—` is no date.
        #expect(!IsolatedTitles.isDateline("Rooms 17—"))
        #expect(IsolatedTitles.isDateline("Archangel, 28th March, 17—."))
    }

    /// A line of the text set in italics with a sentence's stop, two blank lines above it as a
    /// section's title would have (Dracula's `_Mina Murray's Journal._` when the narrator
    /// changes, `_Varna to Whitby._` under a ship's log's title): where the book sets its headings
    /// in roman, the text's own line, no section. A book that sets its headings in italics keeps
    /// such a title.
    @Test func aLineOfTheTextInItalicsIsNoSection() throws {
        let prose = "Lucy was very restless all night, and I, too, could not sleep. The storm was fearful, and\nas it boomed loudly among the chimney-pots, it made me shudder.\n"
        for line in ["_Mina Murray's Journal._", "_Varna to Whitby._", "_Telegram, Arthur Holmwood to Seward._"] {
            var text = "DRACULA\n\nby Bram Stoker\n"
            for numeral in ["I", "II", "III"] {
                text += "\n\n\n\nCHAPTER \(numeral)\n\nJONATHAN HARKER'S JOURNAL\n\n\n_3 May. Bistritz._--" + prose + "\n" + prose
                text += "\n\n" + line + "\n\n_8 August._--" + prose + "\n" + prose
            }
            let titles = try TextBookParser.parse(text).sections.dropFirst().map(\.title)
            #expect(titles == ["CHAPTER I JONATHAN HARKER'S JOURNAL", "CHAPTER II JONATHAN HARKER'S JOURNAL", "CHAPTER III JONATHAN HARKER'S JOURNAL"],
                    "\(line): \(titles)")
        }
        var italic = "THE VOYAGE OF LIFE\n\nby Jesse Dylan\n"
        for title in ["_Childhood._", "_Youth._", "_Manhood._"] { italic += "\n\n\n\n" + title + "\n\n" + prose + "\n" + prose }
        #expect(try TextBookParser.parse(italic).sections.dropFirst().map(\.title) == ["Childhood.", "Youth.", "Manhood."])
    }

    /// A line wholly in round brackets that ends as a sentence does, set apart as headings are
    /// (Moby-Dick's `(Supplied by a Late Consumptive Usher to a Grammar School.)` two blank lines
    /// under `ETYMOLOGY.`, a play's `(Enter HAMLET, reading.)`), is a note, no section: as one,
    /// it took the front matter's text and made `ETYMOLOGY.` a division over every chapter.
    @Test func aNoteInBracketsIsNoSection() throws {
        let prose = "Call me Ishmael. Some years ago, never mind how long precisely, having little or\nno money in my purse, I thought I would sail about a little and see the watery part.\n"
        for note in ["(Supplied by a Late Consumptive Usher to a Grammar School.)", "(_Enter HAMLET, reading._)", "(Continued from the last number!)"] {
            var text = "MOBY-DICK;\n\nor, THE WHALE.\n\nBy Herman Melville\n\n\n\n\n\n  ETYMOLOGY.\n\n\n  " + note + "\n\n" + prose
            text += "\n\n\n\n  EXTRACTS.\n\n\n" + prose
            for number in 1...3 { text += "\n\n\nCHAPTER \(number). Loomings.\n\n" + prose + "\n" + prose }
            let sections = try TextBookParser.parse(text).sections.dropFirst()
            #expect(sections.map(\.title) == ["ETYMOLOGY.", "EXTRACTS.", "CHAPTER 1. Loomings.", "CHAPTER 2. Loomings.", "CHAPTER 3. Loomings."], "\(note)")
            #expect(sections.map(\.level) == [1, 1, 1, 1, 1], "\(note)")
        }
    }

    /// The places a publisher names over its name on the title page, two at least and nothing
    /// else (Middlemarch's `New York and Boston` over `H. M. Caldwell Company Publishers`), are the
    /// imprint, no section; one city alone may be a chapter's title.
    @Test func thePublishersPlacesAreNoSection() throws {
        let prose = "Who that cares much to know the history of man, and how the mysterious\nmixture behaves under the varying experiments of Time, has not dwelt on it?\n"
        for places in ["New York and Boston", "BOSTON AND NEW YORK", "London & New York"] {
            var text = "Middlemarch\n\n\nBy\n\nGeorge Eliot\n\n\n\n\n" + places + "\n\nH. M. Caldwell Company Publishers\n\n\n\n\n"
            text += "To my dear Husband, George Henry Lewes, in this nineteenth year of our\nblessed union.\n\n\n\n\nPRELUDE\n\n\n" + prose
            for numeral in ["I", "II", "III"] { text += "\n\n\nCHAPTER \(numeral).\n\n" + prose + "\n" + prose }
            let titles = try TextBookParser.parse(text).sections.dropFirst().map(\.title)
            #expect(titles == ["PRELUDE", "CHAPTER I.", "CHAPTER II.", "CHAPTER III."], "\(places): \(titles)")
        }
        #expect(!IsolatedTitles.isImprint("london"))
        #expect(!IsolatedTitles.isImprint("new york"))
        #expect(!IsolatedTitles.isImprint("london and paris in the terror"))
    }

    /// A title in capitals throughout may run to sixteen words (Grimms' `THE STORY OF THE YOUTH
    /// WHO WENT FORTH TO LEARN WHAT FEAR WAS`, `3. HOW PARTLET DIED AND WAS BURIED, AND HOW
    /// CHANTICLEER DIED OF GRIEF`): prose is not set so. In mixed case twelve stay the limit.
    @Test func aLongTitleInCapitalsIsATitle() throws {
        let prose = "A certain king had a beautiful garden, and in the garden stood a tree\nwhich bore golden apples. These apples were always counted, and about the time.\n"
        for long in ["THE STORY OF THE YOUTH WHO WENT FORTH TO LEARN WHAT FEAR WAS",
                     "3. HOW PARTLET DIED AND WAS BURIED, AND HOW CHANTICLEER DIED OF GRIEF",
                     "THE TALE OF THE MAN WHO WOULD NOT TAKE NO FOR AN ANSWER AT ALL"] {
            var text = "FAIRY TALES\n\nBy The Brothers Grimm\n"
            for title in ["THE GOLDEN BIRD", long, "HANS IN LUCK"] { text += "\n\n\n\n" + title + "\n\n" + prose + "\n" + prose }
            let titles = try TextBookParser.parse(text).sections.dropFirst().map(\.title)
            #expect(titles == ["THE GOLDEN BIRD", long, "HANS IN LUCK"], "\(titles)")
        }
        #expect(!IsolatedTitles.isTitle("The Story of the Youth Who Went Forth to Learn What Fear Was and Why"))
    }

    /// The book's title again is no section (a title page over the author's byline, `FAIRY TALES` /
    /// `By The Brothers Grimm`; the title's and author's words over the first story, `THE BROTHERS
    /// GRIMM FAIRY TALES`), but the title's first words over a story's text are that story (`THE
    /// HAPPY PRINCE`, first of The Happy Prince and Other Tales).
    @Test func theBooksTitleAgainIsNoSectionButItsTitleStoryIs() throws {
        let prose = "High above the city, on a tall column, stood the statue of the Happy\nPrince. He was gilded all over with thin leaves of fine gold, for eyes.\n"
        func book(_ title: String, _ author: String, front: String, stories: [String]) -> String {
            var text = "Title: \(title)\n\nAuthor: \(author)\n\n*** START OF THE PROJECT GUTENBERG EBOOK \(title.uppercased()) ***\n\n\n\n" + front
            for story in stories { text += "\n\n\n\n" + story + "\n\n" + prose + "\n" + prose + "\n" + prose }
            return text + "\n\n*** END OF THE PROJECT GUTENBERG EBOOK \(title.uppercased()) ***\n"
        }
        let cases: [(String, String, String, [String])] = [
            ("Grimms' Fairy Tales", "The Brothers Grimm", "FAIRY TALES\n\nBy The Brothers Grimm\n\n\n\n\nTHE BROTHERS GRIMM FAIRY TALES\n",
             ["THE GOLDEN BIRD", "HANS IN LUCK", "JORINDA AND JORINDEL"]),
            ("The Happy Prince and Other Tales", "Oscar Wilde", "THE HAPPY PRINCE AND OTHER TALES\n\nBy Oscar Wilde\n",
             ["THE HAPPY PRINCE", "THE NIGHTINGALE AND THE ROSE", "THE SELFISH GIANT"]),
            ("The Man Who Would Be King and Other Stories", "Rudyard Kipling", "THE MAN WHO WOULD BE KING\n\nAND OTHER STORIES\n\nBy Rudyard Kipling\n",
             ["THE MAN WHO WOULD BE KING", "THE STRANGE RIDE OF MORROWBIE JUKES", "THE PHANTOM 'RICKSHAW"]),
        ]
        for (title, author, front, stories) in cases {
            let titles = try TextBookParser.parse(book(title, author, front: front, stories: stories)).sections.map(\.title)
            #expect(titles.filter { $0 != title } == stories, "\(titles)")
        }
        #expect(IsolatedTitles.isTitleAndAuthor("the brothers grimm fairy tales", title: "grimms fairy tales", author: "the brothers grimm"))
        #expect(!IsolatedTitles.isTitleAndAuthor("the golden bird", title: "grimms fairy tales", author: "the brothers grimm"))
    }

    /// A contents list that spells its chapters' numbers before their titles (Little Women's
    /// `          ONE  PLAYING PILGRIMS` under `PART 1`, for `CHAPTER ONE` over `PLAYING PILGRIMS`) is
    /// a list: its part labels are no sections over the book.
    @Test func aListThatSpellsItsNumbersIsAList() throws {
        let prose = "Christmas won't be Christmas without any presents, grumbled Jo, lying\non the rug. It's so dreadful to be poor! sighed Meg, looking down at her old dress.\n"
        let titles = ["PLAYING PILGRIMS", "A MERRY CHRISTMAS", "THE LAURENCE BOY", "BURDENS"]
        let numbers = ["ONE", "TWO", "THREE", "FOUR"]
        let forms: [(String, String) -> String] = [{ String(repeating: " ", count: 13 - $0.count) + $0 + "  " + $1 }, { $0 + ". " + $1 }, { "  " + $0 + "  " + $1 }]
        for (form, entry) in forms.enumerated() {
            var text = "LITTLE WOMEN\n\n\nby\n\nLouisa May Alcott\n\n\n\n\nCONTENTS\n\n\nPART 1\n\n"
            for k in 0..<2 { text += entry(numbers[k], titles[k]) + "\n" }
            text += "\n\nPART 2\n\n"
            for k in 2..<4 { text += entry(numbers[k], titles[k]) + "\n" }
            text += "\n\n\n"
            for k in 0..<4 { text += "CHAPTER \(numbers[k])\n\n\(titles[k])\n\n" + prose + "\n" + prose + "\n\n\n" }
            let found = try TextBookParser.parse(text).sections.dropFirst()
            #expect(found.map(\.title) == (0..<4).map { "CHAPTER \(numbers[$0]) \(titles[$0])" }, "form \(form): \(found.map(\.title))")
            #expect(found.map(\.level) == [1, 1, 1, 1])
        }
        #expect(ContentsList.spelledEntry("TWENTY-THREE  AUNT MARCH SETTLES THE QUESTION")?.number == 23)
        #expect(ContentsList.spelledEntry("FIRST  LOVE") == nil)
    }

    /// A contents list whose entries are a label over the chapter's summary, wrapped as it runs
    /// and set with no blank line (Huckleberry Finn's `Chapter VI.` / `He Went for Judge Thatcher.
    /// — Huck Decided to Leave. — Political` / `Economy. — Thrashing Around.`), is a list: its first
    /// entry is no chapter, and the chapter's own heading is. A printer's `Press of …` is no section.
    @Test func aListOfLabelsOverWrappedSummariesIsAList() throws {
        let prose = "You don't know about me without you have read a book by the name of The\nAdventures of Tom Sawyer; but that ain't no matter. That book was made by Mr. Mark Twain.\n"
        let summaries = ["Civilizing Huck. — Miss Watson. — Tom Sawyer Waits.",
                         "He Went for Judge Thatcher. — Huck Decided to Leave. — Political\nEconomy. — Thrashing Around.",
                         "The Funeral. — Satisfying Curiosity. — Suspicious of Huck, — Quick Sales\nand Small.",
                         "Escaping from the Wreck. — The Watchman. — Sinking."]
        for (label, form) in [("Chapter", "."), ("CHAPTER", "."), ("Chapter", "")] {
            var text = "ADVENTURES OF HUCKLEBERRY FINN\n\nBY MARK TWAIN.\n\n\n\n\n          Press of J. J. Little & Co.\n\n      Nos. 19 To 39 Astor Place, New York.\n\n\n\n\nContents\n\n\n"
            for (k, numeral) in ["I", "II", "III", "IV"].enumerated() { text += "\(label) \(numeral)\(form)\n" + summaries[(k + form.count) % 4] + "\n" }
            text += "\n\n\n\n"
            for numeral in ["I", "II", "III", "IV"] { text += "\(label) \(numeral)\(form)\n\n\n" + prose + "\n" + prose + "\n\n\n\n" }
            let found = try TextBookParser.parse(text).sections.dropFirst()
            #expect(found.map(\.title) == ["I", "II", "III", "IV"].map { "\(label) \($0)\(form)" }, "\(found.map(\.title))")
            // Lines count from 1: the body's chapter, not the list's entry.
            #expect(found.first?.line == text.components(separatedBy: "\n").lastIndex(of: "\(label) I\(form)").map { $0 + 1 })
        }
        #expect(IsolatedTitles.isImprint("press of j. j. little & co."))
    }

    /// A long title the contents list gives on one line and the heading wraps over two to four
    /// lines (The Prince's `DESCRIPTION OF THE METHODS ADOPTED BY THE DUKE VALENTINO WHEN
    /// MURDERING` / `VITELLOZZO VITELLI, …` / `DI GRAVINA ORSINI`) is that title, its text below the
    /// last of them.
    @Test func aListedTitleWrappedOverLinesIsATitle() throws {
        let prose = "Upon this the duke, before his departure from Fano, which was to be on\n30th December 1502, communicated his designs to eight of his most trusted followers.\n"
        let longTitles = ["DESCRIPTION OF THE METHODS ADOPTED BY THE DUKE VALENTINO WHEN MURDERING VITELLOZZO VITELLI, OLIVEROTTO DA FERMO, THE SIGNOR PAGOLO, AND THE DUKE DI GRAVINA ORSINI",
                          "A DISCOURSE UPON THE MANNER IN WHICH THE STATES OF ITALY MIGHT BE GOVERNED WHEN THEIR PRINCES ARE DEAD",
                          "THE LIFE OF CASTRUCCIO CASTRACANI OF LUCCA, WRITTEN BY NICOLO MACHIAVELLI AND SENT TO HIS FRIENDS ZANOBI BUONDELMONTI AND LUIGI ALAMANNI"]
        for long in longTitles {
            var text = "The Prince\n\nby Nicolo Machiavelli\n\n\nContents\n\n INTRODUCTION\n CHAPTER I. CONCERNING HEREDITARY PRINCIPALITIES\n"
            text += " CHAPTER II. CONCERNING MIXED PRINCIPALITIES\n\n " + long + "\n\n\n\n\n"
            var wrapped: [String] = [], line = ""
            for word in long.split(separator: " ") {
                if line.count + word.count + 1 > 70 { wrapped.append(line); line = String(word) } else { line = line.isEmpty ? String(word) : line + " " + word }
            }
            wrapped.append(line)
            let chapters = ["CHAPTER I.\nCONCERNING HEREDITARY PRINCIPALITIES", "CHAPTER II.\nCONCERNING MIXED PRINCIPALITIES"]
            for title in ["INTRODUCTION"] + chapters + [wrapped.joined(separator: "\n")] { text += title + "\n\n\n" + prose + "\n" + prose + "\n\n\n\n" }
            let found = try TextBookParser.parse(text).sections.dropFirst()
            #expect(found.map(\.title) == ["INTRODUCTION", "CHAPTER I. CONCERNING HEREDITARY PRINCIPALITIES", "CHAPTER II. CONCERNING MIXED PRINCIPALITIES", long],
                    "\(found.map(\.title))")
            #expect(found.last?.paragraphs.count == 2)
        }
    }

    /// A title a contents list sets apart as the book sets its headings, three blank lines below
    /// the last chapter's entry (Les Misérables' ` LETTER TO M. DAELLI`), is the list's entry when
    /// the book gives it again as a heading after the list: one section, at the book's end.
    @Test func aTitleTheContentsListSetsApartIsItsEntry() throws {
        let prose = "So long as there shall exist, by virtue of law and custom, decrees of damnation\npronounced by society, books of this nature cannot fail to be of use.\n"
        for last in ["LETTER TO M. DAELLI", "INDEX", "APPENDIX: THE WRECK OF THE DEMETER"] {
            var text = "LES MISERABLES\n\nBy Victor Hugo\n\n\n\n\nContents\n\n PREFACE\n\n"
            for numeral in ["I", "II", "III", "IV"] { text += " CHAPTER \(numeral)—THE BISHOP\n\n" }
            text += "\n\n " + last + "\n\n\n\n\nPREFACE\n\n\n" + prose
            for numeral in ["I", "II", "III", "IV"] { text += "\n\n\nCHAPTER \(numeral)—THE BISHOP\n\n\n" + prose + "\n" + prose }
            text += "\n\n\n" + last + "\n\n\n" + prose
            let titles = try TextBookParser.parse(text).sections.dropFirst().map(\.title)
            #expect(titles == ["PREFACE"] + ["I", "II", "III", "IV"].map { "CHAPTER \($0)—THE BISHOP" } + [last], "\(last): \(titles)")
        }
    }

    /// A title set apart after the book's last chapter with as many blank lines above it as the
    /// book's divisions get, more than its chapters get (Les Misérables' `LETTER TO M. DAELLI`
    /// after volume V's last chapter): the book's closing matter, at the top level. Set as the
    /// chapters are, it stays among them.
    @Test func aTitleSetApartAsTheDivisionsAfterTheLastChapterClosesTheBook() throws {
        let prose = "So long as there shall exist, by virtue of law and custom, decrees of damnation\npronounced by society, books of this nature cannot fail to be of use.\n"
        for (division, last) in [("VOLUME", "LETTER TO M. DAELLI"), ("PART", "THE LIGHTHOUSE KEEPER'S LETTER"), ("BOOK", "WHAT BECAME OF THEM")] {
            func book(closingGap: String) -> String {
                var text = "LES MISERABLES\n\nBy Victor Hugo\n"
                for numeral in ["I", "II"] {
                    text += "\n\n\n\n\n\(division) \(numeral)\n\n\n\n"
                    for chapter in ["I", "II", "III"] { text += "\n\n\nCHAPTER \(chapter)—THE BISHOP\n\n\n" + prose + "\n" + prose }
                }
                return text + closingGap + last + "\n\n\n" + prose
            }
            let closing = try TextBookParser.parse(book(closingGap: "\n\n\n\n\n")).sections.dropFirst()
            #expect(closing.map(\.level) == [1, 2, 2, 2, 1, 2, 2, 2, 1], "\(last): \(closing.map { ($0.title, $0.level) })")
            let among = try TextBookParser.parse(book(closingGap: "\n\n\n")).sections.dropFirst()
            #expect(among.last?.title == last && among.last?.level == 2, "\(last): \(among.map { ($0.title, $0.level) })")
        }
    }

    /// A contents list that sets each volume's label apart as the book sets its headings (`VOLUME
    /// II` three blank lines below volume I's last entry, Les Misérables) keeps it an entry: the
    /// list gives it, the book's own `VOLUME II.--COSETTE` heads the volume.
    @Test func aVolumeLabelSetApartInTheContentsListIsAnEntry() throws {
        let prose = "In 1815, M. Charles-Francois-Bienvenu Myriel was Bishop of D----, an old man of about\nseventy-five years of age, who had occupied the see since 1806.\n"
        for (volume, book) in [("VOLUME", "BOOK"), ("PART", "BOOK"), ("PART", "CHAPTER")] {
            var text = "LES MISERABLES\n\nBy Victor Hugo\n\n\n\n\nCONTENTS\n\n"
            for v in ["I", "II", "III"] {
                text += "\n\n\n     \(volume) \(v)\n\n"
                for (b, entries) in [("FIRST", "     I.  The Evening\n    II.  Prudence"), ("SECOND", "   III.  Tranquillity\n    IV.  Jean Valjean")] {
                    text += "     \(book) \(b).--A TITLE OF \(v) \(b)\n\n     \(entries)\n\n"
                }
            }
            for v in ["I", "II", "III"] {
                text += "\n\n\n\n\(volume) \(v).--THE VOLUME \(v)\n\n\n\n"
                for b in ["FIRST", "SECOND"] { text += "\n\n\n\n\(book) \(b).--A TITLE OF \(v) \(b)\n\n" + prose + "\n" + prose }
            }
            let titles = try TextBookParser.parse(text).sections.map(\.title)
            #expect(!titles.contains("\(volume) II") && !titles.contains("\(volume) III"), "\(volume): \(titles)")
            #expect(titles.filter { $0.hasPrefix(volume + " ") }.count == 3, "\(volume): \(titles)")
        }
    }

    /// What a book comes with, named alone on its title page (`WITH ILLUSTRATIONS`, `WITH A PORTRAIT
    /// AND MAPS`, `ILLUSTRATED`) over the imprint and a copyright page of prose: a credit, no
    /// section, as `With an Introduction by Edmund Gosse` is none.
    @Test func whatTheBookComesWithIsNoSection() throws {
        let body = "Copyright the publisher, all rights reserved, and these books may be purchased for educational use.\n"
        let chapters = ["PREFACE", "THE FIRST CHAPTER", "THE SECOND CHAPTER"].map { "\n\n\n\n" + $0 + "\n\n" + body + "\n" + body }.joined()
        for credit in ["WITH ILLUSTRATIONS", "WITH A PORTRAIT AND MAPS", "ILLUSTRATED"] {
            let text = "\nACCESSIBLE EPUB 3\n\nBY\n\nMATT GARRISH\n\n\n\n\n" + credit + "\n\n\nNEW YORK\nCHAPMAN AND HALL, 193, PICCADILLY.\n1867\n\n\n"
                + "_All rights reserved_\n\n\n\n" + body + "\n" + body + chapters
            let book = try TextBookParser.parse(text)
            #expect(book.sections.dropFirst().map(\.title) == ["PREFACE", "THE FIRST CHAPTER", "THE SECOND CHAPTER"], "\(credit): \(book.sections.map(\.title))")
        }
        #expect(IsolatedTitles.isByline("with numerous illustrations") && IsolatedTitles.isByline("with a frontispiece in colour"))
        #expect(!IsolatedTitles.isByline("with the tide") && !IsolatedTitles.isByline("with"))
    }

    /// A site's `目录` of bare labels (`第一回` … `第六回`), then the chapters with their labels run on
    /// into their first sentences, indented as the paragraphs are (`　　第一回 山路を登りながら、
    /// こう考えた。`), an author's note between or not: the list ends where the text starts (its
    /// last entries are no headings, though prose comes right below them: the book gives them
    /// again), and the run-on labels are the chapters, the list's entries left out of their
    /// sequence. The text's `……` is prose, not an entry's leaders; a CJK sentence has no capitals.
    @Test func aSitesListOfBareLabelsOverRunOnChapters() throws {
        let sentence = "智に働けば角が立つ。情に棹させば流される。意地を通せば窮屈だ。とかくに人の世は住みにくい……。"
        for (unit, note) in [("回", "　　夏目漱石\n　　夏目漱石（Natsume Soseki、慶応3年—大正5年）、日本の小説家。\n"), ("回", ""), ("章", "　　作者：夏目漱石\n")] {
            let numerals = ["一", "二", "三", "四", "五", "六"]
            var text = "《草枕》\n作者：夏目 漱石\n\n目录\n\n" + numerals.map { "第\($0)\(unit)\n" }.joined() + "\n\n" + note
            for numeral in numerals {
                text += "　　第\(numeral)\(unit) 山路を登りながら、こう考えた。\n" + String(repeating: "　　\(sentence)\n", count: 6)
            }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let firstChapter = try #require(lines.firstIndex { $0.hasPrefix("　　第一") })
            #expect(ContentsList.regions(lines).map(\.lowerBound) == [3] && ContentsList.regions(lines).first.map { $0.upperBound <= firstChapter } == true,
                    "\(unit) \(note.isEmpty): \(ContentsList.regions(lines))")
            let sections = try TextBookParser.parse(text).sections.dropFirst()
            #expect(sections.map(\.title) == numerals.map { "第\($0)\(unit)" }, "\(unit) \(note.isEmpty): \(sections.map(\.title))")
            #expect(sections.first?.line == firstChapter + 1)
        }
        #expect(ContentsList.isProse(Array(repeating: Substring("　　" + sentence), count: 8)))
        #expect(ContentsList.isProse(["　　第一回 山路を登りながら、こう考えた。", "　　智に働けば角が立つ。", "　　情に棹させば流される。"]))
        #expect(!ContentsList.isProse(["WHAT PLACE IS BESIEGED?", "THE SEA-CHEST.", "THE BLACK SPOT."]))
    }

    /// A contents list that gives a division's label alone with its title on the line below
    /// (`SECTION IV.` / `FAIRY STORIES—MODERN FANTASTIC TALES`), and the division's titles
    /// indented under it: the two lines are one entry, as the heading reads them as one title,
    /// and that entry heads the titles set apart below it (one level down), whatever the label.
    @Test func aContentsListsLabelOverItsTitleHeadsTheIndentedEntries() throws {
        let paragraph = "The difficulties of classification are very apparent here, and once more it must be noted that the arrangement serves.\n"
        for (label, title) in [("SECTION IV.", "FAIRY STORIES—MODERN FANTASTIC TALES"), ("BOOK I.", "THE COMING OF ARTHUR"), ("DIVISION 2.", "TALES OF THE NORTH")] {
            let entries = ["INTRODUCTORY", "THE FOUR-LEAVED CLOVER", "THE REAL PRINCESS", "THE FIR TREE"]
            var text = "CHILDREN'S LITERATURE\n\nBY CHARLES MADISON CURRY\n\n\n\nCONTENTS\n\n\n\(label)\n\(title)\n\n"
            text += entries.map { "   \($0)\n" }.joined(separator: "\n") + "\n\n\n\n\(label)\n\(title)\n"
            for entry in entries { text += "\n\n\n\(entry)\n" + String(repeating: paragraph, count: 3) }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let listed = ContentsList.indentation(lines)
            let key = ContentsList.normalized(Substring(label + " " + title))
            #expect(listed[key]?.first?.rank == 0 && listed[key]?.first?.heads == true && listed[ContentsList.normalized(Substring(label))]?.first?.rank == 0, "\(label): \(listed)")
            #expect(listed[ContentsList.normalized("THE FIR TREE")]?.first.map { $0.rank == 1 && !$0.heads } == true)
            let sections = try TextBookParser.parse(text).sections.dropFirst()
            #expect(sections.map(\.title) == ["\(label) \(title)"] + entries, "\(label)")
            #expect(sections.map(\.level) == [1, 2, 2, 2, 2], "\(label): \(sections.map(\.level))")
        }
    }

    /// A title in capitals right over a line of text that is not (`BIBLIOGRAPHY` / `Alden, Raymond
    /// Macdonald, Why the Chimes Rang, and Other Stories.`, `NOTES` / `Page 12, line 4: read
    /// “their” for “there”.`) heads that text: the two lines are no title broken in two, which
    /// keeps its case or goes on as a title does (`EPUB` / `Accessibility 1.1`).
    @Test func aTitleInCapitalsOverALineOfText() throws {
        let block = IsolatedTitles.Block(line: 0, count: 2, gapBefore: 3, gapAfter: 1)
        for (title, text) in [("BIBLIOGRAPHY", "Alden, Raymond Macdonald, Why the Chimes Rang, and Other Stories."),
                              ("NOTES", "Page 12, line 4: read “their” for “there”."), ("SOURCES", "Andersen, Hans Christian, Fairy Tales.")] {
            #expect(IsolatedTitles.titleText(of: block, [Substring(title), Substring(text)])?.0 == Substring(title), "\(title)")
        }
        #expect(IsolatedTitles.titleText(of: block, ["EPUB", "Accessibility 1.1"])?.0 == "EPUB Accessibility 1.1")
        #expect(IsolatedTitles.titleText(of: block, ["THE VOYAGE", "OF LIFE"])?.0 == "THE VOYAGE OF LIFE")
    }

    /// A contents list that opens with two entries of the front matter before its first part, each
    /// with the full stop older lists set (`To the Hesitating Purchaser.` / `Dedication.`, as a
    /// Treasure Island edition lists them): two titles, not two sentences, so the list goes on
    /// over its parts and chapters and none of them is a heading there. Two sentences of prose
    /// stay prose.
    @Test func aContentsListOpeningWithTwoTitlesWithStops() throws {
        let body = String(repeating: "Some text that goes on for a while here, and then some more of it. And it goes on.\n\n", count: 3)
        for front in [["To the Hesitating Purchaser.", "Dedication."], ["Preface.", "Introductory Note."], ["Author’s Note.", "Prologue."]] {
            var list = "TREASURE ISLAND\n\nby Robert Louis Stevenson\n\n\nContents\n\n\n" + front.map { " \($0)\n" }.joined() + "\n"
            var text = front.map { "\n\n\n\($0.dropLast())\n\n" + body }.joined()
            for part in 1...2 {
                list += " PART \(["", "I", "II"][part]). The Part Called \(["", "One", "Two"][part]).\n"
                text += "\n\n\nPART \(["", "I", "II"][part]).\nThe Part Called \(["", "One", "Two"][part])\n\n\n"
                for chapter in 1...3 {
                    let numeral = ["", "I", "II", "III", "IV", "V", "VI"][(part - 1) * 3 + chapter]
                    list += "    CHAP. \(numeral). The Chapter Named \(numeral).\n"
                    text += "\n\nCHAPTER \(numeral).\n\nThe Chapter Named \(numeral)\n\n" + body
                }
                list += "\n"
            }
            let whole = list + "\n\n" + text
            let lines = whole.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(ContentsList.regions(lines).map(\.lowerBound) == [5], "\(front): \(ContentsList.regions(lines))")
            let sections = try TextBookParser.parse(whole).sections.dropFirst()
            #expect(sections.map(\.title) == [String(front[0].dropLast()), String(front[1].dropLast()), "PART I. The Part Called One",
                                              "CHAPTER I. The Chapter Named I", "CHAPTER II. The Chapter Named II", "CHAPTER III. The Chapter Named III",
                                              "PART II. The Part Called Two", "CHAPTER IV. The Chapter Named IV", "CHAPTER V. The Chapter Named V",
                                              "CHAPTER VI. The Chapter Named VI"], "\(front)")
        }
        #expect(ContentsList.isProse(["He looked at the sea for a while.", "Then he went home."]))
        #expect(!ContentsList.isProse(["To the Hesitating Purchaser.", "Dedication."]))
    }

    /// Poems set apart with a subtitle on the line below the title, as Leaves of Grass prints them
    /// (`Small the Theme of My Chant` / `(From the 1867 edition “L. of G.”)`, `Nay, Tell Me Not
    /// To-day the Publish’d Shame` / `Winter of 1873, Congress in Session`): title and subtitle
    /// together run past a title's twelve words, and are still the poem's heading. Two lines of
    /// verse set apart stay text.
    @Test func aPoemsTitleOverItsSubtitle() throws {
        let verse = "    I celebrate myself, and sing myself, and what I assume you shall assume,\n    For every atom belonging to me as good belongs to you.\n"
            + "    I loafe and invite my soul, I lean and loafe at my ease observing a spear of summer grass.\n"
        let poems = [["Broadway"], ["Small the Theme of My Chant", "(From the 1867 edition “L. of G.”)"], ["Life"],
                     ["Nay, Tell Me Not To-day the Publish’d Shame", "Winter of 1873, Congress in Session"], ["True Conquerors"]]
        var text = "LEAVES OF GRASS\n\nby Walt Whitman\n"
        for poem in poems { text += "\n\n\n\n\n" + poem.joined(separator: "\n") + "\n\n" + verse }
        text += "\n\n\n\n\nThe woods are lovely, dark and deep, and I have promises to keep,\nAnd miles to go before I sleep, and miles to go before I sleep.\n\n" + verse
        let titles = try TextBookParser.parse(text).sections.dropFirst().map(\.title)
        #expect(titles == ["Broadway", "Small the Theme of My Chant (From the 1867 edition “L. of G.”)", "Life",
                           "Nay, Tell Me Not To-day the Publish’d Shame Winter of 1873, Congress in Session", "True Conquerors"], "\(titles)")
        #expect(IsolatedTitles.isSubtitled("Small the Theme of My Chant", by: "(From the 1867 edition “L. of G.”)"))
        #expect(!IsolatedTitles.isSubtitled("The woods are lovely, dark and deep,", by: "And miles to go before I sleep."))
    }

    /// A title that names the appendices (`APPENDICES`, `Appendix`), with a paragraph of its own, right
    /// over the first lettered section (`A.1`) heads the lettered appendices: a division, `B` and
    /// `C` its chapters. A section's title may end with an abbreviation's full stop (`etc.`).
    @Test func anAppendicesTitleHeadsTheLetteredOnes() throws {
        let body = String(repeating: "Some text that goes on for a while here, and then some more of it. And it goes on.\n\n", count: 3)
        for appendices in ["APPENDICES", "Appendix"] {
            var text = "Requirements for Text Layout\n\n\n\n"
            for n in 1...2 {
                text += "\n\n\n\(n). Chapter the \(n)\n\n\n" + body
                for k in 1...2 { text += "\n\n\(n).\(k) Sub section \(k)\(k == 2 ? ", Paragraphs etc." : "")\n\n" + body }
            }
            text += "\n\n\n\(appendices)\n\n\n" + body
            for k in 1...2 { text += "\n\nA.\(k) Character class \(k)\n\n" + body }
            text += "\n\n\nB. Spacing between characters\n\n\n" + body + "\n\nB.1 Legend of the table\n\n" + body
            text += "\n\n\nC. Glossary\n\n\n" + body
            let titles = try TextBookParser.parse(text).sections.dropFirst().map { "\($0.level) \($0.title)" }
            #expect(titles == ["1 1. Chapter the 1", "2 1.1 Sub section 1", "2 1.2 Sub section 2, Paragraphs etc.", "1 2. Chapter the 2",
                               "2 2.1 Sub section 1", "2 2.2 Sub section 2, Paragraphs etc.", "1 \(appendices)", "3 A.1 Character class 1",
                               "3 A.2 Character class 2", "2 B. Spacing between characters", "3 B.1 Legend of the table", "2 C. Glossary"], "\(titles)")
        }
        #expect(SectionNumbers.parse("4.5 Block Direction Setting Process of Lines, Paragraphs etc.")?.parts == [4, 5])
        #expect(SectionNumbers.parse("4.5 He went to the house and then he came back.") == nil)
    }

    /// A contents list whose parts number their chapters from I again, after chapters of the front
    /// matter (`CHAPTER I. Theorems` … then `PART I. The Core` over `CHAPTER I. Rivers.`), spaced
    /// and with full stops as older lists print them: each part opens a scope of its own, so the
    /// list runs to its last entry (`CHAPTER IV. Fields.`), even with the book's first title three
    /// blank lines below it right over its text. No entry of the list is a section.
    @Test func aListsPartsNumberTheirChaptersAgain() throws {
        let body = String(repeating: "Some text that goes on for a while here, and then some more of it. And it goes on.\n\n", count: 3)
        // Top-level entries one space in, or at the margin as a list in two-line entries sets them.
        for margin in [" ", ""] {
            var text = "THE BOOK OF TESTS\n\nBy Some One\n\n\n\nCONTENTS\n\n"
            for entry in [" Author Biography.", " CHAPTER I. Theorems.", " CHAPTER II. Notation.", " PART I. The Core.", "    CHAPTER I. Rivers.",
                          "       Section WILA What is Linear Algebra?", "    CHAPTER II. Roads.", " PART II. The Topics.", "    CHAPTER III. Ships.",
                          "    CHAPTER IV. Fields."] { text += (entry.hasPrefix("  ") ? entry : margin + entry.dropFirst()) + "\n\n" }
            text += "\n\n\n\nAuthor Biography\nRobert A. Beezer is a Professor of Mathematics at the University of\nPuget Sound, where he has been on the faculty since 1984. He received\na B.S. in Mathematics from the University of Santa Clara in 1978.\n"
            for (label, title) in [("CHAPTER I.", "Theorems"), ("CHAPTER II.", "Notation"), ("PART I.", "The Core"), ("CHAPTER I.", "Rivers"),
                                   ("CHAPTER II.", "Roads"), ("PART II.", "The Topics"), ("CHAPTER III.", "Ships"), ("CHAPTER IV.", "Fields")] {
                text += "\n\n\n\n\(label)\n\n\(title)\n" + (label.hasPrefix("PART") ? "" : body)
            }
            let titles = try TextBookParser.parse(text).sections.map { "\($0.level) \($0.title)" }
            #expect(titles == ["1 The Book of Tests", "1 Author Biography", "1 CHAPTER I. Theorems", "1 CHAPTER II. Notation", "1 PART I. The Core",
                               "2 CHAPTER I. Rivers", "2 CHAPTER II. Roads", "1 PART II. The Topics", "2 CHAPTER III. Ships", "2 CHAPTER IV. Fields"],
                    "\(titles)")
        }
        // The list's last entry, then the book: a title three blank lines down right over its text
        // is that title's; prose there, or a title one blank line down, is the entry's own text.
        let prose = ["Robert A. Beezer is a Professor of Mathematics at the University of", "Puget Sound, where he has been on the faculty since 1984. He received",
                     "a B.S. in Mathematics from the University of Santa Clara in 1978. He", "teaches calculus, linear algebra and abstract algebra regularly."]
        func follows(_ gap: Int, _ below: [String]) -> Bool {
            ContentsList.proseFollows(0, (["    CHAPTER XXII. Definitions."] + Array(repeating: "", count: gap) + below).map { Substring($0) })
        }
        #expect(!follows(4, ["Author Biography"] + prose))
        #expect(follows(1, ["Author Biography"] + prose))
        #expect(follows(4, prose))
    }

    /// A part's page listing its chapters in lines few of which read as headings (`Chapter V
    /// Vectors` is chapter 5, `Chapter D Determinants` 500, `Chapter LT …` none): a list, not
    /// the book starting at its last heading, since more titles follow that heading. Listed in
    /// their own form, the part heads the chapter the book starts with.
    @Test func aPartsPageListingItsChaptersIsNoChapter() throws {
        let body = String(repeating: "Some text that goes on for a while here, and then some more of it. And it goes on.\n\n", count: 3)
        let titles = ["Chapter SLE Systems of Linear Equations", "Chapter V Vectors", "Chapter M Matrices", "Chapter VS Vector Spaces",
                      "Chapter D Determinants", "Chapter E Eigenvalues", "Chapter LT Linear Transformations", "Chapter R Representations"]
        var text = "A FIRST COURSE\n\n\n\n\nCHAPTER ONE. Theorems\n\n" + body + "\n\n\n\nPART I.\nPart C Core\n\n"
        text += titles.map { $0 + "\n\n" }.joined() + "Previous topic: Acknowledgements\n\n"
        for (n, title) in zip(["ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT"], titles) {
            text += "\n\n\n\nCHAPTER \(n). \(title)\n\n" + body
        }
        let sections = try TextBookParser.parse(text).sections.map(\.title)
        #expect(!sections.contains("Chapter D Determinants") && !sections.contains("Chapter V Vectors"), "\(sections)")
        #expect(sections.filter { $0.hasPrefix("CHAPTER") }.count == 9, "\(sections)")
        // The part heads the chapters after its list, the text before it ending in a sentence or
        // standing two blank lines and more above it (a web page's `Next topic: Part C Core`).
        for before in ["", "Previous topic: Theorems\n\nNext topic: Part C Core\n\n\n\n"] {
            let paged = text.replacingOccurrences(of: "PART I.\n", with: before + "PART I.\n")
            let levels = try TextBookParser.parse(paged).sections.filter { $0.title.hasPrefix("PART") || $0.title.hasPrefix("CHAPTER") }
                .map { "\($0.level) \($0.title)" }
            let chapters = zip(["ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT"], titles).map { "2 CHAPTER \($0). \($1)" }
            #expect(levels == ["1 CHAPTER ONE. Theorems", "1 PART I. Part C Core"] + chapters, "\(levels)")
        }
        // A contents list's last part, its entries ending in full stops under a division's
        // sections: no part page, since no chapter's text stands above it.
        var contents = "A FIRST COURSE\n\n\n\n\nCONTENTS\n\n PART II. Part T Topics.\n    XIV. SECTION T TRACE.\n    XV. CHAPTER MD MATRIX DECOMPOSITIONS.\n"
        contents += "       Section ROD Rank One Decomposition.\n       Section SR Square Roots.\n\n PART III. Part A Applications.\n"
        contents += "    XVI. SECTION CF CURVE FITTING.\n    XVII. SECTION SAS SHARING A SECRET.\n    XVIII. CONTRIBUTORS.\n\n\n\n\n"
        for (n, name) in [("I.", "Systems"), ("II.", "Vectors")] { contents += "\n\n\n\n\(n) CHAPTER \(name)\n\n" + body }
        let listed = try TextBookParser.parse(contents).sections.map(\.title)
        #expect(listed == ["A FIRST COURSE", "I. CHAPTER Systems", "II. CHAPTER Vectors"], "\(listed)")
        // Its chapters listed in their own form (`Chapter 1 Systems of Linear Equations`): the list
        // is no section, and the part heads its first chapter, right after its list, and the rest.
        var book = "A FIRST COURSE\n\n\n\n\nCHAPTER ONE. Theorems\n\n" + body + "\n\n\n\nPART I.\nThe Core\n\n"
        let names = ["Systems of Linear Equations", "Vectors", "Matrices"]
        book += names.enumerated().map { "Chapter \($0.offset + 1) \($0.element)\n\n" }.joined() + "\n\n"
        for (n, name) in zip(["ONE", "TWO", "THREE"], names) { book += "\n\n\n\nCHAPTER \(n). \(name)\n\n" + body }
        let outline = try TextBookParser.parse(book).sections.map { "\($0.level) \($0.title)" }
        #expect(outline == ["1 A FIRST COURSE", "1 CHAPTER ONE. Theorems", "1 PART I. The Core", "2 CHAPTER ONE. Systems of Linear Equations",
                            "2 CHAPTER TWO. Vectors", "2 CHAPTER THREE. Matrices"], "\(outline)")
    }

    /// A title that reads as a heading of its label's own form, but neither continues the label's
    /// numbering nor starts one, is the label's title (`CHAPTER II.` over `Chapter V Vectors`,
    /// `PART I.` over `Part C Core`: a book that codes its chapters by letters); a list's next
    /// entry (`CHAPTER III.`) and a division's first chapter (`PART I.` over `CHAPTER I.`) are not.
    @Test func aTitleInItsLabelsFormThatNumbersNothing() throws {
        let chapter = { (n: Int) in Heading(level: .chapter, title: "CHAPTER \(n).", name: "", number: n) }
        let part = Heading(level: .volume, title: "PART I.", name: "", number: 1)
        func title(_ line: String) -> Heading? { HeadingMatcher.match(Substring(line)) }
        #expect(try TextBookParser.isTitleInHeadingForm(#require(title("Chapter V Vectors")), under: chapter(2)))
        #expect(try TextBookParser.isTitleInHeadingForm(#require(title("Chapter M Matrices")), under: chapter(3)))
        #expect(try TextBookParser.isTitleInHeadingForm(#require(title("Part C Core")), under: part))
        #expect(try !TextBookParser.isTitleInHeadingForm(#require(title("CHAPTER III. The Storm")), under: chapter(2)))
        #expect(try !TextBookParser.isTitleInHeadingForm(#require(title("CHAPTER I. The Storm")), under: part))
        #expect(try !TextBookParser.isTitleInHeadingForm(#require(title("Chapter I The Start")), under: chapter(4)))
        let body = String(repeating: "Some text that goes on for a while here, and then some more of it. And it goes on.\n\n", count: 3)
        var text = "A FIRST COURSE\n\n\n\n\nPART I.\n\nPart C Core\n\n"
        for (n, title) in [(1, "Chapter SLE Systems of Linear Equations"), (2, "Chapter V Vectors"), (3, "Chapter M Matrices"), (4, "Chapter D Determinants")] {
            text += "\n\n\nCHAPTER \(n).\n\n\(title)\n\n" + body
        }
        let titles = try TextBookParser.parse(text).sections.map { "\($0.level) \($0.title)" }
        #expect(titles == ["1 A FIRST COURSE", "1 PART I. Part C Core", "2 CHAPTER 1. Chapter SLE Systems of Linear Equations",
                           "2 CHAPTER 2. Chapter V Vectors", "2 CHAPTER 3. Chapter M Matrices", "2 CHAPTER 4. Chapter D Determinants"], "\(titles)")
    }

    /// A collection of documents, each numbering its chapters from 1 under its own title set apart
    /// (the EPUB 3.0 specifications: `EPUB Publications 3.0` over `1. Overview`, `2. …`): each
    /// restart at 1 opens a division under the title right above it; a title set apart that each
    /// document repeats between its title and its `1.` (`Latest Version`) is boilerplate.
    @Test func numberingThatRestartsOpensDivisions() throws {
        let body = String(repeating: "Some text that goes on for a while here, and then some more of it. And it goes on.\n\n", count: 3)
        var text = "EPUB 3.0 Specification\n\n\n\n"
        for document in ["EPUB Publications 3.0", "EPUB Content Documents 3.0"] {
            text += "\n\n\n\(document)\n\n\n" + body + "\n\n\nLatest Version\n\n\nhttp://www.idpf.org/epub/30/spec/\n\n"
            for (n, title) in [(1, "Overview"), (2, "Conformance")] {
                text += "\n\n\n\(n). \(title)\n\n\n" + body
                for k in 1...2 { text += "\n\n\(n).\(k) Sub section \(k)\n\n" + body }
            }
        }
        let titles = try TextBookParser.parse(text).sections.dropFirst().map { "\($0.level) \($0.title)" }
        #expect(titles == ["1 EPUB Publications 3.0", "2 1. Overview", "3 1.1 Sub section 1", "3 1.2 Sub section 2", "2 2. Conformance",
                           "3 2.1 Sub section 1", "3 2.2 Sub section 2", "1 EPUB Content Documents 3.0", "2 1. Overview", "3 1.1 Sub section 1",
                           "3 1.2 Sub section 2", "2 2. Conformance", "3 2.1 Sub section 1", "3 2.2 Sub section 2"], "\(titles)")
    }

    /// In a book that indents its paragraphs and sets its headings flush, chapters named in an
    /// indented list inside a section (jlreq's `1.4 この文書の構成`: `　　第2章 …` to `　　第4章 …`)
    /// are text before the numbering is read: `1.5` and `2.1` still follow `1.4`.
    @Test func indentedChapterListsDoNotNumberTheOutline() throws {
        let body = String(repeating: "　　日本語組版に使用する和文文字では，主として漢字等，平仮名，片仮名が用いられる。\n", count: 4)
        var text = "《日本語組版処理の要件》\n作者：某某\n第一卷 序論\n"
        for k in 1...3 { text += "1.\(k) 節の題\(k)\n" + body }
        text += "1.4 この文書の構成\n　　この文書は，次の4つの部分で構成されている。\n"
        for (n, title) in [(1, "序論"), (2, "日本語組版の基本"), (3, "行の組版処理"), (4, "見出し・注・図版")] { text += "　　第\(n)章 \(title)\n" }
        text += body + "1.5 用語の参照その他\n" + body + "第二卷 日本語組版の基本\n2.1 日本語組版に使用する文字\n"
        for k in 1...3 { text += "2.1.\(k) 小節の題\(k)\n" + body }
        text += "2.2 組体裁\n" + body
        let titles = try TextBookParser.parse(text).sections.dropFirst().map { "\($0.level) \($0.title)" }
        #expect(titles == ["1 第一卷 序論", "2 1.1 節の題1", "2 1.2 節の題2", "2 1.3 節の題3", "2 1.4 この文書の構成", "2 1.5 用語の参照その他",
                           "1 第二卷 日本語組版の基本", "2 2.1 日本語組版に使用する文字", "3 2.1.1 小節の題1", "3 2.1.2 小節の題2", "3 2.1.3 小節の題3",
                           "2 2.2 組体裁"], "\(titles)")
    }

    /// Transcriptions that set the text right below its heading, no blank line between: a title set
    /// apart over prose or over an indented block (a poem's verse, a dedication) is a heading; a
    /// letter's dateline over its salutation, or a stanza's first line, is not. A long heading in
    /// capitals over its text stays a heading, where a line of prose that long would not.
    @Test func titlesWithTheirTextRightBelow() throws {
        #expect(IsolatedTitles.isTightTitle("MINERALS", over: "The mineral resources of Georgia are as varied as its climate and soils."))
        #expect(IsolatedTitles.isTightTitle("ONE’S-SELF I SING", over: "    One’s-self I sing, a simple separate person,"))
        #expect(IsolatedTitles.isTightTitle("DEDICATION", over: "    To"))
        #expect(!IsolatedTitles.isTightTitle("Netherfield, Tuesday.", over: "My dear Lizzy,"))
        #expect(!IsolatedTitles.isTightTitle("Come, said my Soul,", over: "Such verses for my Body let us write, (for we are one,)"))
        #expect(!IsolatedTitles.isTightTitle("He left the room at once and went down the stairs.", over: "The house was quiet then, and nobody saw him go."))
        let body = String(repeating: "It was about half past one, and the two boats went ashore from the\nship. The captain, the squire and I were talking matters over in the\ncabin. Had there been a breath of wind we should have fallen on them.\n\n", count: 4)
        var text = "THE BOOK\n\n\n\n"
        for title in ["MINERALS", "AGRICULTURE", "MANUFACTURES"] { text += "\n\n\n\n" + title + "\n" + body }
        text += "\n\n\n\nNetherfield, Tuesday.\nMy dear Lizzy,\n" + body
        let titles = try TextBookParser.parse(text).sections.dropFirst().map(\.title)
        #expect(titles == ["MINERALS", "AGRICULTURE", "MANUFACTURES"], "\(titles)")
        let long = ["I. NARRATIVE CONTINUED BY THE DOCTOR: HOW THE SHIP WAS ABANDONED",
                    "II. NARRATIVE CONTINUED BY THE DOCTOR: THE JOLLY-BOAT’S LAST TRIP",
                    "III. NARRATIVE CONTINUED BY THE DOCTOR: END OF THE FIRST DAY’S FIGHT"]
        let narrative = "TREASURE ISLAND\n\n\n\n" + long.map { "\n\n\n" + $0 + "\n" + body }.joined()
        #expect(try TextBookParser.parse(narrative).sections.dropFirst().map(\.title) == long)
        // A label's title on the next line, its text right below that; a picture below a title is no part of it.
        let alice = "ALICE\n\n\n\n" + ["Down the Rabbit-Hole", "The Pool of Tears", "A Caucus-Race"].enumerated().map {
            "\n\n\nCHAPTER \(["I", "II", "III"][$0.offset]).\n\($0.element)\n" + body }.joined()
        #expect(try TextBookParser.parse(alice).sections.dropFirst().map(\.title) == [
            "CHAPTER I. Down the Rabbit-Hole", "CHAPTER II. The Pool of Tears", "CHAPTER III. A Caucus-Race"])
        let pictured = "THE VOYAGE OF LIFE\n\n\n\n" + ["Background", "Childhood", "Youth"].map {
            "\n\n\n\n\($0)\n[Illustration: a painting of \($0.lowercased())]\n\n" + body }.joined()
        #expect(try TextBookParser.parse(pictured).sections.dropFirst().map(\.title) == ["Background", "Childhood", "Youth"])
        // A chapter the section numbering implies, its text right below it.
        var spec = "Reading Systems 3.3\n\n\n\n"
        for (n, title) in [(1, "Introduction"), (2, "Reading system conformance")] {
            spec += "\n\n\n\(n). \(title)\n[=Reading systems=] MUST process publication resources as this section says.\n\n" + body
            for k in 1...2 { spec += "\n\n\(n).\(k) Sub section \(k)\n\n" + body }
        }
        #expect(try TextBookParser.parse(spec).sections.dropFirst().map(\.title) == [
            "1. Introduction", "1.1 Sub section 1", "1.2 Sub section 2", "2. Reading system conformance", "2.1 Sub section 1", "2.2 Sub section 2"])
    }

    /// A book of poems set as transcriptions centre them: each title centred right over its verse,
    /// a group's title (`INSCRIPTIONS`) with its first poem one blank line closer than a poem after
    /// text, poems of parts numbered from `I.` again, centred over verse at the margin (which is no
    /// numeral's title), and a contents list that indents its entries and names a title in capitals
    /// that asks a question (`WHAT PLACE IS BESIEGED?`: a list's line, not prose that ends it).
    @Test func centredPoemsUnderTheirGroups() throws {
        #expect(TextLines.isCentred("                          ONE’S-SELF I SING"))
        #expect(!TextLines.isCentred("    One’s-self I sing, a simple separate person,"))
        #expect(!TextLines.isCentred("                                                  Netherfield, Tuesday."))
        #expect(IsolatedTitles.isTightTitle("                            TO A HISTORIAN", over: "    You who celebrate bygones,"))
        #expect(!ContentsList.isProse(["    I HEAR AMERICA SINGING", "    WHAT PLACE IS BESIEGED?", "    SHUT NOT YOUR DOORS",
                                       "    POETS TO COME", "    THOU READER", "    TO YOU", "    A LONG TITLE OF THE LIST",
                                       "    SONGS BEFORE PARTING", "    TO THE GARDEN THE WORLD", "    ANOTHER ENTRY OF THE LIST HERE"]))
        func centred(_ title: String) -> String { String(repeating: " ", count: (70 - title.count) / 2) + title }
        func roman(_ n: Int) -> String {
            let values = [(50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
            var n = n, out = ""
            for (value, letters) in values { while n >= value { out += letters; n -= value } }
            return out + "."
        }
        let stanza = "    You who celebrate bygones,\n    Who have explored the outward, the surfaces of the races,\n    I project the history of the future.\n"
        // A numbered poem's first line may read as a title (`What are you doing young man?`).
        let question = "    What are you doing young man?\n    Are you so earnest, so given up to literature, science, art, amours?\n"
        let groups: [(String, [String])] = [("INSCRIPTIONS", ["ONE’S-SELF I SING", "WHAT PLACE IS BESIEGED?", "TO A HISTORIAN"]),
                                             ("STARTING FROM PAUMANOK", (1...5).map(roman)),
                                             ("SONG OF MYSELF", (1...52).map(roman)),
                                             ("OLD AGE ECHOES", ["THE UNEXPRESS’D", "L. OF G.’S PURPORT", "UNSEEN BUDS"])]
        var text = "The Project Gutenberg eBook of Leaves\n\n\n\n" + centred("LEAVES") + "\n\n" + centred("by Walt Whitman") + "\n\n\n\n"
        text += centred("TABLE OF CONTENTS") + "\n\n\n" + groups.map { " \($0.0)\n" + $0.1.map { "    \($0)\n" }.joined() }.joined() + "\n\n\n"
        for (group, poems) in groups {
            text += "\n\n\n\n" + centred(group) + "\n"
            for (k, poem) in poems.enumerated() {
                text += (k == 0 ? "\n\n\n\n" : "\n\n\n\n\n") + centred(poem) + "\n" + (poem.hasSuffix(".") ? question : "") + stanza + "\n" + stanza
            }
        }
        let sections = try TextBookParser.parse(text).sections.dropFirst()
        #expect(sections.map(\.title) == groups.flatMap { [$0.0] + $0.1 }, "\(sections.map(\.title))")
        #expect(sections.map(\.level) == groups.flatMap { [1] + $0.1.map { _ in 2 } }, "\(sections.map(\.level))")
    }

    /// A part's page that lists its chapters (`Chapter V Vectors`, `Chapter D Determinants`, one
    /// blank line apart) with text after the list: the last entry is no chapter starting, since
    /// the chapter's own title line says it again further on (`IV.` / `CHAPTER D DETERMINANTS`).
    @Test func aPartsListOfItsChaptersIsNoChapter() throws {
        let body = String(repeating: "It was about half past one, and the two boats went ashore from the\nship. The captain and I were talking matters over.\n\n", count: 3)
        let chapters = ["Chapter SLE Systems of Linear Equations", "Chapter V Vectors", "Chapter M Matrices", "Chapter D Determinants"]
        var text = "A FIRST COURSE IN LINEAR ALGEBRA\n\n\n\nPREFACE\n\n" + body
        text += "\n\n\nPART C CORE\n\n" + chapters.joined(separator: "\n\n") + "\n\nParent topic: the book.\n\n"
        for (numeral, chapter) in zip(["I.", "II.", "III.", "IV."], chapters) { text += "\n\n\n\(numeral)\n\(chapter.uppercased())\n\n" + body }
        let titles = try TextBookParser.parse(text).sections.map(\.title)
        #expect(titles.suffix(5) == ["PART C CORE", "I. CHAPTER SLE SYSTEMS OF LINEAR EQUATIONS", "II. CHAPTER V VECTORS", "III. CHAPTER M MATRICES",
                                     "IV. CHAPTER D DETERMINANTS"], "\(titles)")
        #expect(!titles.contains("Chapter D Determinants"))
    }

    /// A volume's page after the text of the chapter before, a rule closing that chapter (康熙大帝 as
    /// downloaded: `*****…` under every chapter, then `●第二卷 惊风密雨` over its list ` 01　…`, then
    /// its chapters from `一　…`): the volume heads its chapters, whatever rule closed the text
    /// above (`*****`, `=====`, `-----`). Without a rule the sentence above ends the chapter as before.
    @Test func aVolumesPageBelowARuleClosingTheChapterBefore() throws {
        let paragraph = "　　顺治十八年正月，是一个寒冷的冬天。刚过完年，一群一群的叫花子像从地下冒出来似的又开始沿街乞讨。\n"
        let volumes = [("第一卷 夺宫", ["开新篇纵谈天下事", "奉诏来勋臣保幼主", "稚龄童玄烨登皇位"]), ("第二卷 惊风密雨", ["说吴三桂心怀叵测", "议撤藩明珠进良言", "平西王举兵反清廷"]),
                       ("第三卷 玉宇呈祥", ["设计谋智擒葛尔丹", "康熙帝亲征朔漠", "收台湾施琅立奇功"])]
        for rule in ["**********************************", "==========", "------------", ""] {
            var text = "康熙大帝\n作者：二月河\n" + paragraph + "\n"
            for (volume, titles) in volumes {
                text += "●" + volume + "\n"
                for (k, title) in titles.enumerated() { text += " 0\(k + 1)　" + title + "\n" }
                text += " \n \n\n\n"
                for (k, title) in titles.enumerated() {
                    text += ["一", "二", "三"][k] + "　" + title + "\n\n" + String(repeating: paragraph, count: 14) + rule + "\n\n\n\n"
                }
            }
            var wanted: [String] = []
            for (volume, titles) in volumes {
                wanted.append("1 " + volume)
                for (k, title) in titles.enumerated() { wanted.append("2 " + ["一", "二", "三"][k] + " " + title) }
            }
            let outline = try TextBookParser.outline(text)
            #expect(outline == wanted, "\(rule) \(outline)")
        }
    }

    /// The same part opening every division, a note's number aside, over the division's own
    /// title (Pope's Iliad: `BOOK I.` over `ARGUMENT.[40]` over `THE CONTENTION OF ACHILLES AND
    /// AGAMEMNON.`): the title is the label's, not the part's word. Without a note's number, in
    /// title case, the same. A title the divisions share, over their text, stays theirs.
    @Test func aPartOpeningEveryDivisionOverItsTitle() throws {
        let argument = "In the war of Troy, the Greeks having sacked some of the neighbouring towns, and taken from\nthence two beautiful captives, allotted the first to Agamemnon, and the last to Achilles.\n\n"
        let verse = String(repeating: "Achilles' wrath, to Greece the direful spring\nOf woes unnumber'd, heavenly goddess, sing!\n\n", count: 4)
        let titles = ["THE CONTENTION OF ACHILLES AND AGAMEMNON.", "THE TRIAL OF THE ARMY, AND CATALOGUE OF THE FORCES.", "THE DUEL OF MENELAUS AND PARIS."]
        func iliadText(_ part: (Int) -> String, _ titles: [String]) -> String {
            "THE ILIAD.\n\n\n\n\n" + titles.enumerated().map { k, title in
                "BOOK \(["I", "II", "III"][k]).\n\n\n\(part(k))\n\n\n\(title)\n\n\n" + argument + verse + "\n\n"
            }.joined()
        }
        let pope = try TextBookParser.outline(iliadText({ "ARGUMENT.[\(40 + 30 * $0)]" }, titles))
        #expect(pope.suffix(3) == ["BOOK I. THE CONTENTION OF ACHILLES AND AGAMEMNON.", "BOOK II. THE TRIAL OF THE ARMY, AND CATALOGUE OF THE FORCES.",
                                   "BOOK III. THE DUEL OF MENELAUS AND PARIS."].map { "1 " + $0 }, "\(pope)")
        let summary = try TextBookParser.outline(iliadText({ _ in "Summary" }, ["The Contention", "The Trial of the Army", "The Duel"]))
        #expect(summary.suffix(3) == ["1 BOOK I. The Contention", "1 BOOK II. The Trial of the Army", "1 BOOK III. The Duel"], "\(summary)")
        // The same title under every division, over its text: the divisions' title.
        let journal = try TextBookParser.outline(iliadText({ _ in "JONATHAN HARKER'S JOURNAL" }, ["_3 May. Bistritz._", "_5 May. The Castle._", "_8 May._"]))
        #expect(journal.suffix(3) == ["1 BOOK I. JONATHAN HARKER'S JOURNAL", "1 BOOK II. JONATHAN HARKER'S JOURNAL", "1 BOOK III. JONATHAN HARKER'S JOURNAL"], "\(journal)")
    }

    /// In a book whose text is indented (verse), a title is an unindented line over indented
    /// text; a contents list's entry with dot leaders and a page number (` आदि पर्व ....... 1`
    /// over its chapters' indented entries) is none, though nothing read the list as one.
    @Test func leaderEntriesAreNoUnindentedTitles() {
        let verse = Array(repeating: "    १नारायणं नमस्कृत्य नरं चैव नरॊत्तमम", count: 12)
        var lines: [String] = ["महाभारत", "", "", "TABLE OF CONTENTS", ""]
        for (k, parva) in ["आदि पर्व", "सभा पर्व"].enumerated() {
            lines.append(" " + parva + " " + String(repeating: ".", count: 40) + " \(1 + 30 * k)")
            for chapter in ["१", "२"] { lines.append("    \(parva) अध्याय \(chapter) " + String(repeating: ".", count: 30) + " \(12 + 30 * k)") }
        }
        var titles: [Int] = []
        for parva in ["आदि पर्व", "सभा पर्व"] {
            lines += ["", "", ""]
            titles.append(lines.count)
            lines += [parva, "", ""]
            for chapter in ["१", "२"] {
                titles.append(lines.count)
                lines += ["\(parva) अध्याय \(chapter)"] + verse + [""]
            }
        }
        let found = IsolatedTitles.unindented(lines.map { Substring($0) }, known: [], excluded: [], bookTitle: "महाभारत")
        #expect(found.map(\.line) == titles, "\(found.map(\.line)) \(titles)")
    }

    /// A line cleaning empties (a site's address, `http://purl.org/dc/elements/1.1/`, alone between
    /// blank lines) stood in the text: it parts no blocks, so the word below it (`Usage`) keeps a
    /// paragraph's gap and is no title set apart.
    @Test func linesCleaningEmptiesPartNoBlocks() throws {
        let lines: [Substring] = ["Namespace", "", "", "", "Usage", "", "Required child of metadata."]
        #expect(IsolatedTitles.blocks(lines).map(\.gapBefore) == [10, 3, 1])
        #expect(IsolatedTitles.blocks(lines, blanked: [2]).map(\.gapBefore) == [10, 1, 1, 1])
        let body = String(repeating: "The identifier element contains a single identifier associated with the\npublication, such as a UUID, DOI, ISBN or ISSN.\n\n", count: 3)
        let entry = "Element Name\n\ndc:identifier\n\nNamespace\n\nhttp://purl.org/dc/elements/1.1/\n\nUsage\n\nRequired child of metadata. Repeatable.\n\n"
        let text = "EPUB PUBLICATIONS\n\n\n\n" + ["Overview", "Package Metadata", "Publication Resources"].map { "\n\n\n\($0)\n\n" + body + entry + body }.joined()
        let titles = try TextBookParser.parse(text).sections.map(\.title)
        #expect(!titles.contains("Usage"), "\(titles)")
        #expect(titles.suffix(3) == ["Overview", "Package Metadata", "Publication Resources"], "\(titles)")
    }

    /// Distributed Proofreaders' convention: four blank lines before a chapter, two before a
    /// section within it. Sections under labelled chapters, and under titles set apart (a
    /// group's first poem right below the group's title, as close to it as a section to text
    /// plus the title's own blank lines), sit one level down; a line right below a chapter's
    /// title as far as its text (Moby-Dick's `(ENTER AHAB: THEN, ALL)`) is text.
    @Test func sectionsSetCloserThanChapters() throws {
        let body = String(repeating: "Before getting into the best practices themselves, there are two\nsubjects that it would be a lapse for me not to talk about first.\n\n", count: 3)
        func section(_ title: String) -> String { "\n" + title + "\n\n" + body }
        var guide = "ACCESSIBLE EPUB 3\n\n\n\n\n"
        for (label, sections) in [("CHAPTER I.", ["THE DIGITAL FAMINE", "ACCESSIBILITY AND USABILITY"]), ("CHAPTER II.", ["TALK TO ME", "A LITTLE HELP"])] {
            guide += "\n\n\n" + label + "\n\n\n" + body + sections.map(section).joined()
        }
        let guideSections = try TextBookParser.parse(guide).sections.dropFirst()
        #expect(guideSections.map(\.title) == ["CHAPTER I.", "THE DIGITAL FAMINE", "ACCESSIBILITY AND USABILITY", "CHAPTER II.", "TALK TO ME", "A LITTLE HELP"],
                "\(guideSections.map(\.title))")
        #expect(guideSections.map(\.level) == [1, 2, 2, 1, 2, 2], "\(guideSections.map(\.level))")
        var poems = "LEAVES OF GRASS\n\n\n\n\n"
        for (group, titles) in [("INSCRIPTIONS", ["ONE’S-SELF I SING", "TO A HISTORIAN"]), ("CHILDREN OF ADAM", ["TO THE GARDEN THE WORLD", "SPONTANEOUS ME"])] {
            poems += "\n\n\n" + group + "\n\n\n" + titles.enumerated().map { $0.offset == 0 ? $0.element + "\n\n" + body : section($0.element) }.joined()
        }
        let poemSections = try TextBookParser.parse(poems).sections.dropFirst()
        #expect(poemSections.map(\.title) == ["INSCRIPTIONS", "ONE’S-SELF I SING", "TO A HISTORIAN", "CHILDREN OF ADAM", "TO THE GARDEN THE WORLD", "SPONTANEOUS ME"],
                "\(poemSections.map(\.title))")
        #expect(poemSections.map(\.level) == [1, 2, 2, 1, 2, 2], "\(poemSections.map(\.level))")
        // Paragraphs one to a line, as unwrapped transcriptions set them: a long line is text too.
        let onePerLine = String(repeating: "It was not a great while after the affair of the pipe, that one morning shortly after breakfast, Ahab ascended the gangway.\n\n", count: 3)
        var moby = "MOBY-DICK\n\n\n\n\n"
        for (label, title) in [("CHAPTER XXXV.", "THE MAST-HEAD"), ("CHAPTER XXXVI.", "THE QUARTER-DECK"), ("CHAPTER XXXVII.", "SUNSET"), ("CHAPTER XXXVIII.", "DUSK")] {
            moby += "\n\n\n" + label + "\n\n" + title + "\n\n\n" + (["THE QUARTER-DECK": "(ENTER AHAB: THEN, ALL)\n\n", "SUNSET": "(THE CABIN; BY THE STERN WINDOWS; AHAB SITTING ALONE)\n\n"][title] ?? "") + onePerLine
        }
        let mobyTitles = try TextBookParser.parse(moby).sections.dropFirst().map(\.title)
        #expect(mobyTitles == ["CHAPTER XXXV. THE MAST-HEAD", "CHAPTER XXXVI. THE QUARTER-DECK", "CHAPTER XXXVII. SUNSET", "CHAPTER XXXVIII. DUSK"], "\(mobyTitles)")
    }

    /// A list of chapters inside the text (`第1章 序論` … `第4章 見出し…` under `1.4 この文書の構成`,
    /// every line indented alike) ends in no chapter: `第4章` does not go on from the section
    /// numbering above it (`1.4`, where `2` or `1.5` would), so the book is not starting there.
    @Test func aChapterListInsideNumberedSections() {
        let lines: [Substring] = ["　　1.4 この文書の構成", "　　この文書は，次の4つの部分で構成されている．", "　　第1章 序論", "　　第2章 日本語組版の基本",
                                  "　　第3章 行の組版処理", "　　第4章 見出し・注・図版・表・段落の配置処理", "　　第2章 日本語組版の基本では，文字の特徴について解説する．"]
        var section = Heading(level: .chapter, title: "1.4 この文書の構成", name: "この文書の構成", number: 4)
        section.section = [1, 4]
        var found = [TextBookParser.Found(line: 0, heading: section, titleLine: nil)]
        for k in 1...4 {
            let title = String(TextLines.trim(lines[k + 1]))
            found.append(TextBookParser.Found(line: k + 1, heading: Heading(level: .chapter, title: title, name: String(title.dropFirst(4)), number: k), titleLine: nil))
        }
        #expect(TextBookParser.dropListClusters(found, lines).map(\.line) == [0])
        // After no section numbering, the list's last entry over its text is the book starting.
        #expect(TextBookParser.dropListClusters(Array(found.dropFirst()), lines).map(\.line) == [5])
    }

    /// A chapter with no sections of its own (`7. Navigation document processing` between `6.2` and
    /// `8.`): the numbering passes over 7, so the line that stands alone and starts with it is chapter 7.
    @Test func aChapterTheNumberingPassesOver() throws {
        let body = "Note that compliance with these recommendations does not guarantee\nprotection from the possible attacks listed above.\n\n"
        var text = "EPUB Reading Systems 3.3\n\n\n\n"
        for (n, sections) in [(5, 2), (6, 2), (7, 0), (8, 2)] {
            text += "\n\n\(n). Chapter title number \(n)\n\n" + body
            for k in stride(from: 1, through: sections, by: 1) { text += "\n\n\(n).\(k) Section title \(k)\n\n" + body }
        }
        let sections = try TextBookParser.parse(text).sections.dropFirst()
        #expect(sections.map(\.title) == ["5. Chapter title number 5", "5.1 Section title 1", "5.2 Section title 2", "6. Chapter title number 6",
                                           "6.1 Section title 1", "6.2 Section title 2", "7. Chapter title number 7", "8. Chapter title number 8",
                                           "8.1 Section title 1", "8.2 Section title 2"], "\(sections.map(\.title))")
        #expect(sections.map(\.level) == [1, 2, 2, 1, 2, 2, 1, 1, 2, 2])
    }

    /// A text that sets its paragraphs one to a line with no blank line between (Chinese and
    /// Japanese sites, every line indented alike) prints a heading as a line like any other: the
    /// appendix the lettered numbering passes over (`B 文字間の空き量` between `A.2` and `B.1`), the
    /// letter after the last (`C 用語集`) and the chapter between two others are there all the same.
    @Test func impliedHeadingsInTextWithoutBlankLines() throws {
        let body = "　　それぞれの文字クラスに含まれる文字・記号が並んだ場合の文字間の空き量は、表のようにする。"
        var lines = ["組版の要件", "", "　　第1章 序論", "　　1.1 この文書の目的", body, "　　1.2 この文書の構成", body,
                     "　　2 日本語組版の基本", body, "　　3.1 行の調整", body, "　　3.2 ルビ", body]
        lines += ["　　A.1 始め括弧類", body, "　　B 型の例", "　　A.2 終わり括弧類", body, "　　B 文字間の空き量", body, "　　B.1 表の見方", body,
                  "　　C 用語集", body, "　　C 列の例"]
        let sections = try TextBookParser.parse(lines.joined(separator: "\n")).sections.map(\.title)
        #expect(sections.contains("2 日本語組版の基本"), "\(sections)")
        #expect(sections.contains("B 文字間の空き量"), "\(sections)")
        #expect(sections.contains("C 用語集"), "\(sections)")
        // Only the lines the numbering passes over: the text's short lines starting with a letter stay text.
        #expect(sections.filter { $0.hasPrefix("B") || $0.hasPrefix("C") } == ["B 文字間の空き量", "B.1 表の見方", "C 用語集"], "\(sections)")
    }

    /// A list whose last entries are numbered sections (`15.3 Recommendations ...... 1002`) is a
    /// list: a section heading the book prints further on says the entry again, as a chapter's
    /// label does. Before, only labels and numerals counted, and a specification's whole list,
    /// trimmed of its sections from the end, was none.
    @Test func aListEndingInSectionsIsAList() {
        let lines: [Substring] = ["CONTENTS", "", " 1. Introduction .................. 1", "    1.1 Overview .................. 2",
                                  " 2. Security and privacy .......... 3", "    2.1 Threat model .............. 4", "", "", "",
                                  "1. Introduction", "", "The standard is separated into two distinct concerns, as this says.", "",
                                  "1.1 Overview", "", "The standard is separated into two distinct concerns, as this says.", "",
                                  "2. Security and privacy", "", "The standard is separated into two distinct concerns, as this says.", "",
                                  "2.1 Threat model", "", "The standard is separated into two distinct concerns, as this says."]
        #expect(ContentsList.regions(lines) == [0..<9])
    }

    /// A title set apart that the contents list names word for word is a title in sentence case
    /// too (`Processing structural semantics`, `B. epubReadingSystem object`), alone or right over
    /// its text: the list is the evidence `isTitle` lacks. A line the list does not name stays
    /// text, and so does a poem's part number the list gives under its title.
    @Test func sentenceCaseTitlesTheListNames() throws {
        let titles = ["PREFACE", "Introduction to the reader", "Processing structural semantics", "Processing property values",
                      "Backward compatibility", "CONCLUSION"]
        let body = "Reading systems MAY support structural semantics in EPUB content\ndocuments, and this paragraph goes on to fill its lines out.\n"
        for below in ["\n", ""] {
            let entries = titles.prefix(4) + ["2"] + titles.suffix(2)
            var text = "A Book of Rules\n\n\n\nCONTENTS\n\n" + entries.map { $0 + " .......... 1\n" }.joined() + "\n\n\n"
            for title in titles { text += "\n\n\n" + title + "\n" + below + body + "\n" + body + "\n\n\n2\n\n" + body }
            text += "\n\n\nSeparate notes on processing values\n" + below + body
            let sections = try TextBookParser.parse(text).sections.map(\.title)
            #expect(sections.filter { $0 != "A Book of Rules" } == titles, "\(sections)")
        }
    }

    /// The first appendix after a book's last numbered top-level heading (`A. Unsupported
    /// features` after `15. Security and privacy`, a listed chapter raised to a division over its
    /// sections) is that heading's sibling, as the next number would be.
    @Test func theFirstAppendixFollowsTheLastChapter() {
        var chapter = Heading(level: .volume, title: "15. Security and privacy", name: "Security and privacy")
        chapter.number = 15
        var section = Heading(level: .chapter, title: "15.1 Overview", name: "Overview")
        section.section = [15, 1]
        var appendix = Heading(level: .chapter, title: "A. Unsupported features", name: "Unsupported features")
        appendix.section = [SectionNumbers.letterBase + 1]
        let placed = SectionNumbers.depths([.init(line: 0, heading: chapter, titleLine: nil), .init(line: 5, heading: section, titleLine: nil),
                                            .init(line: 9, heading: appendix, titleLine: nil)])
        #expect(placed.map(\.topLevel) == [false, false, true])
    }

    /// A copy of the contents list in the text (a document's own table of contents, each entry a
    /// line of its own) names the headings once more than the list does: its lines stand alone
    /// above the headings, which stand right over their text. The copy is no heading.
    @Test func aCopyOfTheListInTheTextIsNoHeading() {
        let prose: Substring = "The text of the division goes on here, long enough to be read as prose."
        var lines: [Substring] = ["CONTENTS", "", "PREFACE .......... 1", "Character classes .......... 3", "Spacing between characters .......... 5",
                                  "CHAPTER I. .......... 9", "", "", "", "PREFACE", "", prose, "", "Character classes", "", "Spacing between characters",
                                  "", prose]
        for title in ["Character classes", "Spacing between characters", "CHAPTER I."] { lines += ["", "", "", Substring(title), prose] }
        let regions = ContentsList.regions(lines)
        #expect(regions == [0..<9])
        #expect(ContentsList.listedDivisions(regions, lines).map(\.line) == [], "the copy's lines 13 and 15")
    }

    /// A book of poems as Distributed Proofreaders sets it (four blank lines before a poem or a
    /// group, two before a poem inside a group): a title over bare numerals from one is a poem
    /// in parts, not a division (`SONG OF THE ANSWERER` over `I.` … `III.`, a part's first verse
    /// right below its numeral); a group (`INSCRIPTIONS`) ends at the first title set as far
    /// apart as itself, so `SONG OF THE ANSWERER` and `OUR OLD FEUILLAGE` stand outside it.
    @Test func poemsInPartsAndGroupsThatEnd() throws {
        let stanza = "    Now list to my morning’s romanza, I tell the signs of the Answerer,\n    To the cities and farms I sing as they spread in the sunshine.\n"
        let poem = [stanza, stanza, stanza].joined(separator: "\n")
        var text = "LEAVES OF GRASS\n\n\n\n\nINSCRIPTIONS\n\n\n"
        text += "ONE’S-SELF I SING\n\n" + poem + "\n\nAS I PONDER’D IN SILENCE\n\n" + poem + "\n\nIN CABIN’D SHIPS AT SEA\n\n" + poem
        text += "\n\nEIDÓLONS\n\n\n\n\nI.\n\n" + poem + "\n\n\n\nII.\n\n" + poem
        text += "\n\n\n\nSONG OF THE ANSWERER\n\n\n\n\nI.\n\n" + poem + "\n\n\n\nII.\n\n" + poem
        text += "\n\n\n\nIII.\n    Americanos! conquerors! marches humanitarian!\n" + poem
        text += "\n\n\n\nOUR OLD FEUILLAGE\n\n" + poem + "\n\n\n\nA SONG OF JOYS\n\n" + poem
        let sections = try TextBookParser.parse(text).sections.dropFirst()
        // The numeral's label (`III.`; the verse below it is taken as its title, as it was before).
        #expect(sections.map { $0.title.prefix { $0 != " " } } == ["INSCRIPTIONS", "ONE’S-SELF", "AS", "IN", "EIDÓLONS", "I.", "II.", "SONG", "I.", "II.",
                                                                   "III.", "OUR", "A"],
                "\(sections.map(\.title))")
        #expect(sections.map(\.level) == [1, 2, 2, 2, 2, 3, 3, 1, 2, 2, 2, 1, 1])
    }

    /// Every title set alike (four blank lines above): a poem in parts (`STARTING FROM PAUMANOK`
    /// over `I.`, `II.`) after a group of poems (`INSCRIPTIONS`) is the group's sibling, both
    /// titles heading what follows them, when what follows its parts heads something too; a poem
    /// with text of its own after its parts (`A WOMAN WAITS FOR ME`) says the group (`CHILDREN OF
    /// ADAM`) goes on. A contents list that indents the poem under the group is followed.
    @Test func aPoemInPartsAfterAGroupSetAlikeIsItsSibling() throws {
        let stanza = "    Starting from fish-shape Paumanok where I was born,\n    Well-begotten, and rais’d by a perfect mother,\n"
        let poem = [stanza, stanza, stanza].joined(separator: "\n")
        func inParts(_ title: String) -> String { "\n\n\n\n\(title)\n\n\n\n\nI.\n\n" + poem + "\n\n\n\nII.\n\n" + poem }
        func group(_ title: String, _ first: String) -> String { "\n\n\n\n\(title)\n\n\n\n\n\(first)\n\n" + poem }
        let opening = group("INSCRIPTIONS", "ONE’S-SELF I SING") + "\n\n\n\nAS I PONDER’D IN SILENCE\n\n" + poem
            + inParts("STARTING FROM PAUMANOK") + inParts("SONG OF MYSELF")
        let body = opening + group("CHILDREN OF ADAM", "TO THE GARDEN THE WORLD") + inParts("I SING THE BODY ELECTRIC")
            + "\n\n\n\nA WOMAN WAITS FOR ME\n\n" + poem
        let plain = try TextBookParser.parse("LEAVES OF GRASS\n\nBy Walt Whitman\n" + body).sections.dropFirst()
        #expect(plain.map { "\($0.level) \($0.title)" } == [
            "1 INSCRIPTIONS", "2 ONE’S-SELF I SING", "2 AS I PONDER’D IN SILENCE", "1 STARTING FROM PAUMANOK", "2 I.", "2 II.", "1 SONG OF MYSELF",
            "2 I.", "2 II.", "1 CHILDREN OF ADAM", "2 TO THE GARDEN THE WORLD", "2 I SING THE BODY ELECTRIC", "3 I.", "3 II.", "2 A WOMAN WAITS FOR ME",
        ], "\(plain.map { "\($0.level) \($0.title)" })")
        let list = "\n\n\nCONTENTS\n\n INSCRIPTIONS\n    ONE’S-SELF I SING\n    AS I PONDER’D IN SILENCE\n    STARTING FROM PAUMANOK\n SONG OF MYSELF\n"
        let listed = try TextBookParser.parse("LEAVES OF GRASS\n\nBy Walt Whitman\n" + list + opening).sections.dropFirst()
        #expect(listed.map { "\($0.level) \($0.title)" } == ["1 INSCRIPTIONS", "2 ONE’S-SELF I SING", "2 AS I PONDER’D IN SILENCE", "2 STARTING FROM PAUMANOK",
                                                           "3 I.", "3 II.", "1 SONG OF MYSELF", "2 I.", "2 II."], "\(listed.map { "\($0.level) \($0.title)" })")
    }

    /// A contents list that gives a title twice at two ranks (the group `WHISPERS OF HEAVENLY
    /// DEATH` and, inside it, its poem of that name; likewise `SANDS AT SEVENTY` and `FROM NOON TO
    /// STARRY NIGHT` as an edition may set them): each heading of that title takes its own
    /// placement in turn, so the poem stays inside the group and the next group is still one.
    @Test func aTitleListedTwiceAtTwoRanks() throws {
        let stanza = "    Darest thou now O soul,\n    Walk out with me toward the unknown region,\n"
        let poem = [stanza, stanza].joined(separator: "\n")
        let groups = [("Whispers of Heavenly Death", ["Darest Thou Now O Soul", "Whispers of Heavenly Death", "Chanting the Square Deific"]),
                      ("Sands at Seventy", ["Mannahatta", "Sands at Seventy", "Paumanok"]),
                      ("From Noon to Starry Night", ["Thou Orb Aloft Full-Dazzling", "Faces", "From Noon to Starry Night"])]
        var text = "LEAVES OF GRASS\n\nBy Walt Whitman\n\n\n\nCONTENTS\n\n"
        text += groups.map { group, poems in " \(group).\n\n" + poems.map { "    \($0).\n\n" }.joined() }.joined()
        for (group, poems) in groups {
            text += "\n\n\n\n" + group + "\n\n" + poems.map { "\n\n\($0)\n\n" + poem }.joined()
        }
        let titles = try TextBookParser.parse(text).sections.dropFirst().map { "\($0.level) \($0.title)" }
        #expect(titles == groups.flatMap { group, poems in ["1 \(group)"] + poems.map { "2 \($0)" } }, "\(titles)")
    }

    /// Sections set closer than chapters (two blank lines, four before a group): a heading by an
    /// unnumbered label set as closely (`Preface Note to 2nd Annex`) is one of the group's sections,
    /// and the poems after it stay its siblings, not its sections.
    @Test func aLabelSetAsCloselyAsSectionsIsOne() throws {
        let stanza = "    Heave the anchor short! Raise main-sail and jib, steer forth,\n    O little white-hull’d sloop, now speed on really deep waters.\n"
        let poem = [stanza, stanza].joined(separator: "\n")
        let prose = "Had I not better withhold, in this old age and paralysis of me, such little\ntags and fringe-dots as follow a long dusty journey, and witness it afterward?\n"
        var text = "LEAVES OF GRASS\n\nBy Walt Whitman\n"
        text += "\n\n\n\nSANDS AT SEVENTY\n\n\nMANNAHATTA\n\n" + poem + "\n\nPAUMANOK\n\n" + poem
        text += "\n\n\n\nGOODBYE MY FANCY\n\n\nPreface Note to 2nd Annex\n\n" + prose + "\n" + prose
        text += "\n\nSAIL OUT FOR GOOD, EIDÓLON YACHT!\n\n" + poem + "\n\nLINGERING LAST DROPS\n\n" + poem
        let titles = try TextBookParser.parse(text).sections.dropFirst().map { "\($0.level) \($0.title)" }
        #expect(titles == ["1 SANDS AT SEVENTY", "2 MANNAHATTA", "2 PAUMANOK", "1 GOODBYE MY FANCY", "2 Preface Note to 2nd Annex",
                           "2 SAIL OUT FOR GOOD, EIDÓLON YACHT!", "2 LINGERING LAST DROPS"], "\(titles)")
    }

    /// A note that cites a passage by its chapter and its first words, cut short (`Chapter III
    /// “Of old, the rise of the Yin dynasty …”`, as Standard Ebooks' endnotes do), is no chapter;
    /// a title that is a whole quotation is one.
    @Test func aCutQuotationIsNoTitle() throws {
        let body = "The end and aim of spying in all its five varieties is knowledge of the enemy.\n"
        var text = "THE ART OF WAR\n\n\n\n"
        for n in ["I", "II", "III"] { text += "\n\n\nChapter \(n)\n\n" + body }
        text += "\n\n\nChapter IV “What’s in a Name?”\n\n" + body
        text += "\n\n\nENDNOTES\n\nChapter V “It is a military axiom not to advance uphill …”, etc.\n\nChapter VI “Of old, the rise of the Yin dynasty...”\n"
        let titles = try TextBookParser.parse(text).sections.map(\.title)
        #expect(titles.filter { $0.hasPrefix("Chapter") } == ["Chapter I", "Chapter II", "Chapter III", "Chapter IV “What’s in a Name?”"], "\(titles)")
        #expect(!HeadingMatcher.englishTitle("“Of old, the rise of the Yin dynasty\u{2060} \u{2060}…”"))
    }

    /// Back matter after the last part's chapters (`ENDNOTES`, `GLOSSARY`) is the book's, at the
    /// parts' level, not the last part's last chapter; a part's own `BIBLIOGRAPHY` before its
    /// chapters stays in it.
    @Test func backMatterAfterTheLastPart() throws {
        let body = "Squire Trelawney, Dr. Livesey, and the rest of these gentlemen having asked me to write\ndown the whole particulars about Treasure Island.\n"
        var text = "TREASURE ISLAND\n\n\n\n"
        for (part, chapters) in [("PART ONE", ["I", "II"]), ("PART TWO", ["III", "IV"])] {
            text += "\n\n\n" + part + "\n\n"
            if part == "PART TWO" { text += "\n\n\nBIBLIOGRAPHY\n\n" + body }
            for chapter in chapters { text += "\n\n\nCHAPTER \(chapter)\n\n" + body + "\n" + body }
        }
        text += "\n\n\nENDNOTES\n\n" + body + "\n\n\nGLOSSARY\n\n" + body
        let sections = try TextBookParser.parse(text).sections.dropFirst()
        #expect(sections.map(\.title) == ["PART ONE", "CHAPTER I", "CHAPTER II", "PART TWO", "BIBLIOGRAPHY", "CHAPTER III", "CHAPTER IV", "ENDNOTES",
                                           "GLOSSARY"], "\(sections.map(\.title))")
        #expect(sections.map(\.level) == [1, 2, 2, 1, 2, 2, 2, 1, 1])
    }

    /// A line of prose that opens with a label (`BOOK VI., CHAPTER V.—which the reader will
    /// remember—was written then.`) reads as a sentence, whatever its layout: no heading. Labels
    /// over titles ending with a full stop are headings.
    @Test func aLabelThatOpensASentenceIsNoHeading() {
        #expect(HeadingMatcher.match("BOOK VI., CHAPTER V.—which the reader will remember—was written then.") == nil)
        #expect(HeadingMatcher.match("CHAPTER VIII. VOL. II.—which the reader will remember, and keep in mind all year.") == nil)
        #expect(HeadingMatcher.match("Chapter I. — The introduction to the work, or bill of fare to the feast.")?.number == 1)
        #expect(HeadingMatcher.match("Chapter 5. In which Pooh meets a Heffalump.")?.number == 5)
        #expect(HeadingMatcher.match("CHAPTER III. A Boarding-House for Gentlemen.")?.number == 3)
        #expect(HeadingMatcher.match("CHAPTER XII. IN WHICH THE PARTY REACHES THE OLD FORT AT LAST.")?.number == 12)
    }

    /// A numbered section's title may be long, as technical documents' are (`3.2 Japanese and
    /// Western Mixed Text Composition (including Horizontal-in-Vertical Text Composition)`, 96
    /// characters on one line): its numbering is the evidence, its words still a title's.
    @Test func aLongNumberedSectionTitle() {
        let line: Substring = "3.2 Japanese and Western Mixed Text Composition (including Horizontal-in-Vertical Text Composition)"
        #expect(SectionNumbers.heading(line)?.section == [3, 2])
        // The W3C's longest, 125 characters, in title case: a title. 161 characters are none.
        #expect(SectionNumbers.heading("4.2.7 Processing of Headnotes (in Vertical Writing Mode), Footnotes (in Vertical Writing Mode) and Sidenotes (in Horizontal Writing Mode)")?.section == [4, 2, 7])
        #expect(SectionNumbers.heading("3.2 Interoperability Considerations Regarding Internationalization, Accessibility, Presentation, Characterization Requirements of Every Kind Known to Us at Present Today") == nil)
        // Thirteen words and more in title case (three in four of the longer words capitalised); a sentence is none.
        #expect(SectionNumbers.heading("3.1.4 Positioning of Consecutive Opening Brackets, Closing Brackets, Commas, Full Stops and Middle Dots")?.section == [3, 1, 4])
        #expect(SectionNumbers.heading("3.1 The committee went on to discuss what it had found in the reports from each of the regions") == nil)
    }

    /// A long title wrapped onto a second, short line, as hard-wrapped downloads print it, is one
    /// title, with a blank line below it or its text right below: `CHAPTER III. In Which the
    /// Reader Is Introduced to a Man of Some` / `Consequence`, and a section's `3.2 Japanese and
    /// Western Mixed Text Composition (including` / `Horizontal-in-Vertical Text Composition)`.
    @Test func titlesWrappedOntoASecondLine() throws {
        let body = "Squire Trelawney, Dr. Livesey, and the rest of these gentlemen having\nasked me to write down the whole particulars about Treasure Island, from\nthe beginning to the end, keeping nothing back but the bearings of the\nisland, and that only because there is still treasure not yet lifted.\n"
        let heads = ["CHAPTER 1. THE OLD SEA-DOG", "CHAPTER 2. In Which the Reader Is Introduced to a Man of Some\nConsequence",
                     "CHAPTER 3. The Sea-Chest", "3.1 Overview", "3.2 Japanese and Western Mixed Text Composition (including\nHorizontal-in-Vertical Text Composition)"]
        for below in ["\n", ""] {
            var text = "TREASURE ISLAND\n\n\n\n"
            for head in heads { text += "\n\n\n" + head + "\n" + below + body + "\n" + body }
            let sections = try TextBookParser.parse(text).sections.dropFirst()
            #expect(sections.map(\.title) == heads.map { $0.replacingOccurrences(of: "\n", with: " ") }, "\(sections.map(\.title))")
            #expect(sections.map(\.paragraphs.count) == [2, 2, 2, 2, 2])
        }
    }

    /// A group ends at the first title set as far apart as itself, unless that title carries a
    /// number, its own or a label's (`CHAPTER 10 APPENDIX P PRELIMINARIES` after an appendix's
    /// sections): numbered titles take their places from their numbers.
    @Test func aGroupEndsOnlyAtAnUnnumberedTitle() {
        var lines = [Substring](repeating: "", count: 40)
        let titles = ["INSCRIPTIONS", "ONE’S-SELF I SING", "AS I PONDER’D IN SILENCE"]
        for (k, title) in titles.enumerated() { lines[k * 10] = Substring(title) }
        lines[11] = "Of physiology from top to toe I sing."
        lines[21] = "As I ponder’d in silence, returning upon my poems."
        for (last, expected) in [("STARTING FROM PAUMANOK", true), ("CHAPTER 10 APPENDIX P PRELIMINARIES", false)] {
            lines[30] = Substring(last)
            var found = (titles + [last]).enumerated().map { k, title in
                TextBookParser.Found(line: k * 10, heading: Heading(level: .chapter, title: title, name: title), titleLine: nil, origin: .setApart)
            }
            found[1].isSubsection = true
            found[2].isSubsection = true
            IsolatedTitles.raiseDivisions(&found, isolated: Set(found.map(\.line)), lines)
            #expect(found[0].heading.level == .volume)
            #expect(found[3].topLevel == expected, "\(last)")
        }
    }

    /// A book of verse whose chapters are each one block of text under a title (the Mahabharata:
    /// `आदि पर्व अध्याय १` over its shlokas) has as many title blocks as text blocks: the text's
    /// blocks, three lines or more, give the paragraph gap, so titles four blank lines apart are set apart.
    @Test func paragraphGapOfABookOfVerse() {
        var blocks: [IsolatedTitles.Block] = [.init(line: 0, count: 1, gapBefore: 10, gapAfter: 4)]
        for k in 0..<26 {
            blocks.append(.init(line: 10 + k * 40, count: 1, gapBefore: 4, gapAfter: 1))
            if k < 25 { blocks.append(.init(line: 12 + k * 40, count: 30, gapBefore: 1, gapAfter: 4, firstLength: 60)) }
        }
        #expect(IsolatedTitles.paragraphGap(blocks) == 1)
        #expect(IsolatedTitles.headingGap(blocks, known: []) == 3)
    }

    /// Headings set right over their text, five blank lines above them (`CHAPTER 1` / `AT THE ADMIRAL
    /// BENBOW` / its first paragraph, a Treasure Island as rendered), paragraphs on a line each one
    /// blank line apart: the headings' blocks run three lines but open with a short line, and the
    /// paragraphs', a long line alone, give the paragraph gap. So a title set the same way, over a
    /// poem (`TO THE HESITATING PURCHASER`), is found.
    @Test func paragraphGapUnderHeadingsSetRightOverTheirText() throws {
        let paragraph = "Squire Trelawney, Dr. Livesey, and the rest of these gentlemen having asked me to write down the whole particulars.\n\n"
        let chapters = (1...24).map { "\n\n\n\n\nCHAPTER \($0)\nTHE TITLE OF CHAPTER \($0)\n" + String(repeating: paragraph, count: 4) }.joined()
        let text = "Treasure Island\n\nby Robert Louis Stevenson\n\n\n\n\n\n\nTO THE HESITATING PURCHASER\n    If sailor tales to sailor tunes,\n    Storm and adventure, heat and cold,\n    If schooners, islands, and maroons\n"
            + chapters
        let lines = TextLines.split(text)
        #expect(IsolatedTitles.paragraphGap(IsolatedTitles.blocks(lines)) == 1)
        #expect(try TextBookParser.outline(text) == ["1 TO THE HESITATING PURCHASER"] + (1...24).map { "1 CHAPTER \($0) THE TITLE OF CHAPTER \($0)" })
    }

    /// An illustrated edition sets a head-piece right over each chapter's label (The Scarlet
    /// Letter's `[Illustration]` over `IV.` over `THE INTERVIEW.`): the chapters stand as far from
    /// the text as their pictures do, so the introduction before them, set as far apart, is a
    /// section (`THE CUSTOM-HOUSE.`); its plate, the same title over a picture, is no second one.
    /// A logo right under a document's title moves nothing.
    @Test func headPiecesOverChaptersKeepTheHeadingGap() throws {
        let prose = "It is a little remarkable, that though disinclined to talk overmuch of myself and\nmy affairs at the fireside, an autobiographical impulse should twice have taken me.\n\n"
        func centred(_ text: String) -> String { String(repeating: " ", count: (72 - text.count) / 2) + text }
        var text = centred("THE SCARLET LETTER.") + "\n\n" + centred("BY") + "\n\n" + centred("NATHANIEL HAWTHORNE.") + "\n\n\n\n\n"
        text += centred("THE CUSTOM-HOUSE.") + "\n\n[Illustration: The Custom-House]\n\n\n\n\n"
        text += centred("THE CUSTOM-HOUSE.") + "\n\n" + centred("INTRODUCTORY TO “THE SCARLET LETTER.”") + "\n\n\n" + String(repeating: prose, count: 6)
        let chapters = ["THE PRISON-DOOR.", "THE MARKET-PLACE.", "THE RECOGNITION.", "THE INTERVIEW."]
        for (k, title) in chapters.enumerated() {
            text += "[Illustration]\n\n\n\n\n" + centred("[Illustration]") + "\n\n" + centred(["I.", "II.", "III.", "IV."][k]) + "\n\n" + centred(title) + "\n\n\n"
                + String(repeating: prose, count: 4)
        }
        #expect(try TextBookParser.outline(text) == ["1 THE CUSTOM-HOUSE."] + chapters.enumerated().map { k, title in "1 \(["I", "II", "III", "IV"][k]). " + title })
        // Each label under a logo under a short title line, the logo's gap is the title's, not the label's.
        var lines: [Substring] = []
        var known: [TextBookParser.Found] = []
        for k in 1...4 {
            lines += ["EPUB PUBLICATIONS 3.0", "", "", "", "\u{FFFC}IDPF Logo", ""]
            known.append(.init(line: lines.count, heading: Heading(level: .chapter, title: "\(k).", name: "", number: k), titleLine: nil))
            lines += ["\(k).", ""] + Array(repeating: ["The text of the section runs on over three lines", "of prose, as a section's text does,", "and ends here.", ""], count: 3).flatMap { $0 }
        }
        #expect(IsolatedTitles.headingGap(IsolatedTitles.blocks(lines), known: known, lines: lines) == nil)
    }

    /// Numbered sections run in as closely as paragraphs (jlreq's `A.1 Opening brackets (cl-01)`,
    /// the numbering their evidence) say nothing of how the book sets its titles apart: three
    /// blank lines above its chapters still make the heading gap.
    @Test func closeNumberedSectionsDoNotSetTheTitleGap() {
        var known: [TextBookParser.Found] = []
        var blocks: [IsolatedTitles.Block] = []
        for k in 0..<40 { blocks.append(.init(line: k * 10, count: 3, gapBefore: 1, gapAfter: 1)) }
        for k in 0..<4 {
            blocks.append(.init(line: 1000 + k * 10, count: 1, gapBefore: 3, gapAfter: 2))
            known.append(.init(line: 1000 + k * 10, heading: Heading(level: .chapter, title: "CHAPTER \(k + 1).", name: "", number: k + 1), titleLine: nil))
        }
        for k in 0..<12 {
            blocks.append(.init(line: 2000 + k * 10, count: 1, gapBefore: 1, gapAfter: 1))
            var heading = Heading(level: .chapter, title: "A.\(k + 1) Brackets", name: "Brackets", number: k + 1)
            heading.section = [1001, k + 1]
            known.append(.init(line: 2000 + k * 10, heading: heading, titleLine: nil))
        }
        blocks.sort { $0.line < $1.line }
        #expect(IsolatedTitles.headingGap(blocks, known: known) == 3)
    }

    /// A colon may part a 回目's label from its title (`第一回：王教头私走延安府 九纹龙大闹史家村 话说…`);
    /// labels run on into text and indented as paragraphs are headings only where they make the
    /// book's whole sequence with the headings of their form (`　　第一回 山路を…`, …, `　　第三回 …`),
    /// and a sentence otherwise (`　　第2章 日本語組版の基本では，…` once in a paragraph).
    @Test func runOnLabelsWithAColonAndIndentedSequences() throws {
        let (heading, text) = try #require(HeadingMatcher.runOn("第一回：王教头私走延安府 九纹龙大闹史家村 话说大宋仁宗天子在位，嘉佑三年三月三日"))
        #expect(heading.title == "第一回 王教头私走延安府 九纹龙大闹史家村" && heading.number == 1)
        #expect(text.hasPrefix("话说大宋"))
        let body = "　　山路を登りながら、こう考えた。智に働けば角が立つ。情に棹させば流される。\n"
        let sequence = (1...3).map { "　　第\(["一", "二", "三"][$0 - 1])回 山路を登りながら、こう考えた。\n" + body + body }.joined()
        #expect(try TextBookParser.parse("草枕\n\n" + sequence).sections.dropFirst().map(\.title) == ["第一回", "第二回", "第三回"])
        let mention = "第1章 はじめに\n" + body + "　　第2章 日本語組版の基本では，文字の配置を述べる。\n" + body + "第2章 組版\n" + body + "第3章 終わりに\n" + body
        #expect(try TextBookParser.parse(mention).sections.map(\.title) == ["第1章 はじめに", "第2章 組版", "第3章 終わりに"])
    }

    /// The printed title page's lower half and its dedication, set apart as headings are, head
    /// nothing: `WITH ILLUSTRATIONS` over the imprint ending in its year, `TO` / `MY WIFE` over no
    /// text of its own, a dedication over a contents list. A `Dedication` over its own lines and a
    /// title over a picture before the first chapter are pages a reader opens.
    @Test func theTitlePageHeadsNoSection() throws {
        let body = "It was the best of times, it was the worst of times, it was the age of wisdom, and\nit was the age of foolishness.\n"
        let imprint = "\n\n\nWITH ILLUSTRATIONS\n\n\nLONDON\nHARPER & BROTHERS, PUBLISHERS\n1896\n\n\n_All rights reserved_\n"
        let chapters = ["PREFACE", "THE FIRST DAY", "THE SECOND DAY"].map { "\n\n\n\n" + $0 + "\n\n" + body + "\n" + body }.joined()
        let plain = try TextBookParser.parse("THE BOOK\n\nby A. Writer\n" + imprint + "\n\n\n\nTO\nMY WIFE\n" + chapters).sections.dropFirst()
        #expect(plain.map(\.title) == ["PREFACE", "THE FIRST DAY", "THE SECOND DAY"], "\(plain.map(\.title))")
        #expect(plain.map(\.level) == [1, 1, 1])
        let listed = "\n\n\n\nTO\nMY MOTHER\n\n\n\nSECOND EDITION\n\n\n\nCONTENTS\n\n PREFACE\n THE FIRST DAY\n THE SECOND DAY\n"
        let withList = try TextBookParser.parse("THE BOOK\n\nby A. Writer\n" + imprint + listed + chapters).sections.dropFirst()
        #expect(withList.map(\.title) == ["PREFACE", "THE FIRST DAY", "THE SECOND DAY"], "\(withList.map(\.title))")
        let friend = try TextBookParser.parse("THE BOOK\n\nby A. Writer\n\n\n\nTO MY FRIEND\n\nH. G. WELLS\n" + chapters).sections.dropFirst()
        #expect(friend.map(\.title) == ["PREFACE", "THE FIRST DAY", "THE SECOND DAY"], "\(friend.map(\.title))")
        // The imprint's title over a list of illustrations (entries of six words and more, no text
        // of the title's), and a dedication over an epigraph before the first labelled chapter.
        let illustrations = "\n\n\n\nLIST OF ILLUSTRATIONS\n\n  full-screen image of Thomas Cole's painting 'Childhood'    20\n  detail of Thomas Cole's painting 'Youth' in the gallery    33\n"
        let labelled = (1...3).map { "\n\n\n\nCHAPTER \($0)\n\n" + body + "\n" + body }.joined()
        let epigraph = "\n\n\n\nTO\nJ. M. B.\n\n\n\n    Nam Sibyllam quidem Cumis ego ipse oculis meis vidi in ampulla pendere.\n"
        let front = try TextBookParser.parse("THE BOOK\n\nby A. Writer\n\n" + imprint + illustrations + epigraph + labelled).sections.dropFirst()
        #expect(front.map(\.title) == ["CHAPTER 1", "CHAPTER 2", "CHAPTER 3"], "\(front.map(\.title))")
        let dedication = "\n\n\n\nDedication\n\n\n    To\n    His Royal Highness\n    The Prince Regent\n"
        let picture = "\n\n\n\nFRONTISPIECE\n\n\n[Illustration: The house by the river]\n"
        let kept = try TextBookParser.parse("THE BOOK\n\nby A. Writer\n" + picture + dedication + chapters).sections.dropFirst()
        #expect(kept.map(\.title) == ["FRONTISPIECE", "Dedication", "PREFACE", "THE FIRST DAY", "THE SECOND DAY"], "\(kept.map(\.title))")
    }

    /// Notes a chapter gathers at its end (`FOOTNOTES:` over `[2] …`, whose marker `[2]` stands in
    /// the chapter, a dictionary's entry `Introduction` after it read as a word of the text) are
    /// the chapter's; notes gathered at the book's end, answering markers all through it, are a section.
    @Test func aChaptersNotesAreNoSection() throws {
        let body = "It was the best of times, it was the worst of times,[N] it was the age of wisdom, and\nit was the age of foolishness.\n"
        func chapter(_ n: Int, notes: String) -> String {
            "\n\n\n\nCHAPTER \(n)\n\n" + body.replacingOccurrences(of: "[N]", with: "[\(n)]") + "\n" + body.replacingOccurrences(of: "[N]", with: "")
                + (n < 3 ? "\nIntroduction\n\nA social ceremony invented by the devil for the gratification of his servants.\n" : "")
                + (notes.isEmpty ? "" : "\n\n\n\n" + notes + "\n\n[\(n)] See the letter of the fourth of May, which the\nreader has before him.\n")
        }
        let atChapterEnds = try TextBookParser.parse("THE BOOK\n" + (1...3).map { chapter($0, notes: $0 == 2 ? "NOTES" : "FOOTNOTES:") }.joined())
        #expect(atChapterEnds.sections.dropFirst().map(\.title) == ["CHAPTER 1", "CHAPTER 2", "CHAPTER 3"], "\(atChapterEnds.sections.map(\.title))")
        let notes = (1...3).map { "[\($0)] See the letter of the fourth of May, which the\nreader has before him.\n" }.joined(separator: "\n")
        let atBookEnd = try TextBookParser.parse("THE BOOK\n" + (1...3).map { chapter($0, notes: "") }.joined() + "\n\n\n\nNOTES\n\n" + notes)
        #expect(atBookEnd.sections.dropFirst().map(\.title) == ["CHAPTER 1", "CHAPTER 2", "CHAPTER 3", "NOTES"], "\(atBookEnd.sections.map(\.title))")
        #expect(UnheadedMatter.noteMarker("[Footnote 12: Modern science") == "[12]")
        #expect(UnheadedMatter.noteMarker("[Illustration: Cover]") == nil)
        #expect(UnheadedMatter.noteMarker("[B] Lettered, as Distributed Proofreaders mark notes too.") == "[B]")
        #expect(UnheadedMatter.noteMarker("[Footnote A: A note.]") == "[A]")
        #expect(UnheadedMatter.noteMarker("[THE END]") == nil)
    }


    /// A caption wrapped over two lines (`[Illustration: Progression of FXL pages both in` /
    /// `landscape modes]`) is one line of text as far as gaps go: the short line below it, one
    /// blank line down (a figure's `Image description`), is set as a paragraph is, not as a
    /// section set apart (two blank lines) would be.
    @Test func aWrappedCaptionWidensNoGap() throws {
        let body = "It was the best of times, it was the worst of times, it was the age of wisdom, and\nit was the age of foolishness.\n"
        let figure = "\n[Illustration: Progression of fixed-layout pages both in portrait and in\nlandscape modes]\n\nImage description\n\nTwo rows of schematic views of tablets.\n"
        let chapters = (1...3).map { "\n\n\nCHAPTER \($0)\n\n" + body + figure + "\n" + body + figure + "\n" + body }.joined()
        let sections = try TextBookParser.parse("THE BOOK\n" + chapters).sections.dropFirst()
        #expect(sections.map(\.title) == ["CHAPTER 1", "CHAPTER 2", "CHAPTER 3"], "\(sections.map(\.title))")
    }


    /// A title page breaks a long title over two lines with no blank between (`WORLD CULTURES AND` /
    /// `GEOGRAPHY`): one title, and no chapter, under a transcriber's note as on its own. A subtitle
    /// says so (`OR, THE MODERN PROMETHEUS`, `A STORY OF …`), and a CJK title's next line is its author.
    @Test func aTitleBrokenOverTwoLines() throws {
        let note = "Transcriber's Note:\n\nPunctuation has been standardized. Obvious printer's errors have been\nsilently corrected; variations in spelling and hyphenation have been\nretained as in the original.\n\n\n\n"
        let body = "It was the best of times, it was the worst of times, it was the age of wisdom, and\nit was the age of foolishness.\n"
        let chapters = ["THE FIRST DAY", "THE SECOND DAY", "THE THIRD DAY"].map { "\n\n\n\n" + $0 + "\n\n" + body + "\n" + body }.joined()
        for top in ["", note] {
            let book = try TextBookParser.parse(top + "          WORLD CULTURES AND\n              GEOGRAPHY\n" + chapters)
            #expect(book.title == "WORLD CULTURES AND GEOGRAPHY")
            #expect(book.sections.dropFirst().map(\.title) == ["THE FIRST DAY", "THE SECOND DAY", "THE THIRD DAY"], "\(book.sections.map(\.title))")
        }
        #expect(MetadataGuesser.withSecondLine("EPUB", ["EPUB", "Accessibility 1.1", "", "text"]) == "EPUB Accessibility 1.1")
        #expect(MetadataGuesser.withSecondLine("FRANKENSTEIN", ["FRANKENSTEIN", "OR, THE MODERN PROMETHEUS"]) == "FRANKENSTEIN")
        #expect(MetadataGuesser.withSecondLine("HENRY ESMOND", ["HENRY ESMOND", "BEING THE MEMOIRS OF A COLONEL"]) == "HENRY ESMOND")
        #expect(MetadataGuesser.withSecondLine("ВОЙНА И", ["ВОЙНА И", "МИР"]) == "ВОЙНА И МИР")
        #expect(MetadataGuesser.withSecondLine("A TALE OF TWO CITIES", ["A TALE OF TWO CITIES", "A STORY OF THE FRENCH REVOLUTION"]) == "A TALE OF TWO CITIES")
        #expect(MetadataGuesser.withSecondLine("山居笔记", ["山居笔记", "余秋雨"]) == "山居笔记")
        #expect(MetadataGuesser.withSecondLine("日本語組版処理の要件", ["日本語組版処理の要件", "W3C® (MIT, ERCIM, Keio)"]) == "日本語組版処理の要件")
        #expect(MetadataGuesser.withSecondLine("THE BOOK", ["THE BOOK", "By A. Writer"]) == "THE BOOK")
    }


    /// A site's flat list under `目录`, then, closer than three blank lines, the book's own first
    /// lines and chapters indented as its paragraphs are: the list ends at the first heading over
    /// its text, so an unindented line in a chapter (`三`, a section's bare number, over indented
    /// text) is no entry the list sets over more indented ones (a division, as `raiseDivisions`
    /// reads the list). A heading inside the list, over more entries, does not end it.
    @Test func aSitesListEndsAtTheFirstChapter() throws {
        let lines = Self.lines("草枕\n\n目录\n\n第一章\n第二章\n第三章\n\n\n　　夏目漱石\n第一章\n　　山路を登りながら、こう考えた。\n三\n　　昨夕は妙な気持ちがした。\n第二章\n　　宿へ着いたのは夜の八時頃であった。\n")
        let listed = ContentsList.indentation(lines, headings: [4, 10, 12, 14])
        #expect(listed["三"] == nil, "\(listed)")
        #expect(listed["第三章"]?.first?.rank == 0)
        #expect(ContentsList.indentation(lines, headings: [])["三"]?.first?.heads == true)
    }

    /// The author's name set apart in the text (`T.S. Eliot` over an epigraph) is no section where
    /// the title page gives it under `BY` alone, as it is none under `by T.S. Eliot`.
    @Test func theAuthorUnderByAloneIsNoTitle() throws {
        let body = "April is the cruellest month, breeding lilacs out of the dead land, mixing memory\nand desire, stirring dull roots with spring rain.\n"
        let chapters = ["THE BURIAL OF THE DEAD", "A GAME OF CHESS", "THE FIRE SERMON"].map { "\n\n\n\n" + $0 + "\n\n" + body + "\n" + body }.joined()
        let text = "THE WASTE LAND\n\nBY\n\nT.S. ELIOT\n\n\n\nT.S. Eliot\n\n    Nam Sibyllam quidem Cumis ego ipse oculis meis\n    vidi in ampulla pendere.\n" + chapters
        let book = try TextBookParser.parse(text)
        #expect(book.sections.dropFirst().map(\.title) == ["THE BURIAL OF THE DEAD", "A GAME OF CHESS", "THE FIRE SERMON"], "\(book.sections.map(\.title))")
        #expect(book.title == "The Waste Land" && book.author == "T.S. Eliot")
    }

    /// A title broken after a dash (`CREATIVE COMMONS -` / `A SHARED CULTURE`) over its byline is
    /// the title page's, not a heading: the book's title, the name below it its author.
    @Test func aTitleBrokenAfterADashIsTheBooks() throws {
        let body = "To celebrate our fundraising campaign, Creative Commons has released a short video\nby a renowned filmmaker, to help spread the word about its mission.\n"
        let chapters = ["A SHARED CULTURE", "THE ENTIRE TRANSCRIPT"].map { "\n\n\n" + $0 + "\n\n" + body + "\n" + body }.joined()
        let credit = "Produced by Judith Boss, Charles Franks and the Online\nDistributed Proofreading Team at https://www.pgdp.net (This\n"
            + "file was produced from images generously made available\nby The Internet Archive)\n\n\n\nTranscriber's Note:\n\n"
            + "Punctuation has been standardized. Obvious printer's errors have been\nsilently corrected.\n\n\n\n\n"
        let book = try TextBookParser.parse(credit + "CREATIVE COMMONS -\nA SHARED CULTURE\n\nBY\n\nJESSE DYLAN\n\n" + chapters)
        #expect(book.title == "Creative Commons - a Shared Culture" && book.author == "Jesse Dylan", "\(book.title) \(book.author ?? "")")
        #expect(book.sections.filter { $0.kind != .frontMatter }.map(\.title) == ["A SHARED CULTURE", "THE ENTIRE TRANSCRIPT"])
    }


    /// The header folds a long value onto indented lines as mail headers do: `Title: Frankenstein`
    /// / `       or The Modern Prometheus` is one title, and an indented label below it starts a
    /// header of its own. Authors stand a line each (`Author: Alexandre Dumas` / `        Auguste
    /// Maquet`): the first is the book's author, as the catalogue lists its first creator first; a
    /// name left open at the line's end (`… de`) goes on below.
    @Test func aFoldedHeaderIsOneValue() throws {
        func frame(author: String) throws -> GutenbergFrame {
            let text = "The Project Gutenberg EBook of Frankenstein\n\nTitle: Frankenstein\n       or The Modern Prometheus\n\n"
                + "Author: \(author)\n  Release Date: June 17, 2008\n\n"
                + "*** START OF THIS PROJECT GUTENBERG EBOOK FRANKENSTEIN ***\nBody.\n"
            return try #require(GutenbergFrame.find(Self.lines(text)))
        }
        #expect(try frame(author: "Mary Wollstonecraft (Godwin) Shelley").title == "Frankenstein or The Modern Prometheus")
        #expect(try frame(author: "Mary Wollstonecraft (Godwin) Shelley").author == "Mary Wollstonecraft (Godwin) Shelley")
        #expect(try frame(author: "Alexandre Dumas\n        Auguste Maquet").author == "Alexandre Dumas")
        #expect(try frame(author: "Jacob Grimm\n        Wilhelm Grimm").author == "Jacob Grimm")
        #expect(try frame(author: "Marie-Catherine Le Jumel de\n        Barneville").author == "Marie-Catherine Le Jumel de Barneville")
        #expect(try frame(author: "Sir Arthur Quiller-Couch,\n        Editor").author == "Sir Arthur Quiller-Couch, Editor")
    }


    /// The lines below a header's `Title:` line are a long title's rest, or a subtitle: the title
    /// page says which. `A CHRISTMAS CAROL` alone over its `IN PROSE` / `BEING` / `A Ghost Story of
    /// Christmas`, `LES MISERABLES` over its byline: the title is the `Title:` line's, and an
    /// alternative title (`or The Modern Prometheus`) with it, as catalogues read titles; a title
    /// page that sets the whole title (`THE ADVENTURES OF TOM SAWYER`) joins the header's lines.
    @Test func aHeadersSubtitleIsNoPartOfTheTitle() throws {
        func gutenbergText(_ header: String, _ titlePage: String) -> String {
            "The Project Gutenberg eBook\n\nTitle: \(header)\n\nAuthor: Some One\n\n*** START OF THE PROJECT GUTENBERG EBOOK X ***\n\n\n\n"
                + titlePage + "\n\n\n\nCHAPTER I.\n\n" + String(repeating: "It was a cold night and the wind came over the hills as it had for weeks.\n\n", count: 4)
                + "CHAPTER II.\n\n" + String(repeating: "It was a cold night and the wind came over the hills as it had for weeks.\n\n", count: 4)
        }
        // The helper's text is read as a Gutenberg file: its header's author, its two chapters, the title page no section.
        let carol = try TextBookParser.parse(gutenbergText("A Christmas Carol\n       A Ghost Story of Christmas", "A CHRISTMAS CAROL\n\nIN PROSE\nBEING\nA Ghost Story of Christmas\n\nby Charles Dickens"))
        #expect(carol.title == "A Christmas Carol" && carol.author == "Some One")
        #expect(carol.sections.filter { $0.kind == .chapter }.map(\.title) == ["CHAPTER I.", "CHAPTER II."])
        #expect(try TextBookParser.parse(gutenbergText("Les Miserables\n       Complete in Five Volumes", "LES MISERABLES\n\nBy Victor Hugo")).title == "Les Miserables")
        #expect(try TextBookParser.parse(gutenbergText("The Adventures of\n       Tom Sawyer", "THE ADVENTURES OF TOM SAWYER\n\nBy Mark Twain")).title == "The Adventures of Tom Sawyer")
        #expect(try TextBookParser.parse(gutenbergText("A Christmas Carol\n       A Ghost Story of Christmas", "")).title == "A Christmas Carol A Ghost Story of Christmas")
        #expect(try TextBookParser.parse(gutenbergText("Frankenstein\n       or The Modern Prometheus", "FRANKENSTEIN\n\nby Mary Shelley")).title == "Frankenstein or The Modern Prometheus")
        // The title page may set the `Title:` line's words over lines of their own (Through England
        // on a Side Saddle, PG #72156): the title is where they stop, the subtitle below them no part of it.
        let saddle = "                            Through England\n\n                            On a Side Saddle\n\n\n                    IN THE TIME OF WILLIAM AND MARY\n\n\n                           BEING THE DIARY OF\n\n                            _CELIA FIENNES._"
        #expect(try TextBookParser.parse(gutenbergText("Through England on a side saddle\n        In the time of William and Mary", saddle)).title == "Through England on a side saddle")
        #expect(try TextBookParser.parse(gutenbergText("The Old Curiosity Shop\n        A Tale", "THE\n\nOLD CURIOSITY\n\nSHOP\n\nA TALE")).title == "The Old Curiosity Shop")
        #expect(try TextBookParser.parse(gutenbergText("Wives and Daughters\n        An Every-Day Story", "WIVES AND\nDAUGHTERS\n\nAN EVERY-DAY STORY")).title == "Wives and Daughters")
        // Lines that part from the title's words say nothing.
        #expect(try TextBookParser.parse(gutenbergText("Through England on a side saddle\n        In the time of William and Mary", "Through England\n\nOn Horseback")).title
                == "Through England on a side saddle In the time of William and Mary")
        #expect(!GutenbergFrame.setsOver("The Old Curiosity Shop", startingWith: "The Old", ["THE OLD", "CURIOSITY", "MUSEUM"]))
    }

    /// A treatise numbers its sections with the section sign (`§ 1.`, `§ 12. Of Space`, `§3.`): a
    /// label, whose sequence makes the headings; the sign inside a sentence is text.
    @Test func sectionSignsNumberSections() throws {
        #expect(HeadingMatcher.match("§ 12. Of Space")?.number == 12)
        #expect(HeadingMatcher.match("§3.")?.number == 3)
        let body = "It was the best of times, it was the worst of times, it was the age of wisdom, and\nit was the age of foolishness.\n"
        let text = "THE BOOK\n\n\n\n" + (1...3).map { "\n\n§ \($0).\n\n" + body + "\n" + body }.joined() + "\nAs § 2. showed, and as § 3. will.\n"
        #expect(try TextBookParser.parse(text).sections.dropFirst().map(\.title) == ["§ 1.", "§ 2.", "§ 3."])
    }


    /// Classical books number their scrolls with the unit first (`卷一`, `卷之二`, `卷第三`) and
    /// split into halves or thirds (`上卷`, `中卷`, `下卷`, `上部`): divisions over their 回. Prose
    /// starting with the same characters (`卷起袖子`, `下部分`, `上卷帘`) is none.
    @Test func scrollsNumberedUnitFirst() throws {
        #expect(HeadingMatcher.match("卷一 风起")?.level == .volume)
        #expect(HeadingMatcher.match("卷之二")?.number == 2)
        #expect(HeadingMatcher.match("卷第三 雨落")?.number == 3)
        #expect(HeadingMatcher.match("下卷")?.number == 3)
        #expect(HeadingMatcher.match("卷起袖子来，他说。") == nil)
        #expect(HeadingMatcher.match("下部分的人都走了。") == nil)
        #expect(HeadingMatcher.match("上卷帘子") == nil)
        let body = "　　天色渐渐暗了下来，山间的风带着一丝凉意，吹过林梢，发出沙沙的声响。\n"
        let text = "《风云录》\n作者：某某\n\n" + ["卷一", "卷二"].map { $0 + "\n" + ["一", "二"].map { "第\($0)回 某某\n" + body + body }.joined() }.joined()
        let sections = try TextBookParser.parse(text).sections.dropFirst()
        #expect(sections.map { "\($0.level) \($0.title)" } == ["1 卷一", "2 第一回 某某", "2 第二回 某某", "1 卷二", "2 第一回 某某", "2 第二回 某某"])
    }


    /// A site's prefix before every heading may be Latin (`VIP卷 第101章 …`, a paid volume's name)
    /// as well as CJK or bracketed (`[某站] 第1章 …`): three headings behind it make it a prefix,
    /// and the titles leave it out. A rarer one is counted, not taken.
    @Test func aLatinSitePrefix() throws {
        let body = "　　天色渐渐暗了下来，山间的风带着一丝凉意，吹过林梢，发出沙沙的声响。\n"
        for prefix in ["VIP卷 ", "[某站] "] {
            let text = "《风云录》\n作者：某某\n\n" + (1...4).map { "\(prefix)第\($0)章 风起\n" + body + body }.joined()
            let book = try TextBookParser.parse(text)
            #expect(book.sections.dropFirst().map(\.title) == ["第1章 风起", "第2章 风起", "第3章 风起", "第4章 风起"], "\(book.sections.map(\.title))")
        }
        let found = TextBookParser.prefixedHeadings(Self.lines("VIP卷 第1章 甲\n\nVIP卷 第2章 乙\n\nVIP卷 第3章 丙\n\nSee 第4章 丁\n"),
                                                    style: .blankLineSeparated, skipping: [])
        #expect(found.found.map(\.line).sorted() == [0, 2, 4])
        #expect(found.found.map(\.heading.title).sorted() == ["第1章 甲", "第2章 乙", "第3章 丙"])
        #expect(found.skipped == 1)
    }


    /// Marks around a heading are no part of it: emphasis or ornament on both sides (`_CHAPTER
    /// I._`, `- 1 -`, `* 2 *`), a Markdown `#`, a rule under a title. A scene break's rule or
    /// stars with a blank line above, and a line of prose in emphasis, keep theirs.
    @Test func decorationAroundHeadingsIsNoPartOfThem() throws {
        #expect(HeadingDecoration.undecorated("_CHAPTER I._") == "CHAPTER I.")
        #expect(HeadingDecoration.undecorated("- 12 -") == "12")
        #expect(HeadingDecoration.undecorated("## The Lamp") == "The Lamp")
        #expect(HeadingDecoration.undecorated("_The end of a part, as she said._") == nil)
        #expect(HeadingDecoration.undecorated("* * *") == nil)
        // Alone, or opening its block: a title, or a numbered one in sentence case; inside a paragraph, text.
        #expect(HeadingDecoration.undecorated("_The Voyage of Life_", alone: true) == "The Voyage of Life")
        #expect(HeadingDecoration.undecorated("_The Voyage of Life_", alone: false) == nil)
        #expect(HeadingDecoration.undecorated("_2. EPUB publication conformance_", alone: true) == "2. EPUB publication conformance")
        var emphasised = Self.lines("\n_The Voyage of Life_\nA series of paintings.\n\nHe wrote:\n_The Voyage of Life_\n")
        var none: Set<Int> = []
        var markup: [Int: String] = [:]
        var taken: Set<Int> = []
        #expect(HeadingDecoration.rewrite(&emphasised, blanked: &none, markup: &markup, emphasised: &taken) == 1)
        #expect(taken == [1])  // the emphasis taken off, recorded; the marks in the paragraph stay
        #expect(markup.isEmpty)  // emphasis is no heading markup
        #expect(emphasised[1] == "The Voyage of Life" && emphasised[5] == "_The Voyage of Life_")
        var lines = Self.lines("CHAPTER 1\n=========\n\nText.\n\n----\n\nMore text.\n   ~ 2 ~\n")
        var blanked: Set<Int> = []
        #expect(HeadingDecoration.rewrite(&lines, blanked: &blanked, markup: &markup, emphasised: &taken) == 2)
        #expect(lines[1] == "" && blanked == [1])
        #expect(lines[5] == "----")
        #expect(lines[8] == "   2")
        let body = "It was the best of times, it was the worst of times, it was the age of wisdom, and\nit was the age of foolishness.\n"
        let text = "THE BOOK\n\n\n\n" + ["THE LAMP", "THE HARBOUR", "THE STORM"].map { "\n\n" + $0 + "\n" + String(repeating: "-", count: $0.count) + "\n\n" + body + "\n----\n\n" + body }.joined()
        #expect(try TextBookParser.parse(text).sections.dropFirst().map(\.title) == ["THE LAMP", "THE HARBOUR", "THE STORM"])
    }

}
