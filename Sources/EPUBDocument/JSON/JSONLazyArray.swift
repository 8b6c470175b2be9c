/// A JSON array of `count` items, each made by `item` when it is written or read: a report's
/// hundreds of thousands of places (`accessibility`'s `region` on a long book) are then never all
/// JSON values at once, only the one being written.
public struct JSONLazyArray: Sendable {
    public let count: Int
    public let item: @Sendable (Int) -> JSONValue

    public init(count: Int, item: @escaping @Sendable (Int) -> JSONValue) {
        self.count = count
        self.item = item
    }

    /// Every item, made now.
    public var items: [JSONValue] { (0..<count).map(item) }
}
