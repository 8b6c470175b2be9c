@testable import EPUBConverter
import Testing

/// Forms read off a history told in essays as a Chinese download gives it (唐德刚's 袁氏当国): each
/// essay's title set apart by five blank lines with no label (`孙文创制 宣统退位 袁氏当国`), and
/// inside each essay its sections' titles set as its paragraphs are, indented and one blank line
/// apart (`　　采用美国制度为蓝本`), told from them only by having no mark.
struct EssayHistoryLayoutTests {
    static let paragraph = "　　中华民国元年，一月一日，夜十时，时年四十六岁的广东香山人孙文先生，在南京宣誓就任中华民国第一任临时大总统。\n\n"

    static func essay(_ title: String, _ sections: [String]) -> String {
        "\n\n\n\n\n　　\(title)　\n\n" + paragraph + paragraph + sections.map { "　　\($0)\n\n" + String(repeating: paragraph, count: 8) }.joined()
    }

    /// Titles set as paragraphs are, under essays set apart by the gap, are the essays' sections,
    /// one level below them, as under labelled chapters. A line of speech or a sound alone stays
    /// text, and one such line is no layout.
    @Test func sectionsSetAsParagraphsUnderEssaysSetApart() throws {
        let essays = [("孙文创制 宣统退位 袁氏当国", ["采用美国制度为蓝本", "以都督代表会暂代参议院", "从一军三旗到黄黎易位"]),
                      ("项城不作虚君 遁初志在首相", ["宋教仁的政党内阁", "国会选举"]), ("帝制酝酿期中的内忧外患", ["二十一条", "筹安会"])]
        let text = "\n　　袁氏当国\n\n　　唐德刚\n" + essays.map { Self.essay($0.0, $0.1) }.joined()
        let expected = essays.flatMap { title, sections in ["1 \(title)"] + sections.map { "2 \($0)" } }
        let outline = try TextBookParser.outline(text)
        #expect(outline == expected, "\(outline)")
        let speech = "\n　　袁氏当国\n\n　　唐德刚\n" + essays.map { Self.essay($0.0, ["走吧", "轰隆隆"]) }.joined()
        #expect(try TextBookParser.outline(speech) == essays.map { "1 \($0.0)" })
    }
}
