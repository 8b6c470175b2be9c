@testable import EPUBDocument
import Testing

/// JSON read from outside (the language server's messages): values as written, errors with a place.
struct JSONParsingTests {
    @Test func valuesAsWritten() throws {
        let value = try JSONValue.parse(Array(#" {"a": [1, -2.5, true, null, "\u00e9\ud83d\ude00\n"], "b": {}} "#.utf8))
        #expect(value["a"]?.arrayValue?[0].intValue == 1)
        #expect(value["a"]?.arrayValue?[1] == .number(-2.5))
        #expect(value["a"]?.arrayValue?[2].boolValue == true)
        #expect(value["a"]?.arrayValue?[3] == .null)
        #expect(value["a"]?.arrayValue?[4].stringValue == "é😀\n")
        #expect(value["b"] == .object([]))
        #expect(value.serialized() == #"{"a":[1,-2.5,true,null,"é😀\n"],"b":{}}"#)
    }

    @Test func errorsSayWhereAndWhy() {
        #expect(throws: JSONValue.ParseError(offset: 5, reason: .unexpectedEnd)) { try JSONValue.parse(Array("[1, 2".utf8)) }
        #expect(throws: JSONValue.ParseError(offset: 4, reason: .textAfterValue)) { try JSONValue.parse(Array("{}  x".utf8)) }
        #expect(throws: JSONValue.ParseError(offset: 1, reason: .memberNameExpected)) { try JSONValue.parse(Array("{a:1}".utf8)) }
        #expect(throws: JSONValue.ParseError(offset: 512, reason: .nestedTooDeeply)) { try JSONValue.parse(Array(String(repeating: "[", count: 600).utf8)) }
    }
}
