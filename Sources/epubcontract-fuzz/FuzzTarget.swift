import EPUBContract
import EPUBConverter
import EPUBExport
import EPUBOutput
import EPUBReports
import EPUBValidator
import Foundation

/// What one fuzz input is fed to. Document targets replace one file of a small unpacked book and
/// run the whole pipeline on it (session, contract, validation), so every parser is reached the
/// way real books reach it; `css`, `txt` and `image` (the report's thumbnail readers, JPEG and
/// PNG) call their parsers directly. With `FUZZ_IMAGE_DUMP=DIR`, replaying `image` writes each
/// image as the reader gives it (`NAME.ppm`: a JPEG at an eighth, a PNG whole), for
/// `scripts/thumbnail-check` to hold against Chromium's decoders.
enum FuzzTarget: String, CaseIterable {
    case container, opf, nav, ncx, smil, css, txt, image

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
        case .container, .css, .txt, .image: return nil
        }
    }

    /// Runs one input; a crash, a hang or an exhausted budget is the only failure there is.
    func run(_ data: Data, name: String? = nil, workspace: FuzzWorkspace) {
        switch self {
        case .image:
            let bytes = Array(data)
            guard let image = (try? JPEGDecoder.eighth(bytes)) ?? (try? PNGDecoder.decode(bytes)) else { return }
            _ = JPEGEncoder.encode(image.scaled(toFit: 176, 220))
            if let folder = ProcessInfo.processInfo.environment["FUZZ_IMAGE_DUMP"], let name {
                let header = Data("P6\n\(image.width) \(image.height)\n255\n".utf8)
                _ = FileManager.default.createFile(atPath: folder + "/" + name + ".ppm", contents: header + Data(image.pixels))
            }
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
