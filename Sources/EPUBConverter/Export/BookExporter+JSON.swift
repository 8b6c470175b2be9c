import CLibXML2
import EPUBContract
import Foundation

extension BookExporter {
    /// `export --format json`: one JSON file with the reader contract, each spine item's addressable
    /// text (UTF-16 offsets for every id, block structure, ruby annotations) and the contract's
    /// targets (TOC, page list, landmarks, media-overlay text) as `(spineIndex, charOffset)`.
    public static func exportJSON(_ session: PublicationSession, to output: String) throws(ConversionError) -> Result {
        try OutputPath.refuseOverwritingInput(session.sourcePath, output)
        let contract = ContractBuilder.build(session)
        var state = ExportState(session: session)
        var texts: [AddressableText] = []
        var documents: [JSONValue] = []
        for entry in contract.spine {
            let (tree, parsedAsHTML) = state.normalized(entry.href, mediaType: entry.mediaType)
            let text = tree.map(TextExtractor.extract) ?? TextExtractor.extract(nil)
            if let tree { xmlFreeDoc(tree) }
            state.manifest.documents.append(.init(spineIndex: entry.index, href: entry.href, output: "documents/\(entry.index)", parsedAsHTML: parsedAsHTML))
            texts.append(text)
            documents.append(.object([
                ("spineIndex", .integer(Int64(entry.index))),
                ("href", .string(entry.href)),
                ("parsedAsHTML", .bool(parsedAsHTML)),
                ("length", .integer(Int64(text.length))),
                ("text", .string(text.text)),
                ("ids", .object(text.ids.map { ($0.id, .integer(Int64($0.offset))) })),
                ("blocks", .array(text.blocks.map(\.jsonValue))),
                ("ruby", .array(text.ruby.map(\.jsonValue))),
            ]))
        }
        func position(_ spineIndex: Int?, _ fragment: String?) -> JSONValue {
            guard let spineIndex, texts.indices.contains(spineIndex), let offset = texts[spineIndex].offset(of: fragment) else { return .null }
            return .integer(Int64(offset))
        }
        func entries(_ list: [TocEntry], depth: Int) -> [JSONValue] {
            list.flatMap { entry -> [JSONValue] in
                [.object([
                    ("title", .string(entry.title)), ("depth", .integer(Int64(depth))), ("href", entry.href.map(JSONValue.string) ?? .null),
                    ("spineIndex", entry.spineIndex.map { .integer(Int64($0)) } ?? .null), ("charOffset", position(entry.spineIndex, entry.fragment)),
                ])] + entries(entry.children, depth: depth + 1)
            }
        }
        let landmarks: [JSONValue] = contract.landmarks.map { mark in
            .object([("type", .string(mark.type)), ("title", .string(mark.title)), ("href", .string(mark.href)),
                     ("spineIndex", mark.spineIndex.map { .integer(Int64($0)) } ?? .null), ("charOffset", position(mark.spineIndex, mark.fragment))])
        }
        let overlays: [JSONValue] = contract.mediaOverlays.flatMap { overlay in
            overlay.pars.map { par in
                JSONValue.object([("overlay", .string(overlay.href)), ("id", par.id.map(JSONValue.string) ?? .null), ("text", .string(par.text)),
                                  ("spineIndex", par.spineIndex.map { .integer(Int64($0)) } ?? .null), ("charOffset", position(par.spineIndex, par.fragment)),
                                  ("audio", par.audio.map(JSONValue.string) ?? .null), ("clipBegin", .number(par.clipBegin)),
                                  ("clipEnd", par.clipEnd.map(JSONValue.number) ?? .null)])
            }
        }
        let contractValue = (try? OrderedJSONEncoder().encode(contract)) ?? .object([])
        let exportValue = (try? OrderedJSONEncoder().encode(state.manifest)) ?? .object([])
        let whole = JSONValue.object([
            ("exportVersion", .string(version)),
            ("contract", contractValue),
            ("documents", .array(documents)),
            ("positions", .object([("toc", .array(entries(contract.toc, depth: 0))), ("pageList", .array(entries(contract.pageList, depth: 0))),
                                   ("landmarks", .array(landmarks)), ("mediaOverlays", .array(overlays))])),
            ("export", exportValue),
        ])
        try OutputPath.writeFile(Array((whole.serialized(pretty: false) + "\n").utf8), to: output)
        return Result(manifest: state.manifest, output: output)
    }
}
