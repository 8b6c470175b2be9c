import ArgumentParser
import CommandLineSupport
import EPUBContract
import EPUBDocument
import EPUBMessages
import Foundation

/// `epubcontract annotations`: an EPUB Annotations 1.0 set checked against the profile and each
/// target resolved in the book, so that a reading system knows which highlights still hold.
package struct AnnotationsCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "annotations",
        abstract: "Check an EPUB Annotations 1.0 set and resolve each annotation's target in the book.",
        discussion: """
            Reads an AnnotationSet (or one Annotation) as EPUB Annotations 1.0 defines it: required properties, fixed types and values, ISO 8601 dates, the target's source among the manifest's hrefs, the selectors' own rules. A MUST broken is an error, a SHOULD a warning, each at its JSON pointer.

            Each target is resolved in the book: its source to a spine item, then each selector (alternatives, best first) to a range of the item's addressable text (the text `export --format json` writes), with refinements applied: FragmentSelector (an HTML id, a text fragment :~:text=, a media or SVG fragment: the whole resource; an EPUB CFI, which annotation tools use though the profile does not list it: resolved, and reported), CssSelector, TextPositionSelector (characters of the text with whitespace collapsed), TextQuoteSelector (resolved, reported as outside the profile). A target no selector finds any more is stale.

            Exit status: 0 the set follows the profile and every target resolves; 1 an error in the set or a stale target; 2 the book or the set cannot be read, or the set is not JSON.

            Examples:
              epubcontract annotations book.epub notes.annotation
              epubcontract annotations book.epub notes.annotation --json --pretty
              epubcontract annotations unpacked/ unpacked/META-INF/my.annotation
            """
    )

    @Argument(help: "A .epub file or an unpacked EPUB folder.", completion: .file())
    package var path: String

    @Argument(help: "The annotation set (JSON: an AnnotationSet or one Annotation).", completion: .file())
    package var set: String

    @Flag(name: .long, help: "Print the report as JSON.")
    package var json = false

    @Flag(name: .long, help: "Indent the JSON output.")
    package var pretty = false

    @Option(name: .long, help: ReportLocale.optionHelp)
    package var locale: String?

    @OptionGroup(title: "Budgets")
    package var budgets: LimitOptions

    package func run() throws {
        let locale = try ReportLocale.resolve(locale)
        guard let data = FileManager.default.contents(atPath: set) else { throw CLIFailure(.locateCannotReadAnnotations(set)) }
        let session = try budgets.session(at: path, digest: false)
        let locator = CFILocator(session: session)
        let report: AnnotationReport
        do {
            report = try AnnotationChecker.check(Array(data), name: set, locator: locator)
        } catch {
            throw CLIFailure(error.text)
        }
        if json || pretty {
            try StandardOutput.write(report.json(locator, locale: locale).serialized(pretty: pretty) + "\n")
        } else {
            try StandardOutput.write(Self.text(report, locator, locale))
        }
        if report.errors > 0 || report.stale > 0 { throw ExitCode(1) }
    }

    /// The report as lines: the summary, each finding, each annotation's place or why it is stale.
    static func text(_ report: AnnotationReport, _ locator: CFILocator, _ locale: MessageLocale) -> String {
        var out = report.summary.rendered(in: locale) + "\n"
        for finding in report.findings {
            out += "  \(finding.severity.rawValue): \(finding.message.rendered(in: locale))\n"
        }
        for item in report.items {
            let name = item.id ?? item.pointer
            if let range = item.range, let index = item.spineIndex {
                out += "  \(name): \(item.href ?? "") [\(index)] \(range.lowerBound)–\(range.upperBound)" + (item.cfi.map { " \($0)" } ?? "") + "\n"
            } else if item.resolved {
                out += "  \(name): \(item.href ?? item.source ?? "")\n"
            } else {
                let problems = item.selectors.compactMap { $0.problem?.rendered(in: locale) }
                out += "  \(name): " + MessageText.annoStaleTarget.rendered(in: locale) + (problems.isEmpty ? "" : " (" + problems.joined(separator: "; ") + ")") + "\n"
            }
            for note in item.notes { out += "    " + note.rendered(in: locale) + "\n" }
        }
        return out
    }
}
