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

    static func book(halfTitle: String, dates: Bool) -> String {
        var text = "Title: The French Revolution 1789-1795\n\nAuthor: Bertha Meriton Cordery Gardiner\n\n\n"
            + "*** START OF THE PROJECT GUTENBERG EBOOK THE FRENCH REVOLUTION 1789-1795 ***\n\n\n\n\nPREFACE.\n\n\n" + prose + "\n\n\nCONTENTS.\n\n\n"
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
        return text + "*** END OF THE PROJECT GUTENBERG EBOOK THE FRENCH REVOLUTION 1789-1795 ***\n"
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
}
