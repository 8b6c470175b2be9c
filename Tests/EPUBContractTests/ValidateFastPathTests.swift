import ArgumentParser
import EPUBContract
@testable import epubcontract
import Testing

/// The fast path must read every command line it accepts exactly as ArgumentParser does, and
/// leave every other one to it.
struct ValidateFastPathTests {
    private func parsed(_ arguments: [String]) -> ValidateCommand? {
        (try? EPUBContractCommand.parseAsRoot(arguments)) as? ValidateCommand
    }

    @Test func everydayLinesTakeTheFastPath() throws {
        let request = try #require(ValidateFastPath.request(["validate", "book.epub", "-u", "--format", "json"]))
        #expect(request.path == "book.epub")
        #expect(request.usage)
        #expect(request.format == .json)
        #expect(request == parsed(["validate", "book.epub", "-u", "--format", "json"])?.request)
        #expect(ValidateFastPath.request(["validate", "book.epub", "-j", "report.json", "--fail-on", "warning"])?.jsonFile == "report.json")
        #expect(ValidateFastPath.request(["validate", "-j", "-", "book.epub"])?.jsonFile == "-")
    }

    @Test(arguments: [
        ["inspect", "book.epub"], ["validate"], ["validate", "--help"], ["validate", "-h"], ["validate", "--version"],
        ["validate", "a.epub", "b.epub"], ["validate", "@books.txt"], ["validate", "Fixtures/validate"],
        ["validate", "book.epub", "-uw"], ["validate", "book.epub", "--format=json"], ["validate", "book.epub", "--format", "xml"],
        ["validate", "book.epub", "-j", "2"], ["validate", "book.epub", "-u", "-u"], ["validate", "book.epub", "-o", "r.html", "--format", "html"],
        ["validate", "book.epub", "--mode", "exp"], ["validate", "book.epub", "--max-elements", "10"], ["validate", "--", "book.epub"],
        ["validate", "book.epub", "--json"], ["validate", "book.epub", "-j", "--pretty"],
    ])
    func otherLinesAreLeftToArgumentParser(arguments: [String]) {
        #expect(ValidateFastPath.request(arguments) == nil)
    }

    /// Thousands of lines drawn from the switches both readers know and some they must not take.
    @Test func acceptedLinesReadAsArgumentParserReadsThem() {
        let pool = ["-u", "--usage", "-e", "--error", "-w", "--warn", "--pretty", "--format", "json", "text", "sarif", "epubcheck", "html",
                    "bogus", "--fail-on", "warning", "error", "--profile", "dict", "edupub", "default", "-j", "-", "out.json", "2", "--json",
                    "book.epub", "other.epub", "Fixtures/epub3-minimal", "-uw", "--format=json", "--mode", "-o", "--", "-v", "3.0"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var accepted = 0
        for _ in 0..<2000 {
            var arguments = ["validate"]
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for _ in 0..<Int(state >> 61) + 1 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                arguments.append(pool[Int(state >> 33) % pool.count])
            }
            guard let fast = ValidateFastPath.request(arguments) else { continue }
            accepted += 1
            let line = arguments.joined(separator: " ")
            guard let command = parsed(arguments) else {
                Issue.record("ArgumentParser refuses what the fast path took: \(line)")
                return
            }
            #expect(!(command.isBatch || command.printVersion || command.batch.worker), "\(line)")
            #expect(fast == command.request, "\(line)")
        }
        #expect(accepted > 150)
    }
}
