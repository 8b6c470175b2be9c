/// JSON text (RFC 8259) read into a `JSONValue`, for what arrives as JSON from outside: the
/// language server's JSON-RPC messages. Strict (no comments, no trailing commas), bounded in
/// depth so hostile input ends in an error, never in a crash.
extension JSONValue {
    /// Why a text is not JSON, and where it stopped being JSON.
    public struct ParseError: Error, Sendable, Equatable {
        /// What was wrong, as a token (the language server puts it in its error's message).
        public enum Reason: String, Sendable {
            case textAfterValue = "text-after-value", nestedTooDeeply = "nested-too-deeply", unexpectedEnd = "unexpected-end"
            case notJSON = "not-json", memberNameExpected = "member-name-expected", colonExpected = "colon-expected"
            case commaOrBraceExpected = "comma-or-brace-expected", commaOrBracketExpected = "comma-or-bracket-expected"
            case notANumber = "not-a-number", badEscape = "bad-escape", controlCharacter = "control-character-in-string"
            case unterminatedString = "unterminated-string"
        }

        /// Byte offset where the text stopped being JSON.
        public var offset: Int
        public var reason: Reason
    }

    public static func parse(_ bytes: some Collection<UInt8>) throws(ParseError) -> JSONValue {
        var reader = Reader(bytes: Array(bytes))
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.at == reader.bytes.count else { throw ParseError(offset: reader.at, reason: .textAfterValue) }
        return value
    }

    /// The member `key` of an object; nil for anything else.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var arrayValue: [JSONValue]? {
        switch self {
        case .array(let a): a
        case .lazyArray(let lazy): lazy.items
        default: nil
        }
    }
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// An integer, whether written as one or as a number with no fraction.
    public var intValue: Int? {
        switch self {
        case .integer(let i): Int(exactly: i)
        case .number(let d): d.rounded() == d && abs(d) < 9e15 ? Int(d) : nil
        default: nil
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var at = 0
        static let maxDepth = 512

        mutating func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A || bytes[at] == 0x0D { at += 1 }
        }

        func fail(_ reason: ParseError.Reason) -> ParseError { ParseError(offset: at, reason: reason) }

        mutating func value(depth: Int) throws(ParseError) -> JSONValue {
            guard depth < Self.maxDepth else { throw fail(.nestedTooDeeply) }
            guard at < bytes.count else { throw fail(.unexpectedEnd) }
            switch bytes[at] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default: return try number()
            }
        }

        mutating func literal(_ word: String) throws(ParseError) {
            let expected = Array(word.utf8)
            guard at + expected.count <= bytes.count, Array(bytes[at..<(at + expected.count)]) == expected else { throw fail(.notJSON) }
            at += expected.count
        }

        mutating func object(depth: Int) throws(ParseError) -> JSONValue {
            at += 1
            var members: [(String, JSONValue)] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
            while true {
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { throw fail(.memberNameExpected) }
                let key = try string()
                skipSpace()
                guard at < bytes.count, bytes[at] == UInt8(ascii: ":") else { throw fail(.colonExpected) }
                at += 1
                skipSpace()
                members.append((key, try value(depth: depth + 1)))
                skipSpace()
                guard at < bytes.count else { throw fail(.unexpectedEnd) }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "}") { at += 1; return .object(members) }
                throw fail(.commaOrBraceExpected)
            }
        }

        mutating func array(depth: Int) throws(ParseError) -> JSONValue {
            at += 1
            var items: [JSONValue] = []
            skipSpace()
            if at < bytes.count, bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard at < bytes.count else { throw fail(.unexpectedEnd) }
                if bytes[at] == UInt8(ascii: ",") { at += 1; continue }
                if bytes[at] == UInt8(ascii: "]") { at += 1; return .array(items) }
                throw fail(.commaOrBracketExpected)
            }
        }

        mutating func number() throws(ParseError) -> JSONValue {
            let start = at
            if at < bytes.count, bytes[at] == UInt8(ascii: "-") { at += 1 }
            var integral = true
            while at < bytes.count {
                let b = bytes[at]
                if b >= 0x30 && b <= 0x39 { at += 1; continue }
                if b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E") || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") {
                    integral = false
                    at += 1
                    continue
                }
                break
            }
            let text = String(decoding: bytes[start..<at], as: UTF8.self)
            guard at > start, text != "-" else { throw fail(.notJSON) }
            if integral, let i = Int64(text) { return .integer(i) }
            guard let d = Double(text), d.isFinite else { throw fail(.notANumber) }
            return .number(d)
        }

        mutating func string() throws(ParseError) -> String {
            at += 1
            var out: [UInt8] = []
            while at < bytes.count {
                let b = bytes[at]
                switch b {
                case UInt8(ascii: "\""):
                    at += 1
                    // Invalid UTF-8 is replaced, not refused: a message still reads.
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    at += 1
                    guard at < bytes.count else { throw fail(.unexpectedEnd) }
                    let e = bytes[at]
                    at += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800...0xDBFF).contains(scalar), at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") {
                            at += 2
                            let low = try hex4()
                            scalar = (0xDC00...0xDFFF).contains(low) ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                        }
                        out += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                    default: throw fail(.badEscape)
                    }
                case 0x00...0x1F: throw fail(.controlCharacter)
                default:
                    out.append(b)
                    at += 1
                }
            }
            throw fail(.unterminatedString)
        }

        mutating func hex4() throws(ParseError) -> UInt32 {
            guard at + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[at..<(at + 4)], as: UTF8.self), radix: 16) else { throw fail(.badEscape) }
            at += 4
            return v
        }
    }
}
