/// The publication's block flow direction. Separate from page progression and from bidi direction.
public enum WritingMode: String, Sendable, Codable, CaseIterable {
    case horizontalTB = "horizontal-tb"
    case verticalRL = "vertical-rl"
    case verticalLR = "vertical-lr"
    case sidewaysRL = "sideways-rl"
    case sidewaysLR = "sideways-lr"
    case unspecified

    /// True for the modes whose lines run top to bottom.
    public var isVertical: Bool {
        self == .verticalRL || self == .verticalLR || self == .sidewaysRL || self == .sidewaysLR
    }

    /// A CSS `writing-mode` value (also the legacy SVG 1.1 values Chromium takes: `tb-lr` is not one);
    /// nil for anything else.
    public init?(css value: String) {
        switch value.lowercased() {
        case "horizontal-tb", "lr-tb", "rl-tb", "lr", "rl": self = .horizontalTB
        case "vertical-rl", "tb-rl", "tb": self = .verticalRL
        case "vertical-lr": self = .verticalLR
        case "sideways-rl": self = .sidewaysRL
        case "sideways-lr": self = .sidewaysLR
        default: return nil
        }
    }

    /// Where the writing mode was found.
    public enum Source: String, Sendable, Codable {
        case metadata, css, none
    }
}
