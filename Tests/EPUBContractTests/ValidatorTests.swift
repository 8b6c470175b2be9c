@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
@testable import EPUBValidator
@testable import EPUBReports
@testable import EPUBAccessibility
import Foundation
import Testing

/// The validator's catalog, report and container rules, with exact IDs and places.
struct ValidatorTests {
    private func report(_ entries: [FixturePacker.Entry], name: String = "v", facts: Bool = false) throws -> ValidationReport {
        guard case .report(let report) = Validator.validate(path: try FixturePacker.write(entries, name: name), facts: facts) else {
            Issue.record("the input should have been usable")
            throw CancellationError()
        }
        return report
    }

    private func ids(_ report: ValidationReport) -> [String] {
        report.messages.flatMap { m in Array(repeating: m.id, count: max(1, m.locations.count)) }
    }

    /// PKG-016 for `.EPUB` and `.Epub`; nothing for `.epub` or another extension (as EPUBCheck 5.3.0).
    @Test func epubExtensionInLowercase() throws {
        let packed = try FixturePacker.write(FixturePacker.minimalEntries(), name: "extension")
        for (ext, expected) in [("EPUB", ["PKG-016"]), ("Epub", ["PKG-016"]), ("epub", []), ("zip", [])] {
            let path = packed.replacingOccurrences(of: ".epub", with: "-copy.\(ext)")
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.copyItem(atPath: packed, toPath: path)
            guard case .report(let report) = Validator.validate(path: path) else { throw CancellationError() }
            #expect(ids(report) == expected, "\(ext)")
        }
    }

    @Test func catalogHasEveryEPUBCheckIDAndOurs() {
        #expect(MessageID.allCases.filter { !$0.rawValue.hasPrefix("EC-") }.count == 315)
        #expect(MessageCatalog.lookup("OPF-003") == .severity(.usage))
        #expect(MessageCatalog.lookup("RSC-016") == .severity(.fatal))
        #expect(MessageCatalog.lookup("HTM_060a") == .severity(.usage))
        #expect(MessageCatalog.lookup("ACC-001") == .suppressed)
        #expect(MessageCatalog.lookup("EC-MO-001") == .severity(.warning))
        #expect(MessageCatalog.lookup("XYZ-999") == .unknown)
        #expect(MessageID.RSC_007w.rawValue == "RSC-007w")
        #expect(MessageID.EC_EXP_002.suggestion?.isEmpty == false)
        #expect(MessageID.allCases.allSatisfy { !$0.summary.isEmpty })
    }

    /// The catalog is the only place that spells an ID: every emission names a `MessageID` case.
    @Test func noMessageIDLiteralOutsideTheCatalog() throws {
        let sources = FixturePaths.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? []
        let pattern = try NSRegularExpression(pattern: #""(OPF|RSC|PKG|HTM|NAV|NCX|MED|CSS|ACC|CHK|INF|EC)[-_][A-Z0-9]"#)
        var read = 0
        for file in files where file.hasSuffix(".swift") && !file.hasSuffix("EPUBMessages/MessageID.swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            read += 1
            let hits = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).count
            #expect(hits == 0, "\(file) spells a message ID as a string")
        }
        #expect(read > 100)
    }

    /// Pipeline facts reach reports through the one mapping, with the catalog's severity.
    @Test func readingFaultsMapToCatalogIDs() {
        let fault = ReadingFault.viewportRepeated(name: "width")
        #expect(fault.messageID == .HTM_059)
        let diagnostic = Diagnostic(fault, location: .init(path: "a.xhtml", line: 3))
        #expect(diagnostic.id == "HTM_059")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == "The viewport gives width more than once; the first one is used.")
        #expect(Diagnostic(.navigationDisagrees(navEntries: 9, ncxEntries: 2)).severity == .info)
        #expect(ReadingFault.packageStructure(.noSpine).messageID == .RSC_005)
    }

    /// A content document alone: what its URLs say without a package (as EPUBCheck's xhtml mode).
    @Test(arguments: [
        (#"<p><a href="data:text/plain,hi">d</a></p><p><img src="file:///tmp/i.png" alt=""/></p>"#, ["RSC-029", "RSC-030"]),
        (#"<p><a href="other.xhtml?x=1">q</a></p>"#, ["RSC-033"]),
        (#"<p><a href="https://example.org/">w</a><a href="chapter2.xhtml">c</a></p>"#, []),
    ])
    func urlsOfALoneDocument(body: String, expected: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("c.xhtml")
        let xhtml = #"<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en"><head><title>t</title></head><body>"# + body + "</body></html>"
        try Data(xhtml.utf8).write(to: file)
        guard case .report(let report) = Validator.validate(path: file.path, input: .contentDocument) else {
            Issue.record("the document should have been usable")
            return
        }
        #expect(ids(report) == expected)
    }

    @Test func identicalMessagesMergeTheirLocations() {
        let d = { (line: Int) in Diagnostic(id: "RSC-005", severity: .error, message: "same", location: .init(path: "a", line: line)) }
        let report = ValidationReport(sourcePath: "x", diagnostics: [d(1), d(2), d(1), Diagnostic(id: "ACC-001", severity: .error, message: "off")],
                                      session: nil, elapsedMilliseconds: 0)
        #expect(report.messages.count == 1)
        #expect(report.messages[0].locations.map(\.line) == [1, 2])
    }

    /// A report reads the same whatever order the rules ran in: by file, line, column, then ID.
    @Test func reportOrderIsFixed() {
        let d = [
            Diagnostic(id: "RSC-005", severity: .error, message: "b", location: .init(path: "b.xhtml", line: 2, column: 5)),
            Diagnostic(id: "OPF-014", severity: .error, message: "a", location: .init(path: "b.xhtml")),
            Diagnostic(id: "RSC-005", severity: .error, message: "a", location: .init(path: "b.xhtml", line: 2, column: 5)),
            Diagnostic(id: "HTM-004", severity: .error, message: "c", location: .init(path: "a.xhtml", line: 9)),
            Diagnostic(id: "PKG-005", severity: .error, message: "z"),
        ]
        let forward = ValidationReport(sourcePath: "x", diagnostics: d, session: nil, elapsedMilliseconds: 0)
        let backward = ValidationReport(sourcePath: "x", diagnostics: d.reversed(), session: nil, elapsedMilliseconds: 0)
        #expect(forward.messages == backward.messages)
        #expect(forward.messages.map(\.message) == ["z", "c", "a", "a", "b"])
    }

    @Test func filters() {
        let all = ValidationReport(sourcePath: "x", diagnostics: [
            Diagnostic(id: "OPF-003", severity: .usage, message: "u"), Diagnostic(id: "PKG-010", severity: .warning, message: "w"),
            Diagnostic(id: "RSC-005", severity: .error, message: "e"), Diagnostic(id: "EC-NAV-001", severity: .info, message: "i"),
        ], session: nil, elapsedMilliseconds: 0)
        #expect(all.filtered(includeUsage: false, minimum: nil).messages.map(\.id) == ["EC-NAV-001", "PKG-010", "RSC-005"])
        #expect(all.filtered(includeUsage: true, minimum: nil).messages.count == 4)
        #expect(all.filtered(includeUsage: true, minimum: .warning).messages.map(\.id) == ["PKG-010", "RSC-005"])
        #expect(all.filtered(includeUsage: true, minimum: .error).messages.map(\.id) == ["RSC-005"])
    }

    @Test func cleanBookReportsNothing() throws {
        let r = try report(try FixturePacker.minimalEntries())
        #expect(r.messages.isEmpty)
        #expect(!r.hasErrors)
    }

    @Test func mimetypeNotFirst() throws {
        var entries = try FixturePacker.minimalEntries()
        entries.swapAt(0, 1)
        #expect(ids(try report(entries)) == ["PKG-006"])
    }

    /// EPUB 3.3 §4.2.2 forbids it; EPUBCheck 5.3.0 reads the inflated content only, and so do we
    /// (docs/epubcheck-differences.md). A compressed mimetype with other content is still PKG-007.
    @Test func mimetypeCompressed() throws {
        var entries = try FixturePacker.minimalEntries()
        entries[0].compressed = true
        #expect(ids(try report(entries)) == [])
        entries[0].data = Data("application/epub+zip\n".utf8)
        #expect(ids(try report(entries)) == ["PKG-007"])
    }

    @Test func mimetypeWithExtraField() throws {
        var entries = try FixturePacker.minimalEntries()
        entries[0].extraField = [1, 2, 3, 4]
        let r = try report(entries)
        #expect(ids(r) == ["PKG-005"])
        #expect(r.messages.first?.message.contains("8 bytes") == true)  // 4 bytes of header, 4 of data
    }

    @Test func mimetypeWrongContent() throws {
        var entries = try FixturePacker.minimalEntries()
        entries[0].data = Data("application/epub+zip\n".utf8)
        #expect(ids(try report(entries)) == ["PKG-007"])
    }

    @Test func fileNames() throws {
        let extra: [(String, [String])] = [
            ("EPUB/a b.css", ["OPF-003", "PKG-010"]),
            ("EPUB/what?.css", ["OPF-003", "PKG-009"]),
            ("EPUB/trailing.", ["OPF-003", "PKG-011"]),
            ("EPUB/café.css", ["OPF-003", "PKG-012"]),
        ]
        for (name, expected) in extra {
            let r = try report(try FixturePacker.minimalEntries() + [FixturePacker.Entry(name: name, data: Data("p{}".utf8))])
            #expect(ids(r) == expected, "\(name)")
            #expect(r.messages.allSatisfy { $0.locations.first?.path == name })
            #expect(r.messages.filter { $0.id.hasPrefix("PKG") && $0.id != "PKG-011" }.allSatisfy { $0.suggestion?.hasPrefix("Rename the file") == true }, "\(name)")
            #expect(r.messages.first { $0.id == "OPF-003" }?.suggestion == "Add a manifest item for the file, or remove the file from the container.")
        }
    }

    @Test func namesThatCollideOnceFolded() throws {
        let entries = try FixturePacker.minimalEntries() + [
            FixturePacker.Entry(name: "EPUB/Cafe\u{301}.css", data: Data("p{}".utf8)),
            FixturePacker.Entry(name: "EPUB/CAFÉ.css", data: Data("p{}".utf8)),
        ]
        let r = try report(entries)
        #expect(r.messages.filter { $0.id == "OPF-060" }.flatMap(\.locations).map(\.path) == ["EPUB/CAFÉ.css"])
    }

    @Test func structuralFaultsAreMessages() throws {
        let noContainer = try FixturePacker.minimalEntries().filter { $0.name != "META-INF/container.xml" }
        #expect(ids(try report(noContainer)) == ["RSC-002"])
        let noOPF = try FixturePacker.minimalEntries().filter { $0.name != "EPUB/package.opf" }
        #expect(ids(try report(noOPF)) == ["OPF-002"])
        guard case .unusable(let reason) = Validator.validate(path: "/nonexistent.epub") else {
            Issue.record("a missing file is unusable input")
            return
        }
        #expect(reason.rendered().contains("no such file"))
        #expect(reason.rendered(in: .japanese) != reason.rendered())
    }

    /// `-j` carries what EPUBCheck's report says of each file: its text, references and checksum.
    @Test func epubcheckJSONCarriesTheFilesFacts() throws {
        let path = try FixturePacker.pack(folder: FixturePaths.folder("epub3-minimal"))
        guard case .report(let r) = Validator.validate(path: path, facts: true) else { throw CancellationError() }
        let json = try JSONText.parse(EPUBCheckJSONFormatter.format(r, pretty: false))
        // "A Minimal Book" + "Chapter 1" + whitespace of chapter1.xhtml and nav.xhtml, as SAX counts it.
        #expect(json["publication"]?["charsCount"] == .integer(Int64(r.facts?.characters ?? -1)))
        #expect((r.facts?.characters ?? 0) > 20)
        #expect(json["publication"]?["isBackwardCompatible"] == .bool(false))
        #expect(json["publication"]?["ePubVersion"] == .string("3.3"))
        let items = json["items"]?.array ?? []
        let nav = items.first { $0["id"] == .string("nav") }
        #expect(nav?["referencedItems"] == .array([.string("EPUB/chapter1.xhtml")]))
        #expect(nav?["isSpineItem"] == .bool(false))
        let chapter = items.first { $0["id"] == .string("c1") }
        #expect(chapter?["renditionLayout"] == .string("reflowable"))
        #expect(chapter?["isFixedFormat"] == .bool(false))
        // SHA-256 in Java's style: bytes in hex without leading zeros.
        #expect(PublicationFacts.javaHex(Data("abc".utf8)) == "ba7816bf8f1cfea414140de5dae2223b0361a396177a9cb410ff61f2015ad")
        // Without `facts` nothing is gathered (the other reports do not pay for it).
        guard case .report(let plain) = Validator.validate(path: path) else { throw CancellationError() }
        #expect(plain.facts == nil)
    }

    /// Two renditions may give one id to different files: EPUBCheck 5.3.0 lists this book's two
    /// `c1` files second rendition first (its Java HashMap's order), every run alike.
    @Test func epubcheckJSONListsFilesOfOneIDAsEPUBCheckDoes() throws {
        var entries = try FixturePacker.minimalEntries()
        let container = """
            <?xml version="1.0" encoding="UTF-8"?>
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>
            <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
            <rootfile full-path="EPUB/second.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """
        let opf = try #require(entries.first { $0.name == "EPUB/package.opf" }.map { String(decoding: $0.data, as: UTF8.self) })
        let chapter = try #require(entries.first { $0.name == "EPUB/chapter1.xhtml" }?.data)
        for (index, entry) in entries.enumerated() where entry.name == "META-INF/container.xml" { entries[index].data = Data(container.utf8) }
        entries.append(.init(name: "EPUB/second.opf", data: Data(opf.replacingOccurrences(of: "chapter1.xhtml", with: "chapter1b.xhtml").utf8)))
        entries.append(.init(name: "EPUB/chapter1b.xhtml", data: chapter))
        let r = try report(entries)
        for _ in 0..<3 {
            let json = try JSONText.parse(EPUBCheckJSONFormatter.format(r, pretty: false))
            let c1 = (json["items"]?.array ?? []).filter { $0["id"] == .string("c1") }.map { $0["fileName"]?.string ?? "" }
            #expect(c1 == ["EPUB/chapter1b.xhtml", "EPUB/chapter1.xhtml"])
        }
    }

    /// Java's HashMap order: keys with one hash code ("Aa", "BB") in insertion order; WCAG.epub's
    /// 50 files as EPUBCheck 5.3.0 lists its pairs of one id (main or braille rendition first).
    @Test func javaHashMapOrderIsBucketThenInsertion() {
        #expect(EPUBCheckJSONFormatter.javaHashMapOrder(["BB", "Aa"]) == ["BB", "Aa"])
        #expect(EPUBCheckJSONFormatter.javaHashMapOrder(["Aa", "BB"]) == ["Aa", "BB"])
        let pairs = [("EPUB/xhtml/WCAG-ch1-1.xhtml", "EPUB/xhtml/WCAG-ch1-1_braille.xhtml"),
                     ("EPUB/xhtml/WCAG-ch1-2_braille.xhtml", "EPUB/xhtml/WCAG-ch1-2.xhtml"),
                     ("EPUB/xhtml/toc.xhtml", "EPUB/xhtml/toc_braille.xhtml")]
        // Inserted the other way round, and with 44 more files: 50 keys make a capacity of 128.
        let keys = pairs.flatMap { [$0.1, $0.0] } + (0..<44).map { "EPUB/images/p\($0).jpg" }
        let order = EPUBCheckJSONFormatter.javaHashMapOrder(keys)
        for (first, second) in pairs {
            #expect((order.firstIndex(of: first) ?? 0) < (order.firstIndex(of: second) ?? 0), "\(first)")
        }
    }

    @Test func formattersProduceTheDocumentedShapes() throws {
        var entries = try FixturePacker.minimalEntries()
        entries.swapAt(0, 1)
        let r = try report(entries, facts: true)  // as the CLI asks whenever EPUBCheck's JSON is wanted
        let epubcheck = try JSONText.parse(EPUBCheckJSONFormatter.format(r, pretty: false))
        #expect(epubcheck.keys == ["messages", "customMessageFileName", "checker", "publication", "items"])
        #expect(epubcheck["messages"]?[0]?["ID"] == .string("PKG-006"))
        #expect(epubcheck["messages"]?[0]?["severity"] == .string("ERROR"))
        #expect(epubcheck["checker"]?["nError"] == .integer(1))
        #expect(epubcheck["publication"]?["title"] == .string("A Minimal Book"))
        // The manifest items and the container's other files, sorted by id as EPUBCheck sorts them.
        #expect(epubcheck["items"]?.array?.compactMap { $0["id"]?.string } == [
            "c1", "ePubCheck.NoManifestRef:EPUB/package.opf", "ePubCheck.NoManifestRef:META-INF/container.xml",
            "ePubCheck.NoManifestRef:mimetype", "nav"])
        let sarif = try JSONText.parse(SARIFFormatter.format(r, pretty: false))
        #expect(sarif["version"] == .string("2.1.0"))
        #expect(sarif["runs"]?[0]?["results"]?[0]?["ruleId"] == .string("PKG-006"))
        #expect(sarif["runs"]?[0]?["results"]?[0]?["level"] == .string("error"))
        // Fit for code scanning: a described rule, one location per result, under the book's base.
        let rule = sarif["runs"]?[0]?["tool"]?["driver"]?["rules"]?[0]
        #expect(rule?["shortDescription"]?["text"] == .string(MessageID.PKG_006.summary))
        #expect(rule?["helpUri"] == .string("https://w3c.github.io/epubcheck/docs/messages"))
        #expect(rule?["defaultConfiguration"]?["level"] == .string("error"))
        let location = sarif["runs"]?[0]?["results"]?[0]?["locations"]
        #expect(location?.array?.count == 1)
        #expect(location?[0]?["physicalLocation"]?["artifactLocation"]?["uriBaseId"] == .string("PUBLICATION"))
        let base = sarif["runs"]?[0]?["originalUriBaseIds"]?["PUBLICATION"]?["uri"]
        #expect(base == .string("file://" + r.sourcePath.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)! + "/"))
        let ours = try JSONText.parse(JSONReportFormatter.format(r, pretty: true))
        #expect(ours["valid"] == .bool(false))
        #expect(ours["counts"]?["error"] == .integer(1))
        let text = TextFormatter.format(r, colour: false)
        #expect(text.hasPrefix("Validating \(r.sourcePath)\nERROR(PKG-006): "))
        #expect(text.contains("\nCheck finished: 0 fatal, 1 errors, 0 warnings, 0 usages, 0 infos.\n"))
        // What -e/-w/-u left out is said, not counted as absent.
        let filtered = TextFormatter.format(r.filtered(includeUsage: true, minimum: .fatal), full: r, colour: false)
        #expect(filtered.contains("\nCheck finished: 0 fatal, 0 errors, 0 warnings, 0 usages, 0 infos. Filtered out: 1 error (-u shows usages; -e and -w hide warnings and infos).\nThe publication has errors."))
    }
}

/// Value syntaxes the grammars check, each found by scripts/mutate against EPUBCheck 5.3.0.
struct ValueSyntaxTests {
    @Test func datesAreReadWithAStrictCalendar() {
        for good in ["2020", "2020-02", "2020-02-29", "2019-12-31T23:59Z", "2019-12-31T23:59:59.5+01:00"] {
            #expect(MetadataSyntax.isW3CDate(good), "\(good)")
        }
        for bad in ["2020-13-45", "2019-02-29", "2020-00", "2020-04-31", "2020-01-01T24:00Z", "2020-01-01T10:60Z", "someday", "20200101"] {
            #expect(!MetadataSyntax.isW3CDate(bad), "\(bad)")
        }
    }

    @Test func languageIdentifiersAsTheXHTMLGrammarHasThem() {
        for good in ["", "en", "en-US", "zh-Hant-TW", "x-klingon", "i-navajo"] { #expect(AttributeRules.isLanguageIdentifier(good), "\(good)") }
        for bad in ["not a tag", "en_US", "englishlanguage", "-en", "en-", "1en"] { #expect(!AttributeRules.isLanguageIdentifier(bad), "\(bad)") }
    }

    @Test func rolesAreARIAOrDPUBARIA() {
        #expect(ARIARoles.known.contains("doc-chapter") && ARIARoles.known.contains("presentation") && ARIARoles.known.count == 111)
        #expect(!ARIARoles.known.contains("doc-chapters") && !ARIARoles.known.contains("roletype"))
    }
}
