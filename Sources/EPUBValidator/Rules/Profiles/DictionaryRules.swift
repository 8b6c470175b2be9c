import EPUBContract

/// EPUB Dictionaries and Glossaries 1.0 in the package: what a dictionary publication must declare
/// (§2.5.1: `dc:type`, its Search Key Map, source and target languages, `dictionary-type`), what a
/// `dictionary` collection must hold (§2.5.1.3), the Search Key Map documents themselves (§2.4) and
/// whether the publication has dictionary content at all (OPF-078, OPF-079). Properties are read as
/// written (unprefixed), as the specification defines them.
enum DictionaryRules {
    static let dictionaryTypes: Set<String> = ["monolingual", "bilingual", "multilingual", "thesaurus", "encyclopedia", "spelling",
                                               "pronouncing", "etymological"]

    /// §2.5.1: the rules of a publication checked as a dictionary (`--profile dict` or its `dc:type`).
    static func publication(_ package: PackageDocument) -> [Diagnostic] {
        let path = package.path
        var out: [Diagnostic] = []
        func error(_ message: MessageText, _ line: Int) {
            out.append(Diagnostic(.RSC_005, message: message, location: .init(path: path, line: line)))
        }
        let metadata = package.declaredMetadata
        if let metadataLine = package.metadataLine,
           !metadata.contains(where: { $0.isDublinCore("type") && $0.value == "dictionary" }) {
            error(.dcTypeIdentifierDictionaryRequired, metadataLine)
        }
        let collections = package.collections.filter { $0.has(role: "dictionary") }
        let items = package.manifest
        if collections.count < 2 {
            let maps = items.filter { Set($0.properties).isSuperset(of: ["search-key-map", "dictionary"]) }
            if maps.count != 1 {
                error(.epubPublicationConsistingSingleEpubDictionary, package.line)
            }
        }
        if collections.isEmpty {
            out += languageDeclarations(metadata.filter(\.isMeta), inherited: [], line: package.line, path: path)
        }
        for item in items where item.properties.contains("search-key-map") {
            let href = item.href.collapsingXMLWhitespace()
            let users = collections.filter { collection in
                collection.links.contains { $0.href.collapsingXMLWhitespace() == href }
            }
            if users.count > 1 { error(.searchKeyMapDocumentReferencedMore(href), item.line) }
        }
        let languages = Set(metadata.filter { $0.isDublinCore("language") }.map(\.value))
        let everyMeta = metadata.filter(\.isMeta) + package.collections.flatMap(\.selfAndDescendants).flatMap { ($0.metadata ?? []).filter(\.isMeta) }
        for meta in everyMeta {
            let property = meta.propertyWritten ?? "", value = meta.value
            if property == "source-language" || property == "target-language", !languages.contains(value) {
                error(.epubDictionariesSourceLanguageTargetLanguage, meta.line)
            }
            if property == "dictionary-type", !dictionaryTypes.contains(value) {
                error(.epubDictionariesDictionaryTypeMetadataOne, meta.line)
            }
        }
        return out
    }

    /// §2.5.1.3, for every EPUB 3 package: a dictionary collection has no sub-collections, declares
    /// (or inherits) one source and a target language, and links one Search Key Map and XHTML
    /// content documents of the manifest (OPF-081 … OPF-084).
    static func collections(_ package: PackageDocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let inherited = package.declaredMetadata.filter(\.isMeta)
        for collection in package.collections.flatMap(\.selfAndDescendants) where collection.has(role: "dictionary") {
            if !collection.collections.isEmpty {
                out.append(Diagnostic(.RSC_005, message: .epubDictionaryCollectionNotHaveSub,
                                      location: .init(path: package.path, line: collection.line)))
            }
            let own = (collection.metadata ?? []).filter(\.isMeta)
            out += languageDeclarations(own, inherited: inherited, line: collection.line, path: package.path)
            out += links(collection, package)
        }
        return out
    }

    /// A dictionary's source and target languages: declared by its own metas or inherited ones,
    /// and one source language only among its own.
    private static func languageDeclarations(_ own: [MetadataEntry], inherited: [MetadataEntry], line: Int, path: String) -> [Diagnostic] {
        func declared(_ metas: [MetadataEntry], _ property: String) -> Int {
            metas.filter { $0.propertyWritten == property }.count
        }
        var messages: [MessageText] = []
        for property in ["source-language", "target-language"] where declared(own + inherited, property) == 0 {
            messages.append(.epubDictionaryDeclareSourceLanguageUsing(property))
        }
        if declared(own, "source-language") > 1 { messages.append(.epubDictionaryNotDeclareMoreThan) }
        return messages.map { Diagnostic(.RSC_005, message: $0, location: .init(path: path, line: line)) }
    }

    /// What one dictionary collection links: resources of the manifest, exactly one Search Key Map,
    /// and otherwise XHTML content documents.
    private static func links(_ collection: PackageCollection, _ package: PackageDocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func report(_ id: MessageID, _ message: MessageText) {
            out.append(Diagnostic(id, message: message, location: .init(path: package.path, line: collection.line)))
        }
        var maps = 0
        for link in collection.links {
            let href = link.href
            guard let item = HrefResolver.path(href, against: package.path).flatMap(package.item(path:)) else {
                report(.OPF_081, .resourceLinkedFromDictionaryCollectionNot(href))
                continue
            }
            if item.mediaType == PropertyRules.searchKeyMap {
                maps += 1
            } else if item.mediaType != ContentRules.xhtml {
                report(.OPF_084, .dictionaryCollectionLinksWhichNeitherSearch(href, item.mediaType))
            }
        }
        if maps > 1 { report(.OPF_082, .dictionaryCollectionLinksMoreThanOne) }
        if maps == 0 { report(.OPF_083, .dictionaryCollectionLinksNoSearchKey) }
        return out
    }

    /// OPF-078 and OPF-079: a dictionary publication has dictionary content, and dictionary
    /// content belongs to a publication that says it is a dictionary.
    static func content(_ package: PackageDocument, isDictionary: Bool, _ documents: [ContentRules.Document]) -> [Diagnostic] {
        let typed = documents.filter { $0.features.contains(.dictionary) }
        if isDictionary && typed.isEmpty {
            return [Diagnostic(.OPF_078, message: .publicationDictionaryButNoContentDocument,
                               location: .init(path: package.path))]
        }
        if !isDictionary, let first = typed.first {
            return [Diagnostic(.OPF_079, message: .hasDictionaryContentButPackageS(first.path),
                               location: .init(path: package.path))]
        }
        return []
    }

    /// §2.4: each Search Key Map of the manifest: named `.xml` (OPF-080) and its grammar (a
    /// `search-key-map` of `search-key-group`s with `href`, holding `match`es). Where its links
    /// lead is `ReferenceRules`' to judge (`registerSearchKeyMapLinks`).
    static func searchKeyMaps(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for item in package.manifest where item.mediaType == PropertyRules.searchKeyMap {
            guard let path = item.path, session.container.contains(path) else { continue }
            if !path.lowercased().hasSuffix(".xml") {
                out.append(Diagnostic(.OPF_080, message: .searchKeyMapHaveFileName(path),
                                      location: .init(path: package.path, line: item.line)))
            }
            guard let document = session.wellFormedTree(at: path) else { continue }
            out += grammar(document, path)
        }
        return out
    }

    /// The links of every Search Key Map (its groups' and matches' `href`), registered for
    /// `ReferenceRules`: they lead to content documents of the spine (RSC-021), or at least to
    /// files that exist (RSC-007).
    static func registerSearchKeyMapLinks(_ session: PublicationSession, _ package: PackageDocument, into registry: inout ReferenceRegistry) {
        guard package.isEPUB3, !package.isRecovered, session.scope == .publication else { return }
        for item in package.manifest where item.mediaType == PropertyRules.searchKeyMap {
            guard let path = item.path, session.container.contains(path),
                  let document = session.wellFormedTree(at: path) else { continue }
            for element in document.elements(where: { ($0.is("search-key-group", in: XMLNamespace.epub) || $0.is("match", in: XMLNamespace.epub)) && $0.attribute("href") != nil }) {
                let href = (element.attribute("href") ?? "").trimmingXMLWhitespace()
                registry.register(Reference(origin: .searchKeyMap, kind: .hyperlink, url: href, resolution: HrefResolver.resolve(href, against: path),
                                            line: element.line, column: nil), from: item, path: path)
            }
        }
    }

    /// The Search Key Map grammar (§2.4.4), element by element, as RSC-005.
    private static func grammar(_ document: XMLDocument, _ path: String) -> [Diagnostic] {
        var messages: [(MessageText, Int)] = []
        guard let root = document.root else { return [] }
        guard root.is("search-key-map", in: XMLNamespace.epub) else {
            return [Diagnostic(.RSC_005, message: .rootElementSearchKeyMapSearch(XMLNamespace.epub),
                               location: .init(path: path, line: root.line))]
        }
        if root.attribute("lang", namespace: XMLNamespace.xml) == nil { messages.append((.elementSearchKeyMapMissingRequired, root.line)) }
        func expect(_ parent: XMLElement, only name: String, atLeastOne: Bool) {
            let children = parent.children
            for child in children where !child.is(name, in: XMLNamespace.epub) {
                messages.append((.elementNotAllowedHereExpectedElement(child.name, name), child.line))
            }
            if atLeastOne && !children.contains(where: { $0.is(name, in: XMLNamespace.epub) }) {
                messages.append((.elementIncompleteMissingRequiredElement(parent.name, name), parent.line))
            }
        }
        expect(root, only: "search-key-group", atLeastOne: true)
        for group in root.children(named: "search-key-group", in: XMLNamespace.epub) {
            if group.attribute("href") == nil { messages.append((.elementSearchKeyGroupMissingRequired, group.line)) }
            expect(group, only: "match", atLeastOne: true)
            for match in group.children(named: "match", in: XMLNamespace.epub) {
                expect(match, only: "value", atLeastOne: false)
                for value in match.children(named: "value", in: XMLNamespace.epub) where value.attribute("value") == nil {
                    messages.append((.elementValueMissingRequiredAttributeValue, value.line))
                }
            }
        }
        return messages.map { Diagnostic(.RSC_005, message: .errorWhileParsingFile($0.0), location: .init(path: path, line: $0.1)) }
    }
}
