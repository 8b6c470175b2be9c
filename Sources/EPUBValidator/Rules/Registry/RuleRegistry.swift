import EPUBContract

/// Every rule the validator runs, listed per input kind, each of one shape (`Rule<Input>`). A new
/// rule is a new entry in its kind's list; the validator's steps do not change. Document kinds
/// (navigation, NCX, media overlay, style sheet, and XHTML/SVG through `ContentRules`) run the same
/// list in a publication and in the single-file modes: a rule that needs the package reads
/// `publication` and says nothing without it.
enum RuleRegistry {
    // MARK: container

    /// The OCF container: `mimetype`, file names, META-INF files against their grammars,
    /// encryption, and the rendition mapping of a multiple-rendition publication.
    static let container: [Rule<PublicationSession>] = [
        { session, found in found.add(OCFRules.check(session)) },
        { session, found in found.add(SchemaRules.check(session)) },
        { session, found in found.add(XMLFormRules.container(session)) },
        { session, found in found.add(EncryptionRules.check(session)) },
        { session, found in if session.package.isEPUB3 { found.add(RenditionMappingRules.check(session)) } },
    ]

    // MARK: package, in three steps around its documents

    /// One package document's own rules, before its content documents are read. They register the
    /// references they meet (manifest hrefs, links, collections).
    static let package: [Rule<PackageInput>] = [
        { input, found in if input.isDefault { found.add(PackageRules.check(input.session)) } },
        { input, found in found.add(SchemaRules.check(input.session, input.package)) },
        { input, found in found.add(PackageStructureRules.check(input.session, input.package)) },
        { input, found in found.add(PropertyRules.check(input.session, input.package)) },
        { input, found in found.add(EPUB34Rules.check(input.package, input.revision)) },
        { input, found in found.add(MetadataValueRules.check(input.session, input.package)) },
        { input, found in found.add(LinkRules.check(input.session, input.package, registering: &found.references)) },
        { input, found in found.add(CollectionRules.check(input.session, input.package, registering: &found.references)) },
        { input, found in found.add(LegacyMediaTypeRules.check(input.session, input.package)) },
        { input, found in found.add(RelatorRules.check(input.session, input.package)) },
        { input, found in if input.isDefault { PackageRules.register(input.session, &found.references) } },
    ]

    /// Once each content document has been checked on its own (`ContentRules.check`, the XHTML and
    /// SVG rules): the rules across documents and the other document kinds.
    static let acrossDocuments: [Rule<PackageInput>] = [
        { input, found in found.add(ProfileRules.check(input.session, input.package, input.profile)) },
        { input, found in found.add(ProfileRules.contentWide(input.session, input.package, input.profile, input.documents)) },
        { input, found in found.add(XMLFormRules.check(input.session, input.package, skipping: Set(input.documents.map(\.path)))) },
        OverlayRules.check,
        { input, found in found.add(ImageRules.check(input.session, input.package)) },
        { input, found in if input.readsPublicationFiles { CSSRules.styleSheets(input, into: &found) } },
        { input, found in if input.readsPublicationFiles, let nav = NavRules.input(input.session) { navigation.run(nav, into: &found) } },
        { input, found in if input.readsPublicationFiles, let document = NCXRules.input(input.session) { ncx.run(document, into: &found) } },
    ]

    /// References registered by what points into documents rather than fetches them (NCX entries,
    /// overlay text targets, Search Key Map links), after the facts are taken: EPUBCheck's JSON
    /// report lists none of them among a file's references.
    static let lateReferences: [Rule<PackageInput>] = [
        { input, found in if input.readsPublicationFiles { NCXRules.register(input.session, into: &found.references) } },
        { input, found in OverlayRules.registerTextrefs(input.session, input.package, into: &found.references) },
        { input, found in DictionaryRules.registerSearchKeyMapLinks(input.session, input.package, into: &found.references) },
    ]

    /// Once the references are judged (`input.verdict`): what needs to know what is used and where.
    static let afterReferences: [Rule<PackageInput>] = [
        { input, found in found.add(ContentRules.packageWide(input.session, input.package, input.documents, input.verdict)) },
        { input, found in if input.readsPublicationFiles { CSSRules.properties(input, into: &found) } },
    ]

    // MARK: documents, in a publication and alone

    /// A navigation document (`--mode nav` adds them to the XHTML rules).
    static let navigation: [Rule<DocumentInput>] = [NavRules.document, NavRules.readingOrder]

    /// The NCX.
    static let ncx: [Rule<DocumentInput>] = [NCXRules.check]

    /// A media overlay (`--mode mo`); its clock values are read by the SMIL reader, which reports them.
    static let overlay: [Rule<DocumentInput>] = [SchemaRules.overlay, OverlayRules.semantics, OverlayRules.audioFragments]

    /// A style sheet.
    static let styleSheet: [Rule<StyleSheetInput>] = [CSSRules.check]
}
