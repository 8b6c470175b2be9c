import EPUBContract

/// What the package (and the profile) declare about its content documents, which decides the
/// extension specifications' content rules each document is held to.
struct ContentDeclarations: Sendable {
    /// The documents declared to be indexes (EPUB Indexes): each must hold one.
    var indexDocuments: Set<String> = []
    /// The publication is a dictionary: EPUB Dictionaries' content model applies.
    var dictionary = false
    /// The reflowable linear spine documents of an EDUPUB publication: its outline rules apply.
    var edupubDocuments: Set<String> = []
    /// The package's media type of each manifest item, by container path (local) or by URL as
    /// written (remote), for EDUPUB only: its lists of audio and video go by the type of each
    /// media source, not by the element that holds it.
    var edupubMediaTypes: [String: String] = [:]
    /// Whether each manifest item is fixed-layout by the package's own `rendition:layout` (its
    /// spine item's property, else the publication's): region-based navigation must lead to one.
    var fixedLayout: [String: Bool] = [:]
    /// The documents whose spine entry is fixed-layout (EPUB's `rendition:layout`, on the itemref
    /// or for the publication; vendor files do not count): their viewport metas are read.
    var fixedSpineDocuments: Set<String> = []

    /// `fixedLayout` for the session's own package when it has a Data Navigation Document, the
    /// only reader of it (other renditions' packages, and books without one, get none).
    static func fixedLayout(_ session: PublicationSession, _ package: PackageDocument) -> [String: Bool] {
        guard package.path == session.package.path, package.manifest.contains(where: { $0.has(property: "data-nav") }) else { return [:] }
        let rendition = session.rendition
        let global = rendition.publication.declaresFixedLayout(.none)
        var fixed: [String: Bool] = [:]
        for item in package.manifest { if let path = item.path { fixed[path] = global } }
        for (number, ref) in package.spine.enumerated() where rendition.items.indices.contains(number) {
            if let path = package.item(id: ref.idref)?.path {
                fixed[path] = rendition.publication.declaresFixedLayout(rendition.items[number].properties)
            }
        }
        return fixed
    }
}
