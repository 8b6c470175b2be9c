@testable import EPUBConverter
import Testing

/// Forms read off the 二十四史 as Chinese sites offer them for download (a 史记 with its title in a
/// box drawn in box-drawing lines and a bullet before every scroll, a 汉书 with its long scrolls
/// bound in parts, a 晋书 numbering each category of chapters from one), and the same forms in
/// other books: each rule with instances of its own and the case it must leave alone.
struct DynasticHistoryTests {
    static let line = "黄帝者，少典之子，姓公孙，名曰轩辕。生而神灵，弱而能言，幼而徇齐，长而敦敏，成而聪明。"

    static func paragraphs(_ count: Int) -> String {
        String(repeating: "    " + line + "\n", count: count)
    }

    /// A bullet before a line that is a heading by its form is no part of it (`●卷一·五帝本纪第一`,
    /// Project Gutenberg's 天妃顯聖錄 `●第一章求佳兒大士賜丸`, a Japanese web novel's `●第一章：無垢なる少女`);
    /// before words that are no heading it opens a list's item, and stays.
    @Test func bulletBeforeAHeadingGoes() throws {
        #expect(HeadingDecoration.bulleted("●第一章求佳兒大士賜丸") == "第一章求佳兒大士賜丸")
        #expect(HeadingDecoration.bulleted("◎卷一·五帝本纪第一") == "卷一·五帝本纪第一")
        #expect(HeadingDecoration.bulleted("● 第一章：無垢なる少女") == "第一章：無垢なる少女")
        #expect(HeadingDecoration.bulleted("●苹果三斤，梨两斤") == nil && HeadingDecoration.bulleted("●") == nil)
        #expect(HeadingDecoration.bulleted("●●第一章") == nil && HeadingDecoration.bulleted("第一章 ●") == nil)

        let book = "天妃顯聖錄\n\n" + ["第一章求佳兒大士賜丸", "第二章救親舟神女現身", "第三章化草木遍濟群生"].map { "●\($0)\n" + Self.paragraphs(3) + "\n" }.joined()
        #expect(try TextBookParser.outline(book) == ["1 第一章求佳兒大士賜丸", "1 第二章救親舟神女現身", "1 第三章化草木遍濟群生"])
        // Bulleted items inside a chapter stay its text.
        let list = "书\n\n第一章 采买\n\n" + Self.paragraphs(2) + "●苹果三斤\n●梨两斤\n●米一斗\n\n" + Self.paragraphs(2) + "第二章 归途\n\n" + Self.paragraphs(2)
        let parsed = try TextBookParser.parse(list)
        #expect(parsed.sections.dropFirst().map(\.title) == ["第一章 采买", "第二章 归途"])
        #expect(parsed.sections[1].paragraphs.contains { $0.hasPrefix("●苹果三斤") })
    }

    /// A title in a box drawn with box-drawing lines (`┌───┐` / `│ 史记 │    汉·司马迁` / `└───┘`): the
    /// edges go, the title and what follows the box stay. A table drawn in boxes is no frame: its
    /// rows have three sides or more, its rules tees and crosses.
    @Test func titleInABoxIsTheTitle() throws {
        #expect(HeadingDecoration.framed("│ 史记 │    汉·司马迁") == "史记  汉·司马迁")
        #expect(HeadingDecoration.framed("║ 汉书 ║") == "汉书" && HeadingDecoration.framed("┃資治通鑑┃") == "資治通鑑")
        #expect(HeadingDecoration.framed("│ 甲 │ 乙 │") == nil && HeadingDecoration.framed("│  │") == nil && HeadingDecoration.framed("史记 │") == nil)
        #expect(HeadingDecoration.isFrameEdge("┌───┐") && HeadingDecoration.isFrameEdge("╚════╝") && HeadingDecoration.isFrameEdge("╭──╮"))
        #expect(!HeadingDecoration.isFrameEdge("├──┼──┤") && !HeadingDecoration.isFrameEdge("┌──┬──┐") && !HeadingDecoration.isFrameEdge("┌─ 史记"))

        let shiji = "    \n                          ┌───┐\n                          │ 史记 │    汉·司马迁\n                          └───┘\n"
            + ["卷一·五帝本纪第一", "卷二·夏本纪第二", "卷三·殷本纪第三"].map { "    ●\($0)\n" + Self.paragraphs(4) }.joined()
        let book = try TextBookParser.parse(shiji)
        #expect(book.title == "史记" && book.author == "司马迁")
        #expect(book.sections.dropFirst().map(\.title) == ["卷一·五帝本纪第一", "卷二·夏本纪第二", "卷三·殷本纪第三"])
    }

    /// A scroll bound in parts (`卷一上`, `卷一下`, the 汉书's `卷二十七中之上`) is one heading, the
    /// part's mark in its label; a sentence that opens so (`卷一上来就…`) is none.
    @Test func scrollBoundInParts() throws {
        #expect(HeadingMatcher.scrollPart("上") == 1 && HeadingMatcher.scrollPart("中之上　五行志") == 3 && HeadingMatcher.scrollPart("下 高帝纪") == 1)
        #expect(HeadingMatcher.scrollPart("上来就说") == nil && HeadingMatcher.scrollPart("之上") == nil)
        #expect(HeadingMatcher.match("卷一上　高帝纪第一上")?.name == "高帝纪第一上")
        #expect(HeadingMatcher.match("卷二十七中之上　五行志第七中之上")?.number == 27)
        #expect(HeadingMatcher.match("卷一上来就说他")?.name != "来就说他")

        let scrolls = ["卷一上　高帝纪第一上", "卷一下　高帝纪第一下", "卷二　惠帝纪第二", "卷三　高后纪第三"]
        let hanshu = "汉  书\n\n" + scrolls.map { "\($0)\n" + Self.paragraphs(3) + "\n" }.joined()
        let book = try TextBookParser.parse(hanshu)
        #expect(book.title == "汉书" && book.author == nil)
        #expect(book.sections.dropFirst().map(\.title) == scrolls.map { $0.replacingOccurrences(of: "　", with: " ") })
    }

    /// A dynastic history numbers each category of its chapters from one (`帝纪第十`, then `志第一`,
    /// `列传第一`, `载记第一`): a new run of named ordinals goes on from the last; one such line
    /// alone, with no second to follow it, starts nothing.
    @Test func eachCategoryNumberedFromOne() throws {
        let titles = ["帝纪第一", "帝纪第二", "帝纪第三", "志第一", "志第二", "列传第一", "列传第二", "列传第三", "载记第一", "载记第二"]
        let jinshu = "晋  书\n\n" + titles.map { "\($0)\n" + Self.paragraphs(3) + "\n" }.joined()
        #expect(try TextBookParser.outline(jinshu) == titles.map { "1 " + $0 })
        #expect(HeadingMatcher.nameThenOrdinal("志第一")?.number == 1 && HeadingMatcher.nameThenOrdinal("传第十二")?.number == 12)
        #expect(HeadingMatcher.nameThenOrdinal("他第一") == nil && HeadingMatcher.nameThenOrdinal("第一") == nil)
        // 史记's 本纪 then 表: 孝武本纪第十二, then 三代世表第一.
        let shiji = "史记\n\n" + ["五帝本纪第一", "夏本纪第二", "殷本纪第三", "三代世表第一", "十二诸侯年表第二"].map { "\($0)\n" + Self.paragraphs(3) + "\n" }.joined()
        #expect(try TextBookParser.outline(shiji).count == 5)
        // One restart with no run after it is text.
        let lone = "书\n\n" + ["帝纪第一", "帝纪第二", "帝纪第三"].map { "\($0)\n" + Self.paragraphs(3) + "\n" }.joined() + "志第一\n" + Self.paragraphs(3)
        #expect(try TextBookParser.outline(lone) == ["1 帝纪第一", "1 帝纪第二", "1 帝纪第三"])
    }

    /// A classical author's credit names the dynasty they wrote in (`汉·司马迁`, `明·吴承恩`,
    /// `唐·李白`): the dynasty is no part of the name. A transliterated Western name shares the dot
    /// (`唐·德里罗`, `金·凯瑞`) and stays whole.
    @Test func dynastyBeforeAnAuthor() {
        #expect(DynastyCredit.name("汉·司马迁") == "司马迁" && DynastyCredit.name("明·吴承恩") == "吴承恩" && DynastyCredit.name("唐・李白") == "李白")
        #expect(DynastyCredit.name("唐·德里罗") == nil && DynastyCredit.name("金·凯瑞") == nil && DynastyCredit.name("汉·") == nil)
        #expect(DynastyCredit.name("美·海明威") == nil && DynastyCredit.name("清·曹雪芹著者") == nil)
        #expect(DynastyCredit.titleAndName("史记    汉·司马迁").map { [$0.title, $0.name] } == ["史记", "司马迁"])
        #expect(DynastyCredit.titleAndName("西游记　明·吴承恩").map { [$0.title, $0.name] } == ["西游记", "吴承恩"])
        #expect(DynastyCredit.titleAndName("白噪音　唐·德里罗") == nil && DynastyCredit.titleAndName("汉·司马迁") == nil)
        #expect(MetadataGuesser.personName("明·吴承恩") == "吴承恩" && MetadataGuesser.personName("唐·德里罗") == "唐·德里罗")
        let guess = MetadataGuesser.guess(["西游记", "明·吴承恩", "", "第一回 灵根育孕源流出"], fileName: nil)
        #expect(guess.title == "西游记" && guess.author == "吴承恩")
    }

    /// A CJK title letterspaced, a space between each of its characters (`汉  书`, `红 楼 梦`), is
    /// one word; words of two characters or more, or Latin letters, keep their spaces.
    @Test func letterspacedTitleClosedUp() {
        #expect(MetadataGuesser.clean("汉  书") == "汉书" && MetadataGuesser.clean("红 楼 梦") == "红楼梦" && MetadataGuesser.clean("《晋　书》") == "晋书")
        #expect(MetadataGuesser.clean("三国 演义") == "三国 演义" && MetadataGuesser.clean("A B") == "A B" && MetadataGuesser.clean("书") == "书")
    }
}
