/// The package document (OPF) as read: what it declares, before any interpretation.
public struct PackageDocument: Sendable {
    /// Container path of the OPF.
    public var path: String
    public var version: String?
    /// True unless `package/@version` says EPUB 2 (or anything not 3): a package without a
    /// version is read by EPUB 3's rules, as EPUBCheck reads it. Decided once, here.
    public var isEPUB3: Bool { Self.isEPUB3(version: version) }

    /// The one reading of `package/@version`, for the parser (before the document exists) and the model.
    static func isEPUB3(version: String?) -> Bool { version?.trimmingXMLWhitespace().hasPrefix("3") ?? true }
    /// `package/@unique-identifier`: the id of the `dc:identifier` that identifies the publication.
    public var uniqueIdentifierRef: String?
    public var prefixes: PrefixMap
    public var dir: String?
    public var language: String?
    /// Top-level metadata entries in document order, each with its refinements nested.
    public var metadata: [MetadataEntry]
    /// Refinements of manifest items or itemrefs (`media:duration` of a SMIL item …), by target id.
    public var refinementsByTarget: [String: [MetadataEntry]]
    public var links: [MetadataLink]
    public var manifest: [ManifestItem]
    public var spine: [SpineItemRef]
    /// `spine/@toc`: the NCX item's id.
    public var spineToc: String?
    /// `spine/@page-progression-direction` as written.
    public var pageProgressionDirection: String?
    public var guide: [GuideReference]

    // Where things stand and how they are written: what the rules on the package's syntax read,
    // so that no rule reads the package document's XML again.

    /// True when the package document is not well-formed and libxml2 recovered what it could:
    /// the rules that judge its details then say nothing more than the parse error.
    public var isRecovered = false
    /// Every manifest `item` read, in order, including those `manifest` leaves out because a later
    /// item repeats their id: what the schemas' rules see (EPUBCheck's Schematron resolves an id
    /// to the first element with it, its package model to the last).
    public var manifestAsWritten: [ManifestItem] = []
    /// Every id of the package document's elements: what a `refines="#id"` may name.
    public var documentIDs: Set<String> = []
    /// Namespace of the `package` element: OPF's, none, or (in OEBPS 1.2 packages) another.
    public var namespace: String?
    /// Line of the root element (normally `package`; 0 when the document has none).
    public var line: Int = 0
    /// Line of the `metadata` element; nil without one.
    public var metadataLine: Int?
    /// Line of the `spine` element; nil without one.
    public var spineLine: Int?
    /// True when `spine` carries Adobe's `page-map` attribute.
    /// `spine/@page-map` (Adobe's page map), as written; nil when absent.
    public var spinePageMap: String?
    public var spineHasPageMap: Bool { spinePageMap != nil }
    /// Lines of the (EPUB 3.0, deprecated) `bindings` elements.
    public var bindingsLines: [Int] = []
    /// Top-level `collection` elements, each with what it nests.
    public var collections: [PackageCollection] = []
    /// Every child of `metadata` (and of the OEBPS 1.2 wrappers) as the parser read it, in
    /// document order and unnested: refinements that refine nothing and metas whose property
    /// cannot be expanded (`property` nil) included. `metadata` is the same entries as read.
    public var declaredMetadata: [MetadataEntry] = []
    /// Every `xml:lang` of the document as written (untrimmed), with its element's line.
    public var languageAttributes: [(value: String, line: Int)] = []
    /// `itemref`s whose `idref` names no manifest item: not in the spine, kept for the rules on
    /// their other attributes.
    public var unresolvedItemrefs: [SpineItemRef] = []

    /// Manifest index by id (first item wins on duplicates).
    public let itemIndex: [String: Int]
    /// Manifest index by container path (first item wins).
    private let itemIndexByPath: [String: Int]

    init(path: String, version: String?, uniqueIdentifierRef: String?, prefixes: PrefixMap, dir: String?,
         language: String?, metadata: [MetadataEntry], refinementsByTarget: [String: [MetadataEntry]],
         links: [MetadataLink], manifest: [ManifestItem], spine: [SpineItemRef], spineToc: String?,
         pageProgressionDirection: String?, guide: [GuideReference]) {
        self.path = path
        self.version = version
        self.uniqueIdentifierRef = uniqueIdentifierRef
        self.prefixes = prefixes
        self.dir = dir
        self.language = language
        self.metadata = metadata
        self.refinementsByTarget = refinementsByTarget
        self.links = links
        self.manifest = manifest
        self.spine = spine
        self.spineToc = spineToc
        self.pageProgressionDirection = pageProgressionDirection
        self.guide = guide
        var index: [String: Int] = [:]
        for (i, item) in manifest.enumerated() where index[item.id] == nil { index[item.id] = i }
        self.itemIndex = index
        var byPath: [String: Int] = [:]
        for (i, item) in manifest.enumerated() { if let path = item.path, byPath[path] == nil { byPath[path] = i } }
        self.itemIndexByPath = byPath
    }

    public func item(id: String) -> ManifestItem? {
        itemIndex[id].map { manifest[$0] }
    }

    /// The first item element with `id`, as the schemas' rules resolve it (`item(id:)` gives the
    /// item the manifest declares: the last).
    public func firstWrittenItem(id: String) -> ManifestItem? {
        manifestAsWritten.first { $0.id == id }
    }

    public func item(path: String) -> ManifestItem? {
        itemIndexByPath[path].map { manifest[$0] }
    }

    /// The ids an item falls back through, in order; `cyclic` when the chain returns to an item
    /// already on it (`reentry` names that item). An id that names no item ends the chain.
    public func fallbackChain(of item: ManifestItem) -> (ids: [String], cyclic: Bool, reentry: String?) {
        var ids: [String] = []
        var seen: Set<String> = [item.id]
        var next = item.fallback
        while let id = next, let target = self.item(id: id) {
            if !seen.insert(id).inserted { return (ids, true, id) }
            ids.append(id)
            next = target.fallback
        }
        return (ids, false, nil)
    }

    /// Top-level entries with this property IRI (DC elements included, as `dc` IRI + local name).
    public func entries(_ property: String) -> [MetadataEntry] {
        metadata.filter { $0.property == property }
    }

    /// EPUB 2 `meta name=… content=…` entries with this name.
    public func namedEntries(_ name: String) -> [MetadataEntry] {
        metadata.filter { $0.form == .nameContent && $0.name == name }
    }
}
