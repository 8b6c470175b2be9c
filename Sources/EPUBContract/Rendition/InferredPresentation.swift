/// What a renderer should do when the book is silent: the contract's `inferred` value. Each inference
/// states its reason, because page progression, writing mode and bidi direction are separate facts.
public struct InferredPresentation: Sendable, Codable, Equatable {
    /// The direction a renderer should page in when it has to choose one.
    public enum Direction: String, Sendable, Codable {
        case ltr, rtl
    }

    /// Why the direction was chosen, so a consumer can weigh the inference.
    public enum Reason: String, Sendable, Codable {
        /// `page-progression-direction` was declared.
        case declared
        /// Kindle's `primary-writing-mode` ends in `-rl`, or the writing mode is `vertical-rl`.
        case writingMode = "writing-mode"
        /// The first language is written in a right-to-left script.
        case language
        /// Nothing said otherwise.
        case `default`
    }

    public var readingProgression: Direction
    public var readingProgressionReason: Reason
    public var verticalText: Bool

    public static func infer(pageProgression: PageProgression, primaryWritingMode: String?, writingMode: WritingMode,
                             language: String?) -> InferredPresentation {
        let vertical = writingMode.isVertical
        switch pageProgression {
        case .ltr: return .init(readingProgression: .ltr, readingProgressionReason: .declared, verticalText: vertical)
        case .rtl: return .init(readingProgression: .rtl, readingProgressionReason: .declared, verticalText: vertical)
        case .default: break
        }
        if primaryWritingMode?.hasSuffix("-rl") == true || writingMode == .verticalRL {
            return .init(readingProgression: .rtl, readingProgressionReason: .writingMode, verticalText: vertical)
        }
        if let language, LanguageTag.isRightToLeft(language) {
            return .init(readingProgression: .rtl, readingProgressionReason: .language, verticalText: vertical)
        }
        return .init(readingProgression: .ltr, readingProgressionReason: .default, verticalText: vertical)
    }
}
