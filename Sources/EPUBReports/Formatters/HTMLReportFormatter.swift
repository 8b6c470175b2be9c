import EPUBAccessibility
import EPUBContract
import Foundation

/// One self-contained HTML page about a book, for people rather than pipelines: the metadata with
/// the cover, the spine drawn as pages and spreads, the TOC, media-overlay timelines and the
/// diagnostics. No script and no network: a Content-Security-Policy allows only inline styles and
/// `data:` images, so a report can be mailed or archived and opens the same anywhere.
public enum HTMLReportFormatter {
    /// An image embedded in the report (the cover), as its media type and bytes.
    public struct Image: Sendable {
        public var mediaType: String
        public var bytes: Data

        public init(mediaType: String, bytes: Data) {
            self.mediaType = mediaType
            self.bytes = bytes
        }
    }

    /// Image types a browser shows from a `data:` URL in `img` (where SVG runs no script).
    static let embeddable: Set<String> = ["image/jpeg", "image/png", "image/gif", "image/webp", "image/svg+xml"]
    /// Larger covers are named, not embedded: a report stays small enough to mail.
    static let largestEmbeddedImage = 4 << 20

    /// The cover of a session's book, when it has one the report can embed. A large JPEG is
    /// embedded as a thumbnail at the size the page shows it (a 450 KB cover became 15 KB); a
    /// small one, or one whose thumbnail would be coarser than the page shows, as it is.
    public static func cover(of session: PublicationSession, _ contract: ReaderContract) -> Image? {
        guard let cover = contract.metadata.cover, let type = cover.mediaType?.lowercased(), embeddable.contains(type),
              let size = session.container.entry(cover.href)?.size, size <= largestEmbeddedImage,
              let bytes = session.data(at: cover.href) else { return nil }
        if type == "image/jpeg", bytes.count > 4 * PageThumbnail.budget, let eighth = try? JPEGDecoder.eighth(Array(bytes)),
           eighth.width >= PageThumbnail.box.width * 2 / 3 {
            return Image(mediaType: type, bytes: JPEGEncoder.encode(eighth.scaled(toFit: PageThumbnail.box.width, PageThumbnail.box.height), quality: 80))
        }
        return Image(mediaType: type, bytes: bytes)
    }

    /// What each spine document is, for its tile: the first table-of-contents entry that leads to
    /// it, else its first heading (`h1`…`h6`, white space collapsed); none for a document with
    /// neither (a tile then shows its file name).
    public static func pageLabels(of session: PublicationSession, _ contract: ReaderContract) -> [Int: String] {
        var labels: [Int: String] = [:]
        func visit(_ entries: [TocEntry]) {
            for entry in entries {
                if let index = entry.spineIndex, labels[index] == nil, !entry.title.isEmpty { labels[index] = entry.title }
                visit(entry.children)
            }
        }
        visit(contract.toc)
        let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
        // Each unlabelled document read on all cores: a spine of thousands (mahabharata: 2,014) stays quick.
        let unlabelled = contract.spine.filter { labels[$0.index] == nil && $0.mediaType == "application/xhtml+xml" }
        let found = ParallelMap.map(unlabelled) { entry -> String? in
            guard let document = session.contentDocument(at: entry.href),
                  let first = document.elements.first(where: { headings.contains($0.localName) }) else { return nil }
            let text = LibXMLNode.content(first.node).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return text.isEmpty ? nil : text
        }
        for (entry, text) in zip(unlabelled, found) { labels[entry.index] = text }
        return labels
    }

    /// The page. `report`: the messages to list (for `inspect`, the contract's diagnostics);
    /// `contract`: nil when the book could not be read far enough for one; `command`: which
    /// command made the page, said in its header.
    /// `accessibility`: the book's accessibility report, drawn as its own section when given.
    /// `locale`: the page's language (default: the report's). `labels`: each spine document's tile
    /// label (`pageLabels`), file names where none is given. `thumbnails`: fixed-layout pages'
    /// pictures (`PageThumbnail.all`), drawn in their tiles. `images`: the accessibility
    /// inventory's images as the page embeds them (`inventoryImages`).
    public static func format(_ report: ValidationReport, contract: ReaderContract?, cover: Image?, command: String,
                              accessibility: AccessibilityReport? = nil, locale: MessageLocale? = nil, labels: [Int: String] = [:],
                              thumbnails: [Int: PageThumbnail] = [:], images: [String: Image] = [:]) -> String {
        var page = HTMLPage(locale: locale ?? report.locale)
        let title = contract?.metadata.title ?? (report.sourcePath as NSString).lastPathComponent
        page.open(title: "\(title) — epubcontract \(command)", css: css)
        page.raw("<header><h1>\(escape(title))</h1><p class=\"sub\">\(escape(report.sourcePath))")
        if let contract {
            page.raw(" · EPUB \(escape(contract.package.version ?? "?")) · \(escape(contract.package.path))")
        }
        page.raw(" · epubcontract \(escape(ReaderContract.version)) \(escape(command))</p></header>\n")
        var jumps: [(String, MessageText)] = [("metadata", .htmlMetadata), ("rendition", .htmlRendition), ("spine", .htmlSpine),
                                              ("contents", .htmlContents), ("overlays", .htmlMediaOverlays)]
        if accessibility != nil { jumps.append(("accessibility", .htmlAccessibility)) }
        jumps.append(("diagnostics", .htmlDiagnostics))
        page.raw("<nav class=\"jump\">" + jumps.map { "<a href=\"#\($0.0)\">\(page.say($0.1))</a>" }.joined(separator: " ") + "</nav>\n")
        if let contract {
            metadata(contract, cover: cover, into: &page)
            rendition(contract, into: &page)
            spine(contract, labels: labels, thumbnails: thumbnails, into: &page)
            contents(contract, into: &page)
            overlays(contract, into: &page)
        }
        if let accessibility { Self.accessibility(accessibility, images: images, into: &page) }
        diagnostics(report, into: &page)
        page.close()
        return page.text
    }

    /// Text for HTML content and attribute values: the project's XML escaper (which also drops
    /// characters no markup may hold), with `'` escaped too so that any quoting is safe.
    static func escape(_ text: String) -> String {
        let escaped = XMLText.escaped(text, attribute: true)
        return escaped.contains("'") ? escaped.replacingOccurrences(of: "'", with: "&#39;") : escaped
    }

    /// A number of seconds or pixels without a useless `.0`.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(format: "%.3f", value)
    }

    /// The metadata as a table beside the cover thumbnail.
    private static func metadata(_ contract: ReaderContract, cover: Image?, into page: inout HTMLPage) {
        let m = contract.metadata
        page.raw("<section id=\"metadata\"><h2>\(page.say(.htmlMetadata))</h2><div class=\"meta\">")
        if let cover {
            page.raw("<img class=\"cover\" alt=\"\(page.say(.htmlCover))\" src=\"data:\(cover.mediaType);base64,\(cover.bytes.base64EncodedString())\">")
        } else if let href = m.cover?.href {
            page.raw("<div class=\"cover none\">\(page.say(.htmlCover))<br>\(escape(href))<br>\(page.say(.htmlNotEmbedded))</div>")
        }
        let rows: [(MessageText, String?)] = [
            (.htmlTitle, m.title), (.htmlSubtitle, m.subtitle), (.htmlAuthors, m.creators.map(\.name).joined(separator: ", ")),
            (.htmlContributors, m.contributors.map { $0.name + ($0.roles.isEmpty ? "" : " (\($0.roles.joined(separator: ", ")))") }.joined(separator: ", ")),
            (.htmlNarrators, m.narrators.joined(separator: ", ")), (.htmlPublisher, m.publisher), (.htmlLanguage, m.languages.joined(separator: ", ")),
            (.htmlIdentifier, m.identifier), (.htmlPublished, m.published), (.htmlModified, m.modified),
            (.htmlSeries, m.series.map { $0.name + ($0.position.map { " #" + number($0) } ?? "") }),
            (.htmlPagesInPrint, m.numberOfPages.map(String.init)), (.htmlAccessibility, m.accessibility.conformsTo.joined(separator: ", ")),
        ]
        var cells = rows.compactMap { label, value in value.flatMap { $0.isEmpty ? nil : (label, escape($0)) } }
        // The description often holds escaped markup: shown formatted, through an allow-list.
        if let description = m.description, !description.isEmpty { cells.append((.htmlDescription, DescriptionMarkup.html(description))) }
        page.table(cells)
        page.raw("</div></section>\n")
    }

    /// Publication-wide layout and direction, with what a renderer should infer and why.
    private static func rendition(_ contract: ReaderContract, into page: inout HTMLPage) {
        let r = contract.rendition
        let viewport = r.viewport.flatMap { v in v.width.flatMap { w in v.height.map { MessageText.shownAsIs("\(number(w)) × \(number($0)) px") } } }
        let rows: [(MessageText, MessageText)] = [
            (.htmlLayout, .htmlValueWithSource(r.layout.rawValue, r.layoutSource.rawValue)),
            (.htmlOrientation, .shownAsIs(r.orientation.rawValue)), (.htmlSpread, .shownAsIs(r.spread.rawValue)), (.htmlFlow, .shownAsIs(r.flow.rawValue)),
            (.htmlViewport, viewport ?? .htmlNone),
            (.htmlPageProgression, .htmlProgressionValue(contract.pageProgression.rawValue, contract.inferred.readingProgression.rawValue,
                                                         contract.inferred.readingProgressionReason.rawValue)),
            (.htmlWritingMode, .htmlValueWithSource(contract.writingMode.rawValue, contract.writingModeSource.rawValue)),
            (.htmlTableOfContents, .htmlTOCEntries(contract.toc.count, contract.tocSource.rawValue)),
        ]
        page.raw("<section id=\"rendition\"><h2>\(page.say(.htmlRendition))</h2>")
        page.table(rows.map { ($0, page.say($1)) }, attributes: "data-progression=\"\(contract.pageProgression.rawValue)\" data-writing-mode=\"\(contract.writingMode.rawValue)\"")
        page.raw("</section>\n")
    }
}
