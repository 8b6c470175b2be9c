import CLibXML2
import EPUBContract
import EPUBOutput
import Foundation

extension BookExporter {
    /// `export --format json`: one JSON file with the reader contract, each spine item's addressable
    /// text (UTF-16 offsets for every id, block structure, ruby annotations) and the contract's
    /// targets (TOC, page list, landmarks, media-overlay text) as `(spineIndex, charOffset)`.
    /// `styles`: also each element's computed style (`--styles`), from the cascade over the
    /// user-agent defaults, the user style sheet (`useUserStyleSheet`) and the book's style sheets.
    public static func exportJSON(_ session: PublicationSession, to output: String, styles: Bool = false) throws(ConversionError) -> Result {
        try OutputPath.refuseOverwritingInput(session.sourcePath, output)
        let contract = ContractBuilder.build(session)
        var state = ExportState(session: session)
        let sheets = styles ? StyleResolver.Sheets(loader: session.resources, userStyleSheet: userStyleSheet?.text) : nil
        let read = try documents(of: contract, session, &state, sheets: sheets)
        if let sheets { state.manifest.diagnostics += ExportStyles.diagnostics(sheets.skipped) }
        var targets = TextTargets(texts: read.texts)
        let positions = JSONValue.object([
            ("toc", .array(targets.entries(contract.toc, depth: 0))), ("pageList", .array(targets.entries(contract.pageList, depth: 0))),
            ("landmarks", .array(targets.landmarks(contract.landmarks))), ("mediaOverlays", .array(targets.overlays(contract.mediaOverlays))),
        ])
        try write(contract, read, positions, state.manifest, session, to: output)
        return Result(manifest: state.manifest, output: output, skippedCSS: sheets?.skipped.count ?? 0)
    }

    /// Each spine item read once, in order: its addressable text, whether it was parsed as HTML,
    /// what a renderer needs beside the text, and (with `--styles`) its computed styles spooled to
    /// disk (a kilobyte an element: they are copied into the output at the end).
    private struct ReadDocuments {
        var texts: [AddressableText] = []
        var parsedAsHTML: [Bool] = []
        var structures: [[(String, JSONValue)]] = []
        var spool: SpoolFile?
        var spooled: [Range<Int>] = []
        /// With `--styles`: the book's distinct styles, complete once every document is read.
        var table: StyleTable?
        /// For documents a media overlay points into: each id's Guided Navigation roles, read while
        /// the document's model is at hand (its tree is let go afterwards).
        var targetRoles: [String: [String: [String]]] = [:]
    }

    private static func documents(of contract: ReaderContract, _ session: PublicationSession, _ state: inout ExportState,
                                  sheets: StyleResolver.Sheets?) throws(ConversionError) -> ReadDocuments {
        var read = ReadDocuments(spool: sheets == nil ? nil : try SpoolFile(), table: sheets == nil ? nil : StyleTable())
        var layoutKeys = LayoutKey(session: session)
        var imageSizes: [String: ExportImage.Size?] = [:]
        // A document that names no language is in the publication's.
        let language = contract.metadata.languages.first
        // With --styles, a document's styles are resolved on another core while this one lays out
        // its text and normalizes the next; its tree lives until they are written.
        var styling: PendingStyles?
        for entry in contract.spine {
            // A bitmap page has no text: its one image is the contract's spine entry (the XHTML
            // export writes a page showing it).
            let (tree, html) = ExportState.isBitmap(entry.mediaType) ? (nil, false) : state.normalized(entry.href, mediaType: entry.mediaType)
            let model = tree.map { ContentDocument(tree: $0, path: entry.href) }
            // One document at a time: the skipped CSS is recorded in document order.
            if let styling { try write(styling, into: &read) }
            let resolving = sheets.flatMap { sheets in model.map { model in BackgroundValue { StyleResolver.resolve(model, sheets: sheets) } } }
            let text = TextLayout.text(of: model, language: language)
            read.structures.append(structure(model, text, entry, session, &layoutKeys, &imageSizes))
            // The model reads the tree: what the overlays need of it is taken before the tree goes.
            if entry.mediaOverlay != nil, let model { read.targetRoles[entry.href] = GuidedNavigation.targetRoles(in: model) }
            if sheets != nil {
                styling = PendingStyles(model: model, text: text, tree: tree, resolving: resolving)
            } else if let tree {
                xmlFreeDoc(tree)
            }
            // The session's tree and bytes of the document are not read again: a book's trees
            // need not all be alive at once (mahabharata's 2,000 held 270 of its 360 MB). The
            // contract is built, so nothing asks for their ids again.
            session.releaseTree(at: entry.href, keepIDs: false)
            state.manifest.documents.append(.init(spineIndex: entry.index, href: entry.href, output: "documents/\(entry.index)", parsedAsHTML: html))
            read.texts.append(text)
            read.parsedAsHTML.append(html)
        }
        if let styling { try write(styling, into: &read) }
        return read
    }

    /// A document whose styles are being resolved, kept until they are written: its model, its
    /// text and the tree both read.
    private struct PendingStyles {
        let model: ContentDocument?
        let text: AddressableText
        let tree: xmlDocPtr?
        let resolving: BackgroundValue<(unique: [ComputedStyle], index: [Int])>?
    }

    /// Writes a document's styles to the spool, its table indexes in document order, and frees its tree.
    private static func write(_ pending: PendingStyles, into read: inout ReadDocuments) throws(ConversionError) {
        // Waited for first: the tree is freed only once no other thread reads it.
        let resolved = pending.resolving?.value ?? ([], [])
        defer { if let tree = pending.tree { xmlFreeDoc(tree) } }
        guard let spool = read.spool, let table = read.table else { return }
        read.spooled.append(try spool.append(ExportStyles.json(pending.model, pending.text, resolved, table: table)))
    }

    /// The contract's targets (TOC, page list, landmarks, media-overlay text) as
    /// `(spineIndex, charOffset)` in the addressable texts.
    private struct TextTargets {
        let texts: [AddressableText]
        private var rangeIndexes: [Int: [String: Range<Int>]] = [:]

        init(texts: [AddressableText]) { self.texts = texts }

        func position(_ spineIndex: Int?, _ fragment: String?) -> JSONValue {
            guard let spineIndex, texts.indices.contains(spineIndex), let offset = texts[spineIndex].offset(of: fragment) else { return .null }
            return .integer(Int64(offset))
        }

        /// Where an overlay fragment's element ends: its range is [charOffset, charEnd).
        mutating func end(_ spineIndex: Int?, _ fragment: String?) -> JSONValue {
            guard let spineIndex, texts.indices.contains(spineIndex) else { return .null }
            guard let fragment, !fragment.isEmpty else { return .integer(Int64(texts[spineIndex].length)) }
            if rangeIndexes[spineIndex] == nil { rangeIndexes[spineIndex] = texts[spineIndex].idRangeIndex() }
            return rangeIndexes[spineIndex]?[fragment].map { .integer(Int64($0.upperBound)) } ?? .null
        }

        func entries(_ list: [TocEntry], depth: Int) -> [JSONValue] {
            list.flatMap { entry -> [JSONValue] in
                [.object([
                    ("title", .string(entry.title)), ("depth", .integer(Int64(depth))), ("href", entry.href.map(JSONValue.string) ?? .null),
                    ("spineIndex", entry.spineIndex.map { .integer(Int64($0)) } ?? .null), ("charOffset", position(entry.spineIndex, entry.fragment)),
                ])] + entries(entry.children, depth: depth + 1)
            }
        }

        func landmarks(_ list: [Landmark]) -> [JSONValue] {
            list.map { mark in
                .object([("type", .string(mark.type)), ("title", .string(mark.title)), ("href", .string(mark.href)),
                         ("spineIndex", mark.spineIndex.map { .integer(Int64($0)) } ?? .null), ("charOffset", position(mark.spineIndex, mark.fragment))])
            }
        }

        mutating func overlays(_ list: [MediaOverlayTimeline]) -> [JSONValue] {
            var out: [JSONValue] = []
            for overlay in list {
                for par in overlay.pars {
                    out.append(.object([("overlay", .string(overlay.href)), ("id", par.id.map(JSONValue.string) ?? .null), ("text", .string(par.text)),
                                        ("spineIndex", par.spineIndex.map { .integer(Int64($0)) } ?? .null), ("charOffset", position(par.spineIndex, par.fragment)),
                                        ("charEnd", end(par.spineIndex, par.fragment)),
                                        ("audio", par.audio.map(JSONValue.string) ?? .null), ("clipBegin", .number(par.clipBegin)),
                                        ("clipEnd", par.clipEnd.map(JSONValue.number) ?? .null)]))
                }
            }
            return out
        }
    }

    /// One spine item's object: its text and what the model says beside it.
    private static func document(_ entry: SpineEntry, _ read: ReadDocuments, _ spineIndexByPath: [String: Int], _ targets: TextTargets) -> JSONValue {
        let text = read.texts[entry.index]
        return .object([
            ("spineIndex", .integer(Int64(entry.index))),
            ("href", .string(entry.href)),
            ("parsedAsHTML", .bool(read.parsedAsHTML[entry.index])),
            ("lang", text.lang.map(JSONValue.string) ?? .null),
            ("dir", text.dir.map(JSONValue.string) ?? .null),
            ("length", .integer(Int64(text.length))),
            ("text", .string(text.text)),
            ("ids", .object(text.ids.map { ($0.id, .integer(Int64($0.offset))) })),
            ("idRanges", .object(text.idRanges.map { ($0.id, .array([.integer(Int64($0.start)), .integer(Int64($0.end))])) })),
            ("blocks", .array(text.blocks.map(\.jsonValue))),
            ("ruby", .array(text.ruby.map(\.jsonValue))),
            ("runs", .array(text.runs.map { run in runJSON(run, in: entry.href, spineIndexByPath, targets.position) })),
        ] + read.structures[entry.index])
    }

    /// Written as it is made, one document at a time: the whole never sits in memory.
    private static func write(_ contract: ReaderContract, _ read: ReadDocuments, _ positions: JSONValue, _ manifest: ExportManifest,
                              _ session: PublicationSession, to output: String) throws(ConversionError) {
        let contractValue = (try? OrderedJSONEncoder().encode(contract)) ?? .object([])
        let exportValue = (try? OrderedJSONEncoder().encode(manifest)) ?? .object([])
        let spineIndexByPath = session.spineIndexByPath
        let targets = TextTargets(texts: read.texts)
        let file = try StreamingFile(output)
        try file.write("{\"exportVersion\":" + JSONValue.string(version).serialized(pretty: false) + ",\"contract\":")
        try file.write(contractValue.utf8(pretty: false))
        if let table = read.table {
            try file.write(",")
            try file.write(table.json())
        }
        try file.write(",\"documents\":[")
        for entry in contract.spine {
            if entry.index > 0 { try file.write(",") }
            var bytes = document(entry, read, spineIndexByPath, targets).utf8(pretty: false)
            if let spool = read.spool, read.spooled.indices.contains(entry.index) {
                bytes.removeLast()  // the closing brace, after the styles
                try file.write(bytes)
                try file.write(",")
                try file.copy(read.spooled[entry.index], from: spool)
                try file.write("}")
            } else {
                try file.write(bytes)
            }
        }
        try file.write("],\"positions\":")
        try file.write(positions.utf8(pretty: false))
        // Each media overlay as a Readium Guided Navigation document (3.1.0).
        let guided = GuidedNavigation.documents(session, targetRoles: read.targetRoles).map { overlay, document -> JSONValue in
            .object([("overlay", .string(overlay.href)), ("spineIndices", .array(overlay.spineIndices.map { .integer(Int64($0)) })),
                     ("type", .string(GuidedNavigation.mediaType)), ("document", document)])
        }
        try file.write(",\"guidedNavigation\":")
        try file.write(JSONValue.array(guided).utf8(pretty: false))
        try file.write(",\"export\":")
        try file.write(exportValue.utf8(pretty: false))
        try file.write("}\n")
        try file.finish()
    }

    /// What a renderer needs beside the text: tables, audio and video, images with their sizes,
    /// and the layout key. Read from the model while its tree is alive.
    private static func structure(_ model: ContentDocument?, _ text: AddressableText, _ entry: SpineEntry, _ session: PublicationSession,
                                  _ keys: inout LayoutKey, _ imageSizes: inout [String: ExportImage.Size?]) -> [(String, JSONValue)] {
        guard let model else {
            return [("tables", .array([])), ("media", .array([])), ("images", .array([])), ("layoutKey", .string(keys.key(of: entry, model: nil, among: [])))]
        }
        // One pass finds every element the four readers want, by name; each reads only its own.
        let wanted = model.elements(named: ExportTable.names.union(ExportMedia.names).union(ExportImage.names).union(LayoutKey.names))
        func among(_ names: Set<String>) -> [Int] { wanted.filter { names.contains(model.elements[$0].localName) } }
        return [
            ("tables", .array(ExportTable.tables(in: model, text, among: among(ExportTable.names)).map(\.jsonValue))),
            ("media", .array(ExportMedia.media(in: model, text, document: entry.href, session, among: among(ExportMedia.names)).map(\.jsonValue))),
            ("images", .array(ExportImage.images(in: model, text, document: entry.href, session, sizes: &imageSizes,
                                                 among: among(ExportImage.names)).map(\.jsonValue))),
            ("layoutKey", .string(keys.key(of: entry, model: model, among: among(LayoutKey.names)))),
        ]
    }

    /// One spine item's addressable text in memory, as `export --format json` writes it: for a
    /// renderer that links the library and lays out text itself. Nil for an index outside the spine.
    public static func addressableText(_ session: PublicationSession, spineIndex: Int) -> AddressableText? {
        guard session.package.spine.indices.contains(spineIndex),
              let item = session.package.item(id: session.package.spine[spineIndex].idref), let path = item.path else { return nil }
        var state = ExportState(session: session)
        let (tree, _) = state.normalized(path, mediaType: item.mediaType)
        defer { if let tree { xmlFreeDoc(tree) } }
        return TextLayout.text(of: tree.map { ContentDocument(tree: $0, path: path) }, language: session.metadata.languages.first)
    }

    /// A run as JSON; a link's target resolved to a container path with fragment (a remote URL as
    /// written) and, inside the spine, to `(spineIndex, charOffset)`.
    private static func runJSON(_ run: AddressableText.Run, in document: String, _ spineIndexByPath: [String: Int],
                                _ position: (Int?, String?) -> JSONValue) -> JSONValue {
        var target: String?
        var spineIndex: Int?
        var fragment: String?
        if let href = run.href {
            switch HrefResolver.resolve(href, against: document) {
            case .local(let path, let f):
                target = path + (f.map { "#" + $0 } ?? "")
                spineIndex = spineIndexByPath[path]
                fragment = f
            case .remote(let url): target = url
            case .invalid: target = nil
            }
        }
        let fields: [(String, JSONValue)] = [
            ("type", .string(run.type)), ("start", .integer(Int64(run.start))), ("end", .integer(Int64(run.end))),
            ("lang", run.lang.map(JSONValue.string) ?? .null), ("href", target.map(JSONValue.string) ?? .null),
            ("spineIndex", spineIndex.map { .integer(Int64($0)) } ?? .null),
            ("charOffset", spineIndex == nil ? .null : position(spineIndex, fragment)),
        ]
        return .object(fields)
    }
}
