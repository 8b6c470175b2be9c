import EPUBContract

/// Every reference of one package's documents, registered by the rules that read each document
/// kind (the package document, content documents, style sheets, media overlays), with the
/// manifest item of the document it is in. `ReferenceRules` judges them all in one place.
struct ReferenceRegistry {
    struct Entry {
        var reference: Reference
        /// The manifest item of the document the reference is in (for a manifest `href`, the item
        /// itself); nil for the package document's other references.
        var source: ManifestItem?
        /// The container path of that document.
        var path: String
    }

    private(set) var entries: [Entry] = []
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

        init(_ index: DocumentIndex, from item: ManifestItem) {
            path = index.path
            self.item = item
            references = index.references
            locator = index.locator
            svgTargets = index.svgTargets
        }
    }

    /// The references of one content document, located through its index.
    mutating func register(_ index: DocumentIndex, from item: ManifestItem) {
        register(Registration(index, from: item))
    }

    mutating func register(_ registration: Registration) {
        if let locator = registration.locator { locators[registration.path] = locator }
        if !registration.svgTargets.isEmpty { svgTargets[registration.path] = registration.svgTargets }
        for reference in registration.references {
            entries.append(Entry(reference: reference, source: registration.item, path: registration.path))
        }
    }

    mutating func register(_ reference: Reference, from item: ManifestItem?, path: String) {
        entries.append(Entry(reference: reference, source: item, path: path))
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
