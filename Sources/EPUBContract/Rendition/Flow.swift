/// `rendition:flow`; it does not apply to pre-paginated items.
public enum Flow: String, Sendable, Codable, CaseIterable {
    case auto, paginated
    case scrolledContinuous = "scrolled-continuous"
    case scrolledDoc = "scrolled-doc"
}
