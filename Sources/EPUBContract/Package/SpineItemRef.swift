/// A spine `itemref`; duplicates stay distinct entries.
public struct SpineItemRef: Sendable, Equatable {
    public var idref: String
    public var id: String?
    public var linear: Bool
    /// `properties` tokens as written.
    public var properties: [String]
    public var line: Int
    /// `properties` tokens as written; nil when the attribute is absent (an empty one is `[]`).
    public var propertiesWritten: [String]? = nil
}
