@testable import EPUBConverter
import Testing

/// Layouts real downloads print that the rendered corpus (`scripts/txt-from-epub`) does not: a
/// letter's dateline set right, a chapter's title printed again as its first line, label words in
/// brackets of their own, a classical chapter named before its ordinal. Each rule with three
/// instances of its own and the case it must leave alone.
struct DownloadLayoutTests {
    static let prose = "Some text that goes on for a while here, and then some more of it, as a letter does.\n\n"
    static let body = "\u{3000}\u{3000}天色渐渐暗了下来，山间的风带着一丝凉意，吹过林梢，发出沙沙的声响。\n"

    /// A line set right of the page's middle dates, signs or credits text (a letter's place and
    /// date, its signature, a motto's source); set apart as a heading is, it still heads nothing.
    @Test func aLineSetRightHeadsNothing() throws {
        #expect(TextLines.isSetRight("                                       _Howard Grove, Kent._"))
        #expect(TextLines.isSetRight("                                              M. HOWARD."))
        #expect(!TextLines.isSetRight("                         THE PERIOD"))  // centred on 70 columns
        #expect(!TextLines.isSetRight("    Left brought little left evening father took captain morning."))
        let setRight = ["                                       _Howard Grove, Kent._",
                        "                                              M. HOWARD.",
                        "                                            --_Old Ballad._"]
        for line in setRight {
            var text = "EVELINA\n\nBY FANNY BURNEY\n\n"
            for (k, numeral) in ["I", "II", "III"].enumerated() {
                text += "\n\n\nLETTER \(numeral).\n\nLADY HOWARD TO THE REV. MR. VILLARS.\n\n\n" + line + "\n\n"
                text += String(repeating: Self.prose, count: 3 + k)
            }
            let title = "LADY HOWARD TO THE REV. MR. VILLARS."
            #expect(try TextBookParser.outline(text) == ["1 LETTER I. \(title)", "1 LETTER II. \(title)", "1 LETTER III. \(title)"], "\(line)")
        }
    }

    /// A chapter's heading printed again right under it, as chapters copied from a site's pages
    /// carry their title (indented as the text, after a blank line, or at the margin) is one
    /// heading: the first. It no longer makes a volume's heading, its first chapter and the repeat
    /// a run of headings read as a contents list.
    @Test func aHeadingPrintedAgainUnderItselfIsOneHeading() throws {
        for echo in ["\u{3000}\u{3000}%@\n", "\n%@\n", "%@\n"] {
            var text = "书名：大奉打更人\n作者：卖报小郎君\n\n"
            for (volume, chapters) in [("第一部 京察之年", 1...3), ("第二部 云州案", 4...6)] {
                text += "\n" + volume + "\n\n"
                for n in chapters {
                    let heading = "第\(String(format: "%03d", n))章 牢狱之灾"
                    text += heading + "\n" + echo.replacingOccurrences(of: "%@", with: heading) + Self.body + Self.body
                }
            }
            #expect(try TextBookParser.outline(text) == ["1 第一部 京察之年", "2 第001章 牢狱之灾", "2 第002章 牢狱之灾", "2 第003章 牢狱之灾",
                                               "1 第二部 云州案", "2 第004章 牢狱之灾", "2 第005章 牢狱之灾", "2 第006章 牢狱之灾"], "\(echo)")
        }
        // A numeral alone under a titled one is the story's first part, not its title again.
        let stories = ["A SCANDAL IN BOHEMIA", "THE RED-HEADED LEAGUE", "A CASE OF IDENTITY"].enumerated().map { k, title in
            "\n\n\n\n\(["I", "II", "III"][k]). \(title)\n\n\nI.\n\n" + String(repeating: Self.prose, count: 3) + "\n\nII.\n\n" + String(repeating: Self.prose, count: 3)
        }.joined()
        #expect(try TextBookParser.outline("THE ADVENTURES OF SHERLOCK HOLMES\n\nby Arthur Conan Doyle\n" + stories)
                == ["1 I. A SCANDAL IN BOHEMIA", "2 I.", "2 II.", "1 II. THE RED-HEADED LEAGUE", "2 I.", "2 II.", "1 III. A CASE OF IDENTITY", "2 I.", "2 II."])
    }

    /// `【书名】诡秘之主` is the label 书名 and its value, not a bracketed title 书名: label words
    /// set in brackets of their own, with or without a colon after them, a word more or not
    /// (`[作者名]`), the next field after a wide gap cut off.
    @Test func labelWordsInBracketsOfTheirOwn() {
        #expect(MetadataGuesser.guess(["【书名】诡秘之主", "【作者】爱潜水的乌贼", "【简介】"], fileName: nil) == ("诡秘之主", "爱潜水的乌贼"))
        #expect(MetadataGuesser.guess(["[书名]：剑来", "[作者]：烽火戏诸侯"], fileName: nil) == ("剑来", "烽火戏诸侯"))
        #expect(MetadataGuesser.guess(["【作品名称】雪中悍刀行", "【作者】烽火戏诸侯"], fileName: nil) == ("雪中悍刀行", "烽火戏诸侯"))
        // A title in brackets, and a byline in brackets of its own, stay what they were.
        #expect(MetadataGuesser.guess(["【剑来】", "作者：烽火戏诸侯"], fileName: nil) == ("剑来", "烽火戏诸侯"))
        #expect(MetadataGuesser.guess(["【剑来】【作者：烽火戏诸侯】"], fileName: nil) == ("剑来", "烽火戏诸侯"))
        #expect(MetadataGuesser.unbracketedLabel("【简介】") == "【简介】")
        // A site's fields on one line, the label with a word more (阿特拉斯耸耸肩 as downloaded).
        #expect(MetadataGuesser.guess(["   【 阿特拉斯耸耸肩 】 ", "[作者名] (美)兰德    [类别] 人文史地   [最后更新时间] 2010-05-10 16:11:04"], fileName: nil)
                == ("阿特拉斯耸耸肩", "兰德"))
        #expect(MetadataGuesser.guess(["【书名称】围城", "【作者姓名】钱锺书"], fileName: nil) == ("围城", "钱锺书"))
        #expect(MetadataGuesser.unbracketedLabel("[作者名] 某某  [类别] 小说") == "作者：某某")
    }

    /// A classical book names a chapter before its ordinal, with no unit (`学而第一`, `五帝本纪第一`,
    /// `逍遥游第一`): a chapter where the numbers run in sequence; a sentence that ends so is prose.
    @Test func aChapterNamedBeforeItsOrdinal() throws {
        let heading = HeadingMatcher.match("学而第一")
        #expect(heading?.number == 1 && heading?.level == .chapter && heading?.needsSequence == true && heading?.name == "学而")
        #expect(HeadingMatcher.match("五帝本纪第一")?.number == 1)
        #expect(HeadingMatcher.match("逍遥游第十二")?.number == 12)
        #expect(HeadingMatcher.match("第一") == nil)  // no name
        #expect(HeadingMatcher.match("他说：我考了第一") == nil)  // punctuation
        for names in [["学而", "为政", "八佾", "里仁"], ["五帝本纪", "夏本纪", "殷本纪", "周本纪"], ["逍遥游", "齐物论", "养生主", "人间世"]] {
            let ordinals = ["一", "二", "三", "四"]
            let text = "论语\n\n" + names.enumerated().map { k, name in
                "\(name)第\(ordinals[k])\n子曰：“学而时习之，不亦说乎？有朋自远方来，不亦乐乎？”\n子曰：“温故而知新，可以为师矣。”\n"
            }.joined() + "子曰：“他这一回考了第一”\n"
            #expect(try TextBookParser.outline(text) == names.enumerated().map { "1 \($1)第\(ordinals[$0])" })
        }
        // Out of sequence, the same form is no heading.
        #expect(try TextBookParser.outline("论语\n\n学而第一\n子曰：“学而时习之。”\n他班里考了第一\n子曰：“温故而知新。”\n").count == 1)
    }

    /// A flush contents list that sets each work's title in capitals at the head of its group
    /// and the chapters under it in title case gives the works' rank: a title listed alone in
    /// capitals after them (`ON THE DUTY OF CIVIL DISOBEDIENCE` after `WALDEN`'s chapters) is
    /// their sibling, not the last work's last chapter.
    @Test func aContentsListGroupedByCapitals() throws {
        let prose = String(repeating: Self.prose, count: 4)
        func book(_ works: [(String, [String])], gap: String) -> String {
            var text = "WALDEN\n\nand\n\nON THE DUTY OF CIVIL DISOBEDIENCE\n\nby Henry David Thoreau\n\n\nContents\n\n"
            for (work, chapters) in works { text += " \(work)\n" + gap + chapters.map { " \($0)\n" }.joined() + "\n" }
            text += "\n\n"
            for (work, chapters) in works {
                text += "\n\n\n\n" + work + "\n\n"
                text += chapters.isEmpty ? prose : chapters.map { "\n\n\n\n" + $0 + "\n\n" + prose }.joined()
            }
            return text
        }
        let walden = [("WALDEN", ["Economy", "Where I Lived, and What I Lived For", "Reading", "Sounds"]), ("ON THE DUTY OF CIVIL DISOBEDIENCE", [])]
        for gap in ["\n", ""] {
            #expect(try TextBookParser.outline(book(walden, gap: gap)) == ["1 WALDEN", "2 Economy", "2 Where I Lived, and What I Lived For", "2 Reading", "2 Sounds",
                                                                "1 ON THE DUTY OF CIVIL DISOBEDIENCE"], "\(gap.count)")
        }
        let stories = [("A STUDY IN SCARLET", ["Mr. Sherlock Holmes", "The Science of Deduction"]), ("THE SIGN OF THE FOUR", ["The Science of Deduction Again", "The Statement of the Case"]),
                       ("THE FINAL PROBLEM", [])]
        #expect(try TextBookParser.outline(book(stories, gap: "")) == ["1 A STUDY IN SCARLET", "2 Mr. Sherlock Holmes", "2 The Science of Deduction", "1 THE SIGN OF THE FOUR",
                                                            "2 The Science of Deduction Again", "2 The Statement of the Case", "1 THE FINAL PROBLEM"])
        // A list spaced entry by entry, or one whose capitals head a single entry, groups nothing by case.
        let texts = ["walden", "economy", "reading", "on the duty"]
        #expect(ContentsList.groupedByCase(texts, groupStarts: [0, 1, 2, 3], capitals: [true, false, false, true]).isEmpty)
        #expect(ContentsList.groupedByCase(texts, groupStarts: [0, 2, 3], capitals: [true, false, true, true]).isEmpty)
        #expect(ContentsList.groupedByCase(texts, groupStarts: [0, 3], capitals: [true, false, false, true]).count == 4)
    }

    /// A 1990s etext's frame: a header ending with the small print's closing line, the book
    /// closing with `End of Project Gutenberg Etext of …`, title and author in the first line only.
    @Test func anEtextsFrameOfTheNineties() throws {
        let small = ["*END*THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.04.29.93*END*", "*END THE SMALL PRINT! FOR PUBLIC DOMAIN ETEXTS*Ver.02/11/02*END*"]
        for marker in small {
            let text = "The Project Gutenberg Etext of Moby Dick, by Herman Melville\n#3 in our series by Herman Melville\n\n"
                + "**The Legal Small Print**\n\nLIMITED WARRANTY; DISCLAIMER OF DAMAGES\nBut for the Right of Replacement.\n\nINDEMNITY\n"
                + "You will indemnify and hold the Project harmless.\n\n" + marker + "\n\n\nMOBY DICK\n\n\n\nCHAPTER 1\n\nLoomings.\n\n"
                + String(repeating: Self.prose, count: 3) + "\n\n\nCHAPTER 2\n\nThe Carpet-Bag.\n\n" + String(repeating: Self.prose, count: 3) + "\n\nEnd of Project Gutenberg Etext of Moby Dick, by Herman Melville\n"
            let lines = TextLines.split(text)
            let frame = try #require(GutenbergFrame.find(lines))
            #expect(frame.title == "Moby Dick" && frame.author == "Herman Melville")
            #expect(lines[frame.body.lowerBound - 1] == Substring(marker))
            #expect(frame.licenceStart.map { lines[$0] } == "End of Project Gutenberg Etext of Moby Dick, by Herman Melville")
            let book = try TextBookParser.parse(text)
            #expect(book.title == "Moby Dick" && book.author == "Herman Melville")
            #expect(book.sections.map(\.title) == ["Moby Dick", "CHAPTER 1 Loomings.", "CHAPTER 2 The Carpet-Bag."], "\(book.sections.map(\.title))")
        }
        // A later header's first line, where no `Title:` line follows, names the book the same way.
        #expect(GutenbergFrame.firstLineNames("The Project Gutenberg EBook of Pride and Prejudice, by Jane Austen")! == ("Pride and Prejudice", "Jane Austen"))
        #expect(GutenbergFrame.firstLineNames("The Project Gutenberg eBook of Leaves of Grass")! == ("Leaves of Grass", nil))
        #expect(GutenbergFrame.firstLineNames("Project Gutenberg's Etext") == nil)
    }

    /// A label's title one blank line below it may end with a full stop, as older transcriptions
    /// end them (`CHAPTER 1` over `Loomings.`), when it is in title case or capitals: a sentence
    /// there is the chapter's first paragraph.
    @Test func aLabelsTitleEndingWithAFullStop() throws {
        for title in ["Loomings.", "The Carpet-Bag.", "MARLEY’S GHOST.", "Mr. Sherlock Holmes."] { #expect(IsolatedTitles.isInTitleCase(Substring(title)), "\(title)") }
        for line in ["It was cold.", "Call me Ishmael.", "Go. Now.", "Gone Home. Then Away.", "To Mrs. Saville, England."] { #expect(!IsolatedTitles.isInTitleCase(Substring(line)), "\(line)") }
        let titles = ["Loomings.", "The Carpet-Bag.", "MARLEY’S GHOST."]
        let text = "MOBY DICK\n\nby Herman Melville\n" + titles.enumerated().map { k, title in
            "\n\n\n\nCHAPTER \(k + 1)\n\n\(title)\n\n" + String(repeating: Self.prose, count: 3)
        }.joined() + "\n\n\n\nCHAPTER 4\n\nIt was cold.\n\n" + String(repeating: Self.prose, count: 3)
        #expect(try TextBookParser.outline(text) == ["1 CHAPTER 1 Loomings.", "1 CHAPTER 2 The Carpet-Bag.", "1 CHAPTER 3 MARLEY’S GHOST.", "1 CHAPTER 4"])
    }

    /// Title and author on one line, the author's label after the title: with no brackets, after
    /// the title's own label, after an edition's note, the whole line in brackets with a slash
    /// between, a note after the name.
    @Test func titleAndAuthorLabelledOnOneLine() {
        for line in ["金瓶梅 作者：兰陵笑笑生", "书名：金瓶梅 作者：兰陵笑笑生", "《金瓶梅》全集 作者：兰陵笑笑生", "《金瓶梅》(校对版全本)作者：兰陵笑笑生",
                     "『金瓶梅/作者:兰陵笑笑生』", "《金瓶梅》作者：兰陵笑笑生（明）", "『金瓶梅』作者：兰陵笑笑生", "书名：金瓶梅 【作者】兰陵笑笑生"] {
            #expect(MetadataGuesser.guess([line, "", "第一回 开篇", "", "正文。"], fileName: "x.txt") == ("金瓶梅", "兰陵笑笑生"), "\(line)")
        }
        // A name in Latin letters keeps its parentheses; a label in the byline's own brackets, a
        // name with a space before its credit word, and a label at the line's start are others' to read.
        #expect(MetadataGuesser.titleAndAuthorLine("日本語組版処理の要件 作者：W3C® (MIT, ERCIM, Keio)")! == ("日本語組版処理の要件", "W3C® (MIT, ERCIM, Keio)"))
        #expect(MetadataGuesser.titleAndAuthorLine("《红楼梦》[作者:曹雪芹]") == nil)
        #expect(MetadataGuesser.titleAndAuthorLine("夏目 漱石 著") == nil)
        #expect(MetadataGuesser.titleAndAuthorLine("作者：兰陵笑笑生") == nil)
        #expect(MetadataGuesser.guess(["草枕", "夏目 漱石 著", "", "第一章 開始"], fileName: "x.txt") == ("草枕", "夏目 漱石"))
    }

    /// A title page's block: a subtitle set right under the title (`AN …`, `A …`, `OR …`) is no
    /// part of it; `_by_` in emphasis is `by`; a name after `BY` in capitals is title-cased.
    @Test func aTitlePagesSubtitleAndByline() {
        let pages: [([String], String, String)] = [
            (["JANE EYRE", "AN AUTOBIOGRAPHY", "", "by Charlotte Brontë"], "Jane Eyre", "Charlotte Brontë"),
            (["VANITY FAIR", "A NOVEL WITHOUT A HERO", "", "BY WILLIAM MAKEPEACE THACKERAY"], "Vanity Fair", "William Makepeace Thackeray"),
            (["EVELINA", "OR THE HISTORY OF A YOUNG LADY’S ENTRANCE INTO THE WORLD", "", "by Fanny Burney"], "Evelina", "Fanny Burney"),
            (["DRACULA", "", "_by_", "", "Bram Stoker"], "Dracula", "Bram Stoker"),
            (["FRANKENSTEIN;", "", "OR, THE MODERN PROMETHEUS.", "", "BY MARY W. SHELLEY."], "Frankenstein", "Mary W. Shelley"),
            // A title broken over lines stays whole.
            (["THE HISTORY OF", "TOM JONES", "", "By Henry Fielding"], "The History of Tom Jones", "Henry Fielding"),
            (["CREATIVE COMMONS -", "A SHARED CULTURE", "", "BY", "", "JESSE DYLAN"], "Creative Commons - a Shared Culture", "Jesse Dylan"),
        ]
        for (page, title, author) in pages {
            let guess = MetadataGuesser.guess(page + ["", "", "", "CHAPTER I", "", "It was a cold day in the town, and the river ran high."], fileName: "x.txt")
            #expect(guess.title == title && guess.author == author, "\(page) -> \(guess)")
        }
    }

    /// A contents list's long entries wrapped onto lines indented under them belong to those
    /// entries, however often their words recur (`… WITH RESPECT TO BASE` / `CHARACTERS.` under
    /// two entries): the list runs to its end, and no entry of its second half becomes a section.
    @Test func aContentsListsWrappedEntriesAreTheirs() throws {
        let prose = String(repeating: Self.prose, count: 3)
        let wrapped: [(String, String)] = [("THE CARPET-BAG, AND WHAT CAME OF IT ON THE ROAD", "TO NEW BEDFORD."),
                                           ("THE SPOUTER-INN, AND WHAT CAME OF IT ON THE ROAD", "TO NEW BEDFORD."),
                                           ("THE COUNTERPANE, AND WHAT CAME OF IT ON THE ROAD", "TO NEW BEDFORD."),
                                           ("BREAKFAST, AND WHAT CAME OF IT ON THE ROAD", "TO NEW BEDFORD.")]
        // Wrapped onto one line or two, each indented under the entry.
        for (indent, split) in [("      ", false), ("          ", false), ("      ", true)] {
            var text = "MOBY DICK\n\nby Herman Melville\n\n\nCONTENTS\n\n"
            for (k, (first, second)) in wrapped.enumerated() {
                let rest = split ? second.replacingOccurrences(of: " ", with: "\n" + indent) : second
                text += " CHAPTER \(["I", "II", "III", "IV"][k]). \(first)\n\(indent)\(rest)\n"
            }
            for (k, (first, second)) in wrapped.enumerated() { text += "\n\n\n\nCHAPTER \(["I", "II", "III", "IV"][k]).\n\n\(first) \(second)\n\n" + prose }
            let outline = try TextBookParser.outline(text)
            #expect(outline.count == 4 && outline.allSatisfy { $0.hasPrefix("1 CHAPTER") } && outline.first?.hasPrefix("1 CHAPTER I.") == true, "\(outline)")
        }
        var spec = "SPEC\n\n\nCONTENTS\n\n"
        let sections = ["POSITIONING OF MONO-RUBY WITH RESPECT TO BASE", "POSITIONING OF GROUP-RUBY WITH RESPECT TO BASE", "POSITIONING OF JUKUGO-RUBY WITH RESPECT TO BASE"]
        spec += " 1. RUBY.\n" + sections.enumerated().map { "    1.\($0 + 1) \($1)\n        CHARACTERS.\n" }.joined() + " 2. NOTES.\n    2.1 USAGE.\n"
        spec += "\n\n\n\n1. RUBY.\n\n" + prose + sections.enumerated().map { "\n\n1.\($0 + 1) \($1) CHARACTERS.\n\n" + prose }.joined()
        spec += "\n\n\n\n2. NOTES.\n\n" + prose + "\n\n2.1 USAGE.\n\n" + prose
        #expect(try TextBookParser.outline(spec).map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["1 1.", "2 1.1", "2 1.2", "2 1.3", "1 2.", "2 2.1"])
    }

    /// A numbered title too long for its line wraps onto the next (`III. NARRATIVE CONTINUED BY THE
    /// DOCTOR—END OF THE FIRST DAY’S` / `FIGHTING`), at the margin, centred or in emphasis, with
    /// the chapter's text right below: one heading of the numerals' sequence, as a label's is.
    @Test func aNumeralsTitleWrappedOntoTheNextLine() throws {
        let prose = "We made our best speed across the strip of wood that now divided us\nfrom the stockade, and at every step we took the voices of the\n"
            + "buccaneers rang nearer. Soon we could hear their footfalls as they ran.\n\nI began to see we should have a brush for it in earnest, and looked to\n"
            + "my priming and the rest of it as we went on through the trees.\n\n"
        let titles = ["NARRATIVE CONTINUED BY THE DOCTOR—HOW THE SHIP WAS ABANDONED", "NARRATIVE CONTINUED BY THE DOCTOR—THE JOLLY-BOAT’S LAST TRIP",
                      "NARRATIVE CONTINUED BY THE DOCTOR—END OF THE FIRST DAY’S\n%FIGHTING", "NARRATIVE RESUMED BY JIM HAWKINS—THE GARRISON IN THE STOCKADE"]
        for (wrapped, continuation) in [(2, ""), (2, "                              "), (0, "")] {
            var text = "TREASURE ISLAND\n\nby Robert Louis Stevenson\n\n\n\n"
            for (k, title) in titles.enumerated() {
                var heading = title
                if k == 0 && wrapped == 0 { heading = "NARRATIVE CONTINUED BY THE DOCTOR—HOW THE SHIP WAS\n%ABANDONED" }
                if k == 2 && wrapped == 0 { heading = heading.replacingOccurrences(of: "\n%", with: " ") }
                text += "  \(["I", "II", "III", "IV"][k]). " + heading.replacingOccurrences(of: "%", with: continuation) + "\n" + String(repeating: prose, count: 3) + "\n\n"
            }
            let outline = try TextBookParser.outline(text)
            #expect(outline.map { $0.prefix(6) } == ["1 I. N", "1 II. ", "1 III.", "1 IV. "], "\(outline)")
            #expect(outline.contains("1 III. NARRATIVE CONTINUED BY THE DOCTOR—END OF THE FIRST DAY’S FIGHTING")
                    && outline[0].hasSuffix("HOW THE SHIP WAS ABANDONED"), "\(outline)")
        }
    }

    /// Aozora Bunko's downloads: the legend of marks under the title and author is no title, and
    /// the headings are the lines its annotations mark, sized into levels (大 over 中 over 小).
    @Test func aozoraBunkosAnnotatedHeadings() throws {
        let legend = "吾輩は猫である\n夏目漱石\n\n-------------------------------------------------------\n【テキスト中に現れる記号について】\n\n"
            + "《》：ルビ\n（例）吾輩《わがはい》\n\n［＃］：入力者注　主に外字の説明や、傍点の位置の指定\n（例）※［＃「言＋墟のつくり」、第4水準2-88-74］\n"
            + "-------------------------------------------------------\n\n"
        let body = "　吾輩《わがはい》は猫である。名前はまだ無い。どこで生れたかとんと見当《けんとう》がつかぬ。\n　何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。\n"
        let quoted = legend + ["一", "二", "三"].map { "\n［＃８字下げ］\($0)［＃「\($0)」は中見出し］\n\n" + body }.joined()
        let book = try TextBookParser.parse(quoted)
        #expect(book.title == "吾輩は猫である" && book.author == "夏目漱石")
        #expect(try TextBookParser.outline(quoted) == ["1 一", "1 二", "1 三"])
        // Two sizes: the larger heads the smaller; the enclosing form and a heading in the text's line alike.
        let sized = legend + "\n［＃大見出し］上篇［＃大見出し終わり］\n\n［＃５字下げ］一［＃「一」は中見出し］\n\n" + body
            + "\n［＃５字下げ］二［＃「二」は同行中見出し］\n\n" + body + "\n［＃大見出し］下篇［＃大見出し終わり］\n\n［＃５字下げ］三［＃「三」は窓中見出し］\n\n" + body
        #expect(try TextBookParser.outline(sized) == ["1 上篇", "2 一", "2 二", "1 下篇", "2 三"])
        // Ruby and annotations inside a heading are not its title's.
        #expect(AozoraNotation.heading("［＃「吾輩《わがはい》の｜冒険《ぼうけん》」は大見出し］")! == (0, "吾輩の冒険"))
        // One marked line is no book's headings (a note's).
        #expect(AozoraNotation.headings(TextLines.split("［＃「序」は中見出し］\n本文。\n")) == nil)
    }

    /// A Latin label over CJK text (`Chapter 1`, `1`, `CHAPTER ONE` over `萧峰心中一动，说道：…`) takes
    /// it as its title only as CJK titles read: a sentence is the chapter's first paragraph, a
    /// short title (`风雪`) is the title.
    @Test func cjkSentenceUnderALatinLabelIsText() throws {
        let sentence = "萧峰心中一动，说道：“这件事情我早已知道，你不必多说。”众人听了，都是一怔。"
        for label in ["Chapter", "CHAPTER", ""] {
            let labels = ["1", "2", "3", "4"].map { label.isEmpty ? $0 : "\(label) \($0)" }
            let text = "天龙八部\n作者：金庸\n\n" + labels.map { "\($0)\n　　\(sentence)\n" + String(repeating: Self.body, count: 3) }.joined()
            #expect(try TextBookParser.outline(text) == labels.map { "1 " + $0 }, "\(label)")
            let titled = "天龙八部\n作者：金庸\n\n" + labels.map { "\($0)\n风雪\n" + String(repeating: Self.body, count: 3) }.joined()
            let outline = try TextBookParser.outline(titled)
            #expect(outline == labels.map { "1 \($0) 风雪" }, "\(outline)")
        }
    }

    /// A Chinese label in ASCII brackets (`[第一章]`, `(第一卷)`, `[第三回 风雪]`) is a Chinese
    /// heading, its brackets kept in its title, as in full-width ones (`【第一章】`).
    @Test func chineseLabelInASCIIBrackets() throws {
        #expect(HeadingMatcher.match("[第一章]")?.number == 1 && HeadingMatcher.match("(第二卷)")?.level == .volume
            && HeadingMatcher.match("[第三回 风雪]")?.name == "风雪")
        #expect(HeadingMatcher.match("[Illustration]") == nil && HeadingMatcher.match("(see above)") == nil)
        let text = "天龙八部\n\n" + ["[第一章]", "[第二章]", "[第三章]"].map { "\($0)\n" + String(repeating: Self.body, count: 3) }.joined()
        #expect(try TextBookParser.outline(text) == ["1 [第一章]", "1 [第二章]", "1 [第三章]"])
    }
}
