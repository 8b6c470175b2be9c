/// `META-INF/container.xml`: the list of rootfiles. The first one with the package media type is the package.
public struct ContainerDocument: Sendable, Equatable {
    /// One `rootfile`: a package document and how a reading system would select it.
    public struct Rootfile: Sendable, Equatable, Codable {
        public var fullPath: String
        public var mediaType: String?
        /// Rendition selection attributes (`rendition:layout`, `media`, `language`, `accessMode`,
        /// `label`) by local name: how a reading system picks among several renditions.
        public var selection: [String: String] = [:]
        public var line: Int = 0
    }

    /// Namespace of the rendition selection attributes on `rootfile`.
    public static let renditionNamespace = "http://www.idpf.org/2013/rendition"

    public static let path = "META-INF/container.xml"
    public static let packageMediaType = "application/oebps-package+xml"

    public var rootfiles: [Rootfile]
    /// Container paths of `links/link/@href` (multiple-rendition mapping documents and the like).
    public var links: [String] = []

    /// The path of the package document: the first rootfile with the OPF media type.
    public var packagePath: String? {
        rootfiles.first { $0.mediaType?.trimmingXMLWhitespace() == Self.packageMediaType && !$0.fullPath.isEmpty }?.fullPath
    }

    package static func parse(_ document: XMLDocument, diagnostics log: inout DiagnosticLog) -> ContainerDocument {
        var rootfiles: [Rootfile] = []
        for element in document.select("//ocf:rootfile") + document.select("//rootfile[not(namespace-uri())]") {
            // A rootfile without its path still counts as one (a rendition's other rules see it): its path is empty.
            guard let fullPath = element.attribute("full-path") else {
                log.add(.rootfileWithoutFullPath, path: path, line: element.line)
                rootfiles.append(Rootfile(fullPath: "", mediaType: element.attribute("media-type"), selection: [:], line: element.line))
                continue
            }
            let trimmed = fullPath.trimmingXMLWhitespace()
            if trimmed.isEmpty {
                log.add(.rootfileWithEmptyFullPath, path: path, line: element.line)
            }
            var selection: [String: String] = [:]
            for attribute in element.attributes where attribute.namespace == renditionNamespace {
                selection[attribute.name] = attribute.value
            }
            rootfiles.append(Rootfile(fullPath: trimmed, mediaType: element.attribute("media-type"), selection: selection, line: element.line))
        }
        var result = ContainerDocument(rootfiles: rootfiles)
        result.links = (document.select("//ocf:links/ocf:link") + document.select("//links/link[not(namespace-uri())]")).compactMap { link in
            // Container links are relative to the container root, not to META-INF/.
            link.attribute("href").flatMap { HrefResolver.path($0, against: "") }
        }
        if result.packagePath == nil {
            log.add(.noPackageRootfile(mediaType: packageMediaType), path: path)
        }
        return result
    }
}
