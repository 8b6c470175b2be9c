// Opens a publication, reads its reader contract and the text of its first spine item:
// what a native reader does before it lays out a page.
import EPUBContract
import EPUBExport
import Foundation

guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: contract-example BOOK.epub|FOLDER\n".utf8))
    exit(2)
}
let session: PublicationSession
do {
    // One session per book: the container is opened and each file parsed once.
    session = try PublicationSession(path: CommandLine.arguments[1])
} catch {
    // SessionError says why the input cannot be used at all (not a ZIP, no package …).
    FileHandle.standardError.write(Data("contract-example: \(error)\n".utf8))
    exit(2)
}

// The contract: the same value `epubcontract inspect --json` prints.
let contract = ContractBuilder.build(session)
print("title:", contract.metadata.title ?? "(none)")
print("layout:", contract.rendition.layout.rawValue, "- page progression:", contract.pageProgression.rawValue,
      "- writing mode:", contract.writingMode.rawValue)
for item in contract.spine {
    print("spine \(item.index): \(item.href) (\(item.effective.layout.rawValue)\(item.linear ? "" : ", not linear"))")
}
func show(_ entries: [TocEntry], depth: Int) {
    for entry in entries {
        let target = entry.spineIndex.map { "spine \($0)" } ?? "outside the spine"
        print(String(repeating: "  ", count: depth) + "toc: \(entry.title) -> \(target)")
        show(entry.children, depth: depth + 1)
    }
}
show(contract.toc, depth: 1)
// Problems found while reading are part of the contract, each with its message ID and place.
for diagnostic in contract.diagnostics {
    print("\(diagnostic.severity.rawValue) \(diagnostic.id): \(diagnostic.message)")
}

// The addressable text of the first spine item: the characters a renderer lays out, with
// offsets for ids, blocks and links (as `epubcontract export --format json` writes them).
if let text = BookExporter.addressableText(session, spineIndex: 0) {
    print("text of spine 0: \(text.length) characters, \(text.blocks.count) blocks, \(text.ids.count) ids")
    print("begins:", text.text.prefix(60).replacingOccurrences(of: "\n", with: " "))
}
