import EPUBContract

/// EPUB Multiple-Rendition Publications 1.0, §4.4: the Rendition Mapping Document the container
/// links (`rel="mapping"`): at most one, XHTML (its `media-type`), naming the specification's
/// version in a `meta`, and holding exactly one `resource-map` nav, every nav typed. Faults are
/// RSC-005, as in EPUBCheck's multiple-renditions rules.
enum RenditionMappingRules {
    static let renditionNamespace = "http://www.idpf.org/2013/rendition"

    static func check(_ session: PublicationSession) -> [Diagnostic] {
        guard let container = session.wellFormedTree(at: ContainerDocument.path) else { return [] }
        var out: [Diagnostic] = []
        func error(_ message: MessageText, _ path: String, _ line: Int) {
            out.append(Diagnostic(.RSC_005, message: message, location: .init(path: path, line: line)))
        }
        let mappings = container.elements(atPath: ["container", "links", "link"], in: XMLNamespace.ocf).filter { ($0.attribute("rel") ?? "").collapsingXMLWhitespace() == "mapping" }
        if mappings.count > 1, let links = mappings.first?.parent {
            error(.containerDocumentNotReferenceMoreThan, ContainerDocument.path, links.line)
        }
        for link in mappings where (link.attribute("media-type") ?? "").collapsingXMLWhitespace() != "application/xhtml+xml" {
            error(.mediaTypeRenditionMappingDocumentsApplication, ContainerDocument.path, link.line)
        }
        for rootfile in container.elements(atPath: ["container", "rootfiles", "rootfile"], in: XMLNamespace.ocf) {
            let modes = (rootfile.attribute("accessMode", namespace: renditionNamespace) ?? "").xmlTokens()
            if Set(modes).count != modes.count { error(.accessmodeAttributeContainsDuplicateValue, ContainerDocument.path, rootfile.line) }
        }
        // Container links are relative to the container root, as ContainerDocument reads them.
        if mappings.count == 1, let path = mappings[0].attribute("href").flatMap({ HrefResolver.path($0.trimmingXMLWhitespace(), against: "") }),
           session.container.contains(path), let mapping = session.wellFormedTree(at: path) {
            out += document(mapping, path)
        }
        return out
    }

    /// The mapping document itself: its version meta and its navs.
    private static func document(_ mapping: XMLDocument, _ path: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for head in mapping.elements(atPath: ["html", "head"], in: XMLNamespace.xhtml)
        where !head.children(named: "meta", in: XMLNamespace.xhtml).contains(where: { $0.attribute("name") == "epub.multiple.renditions.version" && $0.attribute("content") == "1.0" }) {
            out.append(Diagnostic(.RSC_005, message: .metaTagNameEpubMultipleRenditions,
                                  location: .init(path: path, line: head.line)))
        }
        for body in mapping.elements(atPath: ["html", "body"], in: XMLNamespace.xhtml) {
            let navs = body.children(named: "nav", in: XMLNamespace.xhtml)
            let types = navs.map { $0.epubTypes }
            if types.filter({ $0.contains("resource-map") }).count != 1 {
                out.append(Diagnostic(.RSC_005, message: .renditionMappingDocumentContainExactlyOne,
                                      location: .init(path: path, line: body.line)))
            }
            if types.contains(where: \.isEmpty) {
                out.append(Diagnostic(.RSC_005, message: .navElementRenditionMappingDocumentIdentify,
                                      location: .init(path: path, line: body.line)))
            }
        }
        return out
    }
}
