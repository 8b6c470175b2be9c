import Foundation
import Testing

/// Rules about the sources themselves, which no compiler checks.
struct SourcePolicyTests {
    /// Every public type says in a doc comment why it exists: the library's users read no source.
    @Test func everyPublicTypeHasADocComment() throws {
        let sources = FixturePaths.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? []
        let declaration = try NSRegularExpression(pattern: #"^\s*public (final )?(struct|enum|class|protocol|actor|typealias) (\w+)"#)
        var types = 0
        for file in files where file.hasSuffix(".swift") {
            let lines = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for (number, line) in lines.enumerated() {
                guard let match = declaration.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                      let name = Range(match.range(at: 3), in: line).map({ line[$0] }) else { continue }
                types += 1
                var above = number - 1
                while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
                let documented = above >= 0 && lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///")
                #expect(documented, "\(file):\(number + 1): public type \(name) has no doc comment")
            }
        }
        #expect(types > 50)
    }

    /// Rules read the package model, never the package document's XML again: no XPath over `opf:`
    /// names in the validator (its built-in grammars under `Schemas/` are data, not queries), and
    /// no rule asks the session for the package document's tree, except the two that judge the
    /// XML itself rather than what it says (its grammar and its form, under `Rules/Shared/`).
    @Test func validatorRulesReadThePackageModel() throws {
        let sources = FixturePaths.root.appendingPathComponent("Sources/EPUBValidator")
        let files = FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? []
        let xpath = try NSRegularExpression(pattern: #""[^"]*\bopf:[A-Za-z*]"#)
        var scanned = 0
        for file in files where file.hasSuffix(".swift") && !file.hasPrefix("Schemas/") {
            scanned += 1
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                let found = xpath.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
                #expect(!found, "\(file):\(number + 1): an opf: XPath; read PackageDocument instead")
                let judgesXML = file.hasPrefix("Rules/Shared/SchemaRules") || file.hasPrefix("Rules/Shared/XMLFormRules")
                #expect(judgesXML || !line.contains("xml(at: package.path)"), "\(file):\(number + 1): the package's tree read again; read PackageDocument instead")
            }
        }
        #expect(scanned > 60)
    }
}

