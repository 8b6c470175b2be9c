import EPUBContract
/// One place where a document breaks its schema: the line of the element at fault and a
/// sentence naming the element or attribute and what was expected.
struct SchemaViolation: Sendable, Equatable {
    var line: Int
    var message: MessageText
}
