/// A classical Chinese book names its author after the dynasty they wrote in, set apart by a
/// middle dot: `汉·司马迁` (a 史记 as Chinese sites offer it), `明·吴承恩`, `唐·李白`. The dynasty is
/// no part of the name. The same dot parts a transliterated Western name (`唐·德里罗` is Don
/// DeLillo, `金·凯瑞` Jim Carrey), so the dot counts only before a name that opens with a common
/// Chinese surname.
enum DynastyCredit {
    /// Dynasties and eras as editions write them before an author, simplified and traditional.
    static let dynasties: Set<String> = [
        "先秦", "周", "秦", "汉", "漢", "西汉", "西漢", "东汉", "東漢", "后汉", "後漢", "三国", "三國", "魏", "蜀", "吴", "吳",
        "晋", "晉", "西晋", "西晉", "东晋", "東晉", "南朝", "北朝", "宋", "齐", "齊", "梁", "陈", "陳", "北魏", "北齐", "北齊",
        "北周", "隋", "唐", "五代", "后唐", "後唐", "南唐", "北宋", "南宋", "辽", "遼", "金", "元", "明", "清", "民国", "民國",
    ]
    /// The surnames most Chinese authors bear (the commonest of the 百家姓, and the compound ones
    /// classical authors carry: 司马, 欧阳, 诸葛, 上官), by their first character.
    static let surnameStarts: Set<Character> = Set(
        "王李张張刘劉陈陳杨楊黄黃赵趙吴吳周徐孙孫马馬朱胡郭何高林罗羅郑鄭梁谢謝宋唐许許韩韓冯馮邓鄧曹彭曾萧蕭田董袁潘于蒋蔣蔡余杜叶葉程苏蘇魏吕呂丁任沈姚卢盧姜崔钟鍾谭譚陆陸汪范金石廖贾賈夏韦韋方白邹鄒孟熊秦邱江尹薛段雷侯龙龍史陶黎贺賀顾顧毛郝龚龔邵万萬钱錢严嚴覃武戴莫孔向汤湯司欧歐诸諸上班柳屈左荀庄莊墨施蒲兰蘭纪紀")

    /// The name in a dynasty's credit (`汉·司马迁` gives `司马迁`), or nil when the text is none.
    static func name(_ text: Substring) -> Substring? {
        guard let dot = text.firstIndex(where: { $0 == "·" || $0 == "・" }), dynasties.contains(String(text[..<dot])) else { return nil }
        let name = text[text.index(after: dot)...]
        guard (2...4).contains(name.count), let first = name.first, surnameStarts.contains(first),
              name.unicodeScalars.allSatisfy({ $0.properties.isIdeographic }) else { return nil }
        return name
    }

    /// A title and its author's credit on one line, set apart by spaces (`史记    汉·司马迁`): the
    /// two, or nil when the line is not so made.
    static func titleAndName(_ line: Substring) -> (title: Substring, name: Substring)? {
        guard let gap = line.lastIndex(where: { $0 == " " || $0 == "\u{3000}" }) else { return nil }
        guard let name = name(line[line.index(after: gap)...]) else { return nil }
        let title = TextLines.trim(line[..<gap])
        guard !title.isEmpty, title.count <= 20 else { return nil }
        return (title, name)
    }
}
