@testable import EPUBValidator
@testable import EPUBReports
import Foundation
import Testing

/// The single-file modes run the registry of their document kind, as a publication does: the same
/// document says the same things alone and in its book (what needs the package aside).
struct RuleRegistryTests {
    static let validate = FixturePaths.fixtures.appendingPathComponent("validate")

    private func placed(_ report: ValidationReport, in path: String) -> [String] {
        report.messages.flatMap { message in
            message.locations.filter { $0.path == path }.map { "\(message.id) \($0.line ?? 0)" }
        }.sorted()
    }

    /// MED-014 for a local and a remote audio URL with a fragment, at their lines, in both modes.
    @Test func overlayAloneAndInItsPublication() throws {
        let book = Self.validate.appendingPathComponent("med-014-remote-audio-fragment")
        guard case .report(let publication) = Validator.validate(path: book.path),
              case .report(let alone) = Validator.validate(path: book.appendingPathComponent("EPUB/smil/overlay.smil").path, input: .mediaOverlay)
        else {
            Issue.record("both inputs should be usable")
            return
        }
        #expect(placed(publication, in: "EPUB/smil/overlay.smil") == ["MED_014 25", "MED_014 7"])
        #expect(placed(alone, in: "overlay.smil") == ["MED_014 25", "MED_014 7"])
    }

    /// A repeated id and an element out of place in an overlay (the registry's id and grammar
    /// rules) beside an audio fragment: the same four findings alone and in the book, at the lines
    /// EPUBCheck 5.3.0 gives in both modes.
    @Test func overlayGrammarAndIDsAlike() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-registry-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.validate.appendingPathComponent("med-014-audio-fragment"), to: folder)
        let smil = folder.appendingPathComponent("EPUB/smil/overlay.smil")
        let text = try String(contentsOf: smil, encoding: .utf8)
            .replacingOccurrences(of: "<par id=\"par3\">", with: "<par id=\"par2\">")
            .replacingOccurrences(of: "<text src=\"../text/c2.xhtml#h2\"/>", with: "<text src=\"../text/c2.xhtml#h2\"/><bogus/>")
        try text.write(to: smil, atomically: true, encoding: .utf8)
        guard case .report(let publication) = Validator.validate(path: folder.path),
              case .report(let alone) = Validator.validate(path: smil.path, input: .mediaOverlay) else {
            Issue.record("both inputs should be usable")
            return
        }
        let expected = ["MED_014 7", "RSC-005 10", "RSC-005 15", "RSC-005 20"]
        #expect(placed(publication, in: "EPUB/smil/overlay.smil") == expected)
        #expect(placed(alone, in: "overlay.smil") == expected)
    }
}
