import ArgumentParser
import EPUBLanguageServer
import Foundation
import EPUBContract

/// `epubcontract lsp`: the language server, on standard input and output.
struct LSPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Lint unpacked books as you edit them: a language server (LSP 3.17 over stdio).",
        discussion: """
            An editor starts it and speaks JSON-RPC on its standard input and output. A book is a folder holding mimetype or META-INF/container.xml; every change to one of its files, saved or not, validates the book again (the editor's buffers laid over the files on disk) and publishes diagnostics per file: the range of the tag, the message ID as the code, the text in the editor's locale (en, zh-Hans, ja). Code actions apply what `epubcontract fix --only ID` repairs; go-to-definition and references follow manifest ids, idrefs, hrefs and fragment ids across files; hover and completion know the epub:type, properties, rel and meta property vocabularies, manifest ids and the book's files. The README shows the settings for VS Code, Neovim and Zed.

            Example (Neovim):
              vim.lsp.start({ name = "epubcontract", cmd = { "epubcontract", "lsp" }, root_dir = vim.fs.root(0, { "mimetype", "META-INF" }) })
            """
    )

    @Option(help: ArgumentHelp("How long a burst of edits is waited out before validating (milliseconds).", valueName: "MS"))
    var debounce: Int = 15

    func validate() throws {
        guard (0...5_000).contains(debounce) else { throw ValidationError("--debounce takes 0 to 5000 milliseconds, not \(debounce).") }
    }

    func run() throws {
        let status = LanguageServer(debounceMilliseconds: debounce, version: ReaderContract.version).run()
        Foundation.exit(status)
    }
}
