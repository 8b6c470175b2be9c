/// Which side of a spread an itemref asks for (`page-spread-left|right`, `rendition:page-spread-center`).
public enum PageSpread: String, Sendable, Codable, CaseIterable {
    case left, right, center
}
