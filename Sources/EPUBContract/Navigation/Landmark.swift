/// A landmark (nav `landmarks` or EPUB 2 `guide`), with its structural type.
public struct Landmark: Sendable, Codable, Equatable {
    public var title: String
    public var href: String
    public var type: String
    public var spineIndex: Int?
    public var fragment: String?
}
