/// `rendition:layout`. `roll` is recognised for scroll-only publications that declare it.
public enum Layout: String, Sendable, Codable, CaseIterable {
    case reflowable
    case prePaginated = "pre-paginated"
    case roll
}
