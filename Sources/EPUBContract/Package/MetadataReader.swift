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
        let titles = package.entries(dc + "title").filter { !$0.value.isEmpty }.map { entry in
            PublicationMetadata.Title(value: entry.value, type: entry.refinement(meta + "title-type"),
                                      fileAs: entry.refinement(meta + "file-as") ?? entry.opfAttributes["file-as"],
                                      language: entry.language, alternateScripts: alternateScripts(entry))
        }
        let dates = package.entries(dc + "date")
        let published = dates.first { $0.opfAttributes["event"]?.lowercased() == "publication" } ?? dates.first
        return PublicationMetadata(
            identifier: unique?.value,
            identifiers: identifiers,
            title: titles.first?.value,
            titles: titles,
            creators: people(package.entries(dc + "creator")),
            contributors: people(package.entries(dc + "contributor")),
            languages: package.entries(dc + "language").map(\.value).filter { !$0.isEmpty },
            publisher: first(package, dc + "publisher"),
            published: published?.value,
            modified: first(package, Vocabulary.dcterms + "modified"),
            description: first(package, dc + "description"),
            subjects: package.entries(dc + "subject").filter { !$0.value.isEmpty }.map {
                PublicationMetadata.Subject(name: $0.value, authority: $0.refinement(meta + "authority"), term: $0.refinement(meta + "term"))
            },
            rights: first(package, dc + "rights"),
            series: nil,
            collections: [],
            accessibility: accessibility(package),
            cover: cover(package)
        ).withCollections(collections(package))
    }

    private static func first(_ package: PackageDocument, _ property: String) -> String? {
        package.entries(property).first { !$0.value.isEmpty }?.value
    }

    private static func alternateScripts(_ entry: MetadataEntry) -> [PublicationMetadata.AlternateScript] {
        entry.refinements(meta + "alternate-script").map { .init(value: $0.value, language: $0.language) }
    }

    private static func people(_ entries: [MetadataEntry]) -> [PublicationMetadata.Contributor] {
        entries.filter { !$0.value.isEmpty }.map { entry in
            var roles = entry.refinements(meta + "role").map(\.value).filter { !$0.isEmpty }
            if let role = entry.opfAttributes["role"], !role.isEmpty, !roles.contains(role) { roles.insert(role, at: 0) }
            return PublicationMetadata.Contributor(
                name: entry.value, fileAs: entry.refinement(meta + "file-as") ?? entry.opfAttributes["file-as"],
                roles: roles, language: entry.language, alternateScripts: alternateScripts(entry))
        }
    }

    private static func collections(_ package: PackageDocument) -> [PublicationMetadata.Collection] {
        var out = package.entries(meta + "belongs-to-collection").filter { !$0.value.isEmpty }.map { entry in
            PublicationMetadata.Collection(
                name: entry.value, type: entry.refinement(meta + "collection-type"),
                position: entry.refinement(meta + "group-position").flatMap(number),
                identifier: entry.refinement(dc + "identifier") ?? entry.refinement(meta + "identifier"), source: .epub)
        }
        if let series = package.namedEntries("calibre:series").first(where: { !$0.value.isEmpty }) {
            let index = package.namedEntries("calibre:series_index").first.flatMap { number($0.value) }
            out.append(.init(name: series.value, type: "series", position: index, identifier: nil, source: .calibre))
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
        return .init(
            conformsTo: values(Vocabulary.dcterms + "conformsTo", "dcterms:conformsTo") + linked(Vocabulary.dcterms + "conformsTo"),
            certifiedBy: values(a11y + "certifiedBy", "a11y:certifiedBy").first,
            certifierCredential: (values(a11y + "certifierCredential", "a11y:certifierCredential") + linked(a11y + "certifierCredential")).first,
            certifierReport: (values(a11y + "certifierReport", "a11y:certifierReport") + linked(a11y + "certifierReport")).first,
            summary: values(schema + "accessibilitySummary", "schema:accessibilitySummary").first,
            accessModes: values(schema + "accessMode", "schema:accessMode"),
            accessModesSufficient: values(schema + "accessModeSufficient", "schema:accessModeSufficient"),
            features: values(schema + "accessibilityFeature", "schema:accessibilityFeature"),
            hazards: values(schema + "accessibilityHazard", "schema:accessibilityHazard"))
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
