import EPUBContract

/// EPUB 3 package `collection` elements: every collection `link` registered as a reference (a
/// local resource that is missing is RSC-007w), and what the roles EPUBCheck knows require of the
/// top-level collections' links: `index` links (with their `index-group`s') lead to XHTML content
/// documents (OPF-071), `preview` links to XHTML or SVG content documents (OPF-075) without EPUB
/// CFIs (OPF-076). Each is reported once per package, as EPUBCheck does. Their structure is
/// `PackageStructureRules.collections`.
enum CollectionRules {
    static func check(_ session: PublicationSession, _ package: PackageDocument, registering registry: inout ReferenceRegistry) -> [Diagnostic] {
        guard package.isEPUB3, !package.isRecovered else { return [] }
        for link in package.collections.flatMap(\.selfAndDescendants).flatMap(\.links) {
            let reference = Reference(origin: .package, kind: .collectionLink, url: link.href,
                                      resolution: HrefResolver.resolve(link.href, against: package.path), line: link.line, column: nil)
            registry.register(reference, from: nil, path: package.path)
        }
        var out: [Diagnostic] = []
        func report(_ id: MessageID, _ message: MessageText) {
            out.append(Diagnostic(id, message: message, location: .init(path: package.path)))
        }
        let indexTypes = links(package, role: "index", deep: true).compactMap { mediaType($0, package) }
        if indexTypes.contains(where: { $0 != "application/xhtml+xml" }) {
            report(.OPF_071, .indexCollectionsOnlyContainResourcesPointing)
        }
        let previews = links(package, role: "preview", deep: false)
        // A link to a file the manifest does not declare points to no content document either.
        if previews.map({ mediaType($0, package) ?? "" }).contains(where: { $0 != "application/xhtml+xml" && $0 != "image/svg+xml" }) {
            report(.OPF_075, .previewCollectionsOnlyPointEpubContent)
        }
        if previews.contains(where: { fragment($0)?.hasPrefix("epubcfi(") ?? false }) {
            report(.OPF_076, .linksPreviewCollectionsNotUseEpub)
        }
        return out
    }

    /// The container paths of the content documents the top-level index collections link to: each
    /// must hold an index (`epub:type="index"`).
    static func indexDocuments(_ session: PublicationSession, _ package: PackageDocument) -> Set<String> {
        guard package.isEPUB3, !package.isRecovered else { return [] }
        return Set(links(package, role: "index", deep: true).compactMap { href in
            HrefResolver.path(href, against: package.path).flatMap { package.item(path: $0)?.mediaType == "application/xhtml+xml" ? $0 : nil }
        })
    }

    /// The hrefs of the links of the top-level collections with this role (`deep`: and of their
    /// index-group sub-collections).
    private static func links(_ package: PackageDocument, role: String, deep: Bool) -> [String] {
        package.collections.filter { $0.has(role: role) }.flatMap { collection -> [String] in
            // An index's links are its own and its index-groups' (other sub-collections are not the index).
            let groups = deep ? collection.collections.filter { $0.has(role: "index-group") } : []
            return ([collection] + groups).flatMap(\.links).map(\.href)
        }
    }

    /// The media type of the manifest item a link leads to (nil when it leads to none).
    private static func mediaType(_ href: String, _ package: PackageDocument) -> String? {
        HrefResolver.path(href, against: package.path).flatMap { package.item(path: $0)?.mediaType.lowercased() }
    }

    private static func fragment(_ href: String) -> String? {
        href.firstIndex(of: "#").map { String(href[href.index(after: $0)...]) }
    }
}
