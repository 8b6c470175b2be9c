@testable import EPUBContract
import EPUBDocument
import Foundation
import Testing

/// Media overlays as Readium Guided Navigation documents, on the mo-timeline fixture whose SMIL
/// nests a seq in a seq, has a par without audio and clock values of four forms.
struct GuidedNavigationTests {
    @Test func smilNestingClipsAndRoles() throws {
        let session = try Inspect.session("mo-timeline")
        let documents = GuidedNavigation.documents(session)
        #expect(documents.count == 1 && documents[0].overlay.href == "EPUB/smil/overlay.smil")
        let guided = try #require(documents[0].document["guided"]?.arrayValue)
        #expect(guided.count == 3)
        // The seq: its textref, its epub:type's role (bodymatter is none of Guided Navigation's), its pars as children.
        #expect(guided[0]["textref"]?.stringValue == "EPUB/text/c1.xhtml#sec1")
        #expect(guided[0]["role"] == .array([.string("chapter")]))
        let children = try #require(guided[0]["children"]?.arrayValue)
        // clipEnd 0:00:02.5 from an omitted clipBegin (0): #t=0,2.5; the h1 it points to is a heading.
        #expect(children[0] == .object([("textref", .string("EPUB/text/c1.xhtml#h1")), ("audioref", .string("EPUB/audio/a.mp3#t=0,2.5")),
                                        ("role", .array([.string("heading")]))]))
        // A nested seq, its par clipped " 00:02.5 " to "5s".
        #expect(children[1]["children"]?.arrayValue?.first?["audioref"]?.stringValue == "EPUB/audio/a.mp3#t=2.5,5")
        // A par with no audio (text-to-speech) has no audioref.
        #expect(children[2]["audioref"] == nil && children[2]["textref"]?.stringValue == "EPUB/text/c1.xhtml#p2")
        // 1000ms to 0.1min is 1 to 6 seconds; a clip with no end plays on: #t=6.
        #expect(guided[1]["audioref"]?.stringValue == "EPUB/audio/b.mp3#t=1,6")
        #expect(guided[2]["audioref"]?.stringValue == "EPUB/audio/b.mp3#t=6" && guided[2]["role"] == .array([.string("paragraph")]))
    }
}
