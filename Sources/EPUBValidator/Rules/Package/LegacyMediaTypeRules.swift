import EPUBContract

/// The media types of OEBPS 1.2 and their successors in EPUB 2 package documents: in an OPF 2.0
/// package `text/html` is not XHTML (OPF-035) and the OEB 1 types are deprecated (OPF-037); in
/// an OEBPS 1.2 package (the `oeb-package/1.0` namespace) `text/html`, and XHTML or CSS without a
/// fallback, should be the OEB 1 types (OPF-038, OPF-039), and the package says it is one (OPF-047).
enum LegacyMediaTypeRules {
    static let oeb12Namespace = "http://openebook.org/namespaces/oeb-package/1.0/"
    static let deprecatedTypes: Set<String> = ["text/x-oeb1-document", "text/html", "text/x-oeb1-css"]
    /// The deprecated types of content documents (OPS 2.0.1 §1.4.1.2).
    static let oebDocumentTypes: Set<String> = ["text/x-oeb1-document", "text/html"]
    /// The types OPS 2.0 calls core for content documents.
    static let opsContentTypes: Set<String> = ["application/xhtml+xml", "application/x-dtbook+xml"]

    static func check(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        let oeb12 = package.namespace == oeb12Namespace
        let opf20 = package.namespace == XMLNamespace.opf && (package.version?.trimmingXMLWhitespace().hasPrefix("2") ?? false)
        guard oeb12 || opf20 else { return [] }
        var out: [Diagnostic] = []
        if oeb12 {
            out.append(Diagnostic(.OPF_047, message: .packageDocumentUsesOebpsSyntaxWhich,
                                  location: .init(path: package.path, line: package.line)))
        }
        for item in package.manifest {
            let type = item.mediaType, id = item.id
            func report(_ message: MessageID, _ text: MessageText) {
                out.append(Diagnostic(message, message: text, location: .init(path: package.path, line: item.line)))
            }
            if deprecatedTypes.contains(type) {
                if opf20 && type == "text/html" {
                    report(.OPF_035, .itemTextHtmlWhichOpfDoes(id))
                } else if oeb12 && type == "text/html" {
                    report(.OPF_038, .itemTextHtmlOebpsContentDocument(id))
                } else if opf20 {
                    report(.OPF_037, .itemUsesDeprecatedOebpsMediaType(id, type))
                }
            }
            if oeb12 && item.fallback == nil {
                if opsContentTypes.contains(type) {
                    report(.OPF_038, .itemWithoutFallbackOebpsContentDocument(id, type))
                } else if type == "text/css" {
                    report(.OPF_039, .itemTextCssWithoutFallbackOebps(id))
                }
            }
        }
        return out
    }
}
