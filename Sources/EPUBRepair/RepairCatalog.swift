import EPUBContract

/// Every repair `fix` knows, in the order a round applies them: the container before the package
/// (a package can only be repaired once it can be found), the package before the documents.
/// `docs/fix.md` lists each with what it does; `FixCatalogTests` holds the two to each other.
enum RepairCatalog {
    static let repairs: [Repair] = [
        ContainerRepairs.mimetypeFile,
        ContainerRepairs.emptyFolders,
        ContainerRepairs.strayFiles,
        ContainerRepairs.rootfile,
        ContainerRepairs.rootfileType,
        FileNameRepairs.names,
        FileNameRepairs.imageExtension,
        DeclarationRepairs.xmlVersion,
        DeclarationRepairs.packageDoctype,
        PackageIdentityRepairs.modified,
        PackageIdentityRepairs.uniqueIdentifier,
        PackageIdentityRepairs.required,
        PackageValueRepairs.invalidAttribute,
        PackageValueRepairs.invalidRendition,
        PackageValueRepairs.emptyMeta,
        PackageValueRepairs.danglingRefines,
        PackageValueRepairs.duplicateItemref,
        SpineReferenceRepairs.danglingItemref,
        SpineReferenceRepairs.danglingSpineAttribute,
        SpineReferenceRepairs.notContent,
        SpineReferenceRepairs.guide,
        MetadataValueRepairs.emptyElement,
        MetadataValueRepairs.languageTag,
        MetadataValueRepairs.date,
        MetadataValueRepairs.linkMediaType,
        MetadataValueRepairs.prefix,
        MetadataValueRepairs.prefixSpaces,
        ManifestEntryRepairs.mediaType,
        ManifestEntryRepairs.legacyMediaType,
        ManifestItemRepairs.unneededProperties,
        ManifestItemRepairs.misappliedProperty,
        ManifestItemRepairs.packageItself,
        ManifestItemRepairs.danglingFallback,
        ManifestItemRepairs.hrefFragment,
        ManifestItemRepairs.listedTwice,
        ManifestItemRepairs.unlisted,
        SpineRepairs.toc,
        SpineRepairs.dataNavigation,
        ManifestEntryRepairs.unknownProperty,
        ManifestEntryRepairs.missingFile,
        ManifestRepairs.contentProperties,
        ManifestRepairs.navProperty,
        NavigationRepairs.ncxUid,
        NavigationRepairs.playOrder,
        DeclarationRepairs.ncxUidSpaces,
        NavigationRepairs.missingFragment,
        URLRepairs.characters,
        ContentRepairs.encoding,
        ContentRepairs.declaredEncoding,
        EntityRepairs.undefined,
        WellFormednessRepairs.reparsed,
        ContentRepairs.doctype,
        ContentRepairs.title,
        ContentRepairs.duplicateIDs,
        ObsoleteElementRepairs.renamed,
        DeclarationRepairs.epubNamespace,
        StyleSheetRepairs.encoding,
        InlineRepairs.emptyPronunciation,
        InlineRepairs.emptyFontFace,
        InlineRepairs.query,
        InlineRepairs.missingImport,
        InlineRepairs.langMismatch,
    ]

    /// The message IDs some repair answers (in whole or for some of its templates).
    static var messageIDs: [String] {
        var seen = Set<String>()
        return repairs.flatMap(\.answers).map(\.rawValue).filter { seen.insert($0).inserted }.sorted()
    }
}
