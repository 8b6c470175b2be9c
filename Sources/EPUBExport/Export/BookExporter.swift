import CLibXML2
import EPUBContract
import EPUBStyle
import EPUBOutput
import Foundation

/// `export --format xhtml`: one normalized XHTML document per spine item, the resources they use
/// under safe names, and `contract.json` (the reader contract and what the export did), written to
/// a temporary folder and renamed into place. Documents come from the session's parsed trees,
/// transformed by `schemas/normalize-xhtml.xsl`; links are rewritten here from the export's map.
public enum BookExporter {
    /// Version of the export folder's layout and of `contract.json`'s `export` object.
    public static let version = "3.3.0"

    /// The reading system's viewport, in CSS px, that computed styles are resolved for (`@media`,
    /// `vw`, `vh`): the process's screen, set once before any book is read (768 × 1024 otherwise).
    public static func useViewport(width: Double, height: Double) {
        MediaAssumptions.use(width: width, height: height)
    }

    /// The reading system's default font size in px (`medium`; 16 otherwise), for the process,
    /// set once before any book is read.
    public static func useFontSize(_ px: Double) {
        MediaAssumptions.use(fontSize: px)
    }

    /// The reading system's user style sheet, applied with user origin to every document's
    /// computed styles; for the process, set once before any book is read (after the viewport
    /// and font size, which its `@media` read). `name` is written in `contract.json`.
    public static func useUserStyleSheet(_ text: String, name: String) {
        userStyleSheet = (text, name)
    }

    nonisolated(unsafe) static var userStyleSheet: (text: String, name: String)?

    /// What was exported and where: the manifest also written as `contract.json`.
    public struct Result: Sendable {
        public var manifest: ExportManifest
        public var output: String
        /// With `--styles`: how many rules, declarations and values of the book's CSS a browser
        /// skips (listed as EC-EXP-004, a mistake repeated in a document's `style` attributes once).
        public var skippedCSS = 0
    }

    public static func export(_ session: PublicationSession, to output: String) throws(ConversionError) -> Result {
        try OutputPath.refuseOverwritingInput(session.sourcePath, output)
        let contract = ContractBuilder.build(session)
        var state = ExportState(session: session)
        // Names first: a link may point forward to any spine item.
        for entry in contract.spine { _ = state.names.spineDocument(entry.href, index: entry.index) }
        var files: [(name: String, bytes: [UInt8])] = []
        for entry in contract.spine {
            let name = ExportNames.number(entry.index + 1) + ".xhtml"
            files.append((name, state.document(entry.href, mediaType: entry.mediaType, output: name, spineIndex: entry.index)))
        }
        // Documents reached only by hyperlinks (footnotes out of the spine), as they are found.
        var done = 0
        while done < state.pendingAux.count {
            let (path, name) = state.pendingAux[done]
            done += 1
            let mediaType = session.package.item(path: path)?.mediaType ?? "application/xhtml+xml"
            files.append((name, state.document(path, mediaType: mediaType, output: name, spineIndex: nil)))
        }
        // Resources, including those only style sheets name (fonts, backgrounds), as they are found.
        var copied = 0
        while copied < state.names.resourceOrder.count {
            let path = state.names.resourceOrder[copied]
            copied += 1
            guard let name = state.names.resources[path] else { continue }
            files.append((name, state.resourceBytes(path, output: name)))
            state.manifest.resources.append(.init(href: path, output: name, mediaType: session.package.item(path: path)?.mediaType))
        }
        let exportJSON = (try? OrderedJSONEncoder().encode(state.manifest))?.serialized(pretty: true) ?? "{}"
        let contractJSON = "{\n\"exportVersion\": \"\(version)\",\n\"contract\": " + ContractBuilder.json(contract, pretty: true) + ",\n\"export\": " + exportJSON + "\n}\n"
        files.insert(("contract.json", Array(contractJSON.utf8)), at: 0)
        try OutputPath.writeFolder(files, to: output)
        return Result(manifest: state.manifest, output: output)
    }
}
