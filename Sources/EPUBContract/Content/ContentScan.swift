/// What one XHTML or SVG content document contains that the package must declare or that other
/// checks need: its references, and features that call for manifest properties.
public struct ContentScan: Sendable, Equatable {
    /// Features that correspond to manifest item properties (`scripted`, `svg`, `mathml`, `switch`).
    public enum Feature: String, Sendable, Hashable {
        case scripted
        case svg
        case mathml
        case `switch`
    }

    public var references: [ContentReference] = []
    public var features: Set<Feature> = []
    /// Deprecated EPUB elements (`epub:switch`, `epub:trigger`) with their lines.
    public var deprecatedElements: [(name: String, line: Int, column: Int?)] = []
    /// Discouraged HTML elements (`base`, `embed`, `rp`) with their lines.
    public var discouragedElements: [(name: String, line: Int, column: Int?)] = []
    /// Every `epub:type` token, with where it is written.
    public var types: [(token: String, line: Int, column: Int?)] = []
    /// Lines of MathML `math` elements with no text alternative (`alttext` or `annotation-xml`).
    public var mathWithoutAlternative: [Int] = []

    public static func == (a: ContentScan, b: ContentScan) -> Bool {
        a.references == b.references && a.features == b.features && a.mathWithoutAlternative == b.mathWithoutAlternative
            && a.deprecatedElements.map(\.name) == b.deprecatedElements.map(\.name)
            && a.deprecatedElements.map(\.line) == b.deprecatedElements.map(\.line)
            && a.discouragedElements.map(\.name) == b.discouragedElements.map(\.name)
            && a.discouragedElements.map(\.column) == b.discouragedElements.map(\.column)
            && a.types.map(\.token) == b.types.map(\.token) && a.types.map(\.line) == b.types.map(\.line)
    }
}
