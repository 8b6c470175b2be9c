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

    @Test func prettyOutputIndentsByTwoSpaces() throws {
        let value = JSONValue.object([("a", .array([.integer(1)])), ("b", .object([]))])
        #expect(value.serialized(pretty: true) == "{\n  \"a\": [\n    1\n  ],\n  \"b\": {}\n}")
    }

    @Test func nonFiniteNumbersBecomeNull() {
        #expect(JSONValue.array([.number(.nan), .number(.infinity), .number(0.25)]).serialized() == "[null,null,0.25]")
    }
}
