import EPUBContract

/// Every reference of one package's documents, registered by the rules that read each document
/// kind (the package document, content documents, style sheets, media overlays), with the
/// manifest item of the document it is in. `ReferenceRules` judges them all in one place.
struct ReferenceRegistry {
    struct Entry {
        var reference: Reference
        /// The document it is in, shared by all of that document's entries (a book has tens of
        /// thousands of references: a copy of the manifest item in each cost megabytes).
        let document: DocumentRecord

        /// The manifest item of the document the reference is in (for a manifest `href`, the item
        /// itself); nil for the package document's other references.
        var source: ManifestItem? { document.item }
        /// The container path of that document.
        var path: String { document.path }

        init(reference: Reference, document: DocumentRecord) {
            self.reference = reference
            self.document = document
        }
    }

    /// The document references come from: its manifest item and container path.
    final class DocumentRecord: @unchecked Sendable {
        let item: ManifestItem?
        let path: String
        init(item: ManifestItem?, path: String) {
            self.item = item
            self.path = path
        }
    }

    /// The references, per document in registration order: arrays of the exact size, where one
    /// list of a whole book's references would grow (and waste) by doubling.
    private var groups: [(document: DocumentRecord, references: ContiguousArray<Reference>)] = []

    /// Every reference with its document, in registration order.
    var entries: some Sequence<Entry> {
        groups.lazy.flatMap { group in group.references.lazy.map { Entry(reference: $0, document: group.document) } }
    }
    /// Per document, what turns tag positions into columns.
    private var locators: [String: SourceLocator] = [:]
    /// Per document, its SVG symbols, clip paths and paint servers by id.
    private var svgTargets: [String: [String: DocumentIndex.SVGTarget]] = [:]

    /// What one content document gives the registry, taken from its index so that the index (and
    /// its tree) can go before the references are judged.
    struct Registration: @unchecked Sendable {
        var path: String
        var item: ManifestItem
        var references: [Reference]
        var locator: SourceLocator?
        var svgTargets: [String: DocumentIndex.SVGTarget]

        /// `upToLine`: only the references on or before it (a document read up to a fatal error).
        /// `epub2`: an EPUB 2 document, whose HTML5 embedding elements (not OPS 2.0.1's, so
        /// RSC-005 already) and citations (`cite`) EPUBCheck does not follow: their targets are not looked for.
        init(_ index: DocumentIndex, from item: ManifestItem, upToLine last: Int? = nil, epub2: Bool = false) {
            path = index.path
            self.item = item
            var kept = last.map { last in index.references.filter { ($0.line ?? 0) <= last } } ?? index.references
            if epub2 { kept.removeAll { $0.kind == .citation || Self.notFollowedInEPUB2.contains($0.element) } }
            references = kept
            locator = index.locator
            svgTargets = index.svgTargets
        }

        static let notFollowedInEPUB2: Set<String> = ["iframe", "audio", "video", "source", "track", "embed"]
    }

    /// The references of one content document, located through its index.
    mutating func register(_ index: DocumentIndex, from item: ManifestItem) {
        register(Registration(index, from: item))
    }

    mutating func register(_ registration: Registration) {
        if let locator = registration.locator { locators[registration.path] = locator }
        if !registration.svgTargets.isEmpty { svgTargets[registration.path] = registration.svgTargets }
        guard !registration.references.isEmpty else { return }
        var references = ContiguousArray<Reference>()
        references.reserveCapacity(registration.references.count)
        references.append(contentsOf: registration.references)
        groups.append((DocumentRecord(item: registration.item, path: registration.path), references))
    }

    /// One reference of the package document (or another single source): joins the previous
    /// group when that is the same document and item.
    mutating func register(_ reference: Reference, from item: ManifestItem?, path: String) {
        // No copy of the last group is held while appending: that copy would make every append
        // copy the group's whole array (quadratic in a SMIL of 100,000 clips).
        let last = groups.count - 1
        if last >= 0, groups[last].document.path == path, groups[last].document.item == item {
            groups[last].references.append(reference)
        } else {
            groups.append((DocumentRecord(item: item, path: path), [reference]))
        }
    }

    /// What the element with this id in this document is, when it is an SVG symbol, clip path or paint server.
    func svgTarget(_ path: String, _ id: String) -> DocumentIndex.SVGTarget? {
        svgTargets[path]?[id]
    }

    /// The column of a reference: the one its document's tokenizer gave, or its tag's.
    func column(_ entry: Entry) -> Int? {
        if let column = entry.reference.explicitColumn { return column }
        guard let position = entry.reference.position else { return nil }
        return locators[entry.path]?.column(position)
    }
}
