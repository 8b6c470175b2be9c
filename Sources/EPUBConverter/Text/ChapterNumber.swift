/// The number of a chapter label, in any of the ways Chinese novels write it: Arabic or full-width
/// digits (`3`, `０３`), Chinese numerals with units (`二十一`, `一百零八`), digit by digit (`一〇八`),
/// financial and traditional forms (`贰拾壹`, `兩`). Nil when the text is not a number.
enum ChapterNumber {
    static let digits: [Character: Int] = [
        "〇": 0, "零": 0, "一": 1, "壹": 1, "二": 2, "贰": 2, "貳": 2, "两": 2, "兩": 2, "三": 3, "叁": 3, "參": 3,
        "四": 4, "肆": 4, "五": 5, "伍": 5, "六": 6, "陆": 6, "陸": 6, "七": 7, "柒": 7, "八": 8, "捌": 8, "九": 9, "玖": 9,
    ]
    static let units: [Character: Int] = ["十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000]
    static let tenThousands: Set<Character> = ["万", "萬"]
    /// Every character a number may be written with: the tables above, and Arabic and full-width digits.
    static let characters: Set<Character> = Set(digits.keys).union(units.keys).union(tenThousands)
        .union("0123456789").union("０１２３４５６７８９")

    static func parse<S: StringProtocol>(_ text: S) -> Int? {
        guard !text.isEmpty, text.count <= 12 else { return nil }
        if let arabic = arabic(text) { return arabic }
        // Without units the digits are positional (一〇八 is 108).
        if !text.contains(where: { units[$0] != nil || tenThousands.contains($0) }) {
            var value = 0
            for c in text {
                guard let d = digits[c] else { return nil }
                value = value * 10 + d
            }
            return value
        }
        var total = 0, section = 0, current = 0
        for c in text {
            if let d = digits[c] {
                current = d
            } else if let unit = units[c] {
                section += (current == 0 ? 1 : current) * unit  // 十 alone is ten
                current = 0
            } else if tenThousands.contains(c) {
                total += (section + current) * 10_000
                section = 0
                current = 0
            } else {
                return nil
            }
        }
        return total + section + current
    }

    /// ASCII or full-width digits.
    private static func arabic<S: StringProtocol>(_ text: S) -> Int? {
        var value = 0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x30...0x39: value = value * 10 + Int(scalar.value - 0x30)
            case 0xFF10...0xFF19: value = value * 10 + Int(scalar.value - 0xFF10)
            default: return nil
            }
            if value > 1_000_000 { return nil }
        }
        return value
    }
}
