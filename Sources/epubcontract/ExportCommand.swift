import ArgumentParser
import CommandLineSupport
import EPUBContract
import EPUBConverter
import EPUBExport
import EPUBOutput
import Foundation

/// `epubcontract export`: a publication as files a renderer can consume.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export an EPUB as normalized XHTML for renderers (or as JSON with addressable text).",
        discussion: """
            --format xhtml writes a folder: contract.json (the reader contract and what the export did), one normalized document per spine item (0001.xhtml … in spine order; UTF-8, <!DOCTYPE html>, namespaces declared once, scripts and event handlers removed, internal links rewritten) and the resources they use under resources/. Documents that are not well-formed are read by the HTML parser and come out well-formed. Nothing is written outside the folder; it is built beside the target and renamed into place.

            --format json writes one file: the reader contract; per spine item the plain text a native renderer lays out (blocks end in a newline, whitespace collapsed, media as U+FFFC, ruby annotations listed apart), every element id's UTF-16 offset in it and the block structure; and the TOC, page list, landmarks and media-overlay targets as (spineIndex, charOffset). Shape: schemas/export.schema.json.

            Exit status: 0 exported; 1 exported, but a document could not be exported whole (a transform error, an unreadable document or a budget cut: listed under "incomplete" with an EC-EXP-003 message; --lenient exits with 0 then); 2 the input cannot be read or the output cannot be written.

            Examples:
              epubcontract export book.epub --format xhtml -o book-xhtml/
              epubcontract export unpacked/ -o out/
              epubcontract export book.epub --format json -o book.json
              epubcontract export book.epub --format json --styles -o book.json
              epubcontract export b.epub --format json --styles --font-size 20 -o b.json
              epubcontract export b.epub --format json --styles --user-css me.css -o b.json

            Many books (--format json only): give several paths, folders of books (-r), @list.txt or -, and -o a folder (made if missing): each book becomes FOLDER/NAME.json, exported in worker processes (-j N) with the batch switches of validate (--jsonl, --summary, --timeout, --resume, --shard, -q).
              epubcontract export catalog/ -r --format json -o out/ --jsonl out.jsonl
            """
    )

    @Argument(help: "A .epub file or an unpacked EPUB folder; with --format json, several, folders of books, @list.txt or -.", completion: .file())
    var paths: [String] = []

    @OptionGroup(title: "Many books")
    var batch: BatchOptions

    @Option(name: [.customShort("j"), .long], help: ArgumentHelp("Books exported at once in a batch (default: the cores).", valueName: "N"))
    var jobs: Int?

    /// The one book of a single run.
    var path: String { paths.first ?? "" }

    /// Several books, a folder of books, a list, or a batch switch: the run goes through workers.
    var isBatch: Bool { batch.isBatch(paths) }

    @Option(name: .long, help: "xhtml (a folder, default) or json (one file).")
    var format: String = "xhtml"

    @Option(name: .shortAndLong, help: "The folder (xhtml; it must not exist, or be empty) or the file (json) to write; for many books, the folder of their JSON files.")
    var output: String?

    @Flag(name: .long, help: "With --format json: each element's computed style (display, margins, fonts, colors, writing mode, breaks …) after the cascade; CSS a browser skips is listed as EC-EXP-004.")
    var styles = false

    @Option(name: .long, help: ArgumentHelp("The reading system's viewport in CSS px that computed styles are resolved for (@media, vw, vh); default 768x1024.", valueName: "WxH"))
    var viewport: String?

    @Option(name: .long, help: ArgumentHelp("The reading system's default font size in CSS px, what `medium` is (a browser's font size setting; monospace stays 13 px); default 16.", valueName: "PX"))
    var fontSize: String?

    @Option(name: .long, help: ArgumentHelp("The reading system's user style sheet (fonts, line height, margins, colours …), applied with user origin: over the browser's defaults, under the book's rules unless !important.", valueName: "FILE"), completion: .file(extensions: ["css"]))
    var userCSS: String?

    @Flag(name: .long, help: "Exit with 0 even when a document could not be exported whole (it is still reported in contract.json).")
    var lenient = false

    @Option(name: .long, help: ReportLocale.optionHelp)
    var locale: String?

    @OptionGroup(title: "Budgets")
    var budgets: LimitOptions

    func validate() throws {
        guard format == "xhtml" || format == "json" else { throw ReportLocale.usage(.cliMustBeOneOf("--format", MessageArgument.list(["xhtml", "json"].map(MessageArgument.text), .or))) }
        if batch.worker { return }
        guard !paths.isEmpty else { throw ReportLocale.usage(.cliNameBookToExport) }
        guard output != nil || batch.list else { throw ReportLocale.usage(.cliNameOutput) }
        if let jobs, !(1...256).contains(jobs) { throw ReportLocale.usage(.cliJobsRange) }
        if styles && format != "json" { throw ReportLocale.usage(.cliStylesForJSON("json")) }
        if isBatch && format != "json" { throw ReportLocale.usage(.cliManyBooksJSON("json")) }
        if jobs != nil && !isBatch { throw ReportLocale.usage(.cliJobsForSeveral) }
        if let viewport, Self.size(viewport) == nil { throw ReportLocale.usage(.cliViewportSize(viewport)) }
        if let fontSize, Self.pixels(fontSize) == nil { throw ReportLocale.usage(.cliFontSize(fontSize)) }
    }

    /// `20`: a whole number of CSS px from 1 to 1000 (Chromium's font size setting is a whole number).
    static func pixels(_ text: String) -> Int? {
        guard let n = Int(text.hasSuffix("px") ? String(text.dropLast(2)) : text), (1...1000).contains(n) else { return nil }
        return n
    }

    /// The renderer's settings for this process, before any book is read (style sheets read
    /// `@media` as they load): the screen, the default font size, the user style sheet (read
    /// whole: over 1 MiB it is no user style sheet).
    private func useRendererSettings() throws {
        if let size = viewport.flatMap(Self.size) { BookExporter.useViewport(width: size.width, height: size.height) }
        if let px = fontSize.flatMap(Self.pixels) { BookExporter.useFontSize(Double(px)) }
        guard let userCSS else { return }
        guard let handle = FileHandle(forReadingAtPath: userCSS) else { throw CLIFailure(.cliUserCSSUnreadable(userCSS)) }
        defer { try? handle.close() }
        let data = (try? handle.read(upToCount: 1 << 20 + 1)) ?? Data()
        guard data.count <= 1 << 20 else { throw CLIFailure(.cliUserCSSTooLarge(userCSS)) }
        guard let text = String(data: data, encoding: .utf8) else { throw CLIFailure(.cliUserCSSUnreadable(userCSS)) }
        BookExporter.useUserStyleSheet(text, name: (userCSS as NSString).lastPathComponent)
    }

    /// The renderer's settings as a worker's arguments (the user style sheet by its absolute path).
    private var rendererArguments: [String] {
        var out = viewport.map { ["--viewport", $0] } ?? []
        if let fontSize { out += ["--font-size", fontSize] }
        if let userCSS { out += ["--user-css", URL(fileURLWithPath: userCSS).standardizedFileURL.path] }
        return out
    }

    /// `360x640`: a width and a height in CSS px, each 1 to 20000.
    static func size(_ text: String) -> (width: Double, height: Double)? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...20_000).contains(width), (1...20_000).contains(height) else { return nil }
        return (Double(width), Double(height))
    }

    func run() throws {
        try useRendererSettings()
        if batch.worker { BatchWorker.serve(record(for:output:)) }
        if isBatch {
            var run = BatchRun(options: batch, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
                               workerArguments: ["export", "--format", "json"] + (lenient ? ["--lenient"] : []) + (styles ? ["--styles"] : [])
                                   + rendererArguments + budgets.arguments, describe: Self.describe)
            run.outputFolder = (output ?? ".", ".json")
            Foundation.exit(try run.run(paths))
        }
        guard let output else { throw CLIFailure(.cliNameOutput) }
        let session = try budgets.session(at: path)
        let result: BookExporter.Result
        do {
            result = format == "json" ? try BookExporter.exportJSON(session, to: output, styles: styles) : try BookExporter.export(session, to: output)
        } catch {
            throw CLIFailure(error.text)
        }
        let manifest = result.manifest
        let recovered = manifest.documents.filter(\.parsedAsHTML).count
        let locale = try ReportLocale.resolve(locale)
        var lines: [MessageText] = []
        lines.append(format == "xhtml" ? .exportWroteWithResources(result.output, manifest.documents.count, manifest.resources.count)
                                       : .exportWrote(result.output, manifest.documents.count))
        if manifest.scriptsRemoved + manifest.eventHandlersRemoved > 0 {
            lines.append(.exportScriptsRemoved(manifest.scriptsRemoved, manifest.eventHandlersRemoved))
        }
        if recovered > 0 { lines.append(.exportReadAsHTML(recovered)) }
        if !manifest.remoteReferences.isEmpty { lines.append(.exportRemoteLeft(manifest.remoteReferences.count, "contract.json")) }
        if result.skippedCSS > 0 {
            let places = manifest.diagnostics.filter { $0.id == MessageID.EC_EXP_004.rawValue }.count
            lines.append(.exportCSSSkipped(result.skippedCSS, MessageID.EC_EXP_004.rawValue, places))
        }
        if !manifest.unresolvedReferences.isEmpty { lines.append(.exportMissingEmptied(manifest.unresolvedReferences.count, "contract.json")) }
        try StandardOutput.write(lines.enumerated().map { ($0.offset == 0 ? "" : "  ") + $0.element.rendered(in: locale) + "\n" }.joined())
        if !manifest.incomplete.isEmpty {
            let incomplete = MessageText.exportIncomplete(manifest.incomplete.count, MessageArgument.list(manifest.incomplete.map(MessageArgument.text), .none),
                                                          MessageID.EC_EXP_003.rawValue)
            StandardError.write("epubcontract: " + incomplete.rendered(in: locale) + "\n")
            if !lenient { throw ExitCode(1) }
        }
    }

    /// One book exported by a worker to the file the run named for it.
    private func record(for path: String, output: String?) -> BatchRecord {
        let start = DispatchTime.now()
        var record = BatchRecord(path: path, size: nil, sha256: nil, status: .unusable, exitCode: 2, elapsedMs: 0)
        do {
            guard let output else { throw CLIFailure(.cliNoOutputForBook) }
            let session = try PublicationSession(path: path, limits: budgets.limits)
            let result = try BookExporter.exportJSON(session, to: output, styles: styles)
            // The contract's own source digest (hashed while the book was read) serves the record too.
            if let digest = session.sourceDigest?.value { (record.size, record.sha256) = (digest.size, digest.sha256) }
            let whole = result.manifest.incomplete.isEmpty
            record.status = whole ? .clean : .errors
            record.exitCode = whole || lenient ? 0 : 1
            record.payload = ("output", JSONValue.string(result.output).serialized())
        } catch let error as CLIFailure {
            record.error = error.message
        } catch {
            record.error = messageText(of: error).rendered(in: ReportLocale.current)
        }
        if record.sha256 == nil { (record.size, record.sha256) = BatchRecord.digest(of: path) }
        record.elapsedMs = BatchWorker.elapsed(since: start)
        return record
    }

    /// A finished book on standard output: where it was written, or why not.
    static func describe(_ record: [String: Any]) -> [String] {
        let book = record["path"] as? String ?? "?"
        if let output = record["output"] as? String { return [MessageText.describeExportWrote(book, output).rendered(in: ReportLocale.current)] }
        return [BatchRecord.failureLine(record)]
    }
}
