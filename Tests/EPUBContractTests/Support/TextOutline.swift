@testable import EPUBConverter

extension TextBookParser {
    /// A converted text's outline past its front matter, a line a section: its level and title
    /// (`2 第一章 序`), as the download-layout suites assert it.
    static func outline(_ text: String) throws -> [String] {
        try parse(text).sections.filter { $0.kind != .frontMatter }.map { "\($0.level) \($0.title)" }
    }
}
