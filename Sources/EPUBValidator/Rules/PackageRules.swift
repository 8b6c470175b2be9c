import EPUBContract

/// Package-document rules a schema cannot express, each with EPUBCheck's ID. (The schema rules
/// themselves come with the RelaxNG schemas.)
enum PackageRules {
    /// Media types EPUB 3.3 lists with a preferred spelling (OPF-090).
    static let preferredMediaTypes: [String: String] = [
        "text/javascript": "application/javascript",
        "application/vnd.ms-opentype": "font/otf",
        "application/font-woff": "font/woff",
        "application/font-sfnt": "font/ttf",
    ]

    static func check(_ session: PublicationSession) -> [Diagnostic] {
        let package = session.package
        let path = package.path
        var out: [Diagnostic] = []
        func report(_ id: String, _ severity: Diagnostic.Severity, _ message: String, line: Int? = nil) {
            out.append(Diagnostic(id: id, severity: severity, message: message, location: .init(path: path, line: line)))
        }
        // Deprecated elements, read from the session's cached tree of the package document.
        for bindings in session.xml(at: path)?.document?.select("/opf:package/opf:bindings") ?? [] {
            report("RSC-017", .warning, "The bindings element is deprecated; use fallbacks or scripted content instead.", line: bindings.line)
        }
        if package.version?.trimmingXMLWhitespace() == "2.0" {
            for title in package.entries(Vocabulary.dc + "title") where title.value.trimmingXMLWhitespace().isEmpty {
                report("OPF-055", .warning, "A dc:title is empty.", line: title.line)
            }
        }
        if package.uniqueIdentifierRef?.isEmpty ?? true {
            report("OPF-048", .error, "The package element has no unique-identifier attribute.")
        }
        for item in package.manifest {
            if let preferred = preferredMediaTypes[item.mediaType.lowercased()] {
                report("OPF-090", .usage, "Manifest item '\(item.id)' uses the media type '\(item.mediaType)'; '\(preferred)' is preferred.", line: item.line)
            }
            switch HrefResolver.resolve(item.href, against: path) {
            case .remote(let url):
                let scheme = url.prefix { $0 != ":" }.lowercased()
                if scheme == "data" {
                    report("RSC-029", .error, "Manifest item '\(item.id)' uses a data: URL; publication resources must be files.", line: item.line)
                } else if scheme == "file" {
                    report("RSC-030", .error, "Manifest item '\(item.id)' uses a file: URL.", line: item.line)
                }
            case .invalid:
                report("RSC-020", .error, "The href '\(item.href)' of manifest item '\(item.id)' is not a valid URL.", line: item.line)
            case .local:
                if item.href.contains("?") {
                    report("RSC-033", .error, "The href '\(item.href)' of manifest item '\(item.id)' has a query, which a container path cannot have.", line: item.line)
                }
            }
        }
        for (index, ref) in package.spine.enumerated() {
            guard let item = package.item(id: ref.idref) else { continue }
            guard !isContentDocument(item.mediaType) else { continue }
            if item.fallback == nil {
                report("OPF-043", .error, "Spine item '\(item.id)' (\(item.mediaType)) is not a content document and has no fallback.", line: package.spine[index].line)
            } else {
                let chain = session.fallbackChain(of: item)
                if !chain.cyclic, !chain.ids.contains(where: { package.item(id: $0).map { isContentDocument($0.mediaType) } ?? false }) {
                    report("OPF-044", .error, "The fallback chain of spine item '\(item.id)' never reaches a content document.", line: package.spine[index].line)
                }
            }
        }
        return out
    }

    static func isContentDocument(_ mediaType: String) -> Bool {
        mediaType == "application/xhtml+xml" || mediaType == "image/svg+xml"
    }
}
