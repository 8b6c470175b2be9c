/// What a template's argument may be: values shown as they are (strings, numbers) and phrases of
/// the catalog. A type outside this list (an optional, an enum) must be turned into one of them
/// at the rule, where its meaning is known, rather than printed by `description`.
public protocol MessageArgumentConvertible {
    var messageArgument: MessageArgument { get }
}

extension String: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .text(self) }
}

extension Substring: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .text(String(self)) }
}


extension Int: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .text(String(self)) }
}



extension MessageText: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .phrase(self) }
}

extension MessageArgument: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { self }
}

extension Int32: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .text(String(self)) }
}

extension UInt64: MessageArgumentConvertible {
    public var messageArgument: MessageArgument { .text(String(self)) }
}
