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
/// Scalars are stored in place in their parent, not as nodes of their own: a contract with a million
/// media-overlay clips spent most of its encoding time allocating and hashing per-field nodes.
private final class Node {
    enum Kind { case unset, scalar(JSONValue), object, array }
    /// A member or an item: a value written whole, or a container that may still be filled.
    enum Slot {
        case value(JSONValue)
        case node(Node)

        var value: JSONValue {
            switch self {
            case .value(let v): return v
            case .node(let n): return n.value
            }
        }
    }

    var kind = Kind.unset
    var members: [(key: String, slot: Slot)] = []
    var items: [Slot] = []
    /// Where each key sits, kept once an object grows past 16 members: below that a scan is cheaper
    /// than hashing, above it a scan per key would make large maps quadratic.
    private var positions: [String: Int]?

    var value: JSONValue {
        switch kind {
        case .unset: return .object([])
        case .scalar(let v): return v
        case .object: return .object(members.map { ($0.key, $0.slot.value) })
        case .array: return .array(items.map(\.value))
        }
    }

    /// Sets a member; a key encoded again keeps its first place and takes the new value.
    func put(_ key: String, _ slot: Slot) {
        if case .object = kind {} else { kind = .object }
        if let i = position(key) {
            members[i].slot = slot
            return
        }
        members.append((key, slot))
        if positions != nil {
            positions?[key] = members.count - 1
        } else if members.count == 16 {
            positions = Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The container node at `key`, made if the key holds none yet.
    func child(_ key: String) -> Node {
        if let i = position(key), case .node(let existing) = members[i].slot { return existing }
        let node = Node()
        put(key, .node(node))
        return node
    }

    func append() -> Node {
        let node = Node()
        append(.node(node))
        return node
    }

    func append(_ slot: Slot) {
        if case .array = kind {} else { kind = .array }
        items.append(slot)
    }

    private func position(_ key: String) -> Int? {
        if let positions { return positions[key] }
        return members.firstIndex { $0.key == key }
    }

    /// An `Encodable` value encoded into a node of its own; a scalar comes back as a plain value.
    static func slot<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> Slot {
        let node = Node()
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
        if case .scalar(let v) = node.kind { return .value(v) }
        return .node(node)
    }

    static func integer<I: FixedWidthInteger>(_ v: I) -> JSONValue { Int64(exactly: v).map(JSONValue.integer) ?? .number(Double(v)) }
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
    func set<I: FixedWidthInteger>(_ v: I) { kind = .scalar(Node.integer(v)) }
    func set<T: Encodable>(_ v: T, codingPath: [any CodingKey]) throws { try v.encode(to: NodeEncoder(node: self, codingPath: codingPath)) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func child(_ key: Key) -> Node { node.child(key.stringValue) }
    private func put(_ value: JSONValue, _ key: Key) { node.put(key.stringValue, .value(value)) }

    mutating func encodeNil(forKey key: Key) throws { put(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(.number(value), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(.number(Double(value)), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(Node.integer(value), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(Node.integer(value), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(Node.integer(value), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(Node.integer(value), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(Node.integer(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(Node.integer(value), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(Node.integer(value), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(Node.integer(value), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(Node.integer(value), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(Node.integer(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        node.put(key.stringValue, try Node.slot(value, codingPath: codingPath + [key]))
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { put(value.map(JSONValue.bool) ?? .null, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { put(value.map(JSONValue.string) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { put(value.map(JSONValue.number) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { put(value.map { .number(Double($0)) } ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { put(value.map(Node.integer) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { put(value.map(Node.integer) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { put(value.map(Node.integer) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { put(value.map(Node.integer) ?? .null, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { put(value.map(Node.integer) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { put(value.map(Node.integer) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { put(value.map(Node.integer) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { put(value.map(Node.integer) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { put(value.map(Node.integer) ?? .null, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { put(value.map(Node.integer) ?? .null, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { put(.null, key) }
    }

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

    mutating func encodeNil() throws { node.append(.value(.null)) }
    mutating func encode(_ value: Bool) throws { node.append(.value(.bool(value))) }
    mutating func encode(_ value: String) throws { node.append(.value(.string(value))) }
    mutating func encode(_ value: Double) throws { node.append(.value(.number(value))) }
    mutating func encode(_ value: Float) throws { node.append(.value(.number(Double(value)))) }
    mutating func encode(_ value: Int) throws { node.append(.value(Node.integer(value))) }
    mutating func encode(_ value: Int8) throws { node.append(.value(Node.integer(value))) }
    mutating func encode(_ value: Int16) throws { node.append(.value(Node.integer(value))) }
    mutating func encode(_ value: Int32) throws { node.append(.value(Node.integer(value))) }
    mutating func encode(_ value: Int64) throws { node.append(.value(Node.integer(value))) }
    mutating func encode(_ value: UInt) throws { node.append(.value(Node.integer(value))) }
    mutating func encode(_ value: UInt8) throws { node.append(.value(Node.integer(value))) }
    mutating func encode(_ value: UInt16) throws { node.append(.value(Node.integer(value))) }
    mutating func encode(_ value: UInt32) throws { node.append(.value(Node.integer(value))) }
    mutating func encode(_ value: UInt64) throws { node.append(.value(Node.integer(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { node.append(try Node.slot(value, codingPath: codingPath)) }

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
