import ArgumentParser
import CommandLineSupport
import EPUBContract
import EPUBDocument
import EPUBMessages
import Foundation

/// `epubcontract locate`: an EPUB CFI, a quote, a Readium position or an href turned into a place
/// in the export's addressable text (spine index, UTF-16 offset), and back into a canonical CFI.
package struct LocateCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "locate",
        abstract: "Resolve an EPUB CFI, a quote, a position or an href to a place in the book's text, and give its canonical CFI.",
        discussion: """
            Prints one JSON object: the canonical CFI ("cfi"; corrected when an id or text assertion no longer held where the path led), the spine item ("spineIndex", "href"), the UTF-16 offset in the item's addressable text ("offset"; "end" for a range or a quote) — the text `export --format json` writes —, the text around it, a Readium Locator (progression and position) and notes on approximations.

            CFIs follow EPUB CFI 1.1: package steps to an itemref, '!', element steps (even), character data (odd), ':N' offsets in UTF-16 units, '~' and '@' media offsets (kept, not applied), ranges (P,S,E), id and text assertions, side bias ([;s=b]). Accepted leniently: a bare path (/6/4!/4/2/1:0), an IRI (book.epub#epubcfi(...), percent-escapes decoded), leading zeros.

            --batch reads one query a line (a CFI, or SPINE:OFFSET[-END]) and prints one JSON object a line, an "error" in place of a place for a query that leads nowhere.

            Exit status: 0 every query resolved; 1 a query leads nowhere (a step past the children, an offset past the text, an assertion that holds nowhere: a stale bookmark); 2 the book cannot be read or a query is not a CFI.

            Examples:
              epubcontract locate book.epub 'epubcfi(/6/4[chap01]!/4/10[p5]/3:10)'
              epubcontract locate book.epub --offset 3:1200
              epubcontract locate book.epub --quote 'Call me Ishmael' --suffix 'Some'
              epubcontract locate book.epub --position 12
              epubcontract locate book.epub --href 'text/chapter-1.xhtml#p12'
              epubcontract locate book.epub --batch bookmarks.txt
            """
    )

    @Argument(help: "A .epub file or an unpacked EPUB folder.", completion: .file())
    package var path: String

    @Argument(help: "An EPUB CFI (epubcfi(...), a bare path, or an IRI ending in #epubcfi(...)).")
    package var cfi: String?

    @Option(name: .long, help: ArgumentHelp("A place in the export's text: spine index and UTF-16 offset, or a range.", valueName: "SPINE:OFFSET[-END]"))
    package var offset: String?

    @Option(name: .long, help: "Text to find (whitespace collapsed), as a Web Annotation text-quote selector's exact text.")
    package var quote: String?

    @Option(name: .long, help: "With --quote: text that must come right before it.")
    package var prefix: String?

    @Option(name: .long, help: "With --quote: text that must come right after it.")
    package var suffix: String?

    @Option(name: .long, help: "A Readium position (1-based, as `positions` lists them).")
    package var position: Int?

    @Option(name: .long, help: "A spine item's container path, with an optional #fragment.")
    package var href: String?

    @Option(name: .long, help: ArgumentHelp("Queries one a line (CFI or SPINE:OFFSET[-END]) from a file, or - for standard input; JSON Lines out.", valueName: "FILE"))
    package var batch: String?

    @Flag(name: .long, help: "Indent the JSON output (not with --batch).")
    package var pretty = false

    @Option(name: .long, help: ReportLocale.optionHelp)
    package var locale: String?

    @OptionGroup(title: "Budgets")
    package var budgets: LimitOptions

    package func validate() throws {
        let given = [cfi != nil, offset != nil, quote != nil, position != nil, href != nil, batch != nil].filter { $0 }.count
        guard given == 1 else { throw ReportLocale.usage(.locateOneQuery) }
        if (prefix != nil || suffix != nil) && quote == nil { throw ReportLocale.usage(.locatePrefixWithQuote) }
    }

    package func run() throws {
        let locale = try ReportLocale.resolve(locale)
        let session = try budgets.session(at: path, digest: false)
        let locator = CFILocator(session: session)
        if let batch {
            try runBatch(batch, locator, locale)
            return
        }
        let query = cfi ?? offset ?? quote ?? href ?? position.map(String.init) ?? ""
        let location: CFILocation
        var matches: Int?
        do {
            if let quote {
                let found = try locator.locate(quote: quote, prefix: prefix ?? "", suffix: suffix ?? "")
                (location, matches) = (found.location, found.matches)
            } else if let position {
                location = try locator.locate(position: position)
            } else if let href {
                location = try locator.locate(href: href)
            } else {
                location = try Self.resolve(query, locator)
            }
        } catch let failure as CLIFailure {
            throw failure
        } catch let failure as CFILocator.Failure {
            throw CLIFailure(failure.text, status: 1)
        }
        var json = locator.json(location, query: query, locale: locale)
        if let matches, case .object(var fields) = json {
            fields.append(("matches", .integer(Int64(matches))))
            json = .object(fields)
        }
        try StandardOutput.write(json.serialized(pretty: pretty) + "\n")
    }

    /// One query: a CFI, or SPINE:OFFSET[-END]. A query that is neither is a usage error (status 2).
    static func resolve(_ query: String, _ locator: CFILocator) throws -> CFILocation {
        if let place = offsetQuery(query) {
            return try locator.locate(spineIndex: place.spine, offset: place.offset, end: place.end)
        }
        let parsed: CFI
        do {
            parsed = try CFIParser.parse(query)
        } catch {
            throw CLIFailure(error.text)
        }
        return try locator.resolve(parsed)
    }

    /// `3:1200` or `3:1200-1260`; nil for anything else.
    static func offsetQuery(_ query: String) -> (spine: Int, offset: Int, end: Int?)? {
        let parts = query.trimmingCharacters(in: .whitespaces).split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let spine = Int(parts[0]), spine >= 0 else { return nil }
        let bounds = parts[1].split(separator: "-", maxSplits: 1)
        guard let offset = bounds.first.flatMap({ Int($0) }), offset >= 0 else { return nil }
        if bounds.count == 2 {
            guard let end = Int(bounds[1]), end >= offset else { return nil }
            return (spine, offset, end)
        }
        return (spine, offset, nil)
    }

    private func runBatch(_ source: String, _ locator: CFILocator, _ locale: MessageLocale) throws {
        let data: Data
        if source == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let read = FileManager.default.contents(atPath: source) else { throw CLIFailure(.locateCannotReadBatch(source)) }
            data = read
        }
        var failed = false
        var out = ""
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let query = line.trimmingCharacters(in: .whitespaces)
            if query.isEmpty || query.hasPrefix("#") { continue }
            do {
                out += locator.json(try Self.resolve(query, locator), query: query, locale: locale).serialized() + "\n"
            } catch {
                failed = true
                let text = (error as? CLIFailure)?.message ?? (error as? CFILocator.Failure)?.text.rendered(in: locale) ?? "\(error)"
                out += JSONValue.object([("query", .string(query)), ("error", .string(text))]).serialized() + "\n"
            }
            if out.utf8.count > 1 << 16 {
                try StandardOutput.write(out)
                out = ""
            }
        }
        try StandardOutput.write(out)
        if failed { throw ExitCode(1) }
    }
}
