/// The ids a document defines, each with the document-order place of its (first) element: what
/// fragments are checked against and what "before" means among them. One table serves both, since
/// a book keeps it for every document until its references are judged.
public struct ElementIDs: Sendable {
    public let order: [String: Int]

    public init(order: [String: Int]) {
        self.order = order
    }

    public func contains(_ id: String) -> Bool { order[id] != nil }

    public var isEmpty: Bool { order.isEmpty }
}
