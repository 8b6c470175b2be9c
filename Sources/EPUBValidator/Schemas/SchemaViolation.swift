import EPUBContract
/// One place where a document breaks its schema: the line of the element at fault and a
/// sentence naming the element or attribute and what was expected.
public struct SchemaViolation: Sendable, Equatable {
    public var line: Int
    public var message: String
}
