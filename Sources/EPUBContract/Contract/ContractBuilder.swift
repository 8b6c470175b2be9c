/// Builds the `ReaderContract` from a session. It only reads the session; it parses nothing.
public enum ContractBuilder {
    public static let generatorName = "epubcontract"

    public static func build(_ session: PublicationSession) -> ReaderContract {
        let package = session.package
        let spineIDs = Set(package.spine.map(\.idref))
        var spine = spineEntries(session)
        let ranges = PositionList.compute(spine, container: session.container).ranges
        for index in spine.indices { spine[index].positions = ranges[index] }
        // Each document a page break points into is read once, for all its page breaks.
        var documents: [Int: (model: ContentDocument?, length: Int)] = [:]
        let pageList = session.navigation.pageList.map { entry -> TocEntry in
            var located = entry
            if let index = entry.spineIndex, let range = ranges[index] {
                if range.count > 1, entry.fragment != nil, documents[index] == nil {
                    let href = spine[index].href
                    documents[index] = (session.contentDocument(at: href), session.data(at: href)?.count ?? 0)
                }
                let document = documents[index]
                located.position = PositionList.position(of: entry.fragment, in: range, document: document?.model, length: document?.length ?? 0)
            }
            return located
        }
        let manifest = package.manifest.map { item in
            ManifestEntry(id: item.id, href: href(item), mediaType: item.mediaType, properties: item.properties,
                          fallback: item.fallback, mediaOverlay: item.mediaOverlay,
                          size: item.path.flatMap { session.container.entry($0)?.size }, inSpine: spineIDs.contains(item.id))
        }
        let navigation = session.navigation
        return ReaderContract(
            contractVersion: ReaderContract.version,
            generator: .init(name: generatorName, version: ReaderContract.version),
            source: source(session),
            package: .init(version: package.version, path: package.path, uniqueIdentifier: session.metadata.identifier,
                           uniqueIdentifierRef: package.uniqueIdentifierRef, prefixes: package.prefixes.declared,
                           dir: package.dir, lang: package.language),
            metadata: session.metadata,
            rendition: session.rendition.publication,
            pageProgression: session.rendition.pageProgression,
            writingMode: session.rendition.writingMode,
            writingModeSource: session.rendition.writingModeSource,
            inferred: session.inferred,
            spine: spine,
            spreads: session.rendition.spreads,
            navDocument: navigation.navDocument,
            ncx: navigation.ncx,
            tocSource: navigation.tocSource,
            toc: navigation.toc,
            pageList: pageList,
            landmarks: navigation.landmarks,
            navLists: navigation.navLists,
            mediaOverlay: session.mediaOverlayMetadata,
            mediaOverlays: session.mediaOverlays,
            manifest: manifest,
            diagnostics: session.diagnostics + containerDiagnostics(session))
    }

    /// What only a reader's contract asks of the container (`validate` says these in EPUBCheck's
    /// terms, OPF-060 and PKG-009, and pays for neither): entry names readers may resolve
    /// differently, with the reading chosen; local headers that say other than the central
    /// directory (a streaming reader reads the former; this tool, the latter).
    private static func containerDiagnostics(_ session: PublicationSession) -> [Diagnostic] {
        var out = session.container.nameAmbiguities.map(diagnostic)
        if let why = session.container.localHeaderDisagreement() {
            out.append(Diagnostic(.EC_OCF_004, message: .zipLocalHeadersDisagree(why)))
        }
        return out
    }

    /// What a reader is told of an ambiguous entry name, with the copy or reading this tool chose.
    private static func diagnostic(_ ambiguity: ContainerNameAmbiguity) -> Diagnostic {
        let at = Diagnostic.Location(path: ambiguity.name)
        switch ambiguity.kind {
        case .repeated(let count): return Diagnostic(.EC_OCF_001, message: .zipHoldsEntriesNamedSame(count, ambiguity.name), location: at)
        case .caseOf(let other): return Diagnostic(.EC_OCF_002, message: .zipNamesDifferOnlyInCase(ambiguity.name, other), location: at)
        case .backslash:
            let slashed = ambiguity.name.replacingOccurrences(of: "\\", with: "/")
            return Diagnostic(.EC_OCF_003, message: .zipNameHasBackslash(ambiguity.name, slashed), location: at)
        case .outsideRoot: return Diagnostic(.EC_OCF_005, message: .zipNamePointsOutside(ambiguity.name), location: at)
        case .nulByte: return Diagnostic(.EC_OCF_006, message: .zipNameHoldsNUL(ambiguity.name.replacingOccurrences(of: "\u{0}", with: "\\0")), location: at)
        }
    }

    /// Readium's positions list of the publication (`epubcontract positions`).
    public static func positions(_ session: PublicationSession) -> PositionList {
        PositionList.compute(spineEntries(session), container: session.container).list
    }

    /// The positions list with each spine index's range of positions (what locators count in).
    public static func positionsWithRanges(_ session: PublicationSession) -> (list: PositionList, ranges: [Int: SpineEntry.Positions]) {
        PositionList.compute(spineEntries(session), container: session.container)
    }

    /// The spine as the contract shows it, before positions are given.
    private static func spineEntries(_ session: PublicationSession) -> [SpineEntry] {
        let package = session.package
        return package.spine.enumerated().map { index, ref -> SpineEntry in
            let item = package.item(id: ref.idref)
            let rendition = session.rendition.items[index]
            return SpineEntry(
                index: index, idref: ref.idref, href: item.map(href) ?? "", mediaType: item?.mediaType ?? "",
                linear: ref.linear, properties: rendition.properties, effective: rendition.effective,
                viewport: rendition.viewport,
                writingMode: rendition.writingMode,
                mediaOverlay: item?.mediaOverlay.flatMap { package.item(id: $0) }.map(href),
                fallbackChain: item.map { package.fallbackChain(of: $0).ids.compactMap { package.item(id: $0).map(href) } } ?? [],
                positions: nil)
        }
    }

    /// The positions list as JSON text: `{"total": N, "positions": [Locator…]}`.
    public static func json(_ positions: PositionList, pretty: Bool) -> String {
        ((try? OrderedJSONEncoder().encode(positions)) ?? .object([])).serialized(pretty: pretty)
    }

    /// The contract as JSON text, keys in contract order.
    public static func json(_ contract: ReaderContract, pretty: Bool) -> String {
        // The encoder only fails on values that throw from encode(to:); the contract has none.
        let value = (try? OrderedJSONEncoder().encode(contract)) ?? .object([])
        return value.serialized(pretty: pretty)
    }

    private static func href(_ item: ManifestItem) -> String {
        item.path ?? item.href
    }

    private static func source(_ session: PublicationSession) -> ReaderContract.Source {
        if let digest = session.sourceDigest?.value {
            return .init(path: session.sourcePath, kind: .epub, size: digest.size, sha256: digest.sha256)
        }
        let size = session.container.entries.reduce(UInt64(0)) { $0 &+ $1.size }
        return .init(path: session.sourcePath, kind: session.container.kind, size: size, sha256: nil)
    }
}
