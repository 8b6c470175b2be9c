import EPUBContract

/// One package document (each rendition's, in a multiple-rendition publication) as the package
/// registry's rules read it, with what the earlier steps learned: the content documents once
/// checked, and the references' verdict once judged.
struct PackageInput {
    var session: PublicationSession
    var package: PackageDocument
    var profile: Profile
    /// The EPUB revision the publication is held to (`--epub`).
    var revision: EPUBRevision
    /// The publication's own package (the default rendition's): the style sheets, the NCX and the
    /// package-wide rules are its alone.
    var isDefault: Bool
    /// The content documents, after the content step.
    var documents: [ContentRules.Document] = []
    /// The references' verdict, after they are judged.
    var verdict = ReferenceRules.Verdict()

    /// The publication's own files beside its package (style sheets, navigation, NCX) are checked
    /// with the default rendition's package, and only when the publication is there (not for
    /// `--mode opf`).
    var readsPublicationFiles: Bool { isDefault && session.scope == .publication }
}
