/// Reads a parsed OPF into a `PackageDocument`: prefixes, metadata with `refines` chains resolved,
/// manifest, spine and guide. What it cannot use it reports and drops; it never throws.
package enum PackageParser {
    package static func parse(_ document: XMLDocument, diagnostics log: inout DiagnosticLog) -> PackageDocument {
        let path = document.path
        var prefixes = PrefixMap()
        guard let root = document.root, root.is("package", in: XMLNamespace.opf) || root.is("package", in: nil) else {
            log.add(.rootIsNotPackage, path: path, line: document.root?.line)
            var empty = PackageDocument(path: path, version: nil, uniqueIdentifierRef: nil, prefixes: prefixes, dir: nil, language: nil,
                                        metadata: [], refinementsByTarget: [:], links: [], manifest: [], spine: [], spineToc: nil,
                                        pageProgressionDirection: nil, guide: [])
            empty.isRecovered = document.isRecovered
            empty.line = document.root?.line ?? 0
            return empty
        }
        if let declared = root.attribute("prefix") {
            for var problem in prefixes.declare(declared) {
                problem.location = .init(path: path, line: root.line)
                log.add(problem)
            }
        }
        let version = root.attribute("version")?.trimmingXMLWhitespace()
        if version == nil || version?.isEmpty == true {
            log.add(.versionMissing, path: path, line: root.line)
        } else if let version, !["2.0", "3.0"].contains(version) {
            log.add(.versionUnknown(version), path: path, line: root.line)
        }
        reportRepeatedIDs(document, &log)
        // A 2.0 or 3.0 package's structure (required elements and attributes) is reported by the
        // validator's RELAX NG schemas; the parser says it only for versions no schema covers.
        var reader = Reader(root: root, path: path, structureBySchema: version == "3.0" || version == "2.0", log: log)
        let written = reader.manifest()
        let manifest = Reader.lastOfEachID(written)
        let manifestIDs = Set(manifest.map(\.id))
        let (spine, spineToc, progression) = reader.spine(manifestIDs: manifestIDs, epub3: PackageDocument.isEPUB3(version: version))
        let guide = reader.guide()
        log = reader.log
        var declared: [MetadataEntry] = []
        var links: [MetadataLink] = []
        let metadataElement = root.firstChild(named: "metadata", in: root.namespace)
        if let metadataElement {
            collectMetadata(in: metadataElement, path: path, prefixes: prefixes, into: &declared, links: &links, log: &log)
        } else if !reader.structureBySchema {
            log.add(.packageStructure(.noMetadata), path: path, line: root.line)
        }
        // Metas whose property names no IRI are declared, but mean nothing to the reading model.
        let raw = declared.filter { $0.form != .property || $0.property != nil }
        let itemrefIDs = Set(spine.compactMap(\.id))
        let (metadata, byTarget) = resolveRefines(raw, manifestIDs: manifestIDs.union(itemrefIDs), path: path, log: &log)

        var package = PackageDocument(
            path: path, version: version, uniqueIdentifierRef: root.attribute("unique-identifier")?.trimmingXMLWhitespace(),
            prefixes: prefixes, dir: root.attribute("dir")?.trimmingXMLWhitespace(),
            language: root.attribute("lang", namespace: XMLNamespace.xml)?.trimmingXMLWhitespace(),
            metadata: metadata, refinementsByTarget: byTarget, links: links, manifest: manifest, spine: spine,
            spineToc: spineToc, pageProgressionDirection: progression, guide: guide)
        package.line = root.line
        package.namespace = root.namespace
        package.isRecovered = document.isRecovered
        package.manifestAsWritten = written
        package.documentIDs = Set(document.elementIDOrder().keys)
        package.metadataLine = metadataElement?.line
        package.declaredMetadata = declared
        package.languageAttributes = document.select("//*[@xml:lang]").map { ($0.attribute("lang", namespace: XMLNamespace.xml) ?? "", $0.line) }
        package.unresolvedItemrefs = reader.unresolvedItemrefs
        let spineElement = root.firstChild(named: "spine", in: root.namespace)
        package.spineLine = spineElement?.line
        package.spinePageMap = spineElement?.attribute("page-map")
        package.bindingsLines = root.children(named: "bindings", in: root.namespace).map(\.line)
        package.collections = root.children(named: "collection", in: XMLNamespace.opf).map { collection($0, path: path, prefixes: prefixes) }
        return package
    }

    /// A `collection` element and what it nests. Its metadata is read as the package's is, but
    /// what it cannot use is the validator's to report, not the reading model's.
    private static func collection(_ element: XMLElement, path: String, prefixes: PrefixMap) -> PackageCollection {
        var metadata: [MetadataEntry]?
        var metadataLinks: [MetadataLink] = []
        if let metadataElement = element.firstChild(named: "metadata", in: XMLNamespace.opf) {
            var entries: [MetadataEntry] = [], ignored = DiagnosticLog()
            collectMetadata(in: metadataElement, path: path, prefixes: prefixes, into: &entries, links: &metadataLinks, log: &ignored)
            metadata = entries
        }
        var ids: Set<String> = []
        func collectIDs(_ e: XMLElement) {
            for child in e.children {
                if let id = child.attribute("id")?.trimmingXMLWhitespace() { ids.insert(id) }
                collectIDs(child)
            }
        }
        collectIDs(element)
        return PackageCollection(
            roles: (element.attribute("role") ?? "").xmlTokens(), id: element.attribute("id")?.trimmingXMLWhitespace(),
            line: element.line, metadata: metadata, metadataLinks: metadataLinks,
            links: element.children(named: "link", in: XMLNamespace.opf).map { .init(href: ($0.attribute("href") ?? "").trimmingXMLWhitespace(), line: $0.line) },
            collections: element.children(named: "collection", in: XMLNamespace.opf).map { collection($0, path: path, prefixes: prefixes) },
            ids: ids)
    }

    /// Ids are unique in the document; a duplicated one is reported at every occurrence (as
    /// EPUBCheck does). Of manifest items with the same id, the last is the one declared.
    private static func reportRepeatedIDs(_ document: XMLDocument, _ log: inout DiagnosticLog) {
        for (id, lines) in document.repeatedValues(of: "id") {
            for line in lines {
                log.add(.packageIDRepeated(id), path: document.path, line: line)
            }
        }
    }

    /// Reads the manifest, spine and guide of a package root, recording what it drops.
    private struct Reader {
        let root: XMLElement
        let path: String
        let structureBySchema: Bool
        var log: DiagnosticLog
        /// Itemrefs dropped from the spine because their idref names no item.
        var unresolvedItemrefs: [SpineItemRef] = []

        private var ns: String? { root.namespace }

        private mutating func structural(_ fault: ReadingFault.PackageStructure, _ line: Int) {
            if !structureBySchema { log.add(.packageStructure(fault), path: path, line: line) }
        }

        mutating func manifest() -> [ManifestItem] {
            guard let element = root.firstChild(named: "manifest", in: ns) else {
                structural(.noManifest, root.line)
                return []
            }
            var manifest: [ManifestItem] = []
            for item in element.children(named: "item", in: ns) {
                guard let id = item.attribute("id")?.trimmingXMLWhitespace(), !id.isEmpty else {
                    structural(.itemWithoutID, item.line)
                    continue
                }
                guard let href = item.attribute("href") else {
                    structural(.itemWithoutHref(id: id), item.line)
                    continue
                }
                let mediaType = item.attribute("media-type")?.trimmingXMLWhitespace() ?? ""
                if mediaType.isEmpty {
                    structural(.itemWithoutMediaType(id: id), item.line)
                }
                manifest.append(ManifestItem(
                    id: id, href: href, path: HrefResolver.path(href, against: path), mediaType: mediaType,
                    properties: item.attribute("properties")?.xmlTokens() ?? [],
                    fallback: item.attribute("fallback")?.trimmingXMLWhitespace(),
                    mediaOverlay: item.attribute("media-overlay")?.trimmingXMLWhitespace(),
                    line: item.line, propertiesWritten: item.attribute("properties")?.xmlTokens()))
            }
            return manifest
        }

        /// The manifest maps ids to items, so an item whose id a later item repeats is replaced by
        /// it: its file is not declared, and itemrefs and fallbacks reach the later item. EPUB 3.3
        /// only says ids are unique; this is what EPUBCheck 5.3.0 and any reader that keys items
        /// by id do.
        static func lastOfEachID(_ items: [ManifestItem]) -> [ManifestItem] {
            var last: [String: Int] = [:]
            for (i, item) in items.enumerated() { last[item.id] = i }
            guard last.count < items.count else { return items }
            return items.enumerated().filter { last[$0.element.id] == $0.offset }.map(\.element)
        }

        mutating func spine(manifestIDs: Set<String>, epub3: Bool) -> (spine: [SpineItemRef], toc: String?, progression: String?) {
            guard let element = root.firstChild(named: "spine", in: ns) else {
                structural(.noSpine, root.line)
                return ([], nil, nil)
            }
            // Ids of every manifest item element, with or without an href: what the schema rule
            // on itemref idrefs looks at (OPF-049 looks at the items that are usable).
            let declaredItemIDs = Set((root.firstChild(named: "manifest", in: ns)?.children(named: "item", in: ns) ?? []).compactMap { $0.attribute("id")?.trimmingXMLWhitespace() })
            var spine: [SpineItemRef] = []
            for ref in element.children(named: "itemref", in: ns) {
                // An itemref without idref is the schema's to report (RSC-005); EPUBCheck looks
                // nothing up for it, so it is no unknown item (OPF-049) either.
                guard let idref = ref.attribute("idref")?.trimmingXMLWhitespace() else { continue }
                let properties = ref.attribute("properties")?.xmlTokens()
                guard manifestIDs.contains(idref) else {
                    unresolvedItemrefs.append(SpineItemRef(idref: idref, id: ref.attribute("id"), linear: true,
                                                           properties: properties ?? [], line: ref.line, propertiesWritten: properties))
                    log.add(.itemrefUnknown(idref: idref), path: path, line: ref.line)
                    if epub3, !declaredItemIDs.contains(idref) {
                        // EPUB 3's schema rule says the same thing; EPUBCheck reports both.
                        log.add(.itemrefNotDeclared(idref: idref), path: path, line: ref.line)
                    }
                    continue
                }
                spine.append(SpineItemRef(idref: idref, id: ref.attribute("id"),
                                          linear: ref.attribute("linear")?.trimmingXMLWhitespace() != "no",
                                          properties: properties ?? [], line: ref.line, propertiesWritten: properties))
            }
            return (spine, element.attribute("toc")?.trimmingXMLWhitespace(), element.attribute("page-progression-direction")?.trimmingXMLWhitespace())
        }

        func guide() -> [GuideReference] {
            guard let element = root.firstChild(named: "guide", in: ns) else { return [] }
            var guide: [GuideReference] = []
            for ref in element.children(named: "reference", in: ns) {
                guard let type = ref.attribute("type")?.trimmingXMLWhitespace(), let href = ref.attribute("href") else { continue }
                var target: String?
                if case .local(let p, let fragment) = HrefResolver.resolve(href, against: path) {
                    target = fragment.map { p + "#" + $0 } ?? p
                }
                guide.append(GuideReference(type: type, title: ref.attribute("title")?.collapsingXMLWhitespace(), href: href, target: target,
                                            line: ref.line))
            }
            return guide
        }
    }

    /// Flattens `metadata` (and the OEBPS 1.2 `dc-metadata` / `x-metadata` wrappers) into raw entries.
    private static func collectMetadata(in element: XMLElement, path: String, prefixes: PrefixMap,
                                        into entries: inout [MetadataEntry], links: inout [MetadataLink], log: inout DiagnosticLog) {
        for child in element.children {
            let ns = child.namespace
            let language = child.attribute("lang", namespace: XMLNamespace.xml)?.trimmingXMLWhitespace()
            let dir = child.attribute("dir")?.trimmingXMLWhitespace()
            if ns == XMLNamespace.dc {
                var opf: [String: String] = [:]
                for attr in child.attributes where attr.namespace == XMLNamespace.opf {
                    opf[attr.name] = attr.value.collapsingXMLWhitespace()
                }
                entries.append(MetadataEntry(
                    form: .dublinCore, name: "dc:" + child.name, property: Vocabulary.dc + child.name,
                    value: child.text.collapsingXMLWhitespace(), id: child.attribute("id")?.trimmingXMLWhitespace(),
                    refines: nil, scheme: nil, language: language, dir: dir, opfAttributes: opf, line: child.line, refinements: [],
                    refinesWritten: child.attribute("refines")))
                continue
            }
            if child.name == "dc-metadata" || child.name == "x-metadata" {
                collectMetadata(in: child, path: path, prefixes: prefixes, into: &entries, links: &links, log: &log)
                continue
            }
            if child.name == "meta" {
                if let property = child.attribute("property") {
                    let name = property.trimmingXMLWhitespace()
                    let iri = prefixes.expand(name, defaultVocabulary: Vocabulary.meta)
                    if iri == nil {
                        // An empty or malformed name is the schema's and the property rules' to report.
                        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
                        if parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty {
                            log.add(.metaPrefixUndeclared(prefix: String(parts[0]), property: name), path: path, line: child.line)
                        }
                    }
                    entries.append(MetadataEntry(
                        form: .property, name: name, property: iri, value: child.text.collapsingXMLWhitespace(),
                        id: child.attribute("id")?.trimmingXMLWhitespace(), refines: refinesTarget(child.attribute("refines")),
                        scheme: child.attribute("scheme")?.trimmingXMLWhitespace(), language: language, dir: dir,
                        opfAttributes: [:], line: child.line, refinements: [], refinesWritten: child.attribute("refines")))
                } else if let name = child.attribute("name") {
                    entries.append(MetadataEntry(
                        form: .nameContent, name: name.trimmingXMLWhitespace(), property: nil,
                        value: (child.attribute("content") ?? "").collapsingXMLWhitespace(),
                        id: child.attribute("id")?.trimmingXMLWhitespace(), refines: nil, scheme: child.attribute("scheme"),
                        language: language, dir: dir, opfAttributes: [:], line: child.line, refinements: []))
                }
                continue
            }
            if child.name == "link" {
                let href = child.attribute("href") ?? ""
                let relWritten = child.attribute("rel")?.xmlTokens()
                let rel = (relWritten ?? []).compactMap { prefixes.expand($0, defaultVocabulary: Vocabulary.link) }
                let properties = child.attribute("properties")?.xmlTokens()
                links.append(MetadataLink(href: href, path: HrefResolver.path(href, against: path), rel: rel,
                                          mediaType: child.attribute("media-type"), properties: properties ?? [],
                                          id: child.attribute("id"), refines: refinesTarget(child.attribute("refines")),
                                          line: child.line, relWritten: relWritten, propertiesWritten: properties,
                                          refinesWritten: child.attribute("refines"), hreflang: child.attribute("hreflang")))
            }
        }
    }

    /// `refines` is a relative URL; only the `#id` form can point inside the package document.
    private static func refinesTarget(_ value: String?) -> String? {
        guard let value = value?.trimmingXMLWhitespace(), !value.isEmpty else { return nil }
        if let hash = value.firstIndex(of: "#") { return String(value[value.index(after: hash)...]) }
        return value
    }

    /// Nests every refining meta under its target. Refinements of manifest items or itemrefs are kept
    /// apart by target id; dangling refines and cycles are dropped with a diagnostic.
    private static func resolveRefines(_ raw: [MetadataEntry], manifestIDs: Set<String>, path: String,
                                       log: inout DiagnosticLog) -> ([MetadataEntry], [String: [MetadataEntry]]) {
        var childrenOf: [String: [Int]] = [:]
        var metadataIDs: Set<String> = []
        for (i, entry) in raw.enumerated() {
            if let id = entry.id { metadataIDs.insert(id) }
            if let target = entry.refines { childrenOf[target, default: []].append(i) }
        }
        var attached = Set<Int>()
        func build(_ i: Int, depth: Int, ancestors: Set<Int>) -> MetadataEntry {
            attached.insert(i)
            var entry = raw[i]
            guard let id = entry.id, depth < 32 else { return entry }
            for child in childrenOf[id] ?? [] where !ancestors.contains(child) && !attached.contains(child) {
                entry.refinements.append(build(child, depth: depth + 1, ancestors: ancestors.union([child])))
            }
            return entry
        }
        var top: [MetadataEntry] = []
        for (i, entry) in raw.enumerated() where entry.refines == nil {
            top.append(build(i, depth: 0, ancestors: [i]))
        }
        var byTarget: [String: [MetadataEntry]] = [:]
        for (i, entry) in raw.enumerated() {
            guard let target = entry.refines, !attached.contains(i) else { continue }
            if !metadataIDs.contains(target) && manifestIDs.contains(target) {
                byTarget[target, default: []].append(build(i, depth: 0, ancestors: [i]))
            }
        }
        var indexByID: [String: Int] = [:]
        for (i, entry) in raw.enumerated() { if let id = entry.id, indexByID[id] == nil { indexByID[id] = i } }
        var reportedCycle = Set<Int>()
        for (i, entry) in raw.enumerated() where !attached.contains(i) && !reportedCycle.contains(i) {
            let target = entry.refines ?? ""
            if metadataIDs.contains(target) {
                // One report per cycle: mark every meta reached by following refines from here.
                var next: Int? = i
                while let j = next, reportedCycle.insert(j).inserted {
                    next = raw[j].refines.flatMap { indexByID[$0] }
                }
                log.add(.refinesCycle(meta: entry.name, target: target), path: path, line: entry.line)
            } else if entry.refinesWritten?.trimmingXMLWhitespace().hasPrefix("#") ?? true {
                // Only the `#id` form is checked here; other forms are the validator's (rules on refines URLs).
                log.add(.refinesNothing(meta: entry.name, target: target), path: path, line: entry.line)
            }
        }
        return (top, byTarget)
    }
}
