/// `rendition:spread`. The deprecated `portrait` value is read as `both` (EPUB 3.3 §8.2.2.4).
public enum Spread: String, Sendable, Codable, CaseIterable {
    case auto, none, landscape, both

    /// Parses a declared value, mapping `portrait` to `both`.
    public init?(declared value: String) {
        if value == "portrait" { self = .both } else if let v = Spread(rawValue: value) { self = v } else { return nil }
    }
}
