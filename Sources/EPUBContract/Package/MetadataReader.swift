/// Interprets a `PackageDocument`'s raw metadata as `PublicationMetadata`.
package enum MetadataReader {
    private static let dc = Vocabulary.dc
    private static let meta = Vocabulary.meta

    package static func read(_ package: PackageDocument) -> PublicationMetadata {
        let identifiers = package.entries(dc + "identifier").map { entry in
            PublicationMetadata.Identifier(value: entry.value, id: entry.id,
                                           type: entry.refinement(meta + "identifier-type") ?? entry.opfAttributes["scheme"])
        }
        let unique = package.uniqueIdentifierRef.flatMap { ref in identifiers.first { $0.id == ref } } ?? identifiers.first
        let titles = titles(package)
        let creators = people(package.entries(dc + "creator"), package)
        let contributors = people(package.entries(dc + "contributor"), package)
        let dates = package.entries(dc + "date")
        let published = dates.first { $0.opfAttributes["event"]?.lowercased() == "publication" }
            ?? dates.first { $0.opfAttributes["event"]?.lowercased() != "modification" }
        let modification = dates.first { $0.opfAttributes["event"]?.lowercased() == "modification" }
        let publishers = texts(package.entries(dc + "publisher"), package)
        let descriptions = texts(package.entries(dc + "description"), package)
        return PublicationMetadata(
            identifier: unique?.value,
            identifiers: identifiers,
            title: titles.first?.value,
            subtitle: subtitle(titles),
            titles: titles,
            creators: creators,
            contributors: contributors,
            narrators: narrators(creators + contributors, package),
            languages: package.entries(dc + "language").map(\.value).filter { !$0.isEmpty },
            publisher: publishers.first?.value,
            publishers: publishers,
            published: published?.value,
            modified: first(package, Vocabulary.dcterms + "modified") ?? modification?.value,
            description: descriptions.first?.value,
            descriptions: descriptions,
            subjects: package.entries(dc + "subject").filter { !$0.value.isEmpty }.map {
                PublicationMetadata.Subject(name: $0.value, authority: $0.refinement(meta + "authority") ?? $0.opfAttributes["authority"],
                                            term: $0.refinement(meta + "term") ?? $0.opfAttributes["term"],
                                            fileAs: $0.refinement(meta + "file-as") ?? $0.opfAttributes["file-as"],
                                            language: $0.language ?? package.language, dir: $0.dir ?? package.dir)
            },
            rights: first(package, dc + "rights"),
            series: nil,
            collections: [],
            numberOfPages: numberOfPages(package),
            accessibility: accessibility(package),
            cover: cover(package)
        ).withCollections(collections(package))
    }

    /// Non-empty values with their language and direction, the package's when the element has none.
    private static func texts(_ entries: [MetadataEntry], _ package: PackageDocument) -> [PublicationMetadata.Text] {
        entries.filter { !$0.value.isEmpty }.map { .init(value: $0.value, language: $0.language ?? package.language, dir: $0.dir ?? package.dir) }
    }

    /// Titles in document order, with their type, display order, language and direction. The main
    /// (first) title without a `file-as` takes calibre's `title_sort` as its sort key, as reading
    /// systems that sort libraries do (calibre writes it into the EPUB 2 books it saves).
    private static func titles(_ package: PackageDocument) -> [PublicationMetadata.Title] {
        let calibreSort = package.namedEntries("calibre:title_sort").first { !$0.value.isEmpty }?.value
        return package.entries(dc + "title").filter { !$0.value.isEmpty }.enumerated().map { index, entry in
            PublicationMetadata.Title(value: entry.value, type: entry.refinement(meta + "title-type"),
                                      displaySeq: entry.refinement(meta + "display-seq").flatMap { Int($0.trimmingXMLWhitespace()) },
                                      fileAs: entry.refinement(meta + "file-as") ?? entry.opfAttributes["file-as"] ?? (index == 0 ? calibreSort : nil),
                                      language: entry.language ?? package.language, dir: entry.dir ?? package.dir,
                                      alternateScripts: alternateScripts(entry))
        }
    }

    /// The subtitle shown: the `subtitle` title with the lowest `display-seq` (unnumbered ones after).
    private static func subtitle(_ titles: [PublicationMetadata.Title]) -> String? {
        titles.enumerated().filter { $0.element.type == "subtitle" }
            .min { ($0.element.displaySeq ?? .max, $0.offset) < ($1.element.displaySeq ?? .max, $1.offset) }?.element.value
    }

    /// Narrators: people with the role `nrt`, then `media:narrator` values, each name once.
    private static func narrators(_ people: [PublicationMetadata.Contributor], _ package: PackageDocument) -> [String] {
        var out: [String] = []
        for name in people.filter({ $0.roles.contains("nrt") }).map(\.name) + package.entries(Vocabulary.media + "narrator").map(\.value)
        where !name.isEmpty && !out.contains(name) {
            out.append(name)
        }
        return out
    }

    private static func numberOfPages(_ package: PackageDocument) -> Int? {
        let entries = package.entries(Vocabulary.schema + "numberOfPages") + package.namedEntries("schema:numberOfPages")
        return entries.lazy.compactMap { Int($0.value.trimmingXMLWhitespace()) }.first { $0 >= 0 }
    }

    private static func first(_ package: PackageDocument, _ property: String) -> String? {
        package.entries(property).first { !$0.value.isEmpty }?.value
    }

    private static func alternateScripts(_ entry: MetadataEntry) -> [PublicationMetadata.AlternateScript] {
        entry.refinements(meta + "alternate-script").map { .init(value: $0.value, language: $0.language) }
    }

    private static func people(_ entries: [MetadataEntry], _ package: PackageDocument) -> [PublicationMetadata.Contributor] {
        entries.filter { !$0.value.isEmpty }.map { entry in
            var roles = entry.refinements(meta + "role").map(\.value).filter { !$0.isEmpty }
            if let role = entry.opfAttributes["role"], !role.isEmpty, !roles.contains(role) { roles.insert(role, at: 0) }
            return PublicationMetadata.Contributor(
                name: entry.value, fileAs: entry.refinement(meta + "file-as") ?? entry.opfAttributes["file-as"],
                roles: roles, language: entry.language ?? package.language, dir: entry.dir ?? package.dir,
                alternateScripts: alternateScripts(entry))
        }
    }

    private static func collections(_ package: PackageDocument) -> [PublicationMetadata.Collection] {
        var out = package.entries(meta + "belongs-to-collection").filter { !$0.value.isEmpty }.map { entry in
            PublicationMetadata.Collection(
                name: entry.value, type: entry.refinement(meta + "collection-type"),
                position: entry.refinement(meta + "group-position").flatMap(number),
                identifier: entry.refinement(dc + "identifier") ?? entry.refinement(Vocabulary.dcterms + "identifier")
                    ?? entry.refinement(meta + "identifier"),
                fileAs: entry.refinement(meta + "file-as"), source: .epub)
        }
        if let series = package.namedEntries("calibre:series").first(where: { !$0.value.isEmpty }) {
            let index = package.namedEntries("calibre:series_index").first.flatMap { number($0.value) }
            out.append(.init(name: series.value, type: "series", position: index, identifier: nil, fileAs: nil, source: .calibre))
        }
        return out
    }

    private static func number(_ s: String) -> Double? {
        Double(s.trimmingXMLWhitespace()).flatMap { $0.isFinite ? $0 : nil }
    }

    /// Accessibility properties, from EPUB 3 metas and links, and from EPUB 2 `name`/`content` metas.
    private static func accessibility(_ package: PackageDocument) -> PublicationMetadata.Accessibility {
        func values(_ iri: String, _ name: String) -> [String] {
            (package.entries(iri) + package.namedEntries(name)).map(\.value).filter { !$0.isEmpty }
        }
        func linked(_ iri: String) -> [String] {
            package.links.filter { $0.rel.contains(iri) && $0.refines == nil }.map(\.href)
        }
        let schema = Vocabulary.schema, a11y = Vocabulary.a11y
        // The certifier's credential and report refine `a11y:certifiedBy` (metas or links); top-level
        // ones (EPUB 2 metas, older books) count when the certifier has none.
        let certifier = (package.entries(a11y + "certifiedBy") + package.namedEntries("a11y:certifiedBy")).first { !$0.value.isEmpty }
        func refiningCertifier(_ iri: String) -> String? {
            guard let certifier else { return nil }
            return certifier.refinement(iri) ?? certifier.id.flatMap { id in
                package.links.first { $0.rel.contains(iri) && $0.refines == id }?.href
            }
        }
        // Conformance as EPUB 3 (`meta property`) and EPUB 2 (`meta name`) write it, and as a
        // `dc:conformsTo` element, which some producers write; in document order, then links.
        let conformance = (package.entries(Vocabulary.dcterms + "conformsTo") + package.namedEntries("dcterms:conformsTo")
            + package.entries(dc + "conformsTo")).sorted { $0.line < $1.line }.map(\.value).filter { !$0.isEmpty }
        return .init(
            conformsTo: conformance + linked(Vocabulary.dcterms + "conformsTo"),
            certifiedBy: certifier?.value,
            certifierCredential: refiningCertifier(a11y + "certifierCredential")
                ?? (values(a11y + "certifierCredential", "a11y:certifierCredential") + linked(a11y + "certifierCredential")).first,
            certifierReport: refiningCertifier(a11y + "certifierReport")
                ?? (values(a11y + "certifierReport", "a11y:certifierReport") + linked(a11y + "certifierReport")).first,
            summary: values(schema + "accessibilitySummary", "schema:accessibilitySummary").first,
            accessModes: values(schema + "accessMode", "schema:accessMode"),
            accessModesSufficient: values(schema + "accessModeSufficient", "schema:accessModeSufficient").map { value in
                value.split(separator: ",").map { $0.trimmingXMLWhitespace() }.filter { !$0.isEmpty }
            },
            features: values(schema + "accessibilityFeature", "schema:accessibilityFeature"),
            hazards: values(schema + "accessibilityHazard", "schema:accessibilityHazard"),
            exemptions: values(a11y + "exemption", "a11y:exemption"))
    }

    /// The cover image by the order reading systems use: `cover-image`, EPUB 2 `meta name="cover"`, then the guide.
    private static func cover(_ package: PackageDocument) -> PublicationMetadata.Cover? {
        if let item = package.manifest.first(where: { $0.has(property: "cover-image") }), let path = item.path {
            return .init(href: path, mediaType: item.mediaType, source: .coverImage)
        }
        if let value = package.namedEntries("cover").first?.value, !value.isEmpty {
            if let item = package.item(id: value), let path = item.path {
                return .init(href: path, mediaType: item.mediaType, source: .metaCoverID)
            }
            if let path = HrefResolver.path(value, against: package.path), let item = package.item(path: path), let itemPath = item.path {
                return .init(href: itemPath, mediaType: item.mediaType, source: .metaCoverHref)
            }
        }
        if let reference = package.guide.first(where: { $0.type.lowercased() == "cover" }), let target = reference.target {
            let path = target.split(separator: "#", maxSplits: 1).first.map(String.init) ?? target
            return .init(href: target, mediaType: package.item(path: path)?.mediaType, source: .guide)
        }
        return nil
    }
}

private extension PublicationMetadata {
    /// Sets the collections and picks the series: the first `series` collection, EPUB 3 before calibre.
    func withCollections(_ list: [Collection]) -> PublicationMetadata {
        var copy = self
        copy.collections = list
        copy.series = list.first { $0.type == "series" }
        return copy
    }
}
