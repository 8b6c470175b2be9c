@testable import EPUBContract
@testable import EPUBDocument
import CLibXML2
import Foundation
import Testing

/// A document parsed as it arrives (a large ZIP entry inflated as the parser asks) is the document
/// parsed from all its bytes: the same tree and the same diagnostics, in whatever pieces it comes.
struct StreamedParseTests {
    /// Hands out `data` at most `piece` bytes at a time, failing after `failAfter` bytes if given.
    final class Pieces: ByteStream {
        let data: Data
        let piece: Int
        let failAfter: Int?
        private(set) var delivered = 0

        init(_ data: Data, piece: Int, failAfter: Int? = nil) {
            self.data = data
            self.piece = piece
            self.failAfter = failAfter
        }

        func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
            if let failAfter, delivered >= failAfter { return nil }
            let count = min(piece, buffer.count, data.count - delivered)
            guard count > 0, let base = buffer.baseAddress else { return 0 }
            data.withUnsafeBytes { base.copyMemory(from: $0.baseAddress! + delivered, byteCount: count) }
            delivered += count
            return count
        }
    }

    static let documents: [(String, Data)] = [
        ("well-formed", Data("<?xml version=\"1.0\"?>\n<a>\n  <b x=\"1\">t</b>\n<c>ü</c></a>".utf8)),
        ("not well-formed", Data("<a>\n<b>\n</a>\n<p>after</p>".utf8)),
        ("empty", Data()),
        ("external entity", Data("<?xml version=\"1.0\"?>\n<!DOCTYPE a [\n<!ENTITY xxe SYSTEM \"file:///etc/passwd\">\n]>\n<a>&xxe;</a>".utf8)),
        ("byte-order mark over another name", Data([0xEF, 0xBB, 0xBF]) + Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<a>é</a>".utf8)),
        ("UTF-16", Data([0xFF, 0xFE]) + "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<a>\n<b>Ω</b></a>".data(using: .utf16LittleEndian)!),
        ("unknown encoding name", Data("<?xml version=\"1.0\" encoding=\"UTF8\"?><a/>".utf8)),
        ("many lines", Data(("<?xml version=\"1.0\"?>\n<a>\n" + (0..<3000).map { "<p id=\"p\($0)\">line \($0)</p>\n" }.joined() + "</a>").utf8)),
    ]

    static func dump(_ result: XMLParser.Result) -> String {
        var text = result.diagnostics.map { "\($0.id) \($0.location?.line ?? -1):\($0.location?.column ?? -1) \($0.message)" }.joined(separator: "\n")
        if let document = result.document {
            var bytes: UnsafeMutablePointer<xmlChar>?
            var size: Int32 = 0
            xmlDocDumpMemory(document.pointer, &bytes, &size)
            if let bytes {
                text += "\n" + String(cString: bytes)
                cxml_free(bytes)
            }
            text += "\nrecovered \(document.isRecovered) over budget \(document.isOverBudget)"
        }
        return text
    }

    @Test(arguments: documents.indices, [1, 7, 4096, 1 << 20])
    func streamedIsTheWholeParse(_ index: Int, piece: Int) throws {
        let (name, data) = Self.documents[index]
        let whole = XMLParser.parse(data, path: "d.xml")
        let streamed = XMLParser.parse(streaming: Pieces(data, piece: piece), expectedSize: data.count, path: "d.xml")
        #expect(!streamed.failed, "\(name)")
        #expect(Self.dump(streamed.result) == Self.dump(whole), "\(name) in pieces of \(piece)")
        #expect(streamed.bytes == data, "\(name): every byte kept")
        #expect(!Self.dump(whole).isEmpty)
    }

    /// The point of streaming: a document its budget cuts is read a little past the cut, not to its end.
    @Test func aCutDocumentIsReadNoFurtherThanItsCut() throws {
        let data = Data(("<?xml version=\"1.0\"?>\n<a>\n" + String(repeating: "<p>Lorem ipsum dolor sit amet.</p>\n", count: 200_000) + "</a>").utf8)
        let limits = DocumentLimits(maxElements: 1_000, maxAttributes: 10, maxEntityExpansion: 1 << 20)
        let whole = XMLParser.parse(data, path: "big.xml", limits: limits)
        let stream = Pieces(data, piece: 1 << 20)
        let streamed = XMLParser.parse(streaming: stream, expectedSize: data.count, path: "big.xml", limits: limits)
        #expect(streamed.result.diagnostics.map(\.id) == ["EC-XML-002"])
        #expect(streamed.result.diagnostics.first?.location?.line == 1_002)
        #expect(Self.dump(streamed.result) == Self.dump(whole))
        #expect(stream.delivered <= StreamedXMLInput.chunk + 64 << 10)
        #expect(streamed.bytes.count == stream.delivered)
        #expect(data.count > 7_000_000)
    }

    @Test func aFailedStreamIsNoDocument() {
        let data = Data(("<a>" + String(repeating: "<p>x</p>", count: 100_000) + "</a>").utf8)
        let streamed = XMLParser.parse(streaming: Pieces(data, piece: 4096, failAfter: 409_600), expectedSize: data.count, path: "f.xml")
        #expect(streamed.failed)
        #expect(streamed.bytes.count == 409_600)
    }

    @Test func aStreamFailingBeforeItsFirstBytesIsNoDocument() {
        let streamed = XMLParser.parse(streaming: Pieces(Data("<a/>".utf8), piece: 1, failAfter: 0), expectedSize: 4, path: "f.xml")
        #expect(streamed.failed)
        #expect(streamed.result.document == nil)
        #expect(streamed.result.diagnostics.isEmpty)
    }
}

/// A ZIP entry inflated as it is read gives the bytes `read` gives, and fails where `read` fails.
struct ZipEntryStreamTests {
    static func drain(_ stream: ZipEntryStream, piece: Int) -> Data? {
        var out = Data()
        var buffer = [UInt8](repeating: 0, count: piece)
        while true {
            let got = buffer.withUnsafeMutableBytes { stream.read(into: $0) }
            guard let got else { return nil }
            if got == 0 { return out }
            out.append(contentsOf: buffer[..<got])
        }
    }

    @Test(arguments: [true, false])
    func streamGivesTheEntrysBytes(compressed: Bool) throws {
        var entries = try FixturePacker.minimalEntries()
        let text = Data(("<html>" + String(repeating: "<p>Some text of a chapter.</p>", count: 50_000) + "</html>").utf8)
        entries.append(FixturePacker.Entry(name: "EPUB/big.xhtml", data: text, compressed: compressed))
        let zip = try ZipContainer(path: try FixturePacker.write(entries, name: "stream"))
        for piece in [1000, 65_536] {
            let stream = try zip.stream("EPUB/big.xhtml")
            #expect(Self.drain(stream, piece: piece) == text)
            #expect(stream.failure == nil)
        }
        #expect(throws: ContainerError.noSuchEntry("EPUB/none.xhtml")) { try zip.stream("EPUB/none.xhtml") }
    }

    /// A central directory that says one byte fewer than the entry holds: a lie, refused alike.
    @Test func anEntryLongerThanDeclaredFailsAsReadFails() throws {
        var entries = try FixturePacker.minimalEntries()
        let text = Data("<html><body><p>twenty-nine bytes</p></body></html>".utf8)
        entries.append(FixturePacker.Entry(name: "EPUB/lie.xhtml", data: text, compressed: false))
        let path = try FixturePacker.write(entries, name: "lie")
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        // The central directory record of the entry (signature PK\1\2), its uncompressed size at +24.
        let name = Array("EPUB/lie.xhtml".utf8)
        let record = try #require(bytes.indices.first { i in
            i + 46 + name.count <= bytes.count && bytes[i..<i + 4].elementsEqual([0x50, 0x4B, 0x01, 0x02]) && bytes[i + 46..<i + 46 + name.count].elementsEqual(name)
        })
        let declared = UInt32(text.count - 1)
        for k in 0..<4 { bytes[record + 24 + k] = UInt8(truncatingIfNeeded: declared >> (8 * k)) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let zip = try ZipContainer(path: path)
        let expected = ContainerError.corruptEntry("EPUB/lie.xhtml", reason: .decompressesToMoreBytesThanDeclared(UInt64(declared)))
        #expect(throws: expected) { try zip.read("EPUB/lie.xhtml") }
        let stream = try zip.stream("EPUB/lie.xhtml")
        #expect(Self.drain(stream, piece: 8) == nil)
        #expect(stream.failure == expected)
    }

    /// In a session, a chapter above the streaming size is parsed as it is inflated: its budget cuts
    /// it, and the bytes kept for the rules that read them end a little past the cut.
    @Test func aSessionReadsALargeCutChapterOnlyToItsCut() throws {
        var entries = try FixturePacker.minimalEntries()
        let chapter = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>Big</title></head><body>\n"
            + String(repeating: "<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit.</p>\n", count: 300_000) + "</body></html>\n"
        let data = Data(chapter.utf8)
        #expect(UInt64(data.count) > ResourceStore.streamedAbove)
        let index = try #require(entries.firstIndex { $0.name.hasSuffix(".xhtml") && !$0.name.contains("nav") })
        entries[index].data = data
        let limits = ContainerLimits(document: DocumentLimits(maxElements: 2_000, maxAttributes: 100, maxEntityExpansion: 1 << 20))
        let session = try PublicationSession(path: try FixturePacker.write(entries, name: "big-chapter"), limits: limits)
        let path = entries[index].name
        let parsed = try #require(session.xml(at: path))
        #expect(parsed.diagnostics.map(\.id) == ["EC-XML-002"])
        #expect(parsed.diagnostics.first?.location?.line == 1_999)
        #expect(parsed.document?.isOverBudget == true)
        let kept = try #require(session.data(at: path))
        #expect(kept.count < 1 << 20)
        #expect(data.starts(with: kept))
    }
}
