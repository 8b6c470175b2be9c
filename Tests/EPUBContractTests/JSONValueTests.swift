import EPUBContract
import Testing

struct JSONValueTests {
    struct Sample: Encodable {
        var zeta = 1
        var alpha = "a\"b\\c\n\u{01}"
        var missing: String? = nil
        var list = [1.5, 2]
        var nested = Inner()
        struct Inner: Encodable { var b = true; var a: Int? = nil }
    }

    @Test func keysKeepDeclarationOrderAndNullsArePresent() throws {
        let value = try OrderedJSONEncoder().encode(Sample())
        #expect(value.serialized() == #"{"zeta":1,"alpha":"a\"b\\c\n\u0001","missing":null,"list":[1.5,2],"nested":{"b":true,"a":null}}"#)
    }

    /// A key written twice keeps its first place and its last value, in small and in large maps alike.
    struct Twice: Encodable {
        var count: Int
        enum Key: String, CodingKey { case a, b }
        struct Wide: CodingKey {
            var stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }
        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: Wide.self)
            for i in 0..<count { try keyed.encode(i, forKey: Wide(stringValue: "k\(i)")) }
            try keyed.encode("first", forKey: Wide(stringValue: "k0"))
            try keyed.encode([1], forKey: Wide(stringValue: "k1"))
        }
    }

    @Test func aKeyWrittenTwiceKeepsItsPlace() throws {
        #expect(try OrderedJSONEncoder().encode(Twice(count: 3)).serialized() == #"{"k0":"first","k1":[1],"k2":2}"#)
        let wide = try OrderedJSONEncoder().encode(Twice(count: 40)).serialized()
        #expect(wide.hasPrefix(#"{"k0":"first","k1":[1],"k2":2,"#) && wide.hasSuffix(#""k39":39}"#))
    }

    /// Escapes cut plain runs anywhere, a line separator at the very end included; U+2030 shares
    /// the separators' first two bytes and stays as it is.
    @Test func escapesInsideLongPlainRuns() {
        let text = "plain \u{2028}x\u{2029}\"\u{1F}\\\u{2030}tail \u{1F600}\u{2028}"
        #expect(JSONValue.string(text).serialized() == #""plain \u2028x\u2029\"\u001f\\\#u{2030}tail \#u{1F600}\u2028""#)
    }

    /// C1 controls are escaped (U+0085 is a line break to Python's splitlines and others: a JSON
    /// Lines record must stay one line); U+00A0, which shares their first byte, is not.
    @Test func escapesC1ControlsForLineReaders() throws {
        let text = "a\u{85}b\u{80}\u{9F}\u{A0}é\u{85}"
        let json = JSONValue.string(text).serialized()
        #expect(json == #""a\u0085b\u0080\u009f\#u{A0}é\u0085""#)
        #expect(!json.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
        #expect(try JSONText.parse(json) == .string(text))
    }

    @Test func prettyOutputIndentsByTwoSpaces() throws {
        let value = JSONValue.object([("a", .array([.integer(1)])), ("b", .object([]))])
        #expect(value.serialized(pretty: true) == "{\n  \"a\": [\n    1\n  ],\n  \"b\": {}\n}")
    }

    @Test func nonFiniteNumbersBecomeNull() {
        #expect(JSONValue.array([.number(.nan), .number(.infinity), .number(0.25)]).serialized() == "[null,null,0.25]")
    }

    /// A lazy array is written as the array of its items, compact and pretty; written in pieces,
    /// the pieces join to the same bytes, and no piece but the last is shorter than asked.
    @Test func aLazyArrayIsWrittenAsItsItemsInPieces() {
        let lazy = JSONValue.object([("n", .integer(3)), ("items", .lazyArray(JSONLazyArray(count: 3) { i in
            .object([("i", .integer(Int64(i))), ("s", .string(String(repeating: "x", count: 10 * i)))])
        }))])
        let eager = JSONValue.object([("n", .integer(3)), ("items", .array((0..<3).map { i in
            .object([("i", .integer(Int64(i))), ("s", .string(String(repeating: "x", count: 10 * i)))])
        }))])
        #expect(lazy == eager)
        #expect(lazy.serialized() == #"{"n":3,"items":[{"i":0,"s":""},{"i":1,"s":"xxxxxxxxxx"},{"i":2,"s":"xxxxxxxxxxxxxxxxxxxx"}]}"#)
        for pretty in [false, true] {
            var pieces: [[UInt8]] = []
            lazy.write(pretty: pretty, piece: 16) { pieces.append($0) }
            #expect(pieces.joined().elementsEqual(eager.utf8(pretty: pretty)))
            #expect(pieces.count == 4 && pieces.dropLast().allSatisfy { $0.count >= 16 } && pieces.last == Array("]}".utf8) || pretty)
        }
        #expect(lazy.arrayValue == nil && lazy["items"]?.arrayValue?.count == 3)
    }
}

