@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Foundation
import Testing

struct MediaOverlayTests {
    @Test(arguments: [
        ("0:00:02.5", 2.5), ("12:34:56", 45296), ("100:00:00", 360_000), ("00:02.5", 2.5), ("59:59", 3599),
        ("5", 5), ("5s", 5), ("1.5s", 1.5), ("1000ms", 1), ("0.1min", 6), ("2h", 7200), ("  3.25  ", 3.25), ("\n00:01\t", 1),
    ] as [(String, Double)])
    func validClockValues(text: String, seconds: Double) throws {
        let value = try #require(ClockValue.seconds(text))
        #expect(abs(value - seconds) < 1e-9)
    }

    @Test(arguments: ["", " ", "1.2.3", "x:00:00", "1m", "-1", "-00:01", "99:99", "1:00", "00:60", "00:00:60", "0:0:01",
                      "1.", ".5", "5 s", "5S", "1e3", "00:01.", "::", "12:34:56:78", "1hmin", "ms", "0x10"])
    func invalidClockValues(text: String) {
        #expect(ClockValue.seconds(text) == nil)
    }

    @Test func timelineOfOneOverlayServingTwoDocuments() throws {
        let c = try Inspect.contract("mo-timeline")
        #expect(c.mediaOverlay == MediaOverlayMetadata(duration: 10, activeClass: "-epub-media-overlay-active", playbackActiveClass: "playing", narrator: "Publication Narrator"))
        #expect(c.mediaOverlays.count == 1)
        let t = try #require(c.mediaOverlays.first)
        #expect(t.href == "EPUB/smil/overlay.smil")
        #expect(t.spineIndices == [0, 1])
        #expect(t.declaredDuration == 10)
        #expect(t.computedDuration == 10)
        #expect(t.narrator == "Nora Reader")  // the overlay's own narrator wins over the publication's
        #expect(t.pars == [
            .init(id: "par1", text: "EPUB/text/c1.xhtml#h1", spineIndex: 0, fragment: "h1", audio: "EPUB/audio/a.mp3", clipBegin: 0, clipEnd: 2.5),
            .init(id: "par2", text: "EPUB/text/c1.xhtml#p1", spineIndex: 0, fragment: "p1", audio: "EPUB/audio/a.mp3", clipBegin: 2.5, clipEnd: 5),
            .init(id: "par3", text: "EPUB/text/c1.xhtml#p2", spineIndex: 0, fragment: "p2", audio: nil, clipBegin: 0, clipEnd: nil),
            .init(id: "par4", text: "EPUB/text/c2.xhtml#h2", spineIndex: 1, fragment: "h2", audio: "EPUB/audio/b.mp3", clipBegin: 1, clipEnd: 6),
            .init(id: "par5", text: "EPUB/text/c2.xhtml#q1", spineIndex: 1, fragment: "q1", audio: "EPUB/audio/b.mp3", clipBegin: 6, clipEnd: nil),
        ])
        #expect(t.structure.map(\.kind) == [.seq, .par, .par])
        #expect(t.structure[0].type == "bodymatter chapter")
        #expect(t.structure[0].textref == "EPUB/text/c1.xhtml#sec1")
        #expect(t.structure[0].children.map(\.par) == [0, nil, 2])
        #expect(t.structure[0].children[1].children.map(\.par) == [1])
        #expect(c.spine.map(\.mediaOverlay) == ["EPUB/smil/overlay.smil", "EPUB/smil/overlay.smil"])
        #expect(c.diagnostics.isEmpty)
    }

    @Test func faultyOverlaysAreReportedWhereTheyAre() throws {
        let c = try Inspect.contract("mo-faults")
        let found = c.diagnostics.map { "\($0.id) \($0.location?.path ?? ""):\($0.location?.line ?? 0)" }
        // A par without text is the schema's to report (validate); the timeline leaves the par out.
        // Clock values no reader can read are said (EC-MO-002): the clip starts at 0, or plays on.
        #expect(found == [
            "EC-MO-002 EPUB/smil/c1.smil:9",  // clipBegin 1.2.3
            "EC-MO-002 EPUB/smil/c1.smil:9",  // clipEnd 99:99 (seconds past 59)
            "MED-008 EPUB/smil/c1.smil:13",  // clipBegin after clipEnd
            "EC-MO-001 EPUB/package.opf:17", // declared 10 s, clips span 16 s
            "RSC-012 EPUB/smil/c1.smil:16",  // fragment names no id
            "RSC-005 EPUB/package.opf:16",   // c2 names mo2, which has no media:duration
            "RSC-005 EPUB/package.opf:8",    // global duration 1:00 is not a clock value
        ])
        let first = try #require(c.mediaOverlays.first)
        #expect(first.pars.map(\.id) == ["bad-clock", "backwards", "missing-id"])
        #expect(first.pars[0].clipBegin == 0)
        #expect(first.pars[0].clipEnd == nil)
        #expect(first.openEndedClips == 1)
        // "1:00" is no SMIL clock value (RSC-005 above) but every reader takes it as a minute.
        #expect(c.mediaOverlay?.duration == 60)
    }

    @Test func clockValuesAreReadAsReadersReadThem() throws {
        #expect(ClockValue.lenientSeconds("1:05") == 65)
        #expect(ClockValue.lenientSeconds(" 0:5.5 ") == 5.5)
        #expect(ClockValue.lenientSeconds("90:00") == 5400)
        #expect(ClockValue.lenientSeconds("1:02:03.5") == 3723.5)
        #expect(ClockValue.lenientSeconds("12.5s") == 12.5)
        #expect(ClockValue.lenientSeconds("1:75") == nil)
        #expect(ClockValue.lenientSeconds("1.2.3") == nil)
        #expect(ClockValue.lenientSeconds("-1:00") == nil)
        #expect(ClockValue.seconds("1:05") == nil)
        #expect(ClockValue.text(58.581999999999994) == "58.582")
        #expect(ClockValue.text(10) == "10")
        // Any number of hours is a clock value: past Int64 it is still printed, never a crash (found by scripts/fuzz smil).
        #expect(ClockValue.text(1e20) == "100000000000000000000")
        #expect(ClockValue.text(.infinity) == "inf")
        #expect(ClockValue.text(2.5) == "2.5")
        let c = try Inspect.contract("mo-lenient-clocks")
        let timeline = try #require(c.mediaOverlays.first)
        #expect(timeline.pars.map(\.clipBegin) == [0, 2.5, 0, 60, 66])
        #expect(timeline.pars.map(\.clipEnd) == [2.5, 5, nil, 66, nil])
        #expect(timeline.openEndedClips == 1)
        #expect(timeline.computedDuration == 11)
        #expect(timeline.declaredDuration == 15)
    }

    @Test func globalDurationMustMatchTheSumOfOverlays() throws {
        let c = try Inspect.contract("mo-global-duration")
        #expect(c.diagnostics.map(\.id) == ["MED_016"])
        #expect(c.diagnostics.first?.location?.line == 8)
        #expect(c.mediaOverlay?.duration == 60)
    }

    @Test func computedDurationIsTheSpanUsedInEachAudioFile() {
        typealias Par = MediaOverlayTimeline.Par
        func par(_ audio: String?, _ begin: Double, _ end: Double?) -> Par {
            Par(id: nil, text: "t", spineIndex: nil, fragment: nil, audio: audio, clipBegin: begin, clipEnd: end)
        }
        #expect(MediaOverlayReader.computedDuration([]) == nil)
        #expect(MediaOverlayReader.computedDuration([par(nil, 0, nil), par("a", 3, nil)]) == nil)
        #expect(MediaOverlayReader.computedDuration([par("a", 885, 888.5), par("a", 888.5, 1428)]) == 543)
        #expect(MediaOverlayReader.computedDuration([par("a", 0, 2), par("b", 1, 4), par("a", 2, 5)]) == 8)
    }

    /// A SMIL with 100,000 pars and one nested 250 levels deep: parsed, no crash, in bounded time.
    @Test func largeAndDeepOverlays() throws {
        var entries = try FixturePacker.entries(of: "mo-timeline", ["mimetype", "META-INF/container.xml", "EPUB/nav.xhtml", "EPUB/text/c1.xhtml", "EPUB/audio/a.mp3"])
        var smil = "<smil xmlns=\"http://www.w3.org/ns/SMIL\" version=\"3.0\"><body>"
        for i in 0..<100_000 {
            smil += "<par id=\"p\(i)\"><text src=\"../text/c1.xhtml#p1\"/><audio src=\"../audio/a.mp3\" clipBegin=\"\(i)\" clipEnd=\"\(i + 1)\"/></par>"
        }
        smil += "</body></smil>"
        var deep = "<smil xmlns=\"http://www.w3.org/ns/SMIL\" version=\"3.0\"><body>"
        deep += String(repeating: "<seq>", count: 250) + "<par><text src=\"../text/c1.xhtml#h1\"/></par>" + String(repeating: "</seq>", count: 250)
        deep += "</body></smil>"
        let opf = """
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">x</dc:identifier><dc:title>Big</dc:title><dc:language>en</dc:language>
                <meta property="media:duration">27:46:40</meta><meta property="media:duration" refines="#big">100000s</meta><meta property="media:duration" refines="#deep">0</meta></metadata>
              <manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
                <item id="c1" href="text/c1.xhtml" media-type="application/xhtml+xml" media-overlay="big"/>
                <item id="big" href="big.smil" media-type="application/smil+xml"/><item id="deep" href="deep.smil" media-type="application/smil+xml"/>
                <item id="a" href="audio/a.mp3" media-type="audio/mpeg"/></manifest>
              <spine><itemref idref="c1"/></spine>
            </package>
            """
        entries.append(.init(name: "EPUB/package.opf", data: Data(opf.utf8)))
        entries.append(.init(name: "EPUB/big.smil", data: Data(smil.utf8)))
        entries.append(.init(name: "EPUB/deep.smil", data: Data(deep.utf8)))
        let path = try FixturePacker.write(entries, name: "big-smil")
        let start = Date()
        let c = ContractBuilder.build(try PublicationSession(path: path))
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(c.mediaOverlays.map(\.pars.count) == [100_000, 1])
        #expect(c.mediaOverlays[0].computedDuration == 100_000)
        #expect(c.mediaOverlays[0].pars.last?.clipBegin == 99_999)
        #expect(c.diagnostics.isEmpty)
        var depth = 0
        var node = c.mediaOverlays[1].structure.first
        while let n = node, n.kind == .seq { depth += 1; node = n.children.first }
        #expect(depth == 250)
        #expect(node?.par == 0)
    }
}
