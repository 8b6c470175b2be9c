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

/// Scalars are written by the typed `encode` overloads that the standard library's own
/// `Encodable` conformances call, so no dynamic casts happen on the hot path.
private extension Node {
    func set(_ v: Bool) { kind = .scalar(.bool(v)) }
    func set(_ v: String) { kind = .scalar(.string(v)) }
    func set(_ v: Double) { kind = .scalar(.number(v)) }
    func set<I: FixedWidthInteger>(_ v: I) { kind = .scalar(Int64(exactly: v).map(JSONValue.integer) ?? .number(Double(v))) }
    func set<T: Encodable>(_ v: T, codingPath: [any CodingKey]) throws { try v.encode(to: NodeEncoder(node: self, codingPath: codingPath)) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func child(_ key: Key) -> Node { node.child(key.stringValue) }

    mutating func encodeNil(forKey key: Key) throws { child(key).kind = .scalar(.null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).set(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { child(key).set(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { child(key).set(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { child(key).set(Double(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { child(key).set(value) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { child(key).set(value) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { child(key).set(value) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { child(key).set(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).set(value) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { child(key).set(value) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { child(key).set(value) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { child(key).set(value) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { child(key).set(value) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { child(key).set(value) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try child(key).set(value, codingPath: codingPath + [key]) }

    private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try present(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let node = child(key)
        node.kind = .object
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: node, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let node = child(key)
        node.kind = .array
        return UnkeyedContainer(node: node, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { NodeEncoder(node: node.child("super"), codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { NodeEncoder(node: child(key), codingPath: codingPath + [key]) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]
    var count: Int { node.items.count }

    mutating func encodeNil() throws { node.append().kind = .scalar(.null) }
    mutating func encode(_ value: Bool) throws { node.append().set(value) }
    mutating func encode(_ value: String) throws { node.append().set(value) }
    mutating func encode(_ value: Double) throws { node.append().set(value) }
    mutating func encode(_ value: Float) throws { node.append().set(Double(value)) }
    mutating func encode(_ value: Int) throws { node.append().set(value) }
    mutating func encode(_ value: Int8) throws { node.append().set(value) }
    mutating func encode(_ value: Int16) throws { node.append().set(value) }
    mutating func encode(_ value: Int32) throws { node.append().set(value) }
    mutating func encode(_ value: Int64) throws { node.append().set(value) }
    mutating func encode(_ value: UInt) throws { node.append().set(value) }
    mutating func encode(_ value: UInt8) throws { node.append().set(value) }
    mutating func encode(_ value: UInt16) throws { node.append().set(value) }
    mutating func encode(_ value: UInt32) throws { node.append().set(value) }
    mutating func encode(_ value: UInt64) throws { node.append().set(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.append().set(value, codingPath: codingPath) }

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
    mutating func encode(_ value: Bool) throws { node.set(value) }
    mutating func encode(_ value: String) throws { node.set(value) }
    mutating func encode(_ value: Double) throws { node.set(value) }
    mutating func encode(_ value: Float) throws { node.set(Double(value)) }
    mutating func encode(_ value: Int) throws { node.set(value) }
    mutating func encode(_ value: Int8) throws { node.set(value) }
    mutating func encode(_ value: Int16) throws { node.set(value) }
    mutating func encode(_ value: Int32) throws { node.set(value) }
    mutating func encode(_ value: Int64) throws { node.set(value) }
    mutating func encode(_ value: UInt) throws { node.set(value) }
    mutating func encode(_ value: UInt8) throws { node.set(value) }
    mutating func encode(_ value: UInt16) throws { node.set(value) }
    mutating func encode(_ value: UInt32) throws { node.set(value) }
    mutating func encode(_ value: UInt64) throws { node.set(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try node.set(value, codingPath: codingPath) }
}
