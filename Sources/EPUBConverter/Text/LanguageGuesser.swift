/// The language of a text from its characters: kana means Japanese; mostly Han means Chinese,
/// simplified or traditional by characters that differ between the two scripts; else English.
public enum LanguageGuesser {
    // Scalars, not Characters: hashing a Character normalizes it, which made this scan an eighth
    // of a whole conversion. Every character here is one scalar.
    static let simplifiedOnly: Set<UInt32> = Set("这个们来为国说时会对发后里还进动过么没现当从话关点样开间问见经头长电让给实东门车书觉听爱难边认说应声过讲观题".unicodeScalars.map(\.value))
    static let traditionalOnly: Set<UInt32> = Set("這個們來為國說時會對發後裡還進動過麼沒現當從話關點樣開間問見經頭長電讓給實東門車書覺聽愛難邊認說應聲過講觀題".unicodeScalars.map(\.value))

    public static func guess(_ text: String) -> String {
        var kana = 0, han = 0, latin = 0, simplified = 0, traditional = 0
        var seen = 0
        for scalar in text.unicodeScalars {
            seen += 1
            if seen > 200_000 { break }
            let v = scalar.value
            if (0x3041...0x30FF).contains(v) && v != 0x30FB { kana += 1 }
            else if (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) {
                han += 1
                if simplifiedOnly.contains(v) { simplified += 1 }
                if traditionalOnly.contains(v) { traditional += 1 }
            } else if scalar.properties.isAlphabetic && v < 0x250 { latin += 1 }
        }
        if kana * 20 >= max(han, 1) && kana > 10 { return "ja" }
        if han > latin / 4 && han > 0 { return traditional > simplified ? "zh-Hant" : "zh-Hans" }
        return "en"
    }
}
