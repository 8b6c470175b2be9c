@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Testing

/// Page progression, writing mode and bidi direction stay separate facts; inferences say why.
struct InferredPresentationTests {
    typealias Row = (progression: PageProgression, kindle: String?, mode: WritingMode, language: String?, direction: InferredPresentation.Direction, reason: InferredPresentation.Reason, vertical: Bool)

    @Test(arguments: [
        (.rtl, nil, .unspecified, "he", .rtl, .declared, false),            // Hebrew: horizontal and rtl
        (.ltr, nil, .unspecified, "ar", .ltr, .declared, false),            // a declaration beats the language
        (.default, nil, .unspecified, "he-IL", .rtl, .language, false),
        (.rtl, nil, .verticalRL, "ja", .rtl, .declared, true),              // Japanese vertical: vertical-rl and rtl
        (.default, nil, .verticalRL, "ja", .rtl, .writingMode, true),       // vertical-rl implies rtl when nothing is declared
        (.default, nil, .verticalLR, "mn", .ltr, .default, true),
        (.default, "horizontal-rl", .horizontalTB, "en", .rtl, .writingMode, false),
        (.default, "vertical-rl", .verticalRL, "ja", .rtl, .writingMode, true),
        (.default, nil, .unspecified, "ja", .ltr, .default, false),         // Japanese with no declaration: neither
        (.default, nil, .sidewaysRL, nil, .ltr, .default, true),
    ] as [Row])
    func table(row: Row) {
        let inferred = InferredPresentation.infer(pageProgression: row.progression, primaryWritingMode: row.kindle, writingMode: row.mode, language: row.language)
        #expect(inferred == InferredPresentation(readingProgression: row.direction, readingProgressionReason: row.reason, verticalText: row.vertical))
    }
}
