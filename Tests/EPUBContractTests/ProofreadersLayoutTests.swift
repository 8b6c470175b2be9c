@testable import EPUBConverter
import Testing

/// Forms read off a Distributed Proofreaders transcription as Project Gutenberg serves it (The
/// French Revolution 1789–1795, #71688): a contents list that sets each chapter's label, a blank
/// line and its title, then the sidenotes' entries with their pages; a table of dates after it;
/// the book's title again, short of its dates, over the first chapter; sidenotes in ♦ marks.
struct ProofreadersLayoutTests {
    static let prose = "Like the rest of Western Europe, France, in the Middle Ages, was ruled\nby a feudal nobility, holding their lands of the king. Nowhere in\nWestern Europe was the power of the king less.\n\n"

    static let chapters = [("I", "FEUDALISM AND THE MONARCHY.", ["The Monarchy in France", "Feudal rights"]),
                           ("II", "FRANCE UNDER LOUIS XVI., 1774–1789.", ["The Ministry of Turgot", "Character of Louis XVI."]),
                           ("III", "THE ASSEMBLY AT VERSAILLES, 1789.", ["Meeting of the States General", "The fall of the Bastille"])]

    static func book(halfTitle: String, dates: Bool, front: String = "", back: String = "") -> String {
        var text = "Title: The French Revolution 1789-1795\n\nAuthor: Bertha Meriton Cordery Gardiner\n\n\n"
            + "*** START OF THE PROJECT GUTENBERG EBOOK THE FRENCH REVOLUTION 1789-1795 ***\n\n\n\n\n" + front + "PREFACE.\n\n\n" + prose + "\n\n\nCONTENTS.\n\n\n"
        for (k, (number, title, notes)) in chapters.enumerated() {
            text += "  CHAPTER \(number).\n\n  \(title)\n\n" + (k == 0 ? String(repeating: " ", count: 68) + "PAGE\n" : "")
            text += notes.enumerated().map { "  " + $0.element.padding(toLength: 66, withPad: " ", startingAt: 0) + String(k * 10 + $0.offset + 1) + "\n" }.joined() + "\n\n"
        }
        if dates {
            text += "LEADING DATES IN THE HISTORY OF THE FRENCH REVOLUTION.\n\n\n"
                + [("1774", "Accession of Louis XVI.--Ministry of Turgot."), ("1776", "Dismissal of Turgot."), ("1781", "Resignation of Necker.")]
                .map { "  \($0.0)\n\n  \($0.1)\n\n\n" }.joined()
        }
        text += "\n\n\(halfTitle)\n\n\n\n\n"
        for (number, title, notes) in chapters {
            text += "CHAPTER \(number).\n\n\(title)\n\n\n♦\(notes[0]).♦\n\n" + prose + prose.dropLast(2) + "\n♦\(notes[1])♦ " + prose + "\n\n"
        }
        return text + back + "*** END OF THE PROJECT GUTENBERG EBOOK THE FRENCH REVOLUTION 1789-1795 ***\n"
    }

    /// A chapter's title one blank line under its label in the contents list is the label's, not a
    /// division of its own the list names; and the book's title over the first chapter is a
    /// half-title, with a table of dates between the list and the book or without.
    @Test func labelThenTitleInTheContents() throws {
        let expected = ["1 PREFACE."] + Self.chapters.map { "1 CHAPTER \($0.0). \($0.1)" }
        for dates in [false, true] {
            for halfTitle in ["THE FRENCH REVOLUTION.", "THE FRENCH REVOLUTION, 1789–1795."] {
                let outline = try TextBookParser.outline(Self.book(halfTitle: halfTitle, dates: dates))
                #expect(outline == expected, "\(dates) \(halfTitle): \(outline)")
            }
        }
        // The label's parts listed under it (`— I —` over ` [ 1 ]`, ` [ 2 ]`; `CHAPTER I.` over its
        // sections) stay entries; a title alone under the label is the label's.
        let lines = TextLines.split("Contents\n\n CHAPTER I.\n\n The Monarchy\n Feudal rights\n\n CHAPTER II.\n\n THE TITLE.\n\n  Entry 3\n")
        #expect(!ContentsList.isTitleOfEntryAbove(4, lines, after: 0) && ContentsList.isTitleOfEntryAbove(9, lines, after: 0))
    }

    /// The book's title as a half-title repeats it, whole or short of its subtitle or dates: its
    /// first words, two or more, half of the title's at least or all up to a break in it.
    @Test func halfTitleShortOfItsDates() {
        #expect(IsolatedTitles.isHalfTitle("the french revolution", of: "the french revolution 1789-1795"))
        #expect(IsolatedTitles.isHalfTitle("a tale of two cities", of: "a tale of two cities: a story of the french revolution"))
        #expect(IsolatedTitles.isHalfTitle("the history of tom jones", of: "the history of tom jones, a foundling"))
        #expect(!IsolatedTitles.isHalfTitle("pride", of: "pride and prejudice") && !IsolatedTitles.isHalfTitle("the adventures", of: "the adventures of tom sawyer and huck finn"))
        #expect(IsolatedTitles.isHalfTitle("the french revolution, 1789–1795", of: "the french revolution 1789-1795"))
        #expect(!IsolatedTitles.isHalfTitle("the adventures of tom", of: "the adventures of tom sawyer and huck finn, a story of the river"))
        #expect(!IsolatedTitles.isHalfTitle("the french army", of: "the french revolution 1789"))
    }

    /// Centred lines `s` spaces in, each followed by a blank line.
    static func centred(_ lines: [(Int, String)]) -> String {
        lines.map { String(repeating: " ", count: $0.0) + $0.1 + "\n\n" }.joined()
    }

    /// The publisher's pages before the preface (the list of its series, centred, over the series'
    /// titles indented; the title page, a map in a picture's marker on it) are set centred, as no
    /// heading of the book is: they open no section, so they neither list as sections nor hold the
    /// book's chapters under the first of them. A centred title over prose at the margin (an
    /// introduction) still opens one, and where the book centres its headings, nothing changes.
    @Test func printedFrontOpensNoSection() throws {
        let expected = ["1 PREFACE."] + Self.chapters.map { "1 CHAPTER \($0.0). \($0.1)" }
        let series = Self.centred([(21, "HISTORICAL WORKS FOR SCHOOLS.")]) + "\n" + Self.centred([(23, "EPOCHS OF ANCIENT HISTORY."), (29, "EDITED BY THE")])
            + "  =THE GRACCHI, MARIUS, AND SULLA.= By A. H. BEESLY, M.A. With 2 Maps.\n\n  =THE EARLY ROMAN EMPIRE=, from the Assassination of Julius Cæsar to\n    the Assassination of Domitian. By the Rev. W. WOLFE CAPES, M.A.\n\n\n"
            + Self.centred([(15, "LONGMANS, GREEN & CO., 39 Paternoster Row,")]) + "\n\n\n"
        let titlePage = Self.centred([(23, "_EPOCHS of MODERN HISTORY_"), (31, "EDITED BY"), (24, "_THE FRENCH REVOLUTION_")])
            + "[Illustration: CENTRAL EUROPE 1789\n\n_Longmans, Green & Co., London, New York, Bombay, Calcutta & Madras._]\n\n\n\n\n"
            + Self.centred([(23, "_Epochs of Modern History_"), (27, "FRENCH REVOLUTION"), (24, "BERTHA MERITON GARDINER")]) + "\n"
            + Self.centred([(25, "_SIXTEENTH IMPRESSION_"), (24, "LONGMANS, GREEN, AND CO."), (34, "1921")]) + "\n\n"
        // Other publishers' pages: the author's other books, a page crediting the pictures.
        let otherBooks = Self.centred([(24, "BY THE SAME AUTHOR.")]) + "  THE STRUGGLE AGAINST ABSOLUTE MONARCHY, 1603–1688. Fcp. 8vo. With Maps.\n  A STUDENT’S HISTORY OF ENGLAND. In Three Volumes.\n\n\n\n"
        let pictures = Self.centred([(27, "WITH SEVEN MAPS"), (24, "DRAWN BY THE AUTHOR")]) + "\n\n"
        for front in [series + titlePage, otherBooks + titlePage, pictures + series] {
            let outline = try TextBookParser.outline(Self.book(halfTitle: "THE FRENCH REVOLUTION.", dates: true, front: front + "\n\n"))
            #expect(outline == expected, "\(outline)")
        }
        let introduction = Self.centred([(27, "INTRODUCTION.")]) + "\n" + Self.prose + Self.prose + "\n\n"
        let withIntroduction = try TextBookParser.outline(Self.book(halfTitle: "THE FRENCH REVOLUTION.", dates: true, front: series + introduction))
        #expect(withIntroduction == ["1 INTRODUCTION."] + expected, "\(withIntroduction)")
        let display = TextLines.split("                     HISTORICAL WORKS FOR SCHOOLS.\n\nThe history of the\nworld, told for schools in eight volumes.\n")
        let found = TextBookParser.Found(line: 0, heading: Heading(level: .chapter, title: "HISTORICAL WORKS FOR SCHOOLS.", name: ""), origin: .setApart)
        #expect(!UnheadedMatter.isDisplay(found, body: 1..<display.count, display) && UnheadedMatter.isDisplay(found, body: 1..<2, display))
    }

    /// Inside the index, a letter's first entry two blank lines down (`Caen, Girondist sentiments
    /// prevail at, 157`) is set apart as a section is: an entry all the same, its page numbers at
    /// its end, and the index one section.
    @Test func indexEntriesAreNoSections() throws {
        let expected = ["1 PREFACE."] + Self.chapters.map { "1 CHAPTER \($0.0). \($0.1)" } + ["1 INDEX."]
        let index = "\n\n\nINDEX.\n\n\n  America, assisted by France, 25;\n    declaration of Independence by, 26\n\n  Avignon, massacre at, 110\n\n\n"
            + "  Caen, Girondist sentiments prevail at, 157\n\n  Cahiers, the, 29\n\n\n  Economists, the, 16\n\n  Egalité, Philip. _See_ Orleans, Duke of\n\n\n"
            + "  Feudal nobility, privileges of, under the monarchy, 1–5;\n    abolition of, 49\n\n  Fleurus, battle of, 213\n\n\n"
            + "  Kaunitz, is indifferent to the progress of the revolution, 98\n\n  Kellermann, commands at Metz, 121\n\n\n\n"
        let outline = try TextBookParser.outline(Self.book(halfTitle: "THE FRENCH REVOLUTION.", dates: false, back: index))
        #expect(outline == expected, "\(outline)")
        #expect(UnheadedMatter.isLocated("Caen, Girondist sentiments prevail at, 157") && UnheadedMatter.isLocated("Assignats, first issue of, 68;"))
        #expect(UnheadedMatter.isLocated("Feudal nobility, privileges of, under the monarchy, 1–5;") && UnheadedMatter.isLocated("Assignats, continued issue of, 149, 172"))
        #expect(!UnheadedMatter.isLocated("CHAPTER 12") && !UnheadedMatter.isLocated("The Year 1789") && !UnheadedMatter.isLocated("Kaunitz, the minister"))
    }
}
