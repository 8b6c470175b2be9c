/// `rendition:orientation`.
public enum Orientation: String, Sendable, Codable, CaseIterable {
    case auto, landscape, portrait
}
