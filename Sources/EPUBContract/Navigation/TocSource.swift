/// Where the table of contents came from.
public enum TocSource: String, Sendable, Codable {
    case nav, ncx, spine
}
