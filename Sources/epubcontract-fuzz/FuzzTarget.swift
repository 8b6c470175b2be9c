import EPUBContract
import EPUBConverter
import EPUBExport
import EPUBOutput
import EPUBValidator
import Foundation

/// What one fuzz input is fed to. Document targets replace one file of a small unpacked book and
/// run the whole pipeline on it (session, contract, validation), so every parser is reached the
/// way real books reach it; `css` and `txt` call their parsers directly.
enum FuzzTarget: String, CaseIterable {
    case container, opf, nav, ncx, smil, css, txt

    /// Budgets small enough that one input never costs more than a fraction of a second.
    static let limits = ContainerLimits(maxEntrySize: 4 << 20, maxTotalSize: 16 << 20, maxEntryCount: 1_000,
                                        document: DocumentLimits(maxElements: 20_000, maxAttributes: 200, maxEntityExpansion: 1 << 20))

    /// The file of the template book a document target replaces.
    var file: String? {
        switch self {
        case .opf: return "EPUB/package.opf"
        case .nav: return "EPUB/nav.xhtml"
        case .ncx: return "EPUB/toc.ncx"
        case .smil: return "EPUB/c1.smil"
        case .container, .css, .txt: return nil
        }
    }

    /// Runs one input; a crash, a hang or an exhausted budget is the only failure there is.
    func run(_ data: Data, workspace: FuzzWorkspace) {
        switch self {
        case .css:
            let text = String(decoding: data, as: UTF8.self)
            _ = CSSParser.parse(text, checking: CSSGrammarCheck.checker)
            _ = CSSGrammarCheck.declarationProblems(text)
        case .txt:
            if let decoded = try? TextDecoder.decode(data) { _ = try? TextBookParser.parse(decoded.text) }
        case .container:
            workspace.write(data, to: workspace.epubPath)
            pipeline(workspace.epubPath)
        case .opf, .nav, .ncx, .smil:
            workspace.resetBook()
            workspace.write(data, to: workspace.bookPath + "/" + (file ?? ""))
            pipeline(workspace.bookPath)
        }
    }

    private func pipeline(_ path: String) {
        if let session = try? PublicationSession(path: path, limits: Self.limits) {
            _ = ContractBuilder.json(ContractBuilder.build(session), pretty: false)
        }
        _ = Validator.validate(path: path, limits: Self.limits)
    }
}
