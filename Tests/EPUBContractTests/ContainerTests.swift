@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Foundation
import Testing

/// OCF access through one interface, and hostile containers refused with a clear error.
struct ContainerTests {
    private func openError(_ path: String, limits: ContainerLimits = .default) -> SessionError? {
        do {
            _ = try PublicationSession(path: path, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test func zipAndFolderListTheSameFiles() throws {
        let folder = FixturePaths.folder("epub3-minimal")
        let zip = try ContainerOpener.open(try FixturePacker.pack(folder: folder))
        let dir = try ContainerOpener.open(folder)
        #expect(zip.kind == .epub)
        #expect(dir.kind == .directory)
        #expect(zip.entries.map(\.path) == ["mimetype", "EPUB/chapter1.xhtml", "EPUB/nav.xhtml", "EPUB/package.opf", "META-INF/container.xml"])
        #expect(Set(zip.entries.map(\.path)) == Set(dir.entries.map(\.path)))
        #expect(zip.entries.map(\.index) == [0, 1, 2, 3, 4])
        #expect(zip.entry("mimetype")?.compression == .stored)
        #expect(zip.entry("EPUB/package.opf")?.compression == .deflated)
        #expect(zip.entry("mimetype")?.size == 20)
        for entry in dir.entries {
            #expect(try zip.read(entry.path) == dir.read(entry.path))
            #expect(zip.entry(entry.path)?.size == entry.size)
        }
        #expect(throws: ContainerError.noSuchEntry("EPUB/none.xhtml")) { try zip.read("EPUB/none.xhtml") }
        #expect(throws: ContainerError.unsafeEntryName("../x")) { try dir.read("../x") }
    }

    @Test func missingFile() {
        #expect(openError("/nonexistent/book.epub") == .container(.fileNotFound("/nonexistent/book.epub")))
    }

    @Test func notAZip() throws {
        let path = FixturePacker.temporaryPath("text")
        try Data("This is a plain text file, not an EPUB.\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(openError(path) == .container(.notAnEPUB(path, reason: .notZipArchive)))
    }

    @Test func truncatedZip() throws {
        let path = try FixturePacker.pack(folder: FixturePaths.folder("epub3-minimal"))
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        guard case .container(.notAnEPUB(let reported, _)) = openError(path) else {
            Issue.record("a truncated ZIP must be reported as not an EPUB container")
            return
        }
        #expect(reported == path)
    }

    @Test func emptyFile() throws {
        let path = FixturePacker.temporaryPath("empty")
        try Data().write(to: URL(fileURLWithPath: path))
        guard case .container(.notAnEPUB) = openError(path) else {
            Issue.record("an empty file must be reported as not an EPUB container")
            return
        }
    }

    @Test func missingContainerXML() throws {
        let entries = try FixturePacker.minimalEntries().filter { $0.name != "META-INF/container.xml" }
        #expect(openError(try FixturePacker.write(entries, name: "no-container")) == .missingContainerXML)
    }

    @Test func containerWithoutPackageRootfile() throws {
        var entries = try FixturePacker.minimalEntries()
        entries[1].data = Data("""
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
              <rootfiles><rootfile full-path="EPUB/package.opf" media-type="text/plain"/></rootfiles>
            </container>
            """.utf8)
        let error = openError(try FixturePacker.write(entries, name: "no-rootfile"))
        guard case .noPackageRootfile(let found)? = error else { Issue.record("expected noPackageRootfile, got \(String(describing: error))"); return }
        #expect(found.map(\.messageID) == [.RSC_003])
    }

    @Test func missingPackageDocument() throws {
        let entries = try FixturePacker.minimalEntries().filter { $0.name != "EPUB/package.opf" }
        #expect(openError(try FixturePacker.write(entries, name: "no-opf")) == .missingPackage("EPUB/package.opf"))
    }

    @Test(arguments: ["../evil.xhtml", "EPUB/../../evil.xhtml", "/etc/evil", "C:/evil.xhtml", "EPUB\\..\\..\\evil"])
    func entryEscapingTheRootIsListedNeverRead(name: String) throws {
        let entries = try FixturePacker.minimalEntries() + [FixturePacker.Entry(name: name, data: Data("pwned".utf8))]
        let container = try ContainerOpener.open(try FixturePacker.write(entries, name: "zip-slip"))
        #expect(container.entries.last?.path == name)
        #expect(container.entry(name) == nil)
        #expect(throws: ContainerError.unsafeEntryName(name)) { try container.read(name) }
        #expect(container.nameAmbiguities.first == ContainerNameAmbiguity(name: name, kind: .outsideRoot))
        // The rest of the book reads as ever.
        #expect(try container.read("EPUB/package.opf").count > 100)
    }

    /// libzip turns a NUL byte of a stored name into a space; the container gives the true name back.
    @Test func nameWithNULKeepsItsTrueNameAndIsNeverRead() throws {
        let path = try Self.packWithRawNames([("EPUB/a~b.txt", 0), ("EPUB/with space.txt", nil)], name: "nul-name")
        let container = try ContainerOpener.open(path)
        let names = container.entries.map(\.path)
        #expect(names.suffix(2) == ["EPUB/a\u{0}b.txt", "EPUB/with space.txt"])
        #expect(container.entry("EPUB/a b.txt") == nil)
        #expect(try container.read("EPUB/with space.txt") == Data("y".utf8))
        #expect(container.nameAmbiguities == [ContainerNameAmbiguity(name: "EPUB/a\u{0}b.txt", kind: .nulByte)])
    }

    /// Names are UTF-8 whether flagged or not (OCF): a control character stays itself (libzip would
    /// read the unflagged name as code page 437, `\u{1}` as `☺`); bytes that are not UTF-8 keep
    /// libzip's code-page reading.
    @Test func unflaggedNamesAreReadAsUTF8() throws {
        let path = try Self.packWithRawNames([("EPUB/a~b.txt", 0x01), ("EPUB/c~d.txt", 0xE9)], name: "unflagged-names")
        let container = try ContainerOpener.open(path)
        #expect(container.entries.map(\.path).suffix(2) == ["EPUB/a\u{1}b.txt", "EPUB/cΘd.txt"])
        #expect(try container.read("EPUB/a\u{1}b.txt") == Data("x".utf8))
    }

    /// The minimal book plus one file per name (holding "x", "y", …), each name's byte 6 then
    /// overwritten in the archive (local header and central directory) where a byte is given:
    /// names no ZIP writer would store.
    static func packWithRawNames(_ names: [(name: String, byte: UInt8?)], name: String) throws -> String {
        let extra = names.enumerated().map { i, entry in
            FixturePacker.Entry(name: entry.name, data: Data(String(UnicodeScalar(UInt8(ascii: "x") + UInt8(i))).utf8))
        }
        let path = try FixturePacker.write(try FixturePacker.minimalEntries() + extra, name: name)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for case let (name, byte?) in names {
            while let found = bytes.range(of: Data(name.utf8)) { bytes[found.lowerBound + 6] = byte }
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func symlinkOutOfAFolderIsRefused() throws {
        let fm = FileManager.default
        let copy = fm.temporaryDirectory.appendingPathComponent("epubcontract-symlink-\(UUID().uuidString)")
        try fm.copyItem(atPath: FixturePaths.folder("epub3-minimal"), toPath: copy.path)
        defer { try? fm.removeItem(at: copy) }
        // A link that stays inside the root is an ordinary file.
        try fm.createSymbolicLink(atPath: copy.appendingPathComponent("EPUB/alias.xhtml").path, withDestinationPath: "chapter1.xhtml")
        let inside = try ContainerOpener.open(copy.path)
        #expect(try inside.read("EPUB/alias.xhtml") == inside.read("EPUB/chapter1.xhtml"))
        try fm.createSymbolicLink(atPath: copy.appendingPathComponent("EPUB/passwd").path, withDestinationPath: "/etc/passwd")
        #expect(openError(copy.path) == .container(.unsafeEntryName("EPUB/passwd")))
    }

    @Test func oneGigabyteZipBombIsRefusedWithoutInflating() throws {
        var entries = try FixturePacker.minimalEntries()
        let gigabyte = 1 << 30
        entries[2] = FixturePacker.Entry(name: "EPUB/package.opf", data: Data(count: gigabyte), compressed: true, level: 1)
        let path = try FixturePacker.write(entries, name: "bomb")
        let packed = try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber
        #expect((packed?.intValue ?? .max) < 16 << 20)  // a real bomb: megabytes that inflate to a gigabyte
        let start = Date()
        let error = openError(path)
        #expect(Date().timeIntervalSince(start) < 5)
        let tooLarge = ContainerError.entryTooLarge(entry: "EPUB/package.opf", size: UInt64(gigabyte), limit: 512 << 20)
        #expect(error == .unreadablePackage("EPUB/package.opf", reason: tooLarge.text))
    }

    @Test func totalSizeLimitIsEnforcedAtOpen() throws {
        let entries = try FixturePacker.minimalEntries() + [FixturePacker.Entry(name: "EPUB/big.bin", data: Data(count: 3 << 20), level: 1)]
        let path = try FixturePacker.write(entries, name: "total")
        let limits = ContainerLimits(maxEntrySize: 4 << 20, maxTotalSize: 2 << 20)
        guard case .container(.bookTooLarge(let size, let limit)) = openError(path, limits: limits) else {
            Issue.record("a book above the total limit must be refused")
            return
        }
        #expect(limit == 2 << 20)
        #expect(size > 3 << 20)
    }

    @Test func entryCountLimit() throws {
        let entries = try FixturePacker.minimalEntries() + (0..<20).map { FixturePacker.Entry(name: "EPUB/f\($0).txt", data: Data("x".utf8)) }
        let path = try FixturePacker.write(entries, name: "count")
        #expect(openError(path, limits: ContainerLimits(maxEntryCount: 10)) == .container(.tooManyEntries(count: 25, limit: 10)))
    }

    @Test func readBudgetCountsEveryEntryRead() throws {
        let budget = ReadBudget(limits: ContainerLimits(maxEntrySize: 10, maxTotalSize: 15))
        try budget.reserve("a", size: 10)
        #expect(throws: ContainerError.entryTooLarge(entry: "b", size: 11, limit: 10)) { try budget.reserve("b", size: 11) }
        #expect(throws: ContainerError.bookTooLarge(size: 16, limit: 15)) { try budget.reserve("c", size: 6) }
        try budget.reserve("d", size: 5)
    }

    @Test func entryNameSafety() {
        #expect(EntryName.isSafe("EPUB/a..b.xhtml"))
        #expect(EntryName.isSafe("EPUB/..hidden"))
        #expect(!EntryName.isSafe(""))
        #expect(!EntryName.isSafe("a/../../b"))
        for unsafe in ["..", "a/..", "../a", "/etc/passwd", "\\share", "C:/x", "c:x", "a\\..\\b", "a/b\\..", "a\u{0}b"] {
            #expect(!EntryName.isSafe(unsafe), "\(unsafe)")
        }
        for safe in ["EPUB/.../x", "EPUB/.x", "a./b", "mimetype", "EPUB/中文.xhtml", "ab:c"] {
            #expect(EntryName.isSafe(safe), "\(safe)")
        }
    }

    /// Names readers may resolve differently, in central-directory order, each with its kind.
    @Test func ambiguousEntryNamesAreFoundWithTheChoiceMade() {
        let names = ["mimetype", "EPUB/a.xhtml", "EPUB/A.xhtml", "EPUB/a.xhtml", "EPUB\\img.png", "EPUB/caf\u{E9}.xhtml", "EPUB/cafe\u{301}.xhtml"]
        let found = ContainerNameAmbiguity.find(in: names)
        #expect(found == [
            .init(name: "EPUB/a.xhtml", kind: .repeated(count: 2)),
            .init(name: "EPUB/caf\u{E9}.xhtml", kind: .repeated(count: 2)),  // equal once normalized
            .init(name: "EPUB/A.xhtml", kind: .caseOf("EPUB/a.xhtml")),
            .init(name: "EPUB\\img.png", kind: .backslash),
        ])
        #expect(ContainerNameAmbiguity.find(in: ["mimetype", "EPUB/a.xhtml", "EPUB/b.xhtml"]).isEmpty)
    }
}
