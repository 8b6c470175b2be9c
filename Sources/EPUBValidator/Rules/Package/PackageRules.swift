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
        func report(_ id: MessageID, _ message: MessageText, line: Int? = nil) {
            out.append(Diagnostic(id, message: message, location: .init(path: path, line: line)))
        }
        // Said by the package's Schematron, which never reads a document that is not well-formed.
        for line in package.isRecovered ? [] : package.bindingsLines {
            report(.RSC_017, .bindingsElementDeprecatedUseFallbacksScripted, line: line)
        }
        if package.uniqueIdentifierRef?.isEmpty ?? true {
            report(.OPF_048, .packageElementHasNoUniqueIdentifier)
        }
        let epub3 = package.isEPUB3
        var seenPaths: Set<String> = []
        for item in package.manifest {
            if let itemPath = item.path {
                if itemPath == path {
                    report(.OPF_099, .manifestListsPackageDocumentItselfItem(item.id), line: item.line)
                } else if !seenPaths.insert(itemPath).inserted {
                    report(.OPF_074, .listedMoreThanOneManifestItem(itemPath, item.id), line: item.line)
                }
                // EPUB 3.3 §4.1.5 (`sec-container-metainf`): META-INF holds the container's files, not the publication's.
                if epub3 && itemPath.hasPrefix("META-INF/") {
                    report(.PKG_025, .publicationResourceInMetaInf(itemPath), line: item.line)
                }
                if epub3 && item.href.utf8.contains(UInt8(ascii: "#")) {
                    report(.OPF_091, .hrefManifestItemHasFragmentItem(item.href, item.id), line: item.line)
                    // EPUBCheck 5.3.0 then looks for a file named with the fragment, which is never there
                    // (in a book: a package alone has no files to look for).
                    let written = item.href.trimmingXMLWhitespace()
                    let fragment = written.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).last.map(String.init) ?? ""
                    if session.scope == .publication {
                        report(.RSC_001, .manifestItemRefersWhichNotContainer(item.id, itemPath + "#" + fragment), line: item.line)
                    }
                }
            }
            if let preferred = preferredMediaTypes[item.mediaType.lowercased()] {
                report(.OPF_090, .manifestItemUsesMediaTypePreferred(item.id, item.mediaType, preferred), line: item.line)
            }
        }
        var inSpine: Set<String> = []
        for (index, ref) in package.spine.enumerated() {
            // EPUB 2 says a repeated itemref in its own words (EPUB 3: the Schematron's RSC-005).
            guard let item = package.item(id: ref.idref) else { continue }
            // EPUB 3.3 §7.4.1 (`sec-nav-def-types-other`, data-nav): a Data Navigation Document is not read in order.
            if epub3 && item.has(property: "data-nav") {
                report(.OPF_077, .dataNavigationDocumentInSpine(item.id), line: item.line)
            }
            // Both reported at the manifest item, as EPUBCheck places them.
            if !epub3 && !inSpine.insert(ref.idref).inserted {
                report(.OPF_034, .spineRefersManifestItemMoreThan(ref.idref), line: item.line)
            }
            guard !ManifestItem.isContentDocument(item.mediaType), epub3 || !epub2ContentTypes.contains(item.mediaType) else { continue }
            if !epub3 && item.fallback == nil && (item.mediaType.hasPrefix("image/") || item.mediaType == "text/css") {
                report(.OPF_042, .spineItemSpineListsContentDocuments(item.id, item.mediaType.hasPrefix("image/") ? MessageText.anImage : .aStyleSheet, item.mediaType), line: item.line)
            } else if item.fallback == nil {
                report(.OPF_043, .spineItemNotContentDocumentHas(item.id, item.mediaType), line: package.spine[index].line)
            } else {
                let chain = package.fallbackChain(of: item)
                // A cycle (OPF-045) that never reaches a content document is reported as such too, as EPUBCheck does.
                if !chain.ids.contains(where: { package.item(id: $0).map { ManifestItem.isContentDocument($0.mediaType) } ?? false }) {
                    report(.OPF_044, .fallbackChainSpineItemNeverReaches(item.id), line: package.spine[index].line)
                }
            }
        }
        if !package.spine.isEmpty && !package.spine.contains(where: \.linear) {
            report(.OPF_033, .noSpineItemLinearLeastOne)
        }
        if let toc = package.spineToc, package.item(id: toc) == nil {
            report(.OPF_049, .spineTocNamesNoManifestItem(toc), line: package.spineLine)
        }
        if let item = uncheckedTocItem(package) {
            let toc = item.id
            report(.OPF_050, .spineSTocNamesWhichNot(toc, item.mediaType), line: item.line)
            // EPUBCheck hands the item to its NCX checker whatever its type, which fails on it (an
            // image, a style sheet, XHTML alike): CHK-008 at the package, every time a book is checked.
            if session.scope == .publication {
                out.append(Diagnostic(.CHK_008, message: .spineTocItemNotReadableAsNcx(item.path ?? item.href), location: .init(path: package.path)))
            }
        }
        // A package checked alone hands nothing on to other checkers.
        for item in uncheckedNavItems(package) where session.scope == .publication {
            // The same for an item with the nav property that is not XHTML: EPUBCheck's navigation
            // checker fails on it, and nothing else is said of the item (not even a missing file).
            out.append(Diagnostic(.CHK_008, message: .navItemNotReadableAsNavigation(item.path ?? item.href), location: .init(path: package.path)))
        }
        if let pageMap = package.spinePageMap {
            report(.OPF_062, .spineHasAdobeSPageMap, line: package.spineLine)
            if package.item(id: pageMap) == nil {  // not trimmed: EPUBCheck looks the value up as written
                report(.OPF_063, .pageMapNamesNoManifestItem(pageMap), line: package.spineLine)
            }
        }
        return out
    }

    /// EPUB 3 lets audio, video and fonts be remote; everything else is inside the container.
    static func mayBeRemote(_ mediaType: String) -> Bool {
        let type = ReferenceRules.essence(mediaType)
        return type.hasPrefix("audio/") || type.hasPrefix("video/") || ReferenceRules.isFont(type)
    }

    /// OPS 2.0.1 content documents besides XHTML: DTBook and the OEB 1.2 document types
    /// (`text/html` is one too: OPF-035 says it is deprecated, and it needs no fallback in the
    /// spine, as EPUBCheck reads OPS 2.0.1 §1.4.1.2).
    static let epub2ContentTypes: Set<String> = ["application/x-dtbook+xml", "text/x-oeb1-document", "text/html"]

    /// The item the spine's `toc` names when it is not an NCX. EPUBCheck checks it as an NCX
    /// whatever it is, fails (CHK-008) and skips its other checks: it is not checked as content,
    /// and no element of it is known to a fragment that points into it.
    /// Items with the nav property that are not XHTML, in an EPUB 3 package: its navigation
    /// checker cannot read them (CHK-008).
    static func uncheckedNavItems(_ package: PackageDocument) -> [ManifestItem] {
        guard package.isEPUB3 else { return [] }
        return package.manifest.filter { $0.has(property: "nav") && $0.mediaType != "application/xhtml+xml" }
    }

    /// Every item a checker of EPUBCheck fails on (the spine's toc that is no NCX, a nav item that
    /// is no XHTML): CHK-008 stands for all that would be said of it.
    static func uncheckedItems(_ package: PackageDocument) -> [ManifestItem] {
        (uncheckedTocItem(package).map { [$0] } ?? []) + uncheckedNavItems(package)
    }

    /// The session's findings less those about an unchecked item's file (RSC-001: EPUBCheck never
    /// looks for it).
    static func droppingUncheckedItems(_ diagnostics: [Diagnostic], _ session: PublicationSession) -> [Diagnostic] {
        var places: Set<Diagnostic.Location> = []
        for package in [session.package] + session.otherRenditionPackages {
            for item in uncheckedItems(package) { places.insert(.init(path: package.path, line: item.line)) }
        }
        guard !places.isEmpty else { return diagnostics }
        return diagnostics.filter { diagnostic in
            guard diagnostic.messageID == .RSC_001, let place = diagnostic.location else { return true }
            return !places.contains(.init(path: place.path, line: place.line))
        }
    }

    static func uncheckedTocItem(_ package: PackageDocument) -> ManifestItem? {
        guard let toc = package.spineToc, let item = package.item(id: toc), item.mediaType != "application/x-dtbncx+xml" else { return nil }
        return item
    }
}
