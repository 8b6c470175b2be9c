/// Encodes `Encodable` values to `JSONValue`, keeping keys in the order `encode(to:)` writes them
/// (declaration order for synthesized conformances) and writing absent optionals as `null`,
/// so every documented key is always present.
public struct OrderedJSONEncoder {
    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        let node = Node()
        try value.encode(to: NodeEncoder(node: node, codingPath: []))
        return node.value
    }
}

/// A tree under construction; a reference type because containers outlive the calls that make them.
private final class Node {
    enum Kind { case unset, scalar(JSONValue), object, array }
    var kind = Kind.unset
    var keys: [String] = []
    var members: [String: Node] = [:]
    var items: [Node] = []

    var value: JSONValue {
        switch kind {
        case .unset: return .object([])
        case .scalar(let v): return v
        case .object: return .object(keys.map { ($0, members[$0]?.value ?? .null) })
        case .array: return .array(items.map(\.value))
        }
    }

    func child(_ key: String) -> Node {
        if case .object = kind {} else { kind = .object }
        if let existing = members[key] { return existing }
        let node = Node()
        keys.append(key)
        members[key] = node
        return node
    }

    func append() -> Node {
        if case .array = kind {} else { kind = .array }
        let node = Node()
        items.append(node)
        return node
    }
}

private struct NodeEncoder: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.kind {} else { node.kind = .object }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.kind {} else { node.kind = .array }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(node: node, codingPath: codingPath)
    }
}

/// Encodes one value into a node: scalars directly, everything else through its own `encode(to:)`.
private func encodeValue<T: Encodable>(_ value: T, into node: Node, codingPath: [any CodingKey]) throws {
    switch value {
    case let v as String: node.kind = .scalar(.string(v))
    case let v as Bool: node.kind = .scalar(.bool(v))
    case let v as Int: node.kind = .scalar(.integer(Int64(v)))
    case let v as Int64: node.kind = .scalar(.integer(v))
    case let v as UInt64: node.kind = .scalar(v <= UInt64(Int64.max) ? .integer(Int64(v)) : .number(Double(v)))
    case let v as Double: node.kind = .scalar(.number(v))
    case let v as Float: node.kind = .scalar(.number(Double(v)))
    case let v as any FixedWidthInteger:
        node.kind = .scalar(Int64(exactly: v).map(JSONValue.integer) ?? .number(Double(v)))
    default: try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(key.stringValue).kind = .scalar(.null) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: node.child(key.stringValue), codingPath: codingPath + [key])
    }

    private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value.map(Double.init), key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value.map(Int.init), key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value.map(Int.init), key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value.map(Int.init), key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value.map(UInt64.init), key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value.map(Int.init), key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value.map(Int.init), key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value.map(Int.init), key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try present(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(key.stringValue)
        child.kind = .object
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(key.stringValue)
        child.kind = .array
        return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.child("super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { NodeEncoder(node: node.child(key.stringValue), codingPath: codingPath + [key]) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.items.count }

    mutating func encodeNil() throws { node.append().kind = .scalar(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value, into: node.append(), codingPath: codingPath) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = node.append()
        child.kind = .object
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = node.append()
        child.kind = .array
        return UnkeyedContainer(node: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.append(), codingPath: codingPath) }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.kind = .scalar(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value, into: node, codingPath: codingPath) }
}
