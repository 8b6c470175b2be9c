/// Budgets for one XML document, so that a hostile file ends in a located diagnostic instead of
/// exhausting memory or time: libxml2 builds every element and expands entities on request.
public struct DocumentLimits: Sendable, Equatable {
    /// Most elements read from one document; the rest of it is cut (EC-XML-002).
    public var maxElements: Int
    /// Most attributes on one element; the document is cut at the first element with more (EC-XML-003).
    public var maxAttributes: Int
    /// Most bytes that internal entity references may expand to in one document, all references
    /// together; references past it are dropped (EC-XML-001).
    public var maxEntityExpansion: Int

    public init(maxElements: Int = 500_000, maxAttributes: Int = 1_000, maxEntityExpansion: Int = 16 << 20) {
        self.maxElements = maxElements
        self.maxAttributes = maxAttributes
        self.maxEntityExpansion = maxEntityExpansion
    }

    public static let `default` = DocumentLimits()
}
