import Foundation

/// Where the repository's fixtures live, found from this source file so tests run from any directory.
enum FixturePaths {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let fixtures = root.appendingPathComponent("Fixtures")
    static let schema = root.appendingPathComponent("schemas/reader-contract.schema.json")
    static let reportSchema = root.appendingPathComponent("schemas/validation-report.schema.json")

    static func folder(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
    static func expected(_ name: String) -> URL { fixtures.appendingPathComponent("\(name).expected.json") }

    /// Every fixture folder (an expanded EPUB with `mimetype`).
    static var all: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return names.filter { FileManager.default.fileExists(atPath: fixtures.appendingPathComponent($0).appendingPathComponent("mimetype").path) }.sorted()
    }
}
