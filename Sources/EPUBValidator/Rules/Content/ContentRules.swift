import EPUBContract
import EPUBReports
import Foundation

/// References and features of XHTML and SVG content documents, read from the session's scans:
/// targets that are missing, unlisted, remote or malformed (RSC-006 … RSC-033), hyperlinks out of
/// the spine (RSC-010, RSC-011), fragments (RSC-012), the manifest properties a document needs or
/// declares in vain (OPF-014, OPF-015), deprecated `epub:switch`/`epub:trigger` (RSC-017), and,
/// over the whole publication, resources nothing uses (OPF-097) and unreachable non-linear items (OPF-096).
enum ContentRules {
    static let xhtml = "application/xhtml+xml"
    static let svg = "image/svg+xml"
    /// The manifest properties a document's content decides (remote-resources is judged apart).
    static let contentProperties: [DocumentIndex.Feature] = [.mathml, .scripted, .svg, .switch]

    /// Bytes of content documents below which one slice is checked on one thread.
    static let parallelThreshold: UInt64 = 512 << 10

    /// What the package-wide rules need of one content document once its index is gone.
    struct Document {
        var item: ManifestItem
        var path: String
        var features: Set<DocumentIndex.Feature>
        var hasStyleSheet: Bool
        /// Finds where the document ends (CSS-030 is reported there), only when asked: it reads every line.
        var locator: SourceLocator?
        /// In an EDUPUB publication, what its navigation must reflect; nil elsewhere.
        var outline: EDUPUBOutline.Summary? = nil
        /// Its characters of text and the fonts of its `style` elements, for EPUBCheck's JSON report.
        var facts = PublicationFacts()
        /// Container paths it embeds (`img`, `picture` sources, `object`, `iframe`, `embed`, SVG
        /// `image`): an SVG among them lets the `svg` property stand (EPUB 3.3 §D.3.2: it MAY be
        /// set when SVG is referenced from the resource, and MUST be when SVG markup is inline).
        var embedded: Set<String> = []
        /// False when the XML is not well-formed: a checker stops at the fatal error (RSC-016) and
        /// never reaches the end, where the manifest properties are weighed (as EPUBCheck does).
        var wellFormed = true
    }

    /// What checking one content document yields, once its index and tree are gone.
    struct Outcome: @unchecked Sendable {
        var diagnostics: [Diagnostic]
        var document: Document
        var registration: ReferenceRegistry.Registration
    }

    /// Checks each content document of one package (each rendition's in a multiple-rendition
    /// publication) on its own, and registers its references for `ReferenceRules`. Documents are
    /// independent, so they are checked on all cores; each tree is let go once checked (the
    /// navigation document's is kept for `NavRules`), so a book's trees are never all alive at once.
    /// `declarations`: what the package declares of its documents (indexes, dictionary, EDUPUB).
    static func check(_ session: PublicationSession, _ package: PackageDocument, registering registry: inout ReferenceRegistry,
                      declarations: ContentDeclarations = .init(), revision: EPUBRevision = .epub33, facts collectFacts: Bool = false)
        -> (diagnostics: [Diagnostic], documents: [Document]) {
        // A package read from a recovered tree is not what its author wrote: judge nothing against it.
        if package.isRecovered { return ([], []) }
        let epub3 = package.isEPUB3
        let unchecked = Set(PackageRules.uncheckedItems(package).map(\.id))
        let items = package.manifest.filter { item in
            ManifestItem.isContentDocument(item.mediaType) && item.path.map(session.container.contains) == true && !unchecked.contains(item.id)
        }
        // Items that share a path (OPF-074) are checked after the others, one at a time: two
        // threads never work on one document.
        var seen: Set<String> = []
        var first: [ManifestItem] = [], again: [ManifestItem] = []
        for item in items {
            if seen.insert(item.path ?? "").inserted { first.append(item) } else { again.append(item) }
        }
        var out: [Diagnostic] = []
        var documents: [Document] = []
        // In slices, registered as each slice ends: the documents' own copies of their references
        // are never all alive at once (a 20,000-document book has hundreds of thousands).
        let slices = stride(from: 0, to: first.count, by: 256).map { Array(first[$0..<min($0 + 256, first.count)]) } + [again]
        for (number, slice) in slices.enumerated() {
            // Threads pay off only for enough text: starting them costs more than checking a few small documents.
            let bytes = slice.reduce(UInt64(0)) { $0 + ($1.path.flatMap { session.container.entry($0)?.size } ?? 0) }
            let sequential = number == slices.count - 1 || bytes < parallelThreshold
            let outcomes = sequential ? slice.map { outcome($0, session, epub3: epub3, declarations, revision, facts: collectFacts) }
                : ParallelMap.map(slice) { outcome($0, session, epub3: epub3, declarations, revision, facts: collectFacts) }
            for outcome in outcomes.compactMap({ $0 }) {
                registry.register(outcome.registration)
                out += outcome.diagnostics
                documents.append(outcome.document)
            }
        }
        return (out, documents)
    }

    /// One content document: its index, its rules and the form of its XML, then its tree let go.
    /// `facts`: also count the document's text and read its fonts (only EPUBCheck's JSON report asks).
    private static func outcome(_ item: ManifestItem, _ session: PublicationSession, epub3: Bool, _ declarations: ContentDeclarations,
                                _ revision: EPUBRevision,
                                facts collectFacts: Bool) -> Outcome? {
        guard let path = item.path, let parsed = session.xml(at: path), let document = parsed.document else { return nil }
        let source = session.data(at: path)
        let index = DocumentIndexer.index(document, source: source)
        let context = ContentContext(isXHTML: item.mediaType == xhtml, ids: { session.elementIDs(in: path) }, dataNav: item.has(property: "data-nav"),
                                     declaredIndex: declarations.indexDocuments.contains(path), dictionary: declarations.dictionary,
                                     edupub: declarations.edupubDocuments.contains(path), fixedLayout: declarations.fixedLayout,
                                     reflowable: !declarations.fixedSpineDocuments.contains(path), revision: revision,
                                     head: { session.head(at: path) })
        var diagnostics = documentRules(index, context, epub3: epub3)
        if !epub3, context.isXHTML, !document.isRecovered { diagnostics += epub2Grammar(document, path: path) }
        // A checker stops at a fatal error: what follows it is neither judged, nor linked to, nor used.
        let fatalLine = parsed.fatalLine
        if document.isRecovered { diagnostics = beforeFatalError(diagnostics, fatalLine: fatalLine, fatalColumn: parsed.fatalColumn) }
        if let head = source?.prefix(256) {
            diagnostics += XMLFormRules.document(path: path, head: head, mediaType: item.mediaType, epub3: epub3, tree: document, source: { source })
        }
        var facts = PublicationFacts()
        if collectFacts {
            facts.characters = PublicationFacts.characters(of: document)
            for (_, sheet, _) in index.styleElements { facts.addFonts(of: sheet) }
        }
        let result = Outcome(diagnostics: diagnostics,
                             document: Document(item: item, path: path, features: index.features, hasStyleSheet: index.hasStyleSheet, locator: index.locator,
                                                outline: context.edupub ? EDUPUBOutline.Summary(index, path: path, mediaTypes: declarations.edupubMediaTypes) : nil, facts: facts,
                                                embedded: embeddedTargets(index), wellFormed: !document.isRecovered),
                             registration: ReferenceRegistry.Registration(index, from: item, upToLine: fatalLine, epub2: !epub3))
        if !item.has(property: "nav") {
            // The model already holds the ids in document order (those past a fatal error are left to the session).
            session.releaseTree(at: path, ids: fatalLine == nil ? ElementIDs(order: index.content.ids) : nil)
            index.locator?.letGo { session.data(at: path) }
        }
        return result
    }

    /// What a checker reading a not-well-formed document reports: its grammar's faults as it meets
    /// them, up to the fatal error (RSC-016), and nothing of the rules that weigh the finished
    /// document (schema warnings, RSC-017, are all such rules'), as EPUBCheck does.
    /// On the fatal line, what stands at or past the fatal column is past it too: the tag the
    /// parser stopped in is never read (placed by column, a finding there starts after the error).
    static func beforeFatalError(_ found: [Diagnostic], fatalLine: Int?, fatalColumn: Int? = nil) -> [Diagnostic] {
        found.filter { diagnostic in
            guard diagnostic.id != MessageID.RSC_017.rawValue else { return false }
            guard let fatalLine, let line = diagnostic.location?.line else { return true }
            if line == fatalLine, let fatalColumn, let column = diagnostic.location?.column { return column < fatalColumn }
            return line <= fatalLine
        }
    }

    /// The local files a document embeds rather than links to.
    private static func embeddedTargets(_ index: DocumentIndex) -> Set<String> {
        Set(index.references.compactMap { reference in
            guard reference.kind == .image || reference.kind == .embedded, case .local(let path, _) = reference.resolution else { return nil }
            return path
        })
    }

    /// The package-wide rules that need every document's references judged: manifest properties
    /// (OPF-014, OPF-015, OPF-018), overlay classes without CSS (CSS-030), unused items (OPF-097),
    /// unreachable non-linear items (OPF-096).
    static func packageWide(_ session: PublicationSession, _ package: PackageDocument, _ documents: [Document],
                            _ verdict: ReferenceRules.Verdict) -> [Diagnostic] {
        guard package.isEPUB3 else { return [] }
        if package.isRecovered { return [] }
        var out: [Diagnostic] = []
        for document in documents {
            out += properties(document, package, needsRemote: verdict.remoteNeeded.contains(document.path),
                              justifiesRemote: verdict.remoteJustified.contains(document.path))
        }
        if session.scope == .publication {
            out += unused(session, package, used: verdict.used)
            out += unreachable(package, hyperlinked: verdict.hyperlinked)
        }
        return out
    }

    /// The manifest properties a document needs or declares in vain, and overlay classes without CSS.
    private static func properties(_ document: Document, _ package: PackageDocument, needsRemote: Bool, justifiesRemote: Bool) -> [Diagnostic] {
        guard document.wellFormed else { return [] }
        let item = document.item
        var out: [Diagnostic] = []
        func report(_ id: MessageID, _ message: MessageText, _ line: Int? = nil, _ column: Int? = nil) {
            out.append(Diagnostic(id, message: message, location: .init(path: document.path, line: line, column: column)))
        }
        if item.has(property: "remote-resources") && !justifiesRemote {
            if document.features.contains(.scripted) {
                // A script may fetch what no markup names: say so, at the end of the document.
                let end = document.locator?.end()
                report(.OPF_018b, .manifestItemDeclaresRemoteResourcesNo(item.id), end?.line, end?.column)
            } else {
                report(.OPF_018, .manifestItemDeclaresRemoteResourcesBut(item.id))
            }
        }
        if item.mediaOverlay != nil, !document.hasStyleSheet, hasActiveClass(package) {
            let end = document.locator?.end()
            report(.CSS_030, .packageNamesMediaOverlayStyleClasses, end?.line, end?.column)
        }
        var needed = document.features
        if item.mediaType == svg { needed.remove(.svg) }
        for feature in contentProperties where needed.contains(feature) && !item.has(property: feature.rawValue) {
            report(.OPF_014, .documentUsesContentSoManifestItem(feature.rawValue, item.id, feature.rawValue))
        }
        if needsRemote && !item.has(property: "remote-resources") {
            report(.OPF_014, .documentUsesRemoteResourcesSoManifest(item.id))
        }
        // Declared for an SVG the document embeds by reference: allowed, though not required.
        if document.embedded.contains(where: { package.item(path: $0)?.mediaType == svg }) { needed.insert(.svg) }
        var unneeded = contentProperties.filter { item.has(property: $0.rawValue) && !needed.contains($0) }.map(\.rawValue)
        // An index needs no property, but one declared must be true (EPUB Indexes).
        if item.has(property: "index") && !document.features.contains(.index) { unneeded.append("index") }
        if !unneeded.isEmpty {
            report(.OPF_015, .manifestItemDeclaresWhichDocumentDoes(item.id, unneeded.joined(separator: ", ")))
        }
        return out
    }

    /// The rules a content document answers for on its own, whatever the package says: one
    /// function per concern under `Rules/Content/`, each reading the document's index. A new
    /// content rule is a new entry here; the indexer does not change.
    static let epub3DocumentRules: [ContentRule] = [
        ElementRules.check, HeadRules.check, AttributeRules.check, MarkupRules.check, VocabularyRules.check,
        IDReferenceRules.check, SemanticsRules.check, StyleElementRules.check, PrefixRules.check, ViewportRules.check,
        MathMLRules.check, SVGRules.check, IndexRules.check, DictionaryContentRules.check, EDUPUBContentRules.check, RegionNavRules.check,
    ]

    /// EPUB 2 content is held to fewer rules: its namespaces (the XHTML 1.1 grammar's) and nested
    /// links here, its elements and attributes by `epub2Grammar`.
    static let epub2DocumentRules: [ContentRule] = [EPUB2GrammarRules.check, MarkupRules.nestedLinks]

    /// An EPUB 2 XHTML document against OPS 2.0.1's XHTML 1.1 modules (`schemas/xhtml11-ops20.rng`,
    /// RSC-005 per fault), when its root is XHTML's `html` (EPUB2GrammarRules says so otherwise).
    static func epub2Grammar(_ document: XMLDocument, path: String) -> [Diagnostic] {
        guard let root = document.root, root.is("html", in: XMLNamespace.xhtml) else { return [] }
        return SchemaRules.validate(document, path: path, with: SchemaRules.xhtml11)
    }

    /// The document rules for one content document, with its duplicate ids (RSC-005).
    static func documentRules(_ index: DocumentIndex, _ context: ContentContext, epub3: Bool) -> [Diagnostic] {
        var findings = ContentFindings(index)
        for duplicate in index.duplicateIDs {
            findings.report(.RSC_005, .idUsedMoreThanOnceDocument(duplicate.id), at: duplicate.position)
        }
        for rule in epub3 ? epub3DocumentRules : epub2DocumentRules { rule(index, context, &findings) }
        return findings.out
    }

    /// Whether the package names a class for the element being read aloud or for the document while it plays.
    static func hasActiveClass(_ package: PackageDocument) -> Bool {
        let media = Vocabulary.media
        return !package.entries(media + "active-class").isEmpty || !package.entries(media + "playback-active-class").isEmpty
    }

    /// OPF-097 (usage): manifest items that no content document, style sheet, overlay or guide
    /// reference uses. Being another item's fallback, or a hyperlink target, is not a use; a guide
    /// reference is one (EPUBCheck registers it as a generic reference, as for an `object`).
    static func unused(_ session: PublicationSession, _ package: PackageDocument, used contentUses: Set<String>) -> [Diagnostic] {
        var used = contentUses
        for reference in package.guide {
            if case .local(let target, _) = HrefResolver.resolve(reference.href, against: package.path) { used.insert(target) }
        }
        for item in package.manifest {
            if let overlay = item.mediaOverlay, let smil = package.item(id: overlay)?.path { used.insert(smil) }
            if item.mediaType == "text/css", let path = item.path, let sheet = session.styleSheet(at: path) {
                for url in sheet.imports + (session.grammarFindings(at: path)?.urls ?? []) {
                    if case .local(let target, _) = HrefResolver.resolve(url, against: path) { used.insert(target) } else { used.insert(url) }
                }
            }
        }
        for timeline in package.path == session.package.path ? session.mediaOverlays : [] {
            for par in timeline.pars { if let audio = par.audio { used.insert(audio) } }
        }
        let spineIDs = Set(package.spine.map(\.idref))
        var out: [Diagnostic] = []
        for item in package.manifest {
            let key = item.path ?? item.href
            if spineIDs.contains(item.id) || item.has(property: "nav") || item.id == package.spineToc || used.contains(key) { continue }
            out.append(Diagnostic(.OPF_097, message: .manifestItemNeverUsedContentDocument(item.id, key), location: .init(path: package.path, line: item.line)))
        }
        return out
    }

    /// OPF-096: a non-linear spine item that no hyperlink reaches cannot be read (usage when scripts might).
    static func unreachable(_ package: PackageDocument, hyperlinked: Set<String>) -> [Diagnostic] {
        let scripted = package.manifest.contains { $0.has(property: "scripted") }
        var out: [Diagnostic] = []
        for ref in package.spine where !ref.linear {
            guard let item = package.item(id: ref.idref), let path = item.path, !hyperlinked.contains(path) else { continue }
            out.append(scripted
                ? Diagnostic(.OPF_096b, message: .nonLinearItemOnlyScriptReaches(item.id), location: .init(path: package.path, line: item.line))
                : Diagnostic(.OPF_096, message: .nonLinearItemUnreachable(item.id), location: .init(path: package.path, line: item.line)))
        }
        return out
    }
}
