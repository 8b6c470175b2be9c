/// A JSON value whose objects keep their keys in insertion order, so the contract prints its keys
/// in the documented order (Foundation's encoder does not keep order on Linux). Not `indirect`:
/// arrays and objects already hold their items on the heap, and a box per string and number was
/// most of the cost of writing a large report (a quarter of a million places, eight allocations
/// each).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int64)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])
    /// An array whose items are made one at a time as they are written (see `JSONLazyArray`);
    /// boxed, so that a value stays the size of a string.
    indirect case lazyArray(JSONLazyArray)

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.integer(let x), .integer(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.lazyArray(let x), _): return .array(x.items) == b
        case (_, .lazyArray(let y)): return a == .array(y.items)
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// Serialises to UTF-8 JSON text; `pretty` indents by two spaces.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: utf8(pretty: pretty), as: UTF8.self)
    }

    /// The serialised bytes; written into one byte buffer because building a `String` piecewise is slow.
    public func utf8(pretty: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(16_384)
        write(into: &out, pretty: pretty, indent: 0, flush: nil)
        return out
    }

    /// Writes the serialised bytes to `sink` in pieces of about `piece` bytes (the last may be
    /// shorter), so a report of millions of items is never one buffer: with `JSONLazyArray` only
    /// the piece being written is in memory.
    public func write(pretty: Bool = false, piece: Int = 1 << 20, to sink: ([UInt8]) -> Void) {
        var out: [UInt8] = []
        out.reserveCapacity(piece + 4096)
        withoutActuallyEscaping(sink) { sink in
            write(into: &out, pretty: pretty, indent: 0, flush: Flush(piece: piece, sink: sink))
        }
        if !out.isEmpty { sink(out) }
    }

    /// Where `write(pretty:piece:to:)` hands its pieces.
    private struct Flush {
        let piece: Int
        let sink: ([UInt8]) -> Void

        func callAsFunction(_ out: inout [UInt8]) {
            guard out.count >= piece else { return }
            sink(out)
            out.removeAll(keepingCapacity: true)
        }
    }

    private func write(into out: inout [UInt8], pretty: Bool, indent: Int, flush: Flush?) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .integer(let i): Self.writeInteger(i, into: &out)
        case .number(let d):
            if !d.isFinite {
                out.append(contentsOf: "null".utf8)
            } else if d == d.rounded(), abs(d) < 1e15 {
                out.append(contentsOf: String(Int64(d)).utf8)
            } else {
                out.append(contentsOf: "\(d)".utf8)
            }
        case .string(let s): Self.writeString(s, into: &out)
        case .array(let items):
            Self.writeArray(count: items.count, { items[$0] }, into: &out, pretty: pretty, indent: indent, flush: flush)
        case .lazyArray(let lazy):
            Self.writeArray(count: lazy.count, lazy.item, into: &out, pretty: pretty, indent: indent, flush: flush)
        case .object(let members):
            if members.isEmpty { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(&out, indent + 1) }
                Self.writeString(key, into: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
                value.write(into: &out, pretty: pretty, indent: indent + 1, flush: flush)
            }
            if pretty { Self.newline(&out, indent) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeArray(count: Int, _ item: (Int) -> JSONValue, into out: inout [UInt8], pretty: Bool, indent: Int, flush: Flush?) {
        if count == 0 { out.append(contentsOf: "[]".utf8); return }
        out.append(UInt8(ascii: "["))
        for i in 0..<count {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            if pretty { Self.newline(&out, indent + 1) }
            item(i).write(into: &out, pretty: pretty, indent: indent + 1, flush: flush)
            flush?(&out)
        }
        if pretty { Self.newline(&out, indent) }
        out.append(UInt8(ascii: "]"))
    }

    private static func newline(_ out: inout [UInt8], _ indent: Int) {
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Escapes what JSON requires (quote, backslash, controls) plus U+2028/U+2029 for JavaScript
    /// consumers and the C1 controls for line readers.
    /// Bytes that need no escape are copied in runs: a book's text is megabytes of them.
    /// A decimal integer's ASCII digits appended to `out`, without making a string (a styled
    /// export writes millions of them).
    package static func writeInteger(_ value: Int64, into out: inout [UInt8]) {
        if value < 0 { out.append(0x2D) }
        var n = value.magnitude
        if n < 10 { out.append(0x30 + UInt8(n)); return }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes hold the 20 digits of the largest
        withUnsafeMutableBytes(of: &digits) { buffer in
            var count = 0
            while n > 0 {
                buffer[count] = 0x30 + UInt8(n % 10)
                n /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[i]) }
        }
    }

    /// A JSON string literal of `s`, escaped, appended to `out`.
    package static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var run = 0
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                let separator = b == 0xE2 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9)
                let c1 = b == 0xC2 && i + 1 < bytes.count && bytes[i + 1] < 0xA0
                if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") && !separator && !c1 {
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<i]))
                if c1 {
                    // C1 controls (U+0080–U+009F) escaped too: U+0085 is a line break to many
                    // line readers (Python's splitlines among them), and JSON Lines must stay one
                    // record per line whatever reads them.
                    let c = bytes[i + 1]
                    out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(c >> 4)], hexDigits[Int(c & 0xF)]])
                    i += 2
                } else if separator {
                    out.append(contentsOf: "\\u202".utf8)
                    out.append(bytes[i + 2] == 0xA8 ? UInt8(ascii: "8") : UInt8(ascii: "9"))
                    i += 3
                } else {
                    escape(b, into: &out)
                    i += 1
                }
                run = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A quote, a backslash or a control character as its JSON escape.
    private static func escape(_ b: UInt8, into out: inout [UInt8]) {
        out.append(0x5C)
        switch b {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(b)
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        case 0x08: out.append(UInt8(ascii: "b"))
        case 0x0C: out.append(UInt8(ascii: "f"))
        default: out.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(b >> 4)], hexDigits[Int(b & 0xF)]])
        }
    }
}
