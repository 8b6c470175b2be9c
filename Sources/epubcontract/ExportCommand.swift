import ArgumentParser
import EPUBContract
import EPUBConverter
import Foundation

/// `epubcontract export`: a publication as files a renderer can consume.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export an EPUB as normalized XHTML for renderers (or as JSON with addressable text).",
        discussion: """
            --format xhtml writes a folder: contract.json (the reader contract and what the export
            did), one normalized document per spine item (0001.xhtml … in spine order; UTF-8,
            <!DOCTYPE html>, namespaces declared once, scripts and event handlers removed, internal
            links rewritten) and the resources they use under resources/. Documents that are not
            well-formed are read by the HTML parser and come out well-formed. Nothing is written
            outside the folder; it is built beside the target and renamed into place.

            --format json writes one file: the reader contract; per spine item the plain text a
            native renderer lays out (blocks end in a newline, whitespace collapsed, media as U+FFFC,
            ruby annotations listed apart), every element id's UTF-16 offset in it and the block
            structure; and the TOC, page list, landmarks and media-overlay targets as (spineIndex,
            charOffset). Shape: schemas/export.schema.json.

            Exit status: 0 exported; 2 the input cannot be read or the output cannot be written.

            Examples:
              epubcontract export book.epub --format xhtml -o book-xhtml/
              epubcontract export unpacked/ -o out/
              epubcontract export book.epub --format json -o book.json
            """
    )

    @Argument(help: "A .epub file or an unpacked EPUB folder.", completion: .file())
    var path: String

    @Option(name: .long, help: "xhtml (a folder, default) or json (one file).")
    var format: String = "xhtml"

    @Option(name: .shortAndLong, help: "The folder (xhtml; it must not exist, or be empty) or the file (json) to write.")
    var output: String

    func validate() throws {
        guard format == "xhtml" || format == "json" else { throw ValidationError("--format must be xhtml or json.") }
    }

    func run() throws {
        let session: PublicationSession
        do {
            session = try PublicationSession(path: path)
        } catch {
            throw CLIFailure(message: error.description)
        }
        let result: BookExporter.Result
        do {
            result = format == "json" ? try BookExporter.exportJSON(session, to: output) : try BookExporter.export(session, to: output)
        } catch {
            throw CLIFailure(message: error.description)
        }
        let manifest = result.manifest
        let recovered = manifest.documents.filter(\.parsedAsHTML).count
        print("Wrote \(result.output): \(manifest.documents.count) document(s)" + (format == "xhtml" ? ", \(manifest.resources.count) resource(s)" : ""))
        if manifest.scriptsRemoved + manifest.eventHandlersRemoved > 0 {
            print("  removed \(manifest.scriptsRemoved) script(s) and \(manifest.eventHandlersRemoved) event handler(s)")
        }
        if recovered > 0 { print("  \(recovered) document(s) were not well-formed and were read as HTML") }
        if !manifest.remoteReferences.isEmpty { print("  \(manifest.remoteReferences.count) remote reference(s) left as they are (listed in contract.json)") }
        if !manifest.unresolvedReferences.isEmpty { print("  \(manifest.unresolvedReferences.count) reference(s) to missing files emptied (listed in contract.json)") }
    }
}
