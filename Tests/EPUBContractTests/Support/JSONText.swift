import EPUBContract

/// JSON text read for tests through the library's one strict parser (`JSONValue.parse`), so
/// output is checked as JSON text (not through the encoder that produced it) and booleans stay
/// distinct from numbers.
enum JSONText {
    struct ParseError: Error, CustomStringConvertible {
        var offset: Int
        var reason: String
        var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    static func parse(_ text: String) throws -> JSONValue {
        do {
            return try JSONValue.parse(Array(text.utf8))
        } catch {
            throw ParseError(offset: error.offset, reason: error.reason.rawValue)
        }
    }
}

extension JSONValue {
    subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    var keys: [String] {
        if case .object(let members) = self { return members.map(\.0) }
        return []
    }

    var string: String? { if case .string(let s) = self { return s }; return nil }
    var array: [JSONValue]? { if case .array(let a) = self { return a }; return nil }

    /// The JSON pointer and both values where two values first differ; nil when equal.
    func firstDifference(from other: JSONValue, at pointer: String = "") -> String? {
        switch (self, other) {
        case (.object(let a), .object(let b)):
            if a.map(\.0) != b.map(\.0) { return "\(pointer): keys \(a.map(\.0)) vs \(b.map(\.0))" }
            for ((key, x), (_, y)) in zip(a, b) {
                if let d = x.firstDifference(from: y, at: pointer + "/" + key) { return d }
            }
            return nil
        case (.array(let a), .array(let b)):
            for (i, (x, y)) in zip(a, b).enumerated() {
                if let d = x.firstDifference(from: y, at: "\(pointer)/\(i)") { return d }
            }
            return a.count == b.count ? nil : "\(pointer): \(a.count) items vs \(b.count)"
        default:
            return self == other ? nil : "\(pointer): \(serialized()) vs \(other.serialized())"
        }
    }

    /// The same value with one top-level key removed.
    func removing(_ key: String) -> JSONValue {
        if case .object(let members) = self { return .object(members.filter { $0.0 != key }) }
        return self
    }

    /// The same value with one key removed from every member of a top-level array.
    func removing(_ key: String, in array: String) -> JSONValue {
        guard case .object(let members) = self else { return self }
        return .object(members.map { name, value in
            guard name == array, case .array(let items) = value else { return (name, value) }
            return (name, .array(items.map { $0.removing(key) }))
        })
    }
}
