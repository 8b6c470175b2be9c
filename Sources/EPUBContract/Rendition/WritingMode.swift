/// The publication's block flow direction. Separate from page progression and from bidi direction.
public enum WritingMode: String, Sendable, Codable, CaseIterable {
    case horizontalTB = "horizontal-tb"
    case verticalRL = "vertical-rl"
    case verticalLR = "vertical-lr"
    case unspecified

    /// Where the writing mode was found.
    public enum Source: String, Sendable, Codable {
        case metadata, css, none
    }
}
