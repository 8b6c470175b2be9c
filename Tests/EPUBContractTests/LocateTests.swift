@testable import EPUBContract
@testable import EPUBDocument
import EPUBMessages
import Foundation
import Testing

/// EPUB CFI 1.1 both ways on the fixture that rebuilds the spec's sample (sec-path-examples: the
/// same package steps, chapter01's body with para05 = `xxx<em>yyy</em>0123456789` at /10 and the
/// img at /16): each example resolves where the spec says, and every offset and element of every
/// spine item goes to a CFI and back to itself.
struct LocateTests {
    static let book = "locate/cfi-spec-example"

    func locator() throws -> CFILocator { CFILocator(session: try Inspect.session(Self.book)) }

    /// The text before and after a resolved point, to compare with what the spec says is there.
    func around(_ locator: CFILocator, _ cfi: String) throws -> (before: String, after: String, location: CFILocation) {
        let location = try locator.resolve(try CFIParser.parse(cfi))
        let units = Array(try #require(locator.text(spineIndex: location.spineIndex)).text.utf16)
        return (String(decoding: units[..<location.offset], as: UTF16.self), String(decoding: units[location.offset...], as: UTF16.self), location)
    }

    @Test func specExamplesResolveWhereTheSpecSays() throws {
        let locator = try locator()
        // "refers to the position right after the digit 9 in the paragraph with the ID para05"
        let after9 = try around(locator, "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)")
        #expect(after9.location.spineIndex == 1)
        #expect(after9.before.hasSuffix("xxxyyy0123456789") && after9.after.hasPrefix("\nsix"))
        // "Reference to the location just before xxx", "just before yyy", "just after yyy"
        #expect(try around(locator, "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:0)").after.hasPrefix("xxxyyy"))
        let beforeY = try around(locator, "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:0)")
        #expect(beforeY.before.hasSuffix("xxx") && beforeY.after.hasPrefix("yyy0"))
        let afterY = try around(locator, "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3)")
        #expect(afterY.before.hasSuffix("xxxyyy") && afterY.after.hasPrefix("0123"))
        // The img element: its one object character.
        #expect(try around(locator, "epubcfi(/6/4[chap01ref]!/4[body01]/16[svgimg])").after.hasPrefix("\u{FFFC}"))
        // Text assertions that hold: [yyy] before, [xx,y] around, [,y] after.
        for cfi in ["epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[yyy])", "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:3[xx,y])",
                    "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:0[,y])"] {
            let resolved = try around(locator, cfi)
            #expect(!resolved.location.corrected, "\(cfi)")
        }
        // Side bias is kept; the range runs from the second y up to and including the digit 3.
        #expect(try around(locator, "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[yyy;s=b])").location.side == .before)
        let range = try locator.resolve(try CFIParser.parse("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/2/1:1,/3:4)"))
        let units = Array(try #require(locator.text(spineIndex: 1)).text.utf16)
        #expect(String(decoding: units[range.offset..<(try #require(range.end))], as: UTF16.self) == "yy0123")
    }

    @Test func assertionsCorrectMovedPlacesAndRefuseLostOnes() throws {
        let locator = try locator()
        // The itemref asserted by id is at /6 now, not /4: found by its id.
        let moved = try locator.resolve(try CFIParser.parse("epubcfi(/6/4[chap02ref]!/4/2/1:0)"))
        #expect(moved.spineIndex == 2 && moved.corrected)
        #expect(moved.cfi?.description == "epubcfi(/6/6[chap02ref]!/4/2/1:0)")
        // The escaped assertion of §2.2's example holds in the tenth child, not where the path points.
        let escaped = try around(locator, "epubcfi(/6/4!/4/20/1:3[Ф-\"spa ce\"-99%-aa^[bb^]^^])")
        #expect(escaped.location.corrected && escaped.before.hasSuffix("-aa[bb]^") && escaped.after.hasPrefix(" and"))
        #expect(throws: CFILocator.Failure(text: .locateTextMissing("nowhere", "", "chapter01.xhtml"))) {
            try locator.resolve(try CFIParser.parse("epubcfi(/6/4!/4/2/1:0[nowhere])"))
        }
        #expect(throws: CFILocator.Failure(text: .locateIDMissing("gone", 2))) { try locator.resolve(try CFIParser.parse("/6/4!/4/2[gone]")) }
        #expect(throws: CFILocator.Failure(text: .locatePastEnd(9, 3))) { try locator.resolve(try CFIParser.parse("/6/4!/4/2/1:9")) }
        #expect(throws: CFILocator.Failure(text: .locateStepOutOfRange(40, "body", 10))) { try locator.resolve(try CFIParser.parse("/6/4!/4/40")) }
        #expect(throws: CFILocator.Failure(text: .locateTextStepNotLast(1))) { try locator.resolve(try CFIParser.parse("/6/4!/4/1/2")) }
        #expect(throws: CFILocator.Failure(text: .locateNotItemref("manifest"))) { try locator.resolve(try CFIParser.parse("/4")) }
    }

    @Test func virtualStepsCommentsAndWideCharacters() throws {
        let locator = try locator()
        // /0 and /n+2 (para05 has one element child, em at /2: n+2 is /4) are before and after everything in it.
        #expect(try around(locator, "/6/4!/4/10/0").after.hasPrefix("xxx"))
        #expect(try around(locator, "/6/4!/4/10/4").before.hasSuffix("0123456789"))
        #expect(throws: CFILocator.Failure(text: .locateStepOutOfRange(6, "p", 1))) { try locator.resolve(try CFIParser.parse("/6/4!/4/10/6")) }
        // A comment does not split character data: "nine " and "ten" are one chunk.
        #expect(try around(locator, "/6/4!/4/18/1:6").after.hasPrefix("en"))
        // Offsets count UTF-16 units: the mathematical A is two.
        let wide = try around(locator, "/6/4!/4/20/1:28")
        #expect(wide.before.hasSuffix("𝒜") && wide.after.hasPrefix(" wide"))
        // A step odd and last without an offset means :0 (§3.1.5).
        #expect(try around(locator, "/6/4!/4/10/3").after.hasPrefix("0123"))
    }

    @Test func everyOffsetAndElementRoundTrips() throws {
        let locator = try locator()
        for spine in 0..<5 {
            let text = try #require(locator.text(spineIndex: spine))
            for offset in 0...text.length {
                // The second unit of a surrogate pair is no place of its own.
                if offset > 0, offset < text.length, (0xDC00...0xDFFF).contains(Array(text.text.utf16)[offset]) { continue }
                let cfi = try #require(locator.cfi(spineIndex: spine, offset: offset), "\(spine):\(offset)")
                let parsed = try CFIParser.parse(cfi.description)
                #expect(parsed == cfi)
                let back = try locator.resolve(parsed)
                #expect(back.spineIndex == spine && back.offset == offset, "\(spine):\(offset) \(cfi)")
            }
            let model = try #require(locator.item(spine)?.model)
            for element in model.elements.indices where text.elementRanges[element] != nil {
                let cfi = try #require(locator.cfi(spineIndex: spine, element: element))
                #expect(try locator.resolve(cfi).offset == text.elementRanges[element]?.lowerBound, "\(cfi)")
            }
        }
    }

    @Test func parserIsLenientOnlyWhereNothingIsAmbiguous() throws {
        #expect(try CFIParser.parse("  /6/04!/4/2/1:03  ").description == "epubcfi(/6/4!/4/2/1:3)")
        #expect(try CFIParser.parse("epubcfi(/6/4!/4/2~023.50@5.750:97.6)").description == "epubcfi(/6/4!/4/2~23.5@5.75:97.6)")
        #expect(try CFIParser.parse("epubcfi(/6/4!/4/2@.5:100)").description == "epubcfi(/6/4!/4/2@0.5:100)")
        #expect(try CFIParser.parse("epubcfi(/6/4!/4/2/1:0[a^,b,c;s=b;vnd.x=1,2])").description == "epubcfi(/6/4!/4/2/1:0[a^,b,c;s=b;vnd.x=1,2])")
        let range = try CFIParser.parse("epubcfi(/6/4!/4,/2/1:1,/4/1:2)")
        #expect(range.start == CFI.Path(segments: [[CFI.Step(6), CFI.Step(4)], [CFI.Step(4), CFI.Step(2), CFI.Step(1)]], offset: .character(1)))
        #expect(throws: CFIParser.Failure(text: .locateNotCFI("chapter 3"))) { try CFIParser.parse("chapter 3") }
        #expect(throws: CFIParser.Failure(text: .locateCFIExpected("epubcfi(/6/4!x)", 14, MessageText.locateCFIStep))) {
            try CFIParser.parse("epubcfi(/6/4!x)")
        }
        #expect(throws: CFIParser.Failure(text: .locateCFIExpected("epubcfi(/6/4[abc)", 17, MessageText.locateCFIAssertionEnd))) {
            try CFIParser.parse("epubcfi(/6/4[abc)")
        }
        #expect(throws: CFIParser.Failure(text: .locateCFIExpected("/6/4!/4/2/1:", 13, MessageText.locateCFIInteger))) {
            try CFIParser.parse("/6/4!/4/2/1:")
        }
    }

    /// `locate`'s JSON, for a point, a range, a corrected CFI and a quote, has the shape of schemas/locate.schema.json.
    @Test func jsonHasTheSchemasShape() throws {
        let locator = try locator()
        let schema = SchemaValidator(root: try JSONText.parse(String(contentsOf: FixturePaths.root.appendingPathComponent("schemas/locate.schema.json"), encoding: .utf8)))
        let places = [
            try locator.resolve(try CFIParser.parse("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)")),
            try locator.resolve(try CFIParser.parse("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/2/1:1,/3:4)")),
            try locator.resolve(try CFIParser.parse("epubcfi(/6/4[chap02ref]!/4/2/1:0[;s=b])")),
            try locator.locate(quote: "seven").location,
        ]
        for place in places {
            let json = try JSONText.parse(locator.json(place, query: "q").serialized())
            #expect(schema.errors(in: json) == [], "\(place.cfi?.description ?? "")")
        }
        #expect(!schema.errors(in: try JSONText.parse(#"{"query": "q", "offset": "x"}"#)).isEmpty)
    }
}
