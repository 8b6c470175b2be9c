import Foundation

/// One opened publication: reads each resource once, owns every parsed document, and records
/// what it could not read. Validators and exporters work from a session; nothing re-parses.
public final class PublicationSession: @unchecked Sendable {
    /// What a session covers: a whole publication, or one package document read on its own.
    public enum Scope: Sendable {
        case publication
        case packageDocument
    }

    public let sourcePath: String
    public let scope: Scope
    /// Size and SHA-256 of a `.epub` input, hashed in the background; nil for a folder.
    public let sourceDigest: SourceDigest?
    public let containerDocument: ContainerDocument
    public let package: PackageDocument
    public let metadata: PublicationMetadata
    /// Rendition properties, completed by what the content says (viewports, writing modes, spreads).
    public let rendition: Rendition
    public let displayOptions: DisplayOptions?
    /// Container path → index of the first spine item at that path.
    public let spineIndexByPath: [String: Int]
    /// Tables of contents, page list and landmarks, read once when the session opens.
    public let navigation: PublicationNavigation
    /// Media-overlay metadata and one timeline per SMIL document, read once when the session opens.
    public let mediaOverlayMetadata: MediaOverlayMetadata?
    public let mediaOverlays: [MediaOverlayTimeline]
    /// Every entry read once, every parsed document kept, every diagnostic recorded.
    package let resources: ResourceStore

    /// What a renderer should do when the book is silent; derived from the rendition and the
    /// language each time, so it can never disagree with them.
    public var inferred: InferredPresentation {
        Self.infer(package, metadata, pageProgression: rendition.pageProgression, writingMode: rendition.writingMode)
    }

    private static func infer(_ package: PackageDocument, _ metadata: PublicationMetadata, pageProgression: PageProgression,
                              writingMode: WritingMode) -> InferredPresentation {
        InferredPresentation.infer(
            pageProgression: pageProgression, primaryWritingMode: RenditionResolver.primaryWritingMode(package),
            writingMode: writingMode, language: metadata.languages.first ?? package.language)
    }

    /// Everything the session could not read or had to guess, in the order found.
    public var diagnostics: [Diagnostic] { resources.diagnostics }

    public var container: any OCFContainer { resources.container }

    /// Opens a `.epub` file or an unpacked folder and reads the package. Throws only when there is no
    /// package to read; a broken but readable book opens with diagnostics.
    /// `digest`: hash the `.epub` (for the contract's `source`); a validator has no use for it.
    public convenience init(path: String, limits: ContainerLimits = .default, digest: Bool = true) throws(SessionError) {
        try self.init(path: path, limits: limits, digest: digest, cssChecker: nil)
    }

    /// `cssChecker`: style sheets are also read as a conformance checker reads them, in the same
    /// pass (the validator's checker; a reader needs none).
    /// `unsaved`: an editor's buffers over a folder's files (`ContainerOpener`).
    package convenience init(path: String, limits: ContainerLimits = .default, digest: Bool = true,
                             cssChecker: CSSGrammarChecker?, unsaved: [String: Data] = [:]) throws(SessionError) {
        let container: any OCFContainer
        do {
            container = try ContainerOpener.open(path, limits: limits, unsaved: unsaved)
        } catch {
            throw .container(error)
        }
        var log = DiagnosticLog()
        guard container.contains(ContainerDocument.path) else { throw .missingContainerXML }
        let containerData: Data
        do {
            containerData = try container.read(ContainerDocument.path)
        } catch {
            throw .container(error)
        }
        let containerXML = XMLParser.parse(containerData, path: ContainerDocument.path, limits: limits.document)
        log.append(contentsOf: containerXML.diagnostics)
        try Self.refuseExternalEntities(containerXML)
        guard let containerTree = containerXML.document else { throw .noPackageRootfile(found: log.items) }
        let containerDocument = ContainerDocument.parse(containerTree, diagnostics: &log)
        try self.init(path: path, container: container, containerDocument: containerDocument, log: log,
                      cached: (containerData, containerXML), scope: .publication, digest: digest, cssChecker: cssChecker)
    }

    /// Opens one package document on its own (`validate --mode opf`): nothing else is read, so
    /// neither the files it lists nor content documents are looked at.
    public convenience init(packageDocumentAt path: String, limits: ContainerLimits = .default) throws(SessionError) {
        try self.init(packageDocumentAt: path, limits: limits, cssChecker: nil)
    }

    package convenience init(packageDocumentAt path: String, limits: ContainerLimits = .default, cssChecker: CSSGrammarChecker?) throws(SessionError) {
        let container: SingleFileContainer
        do {
            container = try SingleFileContainer(path: path, limits: limits)
        } catch {
            throw .container(error)
        }
        let containerDocument = ContainerDocument(rootfiles: [.init(fullPath: container.name, mediaType: ContainerDocument.packageMediaType)])
        try self.init(path: path, container: container, containerDocument: containerDocument, log: DiagnosticLog(), cached: nil,
                      scope: .packageDocument, digest: false, cssChecker: cssChecker)
    }

    private init(path: String, container: any OCFContainer, containerDocument: ContainerDocument, log initialLog: DiagnosticLog,
                 cached containerFile: (Data, XMLParser.Result)?, scope: Scope, digest: Bool, cssChecker: CSSGrammarChecker?) throws(SessionError) {
        self.sourcePath = path
        self.scope = scope
        self.sourceDigest = digest && container.kind == .epub ? SourceDigest(path: path) : nil
        var log = initialLog
        guard let packagePath = containerDocument.packagePath else { throw .noPackageRootfile(found: log.items) }
        guard container.contains(packagePath) else { throw .missingPackage(packagePath) }
        let opfData: Data
        do {
            opfData = try container.read(packagePath)
        } catch {
            throw .unreadablePackage(packagePath, reason: error.text)
        }
        let opf = XMLParser.parse(opfData, path: packagePath, limits: container.limits.document)
        log.append(contentsOf: opf.diagnostics)
        try Self.refuseExternalEntities(opf)
        guard let opfTree = opf.document else {
            throw .unreadablePackage(packagePath, reason: opf.diagnostics.first?.text ?? .documentNotWellFormedXmlNoDetail)
        }
        // A recovered tree is read for what it still says, but its structural faults are artefacts
        // of the recovery: the RSC-016 already says what is wrong.
        var packageLog = DiagnosticLog()
        let package = PackageParser.parse(opfTree, diagnostics: &packageLog)
        if !opfTree.isRecovered { log.append(contentsOf: packageLog.items) }
        let metadata = MetadataReader.read(package)
        var xmlCache: [String: XMLParser.Result?] = [packagePath: opf]
        var dataCache: [String: Data?] = [packagePath: opfData]
        if let (containerData, containerXML) = containerFile {
            xmlCache[ContainerDocument.path] = containerXML
            dataCache[ContainerDocument.path] = containerData
        }
        var displayOptions: DisplayOptions?
        for optionsPath in [DisplayOptions.applePath, DisplayOptions.koboPath] where displayOptions == nil && container.contains(optionsPath) {
            let bytes: Data
            do {
                bytes = try container.read(optionsPath)
            } catch {
                log.add(.unreadableEntry(error), path: optionsPath)
                continue
            }
            dataCache[optionsPath] = bytes
            let parsed = XMLParser.parse(bytes, path: optionsPath, limits: container.limits.document)
            log.append(contentsOf: parsed.diagnostics)
            xmlCache[optionsPath] = parsed
            if let tree = parsed.document { displayOptions = DisplayOptions.parse(tree) }
        }
        let declared = RenditionResolver.resolve(package, displayOptions: displayOptions, diagnostics: &log)
        let resources = ResourceStore(container: container, log: log, data: dataCache, xml: xmlCache, cssChecker: cssChecker)
        var spineIndexByPath: [String: Int] = [:]
        for (index, ref) in package.spine.enumerated() {
            if let path = package.item(id: ref.idref)?.path, spineIndexByPath[path] == nil { spineIndexByPath[path] = index }
        }
        resources.record(Self.packageReferences(package, container: container, scope: scope))
        // The stages that read content documents: navigation, media overlays, then viewports,
        // writing modes and spreads (which the reading direction depends on).
        var content: ContentRendition.Result?
        // A package document alone still has its overlay metadata judged; its overlays are not there to read.
        (mediaOverlayMetadata, mediaOverlays) = MediaOverlayReader.read(package, spineIndexByPath: spineIndexByPath, loader: resources)
        if scope == .publication {
            navigation = NavigationReader.read(package, spineIndexByPath: spineIndexByPath, loader: resources)
            content = ContentRendition.read(package, declared: declared, loader: resources)
        } else {
            navigation = .empty
        }
        self.rendition = Rendition(declared: declared, content: content, spine: package.spine) { mode in
            Self.infer(package, metadata, pageProgression: declared.pageProgression, writingMode: mode).readingProgression
        }
        self.containerDocument = containerDocument
        self.package = package
        self.metadata = metadata
        self.displayOptions = displayOptions
        self.resources = resources
        self.spineIndexByPath = spineIndexByPath
    }

    /// External entities in the OCF or package document are an attack, not a book: refuse them outright.
    private static func refuseExternalEntities(_ result: XMLParser.Result) throws(SessionError) {
        if let found = result.diagnostics.first(where: { $0.messageID == .HTM_003 }) {
            throw .unsafeXML(found.location?.path ?? "", reason: found.text ?? .externalEntityRefused)
        }
    }

    /// Adds diagnostics found by a later stage.
    public func record(_ diagnostics: [Diagnostic]) { resources.record(diagnostics) }

    /// The bytes of a container entry, read once; nil when it is missing, with a diagnostic when it cannot be read.
    public func data(at path: String) -> Data? { resources.data(at: path) }

    /// The first bytes of an entry (an image header); the full entry when it was read already.
    public func data(at path: String, prefix count: Int) -> Data? { resources.data(at: path, prefix: count) }

    /// The parsed XML of a container entry, parsed once; parse problems are recorded on the session.
    package func xml(at path: String) -> XMLParser.Result? { resources.xml(at: path) }
    /// The parsed tree of an entry when it is well-formed: a tree libxml2 recovered from broken
    /// markup is reported once (RSC-016) and checked no further, so rules ask for this one.
    package func wellFormedTree(at path: String) -> XMLDocument? {
        guard let document = xml(at: path)?.document, !document.isRecovered else { return nil }
        return document
    }

    /// The head of an XHTML or SVG document (stylesheets, viewport, root and body attributes), scanned once.
    package func head(at path: String) -> DocumentHead? { resources.head(at: path) }

    /// A style sheet of the container, parsed once (as UTF-8, a byte-order mark dropped).
    package func styleSheet(at path: String) -> CSSStyleSheet? { resources.styleSheet(at: path) }
    /// What the session's conformance checker found in a style sheet (see `ResourceStore`).
    package func styleSheetFindings(at path: String) -> (any Sendable)? { resources.styleSheetFindings(at: path) }

    /// The content-document model of an XHTML or SVG entry, with its source (so that places become
    /// columns and offsets); nil when the entry is missing or not XML. Made from the session's tree
    /// when it has one, else from a parse of its own whose problems are not recorded: a reader that
    /// only needs an element's place must not add a validator's findings to the contract.
    package func contentDocument(at path: String) -> ContentDocument? { resources.contentDocument(at: path) }

    /// The ids a document defines (its fragment identifiers), collected once; nil when it cannot be parsed.
    public func elementIDs(in path: String) -> ElementIDs? { resources.elementIDs(in: path) }

    /// Each id of a document with its place in document order, collected once.
    package func elementIDOrder(in path: String) -> [String: Int] { resources.elementIDOrder(in: path) }

    /// Lets go of a document's parsed tree (its ids and their order are kept); read again, it is
    /// parsed again without recording its problems twice. For checks that go through many documents.
    /// `ids`: the document's ids in document order when the caller has them already (else they are
    /// collected from the tree before it goes).
    /// Lets go of an entry's bytes once its tree is parsed (see `ResourceStore.releaseBytes`).
    package func releaseBytes(at path: String) { resources.releaseBytes(at: path) }
    package func releaseTree(at path: String, ids: ElementIDs? = nil, keepIDs: Bool = true) { resources.release(path, ids: ids, keepIDs: keepIDs) }

    /// The package documents of the other renditions `container.xml` names (multiple renditions),
    /// each parsed once; their problems are recorded on the session.
    public var otherRenditionPackages: [PackageDocument] {
        containerDocument.rootfiles
            .filter { $0.mediaType?.trimmingXMLWhitespace() == ContainerDocument.packageMediaType && !$0.fullPath.isEmpty && $0.fullPath != package.path }
            .compactMap { resources.package(at: $0.fullPath) }
    }

    /// Package-level facts that need the container: manifest items whose file is missing, fallback cycles.
    private static func packageReferences(_ package: PackageDocument, container: any OCFContainer, scope: Scope) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for item in package.manifest {
            if scope == .publication, let path = item.path, !container.contains(path) {
                found.append(Diagnostic(.manifestFileMissing(id: item.id, path: path), location: .init(path: package.path, line: item.line)))
            }
            if let fallback = item.fallback, package.item(id: fallback) == nil {
                found.append(Diagnostic(.fallbackUnknown(id: item.id, fallback: fallback), location: .init(path: package.path, line: item.line)))
            }
        }
        // One report per cycle, at the item whose fallback closes it (where EPUBCheck reports it too).
        var inReportedCycle = Set<String>()
        for item in package.manifest where !inReportedCycle.contains(item.id) {
            let chain = package.fallbackChain(of: item)
            guard let reentry = chain.reentry else { continue }
            let closing = chain.ids.last.flatMap { package.item(id: $0) } ?? item
            if !inReportedCycle.contains(reentry) {
                found.append(Diagnostic(.fallbackCircular(id: closing.id), location: .init(path: package.path, line: closing.line)))
            }
            inReportedCycle.formUnion([item.id] + chain.ids)
        }
        // EPUBCheck says OPF-030 when it checks a publication; a lone package gets only the schema rule.
        if scope == .publication {
            if let ref = package.uniqueIdentifierRef, !ref.isEmpty {
                if !package.entries(Vocabulary.dc + "identifier").contains(where: { $0.id == ref }) {
                    found.append(Diagnostic(.uniqueIdentifierUnresolved(ref: ref), location: .init(path: package.path)))
                }
            } else {
                found.append(Diagnostic(.uniqueIdentifierMissing, location: .init(path: package.path)))
            }
        }
        return found
    }

}
