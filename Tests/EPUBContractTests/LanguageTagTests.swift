@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Testing

struct LanguageTagTests {
    @Test(arguments: ["ar", "ar-EG", "AR-eg", "he", "fa-IR", "ur", "yi", "syr", "dv", "ckb", "az-Arab", "pa-Arab-PK", "ps"])
    func rightToLeft(tag: String) {
        #expect(LanguageTag.isRightToLeft(tag))
    }

    @Test(arguments: ["en", "ja", "zh-Hant", "az-Latn", "ku", "", "fr-CA", "ar-Latn"])
    func leftToRight(tag: String) {
        #expect(!LanguageTag.isRightToLeft(tag))
    }
}
