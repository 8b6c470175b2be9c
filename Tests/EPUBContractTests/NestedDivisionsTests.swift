@testable import EPUBConverter
import Testing

/// Forms of a Gutenberg transcription with divisions inside divisions (Les Misérables as #135
/// prints it: `VOLUME I` / `FANTINE`, `BOOK FIRST—A JUST MAN`, `CHAPTER I—M. MYRIEL`, and a
/// contents list giving all three, books numbered again in every volume). Each rule with
/// instances of its own and the case it must leave alone.
struct NestedDivisionsTests {
    static let prose = "The installation over, the town waited to see its bishop at work, and he\nwent to work at once.\n\n"

    /// A book of `top` divisions, each over `middle` divisions numbered from one, each over two
    /// chapters; with a contents list giving them all, as the body does, when `contents`.
    static func book(top: (String, [String]), middle: (String, [String]), contents: Bool) -> String {
        let chapters = ["CHAPTER I—THE EVENING", "CHAPTER II—THE MAN AROUSED"]
        var list = "Contents\n\n"
        var body = ""
        for (t, name) in top.1.enumerated() {
            let label = "\(top.0) \(["I", "II", "III"][t])"
            list += "\n \(label)—\(name)\n\n"
            body += "\n\n\n\n\(label)\n\(name)\n\n\n\n\n"
            for (m, title) in middle.1.enumerated() {
                let heading = "\(middle.0) \(["FIRST", "SECOND", "THIRD"][m])—\(title)"
                list += "\n \(heading)\n\n" + chapters.map { " \($0)\n\n" }.joined()
                body += "\(heading)\n\n\n\n" + chapters.map { "\n\n\n\n\($0)\n\n\n" + String(repeating: Self.prose, count: 3) }.joined()
            }
        }
        return "LES MISÉRABLES\n\nBy Victor Hugo\n\n\n\n" + (contents ? list + "\n\n\n" : "") + body
    }

    /// Two forms of division, each heading of one right over a heading of the other, the other
    /// more frequent: the other's divisions sit one level down, their chapters under them. A
    /// contents list numbering the inner form again under each outer one is one list throughout.
    @Test func divisionsInsideDivisions() throws {
        let instances: [((String, [String]), (String, [String]))] = [
            (("VOLUME", ["FANTINE", "COSETTE"]), ("BOOK", ["A JUST MAN", "THE FALL", "IN THE YEAR 1817"])),
            (("PART", ["AT SEA", "IN PARIS"]), ("BOOK", ["THE WOOD OF LA SAUDRAIE", "THE CORVETTE CLAYMORE"])),
            (("VOLUME", ["SIEUR CLUBIN", "MESS LETHIERRY"]), ("PART", ["THE FIRST", "THE SECOND", "THE THIRD"])),
        ]
        for (top, middle) in instances {
            for contents in [false, true] {
                let outline = try TextBookParser.outline(Self.book(top: top, middle: middle, contents: contents))
                let expected = top.1.enumerated().flatMap { t, name in
                    ["1 \(top.0) \(["I", "II", "III"][t]) \(name)"] + middle.1.enumerated().flatMap { m, title in
                        ["2 \(middle.0) \(["FIRST", "SECOND", "THIRD"][m])—\(title)", "3 CHAPTER I—THE EVENING", "3 CHAPTER II—THE MAN AROUSED"]
                    }
                }
                #expect(outline == expected, "\(top.0) over \(middle.0), contents: \(contents)")
            }
        }
        // Two forms that never stand one over the other are divisions side by side.
        var side = "A BOOK\n\n\n"
        for label in ["PART I", "BOOK II", "PART III", "BOOK IV"] {
            side += "\n\n\n\(label)\n\n\n" + ["CHAPTER I—ONE", "CHAPTER II—TWO"].map { "\n\n\n\($0)\n\n" + String(repeating: Self.prose, count: 2) }.joined()
        }
        #expect(try TextBookParser.outline(side).filter { $0.hasPrefix("1 ") } == ["1 PART I", "1 BOOK II", "1 PART III", "1 BOOK IV"])
    }

    static func closingBook(parts: [String], chapter: @escaping (Int) -> String, epilogue: String, ownText: Bool = false, epilogueChapter: ((Int) -> String)? = nil) -> String {
        var text = "A BOOK\n\n\n"
        for part in parts {
            text += "\n\n\n\(part)\n\n\n\n" + (1...2).map { "\n\n\n\(chapter($0))\n\n\n" + String(repeating: Self.prose, count: 3) }.joined()
        }
        let closing = epilogueChapter ?? chapter
        text += "\n\n\n\(epilogue)\n\n\n\n" + (ownText ? Self.prose : "") + (1...2).map { "\n\n\n\(closing($0))\n\n\n" + String(repeating: Self.prose, count: 3) }.joined()
        return text
    }

    /// The book's closing words right over its chapter 1, after its divisions (The Brothers
    /// Karamazov's `EPILOGUE` over `Chapter I. Plans For Mitya’s Escape`), are a closing division at
    /// the top level over their chapters; an epilogue with text of its own is a closing chapter.
    @Test func anEpilogueOverChaptersIsADivision() throws {
        let karamazov = try TextBookParser.outline(Self.closingBook(parts: ["PART I", "PART II"], chapter: { "Chapter \(["I", "II"][$0 - 1]). The Day" }, epilogue: "EPILOGUE"))
        #expect(karamazov.suffix(3) == ["1 EPILOGUE", "2 Chapter I. The Day", "2 Chapter II. The Day"])
        let afterword = try TextBookParser.outline(Self.closingBook(parts: ["BOOK ONE", "BOOK TWO"], chapter: { "CHAPTER \($0)" }, epilogue: "AFTERWORD"))
        #expect(afterword.suffix(3) == ["1 AFTERWORD", "2 CHAPTER 1", "2 CHAPTER 2"])
        let cjk = "书\n\n" + ["第一卷 起", "第二卷 承"].map { "\n\($0)\n\n" + ["第一章 甲", "第二章 乙"].map { "\n\($0)\n\n" + String(repeating: "　　他输掉了今天的第六局，零胜六负。\n", count: 3) }.joined() }.joined()
            + "\n尾声\n\n" + ["第一章 丙", "第二章 丁"].map { "\n\($0)\n\n" + String(repeating: "　　他输掉了今天的第六局，零胜六负。\n", count: 3) }.joined()
        #expect(try TextBookParser.outline(cjk).suffix(3) == ["1 尾声", "2 第一章 丙", "2 第二章 丁"])
        // Crime and Punishment's epilogue numbers its parts with bare numerals (`EPILOGUE`, `I`, `II`).
        let crime = try TextBookParser.outline(Self.closingBook(parts: ["PART I", "PART II"], chapter: { "CHAPTER \(["I", "II"][$0 - 1])" }, epilogue: "EPILOGUE",
                                                    epilogueChapter: { ["I", "II"][$0 - 1] }))
        #expect(crime.suffix(3) == ["1 EPILOGUE", "2 I", "2 II"])
        // With text of its own, the epilogue is left as it was: a chapter of the last part, as the chapters after it.
        let own = try TextBookParser.outline(Self.closingBook(parts: ["PART I", "PART II"], chapter: { "Chapter \(["I", "II"][$0 - 1]). The Day" }, epilogue: "EPILOGUE", ownText: true))
        #expect(own.suffix(3) == ["2 EPILOGUE", "2 Chapter I. The Day", "2 Chapter II. The Day"])
    }

    /// A credit names a maker's role before `by` (`Translated By Constance Garnett`, `With an
    /// Introduction by Edmund Gosse`, `Illustrated by Sidney Paget`): no title; `The Man by the
    /// River` is one, and so is a section's name its writer signs (`Preface by Lionel Giles`).
    @Test func aRoleBeforeByIsACredit() throws {
        for credit in ["translated by constance garnett", "with an introduction by edmund gosse", "illustrated by sidney paget", "edited and annotated by j. smith"] {
            #expect(IsolatedTitles.isByline(credit), "\(credit)")
        }
        #expect(!IsolatedTitles.isByline("the man by the river") && !IsolatedTitles.isByline("translated by the light of the moon"))
        #expect(!IsolatedTitles.isByline("preface by lionel giles") && !IsolatedTitles.isByline("introduction by edmund gosse"))
        let text = "CRIME AND PUNISHMENT\n\nBy Fyodor Dostoevsky\n\n\n\nTranslated By Constance Garnett\n\n\n\n\nTRANSLATOR’S PREFACE\n\n" + String(repeating: Self.prose, count: 3)
            + "\n\n\nPART I\n\n\n\n" + ["CHAPTER I", "CHAPTER II"].map { "\($0)\n\n" + String(repeating: Self.prose, count: 3) + "\n\n\n" }.joined()
        #expect(try TextBookParser.outline(text) == ["1 TRANSLATOR’S PREFACE", "1 PART I", "2 CHAPTER I", "2 CHAPTER II"])
    }

    /// Ordinals name divisions past the tenth (`BOOK ELEVENTH`, `BOOK FIFTEENTH`, `Book the
    /// Twentieth`, `CHAPTER TWENTY-FIRST`).
    @Test func ordinalsPastTheTenth() {
        #expect(HeadingMatcher.englishNumber("ELEVENTH") == 11 && HeadingMatcher.englishNumber("Fifteenth") == 15)
        #expect(HeadingMatcher.englishNumber("twentieth") == 20 && HeadingMatcher.englishNumber("Twenty-First") == 21)
        #expect(HeadingMatcher.englishNumber("NINETIETH") == 90 && HeadingMatcher.englishNumber("Nineteenth") == 19 && HeadingMatcher.englishNumber("Eleventhly") == nil)
        #expect(HeadingMatcher.match("BOOK ELEVENTH—THE ATOM FRATERNIZES WITH THE HURRICANE")?.number == 11)
        #expect(HeadingMatcher.match("Book the Twentieth")?.number == 20 && HeadingMatcher.match("CHAPTER THIRTEENTH.")?.number == 13)
    }

    static let quixoteText = "In a village of La Mancha, the name of which I have no desire to call\nto mind, there lived not long since one of those gentlemen.\n\n"

    static func quixote(_ titles: [String]) -> String {
        "DON QUIXOTE\n\nby Miguel de Cervantes\n\n\n" + titles.enumerated().map { k, title in
            "\n\n\nCHAPTER \(["I", "II", "III"][k]).\n\(title)\n\n\n" + String(repeating: Self.quixoteText, count: 3)
        }.joined()
    }

    /// A long title in capitals under its label, wrapped onto a second line (Don Quixote's `CHAPTER
    /// I.` / `WHICH TREATS OF … GENTLEMAN DON` / `QUIXOTE OF LA MANCHA`), is the label's title, both
    /// lines; two lines of mixed case under a label are its text, and so are three lines of capitals.
    @Test func aWrappedTitleInCapitalsUnderItsLabel() throws {
        let wrapped = ["WHICH TREATS OF THE CHARACTER AND PURSUITS OF THE FAMOUS GENTLEMAN DON\nQUIXOTE OF LA MANCHA",
                       "WHEREIN IS RELATED THE DROLL WAY IN WHICH DON QUIXOTE HAD HIMSELF DUBBED\nA KNIGHT",
                       "CONTAINING AS MUCH OF THE BIRTH OF THE FOUNDLING AS IS NECESSARY OR PROPER\nTO ACQUAINT THE READER WITH."]
        #expect(try TextBookParser.outline(Self.quixote(wrapped)) == wrapped.enumerated().map { k, title in
            "1 CHAPTER \(["I", "II", "III"][k]). " + title.replacingOccurrences(of: "\n", with: " ")
        })
        let mixed = ["Which treats of the character and pursuits of the famous gentleman Don\nQuixote of La Mancha", "Of the first sally", "Of the second sally"]
        #expect(try TextBookParser.outline(Self.quixote(mixed)) == ["1 CHAPTER I.", "1 CHAPTER II. Of the first sally", "1 CHAPTER III. Of the second sally"])
        #expect(TextBookParser.wrappedCapitals(below: 0, ["WHICH TREATS OF THE CHARACTER AND PURSUITS OF THE FAMOUS GENTLEMAN DON", "QUIXOTE OF LA MANCHA", "MORE OF IT", ""]) == nil)
    }

    /// Oliver Twist's titles wrap over up to four lines of capitals under a bare `CHAPTER XXXVI`, a
    /// blank line below the label and below the title: the whole title is the chapter's, whatever
    /// line is longest. A short line of capitals in the middle ends no wrap, so the block is text,
    /// and so are five long lines.
    @Test func aTitleInCapitalsWrappedOverFourLines() throws {
        let titles = ["CONTAINS SOME INTRODUCTORY PARTICULARS RELATIVE TO A YOUNG\nGENTLEMAN WHO NOW ARRIVES UPON THE SCENE; AND A NEW ADVENTURE\nWHICH HAPPENED TO OLIVER",
                      "IS A VERY SHORT ONE, AND MAY APPEAR OF NO GREAT IMPORTANCE IN\nITS PLACE, BUT IT SHOULD BE READ NOTWITHSTANDING, AS A SEQUEL\nTO THE LAST, AND A KEY TO ONE THAT WILL FOLLOW WHEN ITS TIME\nARRIVES",
                      "THE EXPEDITION"]
        let book = "OLIVER TWIST\n\nBY\n\nCHARLES DICKENS\n\n\n" + titles.enumerated().map { k, title in
            "\n\n\nCHAPTER \(["XXXIV", "XXXV", "XXXVI"][k])\n\n\(title)\n\n" + String(repeating: Self.quixoteText, count: 3)
        }.joined()
        #expect(try TextBookParser.outline(book) == titles.enumerated().map { k, title in
            "1 CHAPTER \(["XXXIV", "XXXV", "XXXVI"][k]) " + title.replacingOccurrences(of: "\n", with: " ")
        })
        let four = ["IS A VERY SHORT ONE, AND MAY APPEAR OF NO GREAT IMPORTANCE IN", "ITS PLACE, BUT IT SHOULD BE READ NOTWITHSTANDING, AS A SEQUEL",
                    "TO THE LAST, AND A KEY TO ONE THAT WILL FOLLOW WHEN ITS TIME", "ARRIVES", ""].map { Substring($0) }
        #expect(TextBookParser.wrappedCapitals(below: 0, four).map { String($0.rest) } == four[1...3].joined(separator: " "))
        #expect(TextBookParser.wrappedCapitals(below: 0, four).map(\.end) == 3)
        let shortInside = [four[0], "A SHORT LINE", four[1], ""]
        #expect(TextBookParser.wrappedCapitals(below: 0, shortInside) == nil)
        let five = [four[0], four[1], four[2], four[0], four[1], ""]
        #expect(TextBookParser.wrappedCapitals(below: 0, five) == nil)
    }

    /// The Brothers Karamazov sets every `Chapter I.` over its title, right below, a blank line
    /// after: where the book sets its labels so, the line there is the title even when it reads as a
    /// sentence (`The Galloping Troika. The End Of The Prosecutor’s Speech.`) or ends in a quotation
    /// mark or an apostrophe. A book with two such labels among bare ones decides nothing.
    @Test func aTitleRightBelowItsLabelWhereTheBookSetsTitlesSo() throws {
        let odd = ["The Galloping Troika. The End Of The Prosecutor’s Speech.", "At The Hohlakovs’", "“I Am Coming, Too!”"]
        let titles = ["Fyodor Pavlovitch Karamazov", "He Gets Rid Of His Eldest Son", "The Second Marriage", "The Third Son, Alyosha", "Elders",
                      "They Arrive At The Monastery", "The Old Buffoon", "Peasant Women Who Have Faith", "A Lady Of Little Faith",
                      "Why Is Such A Man Alive?", "The Scandalous Scene", "Smerdyakov"] + odd
        let book = "THE BROTHERS KARAMAZOV\n\nby Fyodor Dostoyevsky\n\n\n" + titles.enumerated().map { k, title in
            "\n\n\nChapter \(k + 1).\n\(title)\n\n\n" + String(repeating: Self.quixoteText, count: 3)
        }.joined()
        #expect(try TextBookParser.outline(book) == titles.enumerated().map { k, title in "1 Chapter \(k + 1). " + title })
        let numerals = ["I", "II", "III", "IV", "V", "VI"]
        let twoOfSix = "THE BOOK\n\nby A. Writer\n\n\n" + numerals.enumerated().map { k, numeral in
            "\n\n\nChapter \(numeral).\n" + (k < 2 ? "A Title\n\n\n" : k == 2 ? "At last he went home.\n\n" : "\n") + String(repeating: Self.quixoteText, count: 3)
        }.joined()
        #expect(try TextBookParser.outline(twoOfSix) == ["1 Chapter I. A Title", "1 Chapter II. A Title", "1 Chapter III.", "1 Chapter IV.", "1 Chapter V.", "1 Chapter VI."])
    }

    /// A title in capitals after its label runs as long as it runs; in mixed case, twelve words
    /// are a title's most (longer, the line is prose that starts with a label).
    @Test func longTitlesInCapitals() {
        #expect(HeadingMatcher.match("CHAPTER II—WHAT IS TO BE DONE IN THE ABYSS IF ONE DOES NOT CONVERSE")?.number == 2)
        #expect(HeadingMatcher.match("CHAPTER XX—THE DEAD ARE IN THE RIGHT AND THE LIVING ARE NOT IN THE WRONG")?.number == 20)
        #expect(HeadingMatcher.match("CHAPTER V—IN THE CASE OF SAND AS IN THAT OF WOMAN, THERE IS A FINENESS WHICH IS TREACHEROUS") != nil)
        #expect(HeadingMatcher.match("Chapter 2 Told How the Man Who Came to Dinner Stayed on for a Week and Then Some More") == nil)
    }

    /// A book whose contents list names its episodes by a number in square brackets (Ulysses, #4300:
    /// ` — I —` over ` [ 1 ]`, ` [ 2 ]`), each group `parts` long, the body setting each alone
    /// over its text; numbered as the list numbers them, `list` false leaving the list out.
    static func bracketed(_ parts: [[String]], labels: [String] = ["I", "II", "III"], list: Bool = true) -> String {
        var contents = "Contents\n"
        var body = ""
        for (p, episodes) in parts.enumerated() {
            contents += "\n — \(labels[p]) —\n\n" + episodes.map { " \($0)\n" }.joined()
            body += "\n\n\n\n— \(labels[p]) —\n\n\n" + episodes.map { "\($0)\n\n" + String(repeating: Self.prose, count: 3) + "\n\n" }.joined()
        }
        return "Ulysses\n\n\nby James Joyce\n\n\n" + (list ? contents + "\n\n\n" : "") + body
    }

    /// A number in square brackets alone (`[ 1 ]`) reads as no title, and a page's number in text
    /// taken from print looks the same: where the contents list names it, it is the heading the
    /// list says, under the division above it. Not listed, it stays text.
    @Test func bracketedNumbersTheListNames() throws {
        let roman = ["I", "II", "III"], words = ["PART ONE", "PART TWO", "PART THREE"]
        let instances = [([["[ 1 ]", "[ 2 ]", "[ 3 ]"], ["[ 4 ]", "[ 5 ]"]], roman), ([["[1]", "[2]"], ["[3]", "[4]"], ["[5]", "[6]"]], roman),
                         ([["[ I ]", "[ II ]"], ["[ III ]", "[ IV ]", "[ V ]"]], words)]
        for (parts, labels) in instances {
            let expected = parts.enumerated().flatMap { p, episodes in ["1 \(labels[p])"] + episodes.map { "2 \($0)" } }
            let outline = try TextBookParser.outline(Self.bracketed(parts, labels: labels))
            #expect(outline == expected, "\(outline)")
            #expect(try TextBookParser.outline(Self.bracketed(parts, labels: labels, list: false)) == parts.indices.map { "1 \(labels[$0])" })
        }
        #expect(ContentsList.bracketedNumeral("[ 12 ]") == 12 && ContentsList.bracketedNumeral("[Illustration]") == nil
            && ContentsList.bracketedNumeral("[Sidenote: 12]") == nil)
    }
}
