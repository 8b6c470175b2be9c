@testable import EPUBConverter
import Testing

/// Forms read off a course of lectures as a Chinese download gives it (钱穆's 中国历代政治得失, its
/// file named `钱穆：中国历代政治得失.txt`): the text opens on its contents list under `目　录`, the
/// lectures numbered with `讲` (`第一讲　汉代`), their parts numbered `一、` and the parts' parts by
/// the Heavenly Stems (`甲、皇室与政府`), then closing matter the list names and no form marks
/// (`总论`, `钱穆年表`). Each rule with instances of its own and the case it must leave alone.
struct LectureBookLayoutTests {
    static let paragraph = "　　严格说来，要到秦汉才是中国历史上正式有统一政府。秦以前的中国，只可说是一种封建的统一。\n\n"
    static let dynasties = ["汉代", "唐代", "宋代"]
    static let closing = ["总论", "钱穆年表", "王昆吾：读《中国历代政治得失》"]

    static var book: String {
        var text = "目　录 \n\n序\n前言 \n" + dynasties.enumerated().map { "第\(["一", "二", "三"][$0.offset])讲　\($0.element) \n" }.joined()
            + closing.map { $0 + " \n" }.joined() + "\n\n序\n\n" + paragraph + "前言\n\n" + paragraph
        for (k, dynasty) in dynasties.enumerated() {
            text += "第\(["一", "二", "三"][k])讲　\(dynasty)\n\n            　　一、\(dynasty)政府组织\n\n"
            text += "　　甲、皇室与政府\n\n" + paragraph + paragraph + "　　乙、中央政府的组织\n\n" + paragraph
            text += "　　二、\(dynasty)选举制度\n\n" + paragraph + paragraph + "　　三、\(dynasty)经济制度\n\n" + paragraph
        }
        return text + closing.map { $0 + "\n\n" + Self.paragraph }.joined()
    }

    /// Lectures (`讲`) are chapters by their unit; the Stems number the parts of a numbered part,
    /// one level below it; the closing sections the list names are headed where the list's order
    /// puts them, each a line that says its entry word for word.
    @Test func lecturesTheirPartsAndTheListedClosingMatter() throws {
        let expected = ["1 序", "1 前言"] + Self.dynasties.enumerated().flatMap { k, dynasty in
            ["1 第\(["一", "二", "三"][k])讲 \(dynasty)", "2 一、\(dynasty)政府组织", "3 甲、皇室与政府", "3 乙、中央政府的组织", "2 二、\(dynasty)选举制度", "2 三、\(dynasty)经济制度"]
        } + Self.closing.map { "1 \($0)" }
        let outline = try TextBookParser.outline(Self.book)
        #expect(outline == expected, "\(outline)")
        // Of our own: lessons (`第三课`), and the Stems right under a chapter.
        let lessons = "语文\n\n" + ["第一课 春", "第二课 济南的冬天", "第三课 雨的四季"].map { "　　\($0)\n\n" + Self.paragraph + Self.paragraph }.joined()
        #expect(try TextBookParser.outline(lessons) == ["1 第一课 春", "1 第二课 济南的冬天", "1 第三课 雨的四季"])
        let stems = "某书\n\n" + ["第一章 起源", "　　甲、部落", "　　乙、城邦", "第二章 发展", "第三章 衰落"].map { "\($0)\n\n" + Self.paragraph }.joined()
        #expect(try TextBookParser.outline(stems) == ["1 第一章 起源", "2 甲、部落", "2 乙、城邦", "1 第二章 发展", "1 第三章 衰落"])
        // Sentences that open like them stay text: `第一讲到这里`, `甲说：…`.
        #expect(HeadingMatcher.match("第一讲到这里就结束了") == nil && NumberedParts.stemNumbered("甲说：我不去。") == nil)
        #expect(NumberedParts.stemNumbered("丙、汉代地方政府")?.number == 3)
    }

    /// A line the list names that ends a wrapped line's sentence (`…Systems of Linear` over
    /// `Equations`) is no heading; nor is an entry that opens with a number, which the scan reads.
    @Test func listedLinesThatHeadNothing() {
        let lines = TextLines.split("Next topic: Section MISLE Matrix Inverses and Systems of Linear\nEquations\n\nA title.\nEquations\n")
        #expect(!ContentsList.opensParagraph(1, lines) && ContentsList.opensParagraph(4, lines) && ContentsList.opensParagraph(3, lines))
        #expect(ContentsList.isNumbered("a.1.3.1 certifiedby") && ContentsList.isNumbered("3 methods") && !ContentsList.isNumbered("总论"))
    }

    /// `目　录` is no book's title however it is spaced; a file named `作者：书名` names the author
    /// before its colon where that is a name (a common surname and one or two more ideographs, or a
    /// transliterated name parted by `·`); a title before its subtitle stays the title.
    @Test func titleAndAuthorFromTheFileName() throws {
        let book = try TextBookParser.parse(Self.book, options: TextBookOptions(fileName: "钱穆：中国历代政治得失.txt"))
        #expect(book.title == "中国历代政治得失" && book.author == "钱穆")
        #expect(MetadataGuesser.isNotTitle("目　录") && MetadataGuesser.isNotTitle("目录") && !MetadataGuesser.isNotTitle("目连"))
        #expect(MetadataGuesser.titleFromFileName("威廉·夏伊勒：第三帝国的兴亡.txt") == "第三帝国的兴亡")
        #expect(MetadataGuesser.authorFromFileName("威廉·夏伊勒：第三帝国的兴亡.txt") == "威廉·夏伊勒")
        #expect(MetadataGuesser.authorFromFileName("孔飞力：叫魂——1768年中国妖术大恐慌.txt") == "孔飞力")
        #expect(MetadataGuesser.authorFromFileName("三体：黑暗森林.txt") == nil && MetadataGuesser.titleFromFileName("三体：黑暗森林.txt") == "三体：黑暗森林")
        #expect(MetadataGuesser.authorFromFileName("清醒思考的艺术：你最好让别人去犯的52种思维错误.txt") == nil)
    }
}
