/// `spine/@page-progression-direction` exactly as declared; `default` when absent or unknown.
public enum PageProgression: String, Sendable, Codable, CaseIterable {
    case ltr, rtl
    case `default`
}
