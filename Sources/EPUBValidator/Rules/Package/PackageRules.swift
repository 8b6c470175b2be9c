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
        "application/x-font-ttf": "font/ttf",
        "application/ecmascript": "application/javascript",
    ]

    /// The package document's own references, for `ReferenceRules`: every manifest item's href,
    /// and (in a whole publication) the guide references.
    static func register(_ session: PublicationSession, _ registry: inout ReferenceRegistry) {
        let package = session.package
        for item in package.manifest {
            registry.register(Reference(origin: .package, kind: .manifestItem, url: item.href, resolution: HrefResolver.resolve(item.href, against: package.path),
                                        line: item.line, column: nil), from: item, path: package.path)
        }
        // Guide targets are checked against the publication's files; a lone package has none.
        guard session.scope == .publication else { return }
        for reference in package.guide {
            let href = reference.href
            registry.register(Reference(origin: .package, kind: .guide, url: href, resolution: HrefResolver.resolve(href, against: package.path),
                                        line: reference.line, column: nil), from: nil, path: package.path)
        }
    }

    static func check(_ session: PublicationSession) -> [Diagnostic] {
        let package = session.package
        let path = package.path
        var out: [Diagnostic] = []
        func report(_ id: MessageID, _ message: String, line: Int? = nil) {
            out.append(Diagnostic(id, message: message, location: .init(path: path, line: line)))
        }
        for line in package.bindingsLines {
            report(.RSC_017, "The bindings element is deprecated; use fallbacks or scripted content instead.", line: line)
        }
        if package.uniqueIdentifierRef?.isEmpty ?? true {
            report(.OPF_048, "The package element has no unique-identifier attribute.")
        }
        let epub3 = package.isEPUB3
        var seenPaths: Set<String> = []
        for item in package.manifest {
            if let itemPath = item.path {
                if itemPath == path {
                    report(.OPF_099, "The manifest lists the package document itself (item '\(item.id)').", line: item.line)
                } else if !seenPaths.insert(itemPath).inserted {
                    report(.OPF_074, "'\(itemPath)' is listed by more than one manifest item; '\(item.id)' repeats it.", line: item.line)
                }
                if epub3 && item.href.utf8.contains(UInt8(ascii: "#")) {
                    report(.OPF_091, "The href '\(item.href)' of manifest item '\(item.id)' has a fragment; an item names a whole file.", line: item.line)
                }
            }
            if let preferred = preferredMediaTypes[item.mediaType.lowercased()] {
                report(.OPF_090, "Manifest item '\(item.id)' uses the media type '\(item.mediaType)'; '\(preferred)' is preferred.", line: item.line)
            }
        }
        var inSpine: Set<String> = []
        for (index, ref) in package.spine.enumerated() {
            // EPUB 2 says a repeated itemref in its own words (EPUB 3: the Schematron's RSC-005).
            guard let item = package.item(id: ref.idref) else { continue }
            // Both reported at the manifest item, as EPUBCheck places them.
            if !epub3 && !inSpine.insert(ref.idref).inserted {
                report(.OPF_034, "The spine refers to manifest item '\(ref.idref)' more than once.", line: item.line)
            }
            guard !isContentDocument(item.mediaType), epub3 || !epub2ContentTypes.contains(item.mediaType) else { continue }
            if !epub3 && item.fallback == nil && (item.mediaType.hasPrefix("image/") || item.mediaType == "text/css") {
                report(.OPF_042, "Spine item '\(item.id)' is \(item.mediaType.hasPrefix("image/") ? "an image" : "a style sheet") (\(item.mediaType)); the spine lists content documents.", line: item.line)
            } else if item.fallback == nil {
                report(.OPF_043, "Spine item '\(item.id)' (\(item.mediaType)) is not a content document and has no fallback.", line: package.spine[index].line)
            } else {
                let chain = package.fallbackChain(of: item)
                if !chain.cyclic, !chain.ids.contains(where: { package.item(id: $0).map { isContentDocument($0.mediaType) } ?? false }) {
                    report(.OPF_044, "The fallback chain of spine item '\(item.id)' never reaches a content document.", line: package.spine[index].line)
                }
            }
        }
        if !package.spine.isEmpty && !package.spine.contains(where: \.linear) {
            report(.OPF_033, "No spine item is linear; at least one must be read in the default order.")
        }
        if let toc = package.spineToc, let item = package.item(id: toc), item.mediaType != "application/x-dtbncx+xml" {
            report(.OPF_050, "The spine's toc names '\(toc)', which is \(item.mediaType), not the NCX (application/x-dtbncx+xml).", line: item.line)
        }
        if package.spineHasPageMap {
            report(.OPF_062, "The spine has Adobe's page-map attribute; EPUB page lists belong in the navigation document.", line: package.spineLine)
        }
        return out
    }

    /// EPUB 3 lets audio, video and fonts be remote; everything else is inside the container.
    static func mayBeRemote(_ mediaType: String) -> Bool {
        let type = ReferenceRules.essence(mediaType)
        return type.hasPrefix("audio/") || type.hasPrefix("video/") || ReferenceRules.isFont(type)
    }

    /// OPS 2.0.1 content documents besides XHTML: DTBook and the OEB 1.2 document type.
    static let epub2ContentTypes: Set<String> = ["application/x-dtbook+xml", "text/x-oeb1-document"]

    static func isContentDocument(_ mediaType: String) -> Bool {
        mediaType == "application/xhtml+xml" || mediaType == "image/svg+xml"
    }
}
