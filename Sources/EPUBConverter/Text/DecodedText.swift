import EPUBContract
/// A text file turned into Unicode, with how that was decided: never mojibake without saying so.
public struct DecodedText: Sendable {
    /// How sure the detection is; `low` means the caller should warn and suggest `--encoding`.
    public enum Confidence: String, Sendable, Codable {
        case certain   // a byte-order mark, or `--encoding`
        case high
        case medium
        case low
    }

    public var text: String
    public var encoding: TextEncoding
    public var confidence: Confidence
    /// Byte sequences that were not valid in `encoding`, each replaced by U+FFFD.
    public var invalidSequences: Int
    /// Why this encoding (`byte-order mark`, `valid UTF-8`, `scored against Big5-HKSCS …`).
    public var reason: MessageText
}
