import EPUBContract

/// A small strict JSON parser for tests, so output is checked as JSON text (not through the encoder
/// that produced it) and booleans stay distinct from numbers.
struct JSONText {
    struct ParseError: Error, CustomStringConvertible {
        var offset: Int
        var reason: String
        var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    private let bytes: [UInt8]
    private var i = 0

    static func parse(_ text: String) throws -> JSONValue {
        var parser = JSONText(bytes: Array(text.utf8))
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.i == parser.bytes.count else { throw ParseError(offset: parser.i, reason: "trailing characters") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
    }

    private mutating func expect(_ literal: String) throws {
        for b in literal.utf8 {
            guard i < bytes.count, bytes[i] == b else { throw ParseError(offset: i, reason: "expected \(literal)") }
            i += 1
        }
    }

    private mutating func value(depth: Int) throws -> JSONValue {
        guard depth < 200 else { throw ParseError(offset: i, reason: "too deep") }
        skipSpace()
        guard i < bytes.count else { throw ParseError(offset: i, reason: "unexpected end") }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(":")
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                try expect("}")
                return .object(members)
            }
        case UInt8(ascii: "["):
            i += 1
            var items: [JSONValue] = []
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            while true {
                items.append(try value(depth: depth + 1))
                skipSpace()
                if i < bytes.count, bytes[i] == UInt8(ascii: ",") { i += 1; continue }
                try expect("]")
                return .array(items)
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return try number()
        }
    }

    private mutating func number() throws -> JSONValue {
        let start = i
        while i < bytes.count, "+-0123456789.eE".utf8.contains(bytes[i]) { i += 1 }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text) else { throw ParseError(offset: start, reason: "bad number '\(text)'") }
        return .number(double)
    }

    private mutating func string() throws -> String {
        try expect("\"")
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            guard b >= 0x20 else { throw ParseError(offset: i - 1, reason: "control character in string") }
            if b != UInt8(ascii: "\\") { out.append(b); continue }
            guard i < bytes.count else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "u"):
                guard i + 4 <= bytes.count, let code = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else {
                    throw ParseError(offset: i, reason: "bad \\u escape")
                }
                i += 4
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(code) ?? "\u{FFFD}")).utf8))
            default: out.append(e)
            }
        }
        throw ParseError(offset: i, reason: "unterminated string")
    }
}

extension JSONValue {
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

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
