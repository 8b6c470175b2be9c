import EPUBContract

/// What the extension specifications ask of a package, under `--profile` or when the package's
/// `dc:type` names one (OPF-064 says so): EPUB Previews' identification rules, and which
/// documents EPUB Indexes holds to its content model.
enum ProfileRules {
    /// The profile the package is checked with: the one asked for, else the one its `dc:type` declares.
    static func effective(_ package: PackageDocument, _ asked: Profile) -> Profile {
        guard asked == .default else { return asked }
        return declared(package) ?? .default
    }

    /// The profile the package's `dc:type` declares, if any (the first that does).
    static func declared(_ package: PackageDocument) -> Profile? {
        let types = package.entries(Vocabulary.dc + "type").map(\.value)
        return types.lazy.compactMap { type in Profile.allCases.first { $0.declaringType == type } }.first
    }

    static func check(_ session: PublicationSession, _ package: PackageDocument, _ asked: Profile) -> [Diagnostic] {
        guard package.isEPUB3, !package.isRecovered else { return [] }
        var out: [Diagnostic] = []
        let profile = effective(package, asked)
        if asked == .default, profile != .default, let type = profile.declaringType {
            out.append(Diagnostic(.OPF_064, message: .packageDeclaresTypeValidatingProfile(type, profile.displayName),
                                  location: .init(path: package.path)))
        }
        if profile == .dict {
            out += DictionaryRules.publication(package)
        }
        if profile == .edupub {
            out += EDUPUBRules.package(package)
        }
        if profile == .preview {
            out += preview(package, metadataLine: package.metadataLine)
        }
        return out
    }

    /// The rules that need the content documents read: EPUB Dictionaries in the whole package
    /// (every EPUB 3 one: dictionary collections; in a publication its Search Key Maps and whether
    /// it has the dictionary content it declares) and EDUPUB's pagination and structured data.
    static func contentWide(_ session: PublicationSession, _ package: PackageDocument, _ asked: Profile,
                            _ documents: [ContentRules.Document]) -> [Diagnostic] {
        guard package.isEPUB3, !package.isRecovered else { return [] }
        let profile = effective(package, asked)
        var out = DictionaryRules.collections(package)
        if session.scope == .publication {
            out += DictionaryRules.searchKeyMaps(session, package) + DictionaryRules.content(package, isDictionary: profile == .dict, documents)
            if profile == .edupub {
                out += EDUPUBRules.publication(session, package, documents)
                if package.path == session.package.path { out += EDUPUBRules.publicationMetadata(session) }
            }
        }
        return out
    }

    /// EPUB Previews 2.4–2.5: a preview says it is one, names its source, and is not its source.
    private static func preview(_ package: PackageDocument, metadataLine: Int?) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let types = package.entries(Vocabulary.dc + "type").map(\.value)
        let sources = package.entries(Vocabulary.dc + "source")
        if !types.contains("preview") {
            out.append(Diagnostic(.RSC_005, message: .epubPreviewPublicationHavePreviewDc, location: .init(path: package.path, line: metadataLine)))
        }
        if sources.isEmpty {
            out.append(Diagnostic(.RSC_017, message: .epubPreviewPublicationLinkBackSource,
                                  location: .init(path: package.path, line: metadataLine)))
        }
        let identifier = package.uniqueIdentifierRef.flatMap { ref in package.entries(Vocabulary.dc + "identifier").first { $0.id == ref }?.value }
        for source in sources where source.value == identifier {
            out.append(Diagnostic(.RSC_005, message: .previewPublicationNotUsePackageIdentifier(source.value),
                                  location: .init(path: package.path, line: source.line)))
        }
        return out
    }

    /// What the package and the profile declare of the content documents.
    static func declarations(_ session: PublicationSession, _ package: PackageDocument, _ asked: Profile) -> ContentDeclarations {
        let profile = effective(package, asked)
        var declarations = ContentDeclarations(indexDocuments: indexDocuments(session, package, asked), dictionary: profile == .dict,
                                               fixedLayout: ContentDeclarations.fixedLayout(session, package),
                                               fixedSpineDocuments: ViewportRules.fixedSpineDocuments(session, package))
        if profile == .edupub, package.path == session.package.path {
            // EDUPUB's outline rules hold for the reflowable documents read in order (EPUBCheck's choice).
            for (number, ref) in package.spine.enumerated() where ref.linear && session.rendition.items.indices.contains(number) {
                if session.rendition.items[number].effective.layout != .prePaginated, let path = package.item(id: ref.idref)?.path {
                    declarations.edupubDocuments.insert(path)
                }
            }
            for item in package.manifest {
                declarations.edupubMediaTypes[item.path ?? item.href] = item.mediaType
            }
        }
        return declarations
    }

    /// The content documents the package declares to be indexes (EPUB Indexes 2.3): every XHTML
    /// spine item of an index publication, items with the `index` property, and the documents
    /// index collections link to.
    static func indexDocuments(_ session: PublicationSession, _ package: PackageDocument, _ asked: Profile) -> Set<String> {
        guard package.isEPUB3 else { return [] }
        var paths = CollectionRules.indexDocuments(session, package)
        for item in package.manifest where item.has(property: "index") && item.mediaType == "application/xhtml+xml" {
            if let path = item.path { paths.insert(path) }
        }
        if effective(package, asked) == .idx {
            for ref in package.spine {
                if let item = package.item(id: ref.idref), item.mediaType == "application/xhtml+xml", let path = item.path { paths.insert(path) }
            }
        }
        return paths
    }
}
