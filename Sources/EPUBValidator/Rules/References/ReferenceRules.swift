import EPUBContract
import Foundation

/// Every reference of one package's documents, judged in one place: URL syntax (RSC-020, RSC-033),
/// schemes (RSC-029, RSC-030, RSC-031, HTM-025), remote resources (RSC-006), targets missing from
/// the container or the manifest (RSC-007, RSC-008), what a target may be for its use (RSC-010,
/// RSC-011, RSC-012, RSC-013, RSC-015, OPF-013, RSC-032, MED-003, MED-005), and the package
/// document's own references (manifest hrefs, guide references, metadata links: OPF-031, OPF-032,
/// OPF-067, OPF-093, OPF-094, OPF-098, RSC-007w). What the documents use and link to comes out too,
/// for the package-wide rules that follow.
enum ReferenceRules {
    struct Verdict {
        var diagnostics: [Diagnostic] = []
        /// Container paths (and remote URLs) content documents fetch to render (OPF-097).
        var used: Set<String> = []
        /// Container paths hyperlinks lead to (OPF-096).
        var hyperlinked: Set<String> = []
        /// Documents that fetch a remote resource other than a style sheet, allowed or not, so their
        /// item needs `remote-resources` (OPF-014).
        var remoteNeeded: Set<String> = []
        /// Documents whose remote references make a declared `remote-resources` true (no OPF-018).
        var remoteJustified: Set<String> = []
    }

    /// What a remote reference means for its document's `remote-resources` property, as EPUBCheck
    /// 5.3.0 counts it: a fetched resource both calls for it and justifies it, but CSS in the
    /// document (a `style` element's or attribute's `url()`) calls for it without justifying it,
    /// and MathML's `altimg` and a style sheet do neither.
    struct RemoteUse: OptionSet {
        let rawValue: UInt8
        static let needsProperty = RemoteUse(rawValue: 1)
        static let justifiesProperty = RemoteUse(rawValue: 2)

        static func of(_ ref: Reference) -> RemoteUse {
            if ref.kind == .stylesheet { return [] }
            if ref.attribute == "style" || (ref.element == "style" && ref.origin == .content) { return .needsProperty }
            if ref.attribute == "altimg" { return [] }
            return [.needsProperty, .justifiesProperty]
        }
    }

    static func check(_ registry: ReferenceRegistry, _ session: PublicationSession, _ package: PackageDocument,
                      revision: EPUBRevision = .epub33) -> Verdict {
        var judge = Judge(session: session, package: package, registry: registry, core: CoreMediaTypes(revision))
        for entry in registry.entries {
            let remote: RemoteUse
            switch entry.reference.origin {
            case .content: remote = judge.content(entry)
            case .styleSheet: remote = judge.styleSheet(entry)
            case .overlay:
                judge.codePoints(entry)
                if entry.reference.kind == .textref { judge.textref(entry) } else { judge.overlayAudio(entry) }
                remote = []
            case .package:
                judge.package(entry)
                remote = []
            case .ncx:
                judge.codePoints(entry)
                judge.navigationEntry(entry)
                remote = []
            case .searchKeyMap:
                judge.searchKeyMapLink(entry)
                remote = []
            }
            if remote.contains(.needsProperty) { judge.verdict.remoteNeeded.insert(entry.path) }
            if remote.contains(.justifiesProperty) { judge.verdict.remoteJustified.insert(entry.path) }
        }
        judge.unusedRemoteItems()
        return judge.verdict
    }

    /// The state of one judgement: the package, its spine, and what was found so far.
    private struct Judge {
        let session: PublicationSession
        let package: PackageDocument
        let registry: ReferenceRegistry
        /// The core media types of the revision the publication is held to.
        let core: CoreMediaTypes
        let spinePaths: Set<String>
        /// A document EPUBCheck skips (a spine `toc` that is no NCX): none of its ids is known.
        let uncheckedPath: String?
        let epub3: Bool
        /// Media elements (by document path and element index) one of whose sources is of a core type.
        let coreSourceGroups: Set<String>
        var verdict = Verdict()
        /// Files reported as in the container but not in the manifest (RSC-008 comes once per file).
        var undeclaredReported: Set<String> = []
        /// Documents that have used an absolute URL. EPUBCheck 5.3.0 checks none of their later
        /// relative URLs for a query (RSC-033) or a climb out of the container (RSC-026): its URL
        /// checker keeps the first absolute URL's "remote base" for the rest of the document
        /// (docs/epubcheck-differences.md).
        var absoluteSeen: Set<String> = []

        init(session: PublicationSession, package: PackageDocument, registry: ReferenceRegistry, core: CoreMediaTypes) {
            self.session = session
            self.core = core
            self.package = package
            self.registry = registry
            self.spinePaths = Set(package.spine.compactMap { package.item(id: $0.idref)?.path })
            self.epub3 = session.package.isEPUB3
            self.uncheckedPath = PackageRules.uncheckedTocItem(package)?.path
            var groups: Set<String> = []
            for entry in registry.entries {
                guard let group = entry.reference.mediaGroup, case .local(let target, _) = entry.reference.resolution,
                      let item = package.item(path: target),
                      core.contains(item, for: entry.reference.kind) || core.statesCore(entry.reference) else { continue }
                groups.insert("\(entry.path)#\(group)")
            }
            self.coreSourceGroups = groups
        }

        private mutating func report(_ entry: ReferenceRegistry.Entry, _ id: MessageID, _ message: MessageText) {
            let location = Diagnostic.Location(path: entry.path, line: entry.reference.line, column: registry.column(entry))
            verdict.diagnostics.append(Diagnostic(id, message: message, location: location))
        }

        /// Whether `target` is declared; if not, says why as EPUBCheck 5.3.0 does: RSC-007 when the
        /// URL names no file of the container, which a URL with a fragment never does there (the
        /// fragment takes part in its lookup), else RSC-008, once per file.
        private mutating func declared(_ entry: ReferenceRegistry.Entry, _ target: String, _ fragment: String?,
                                       missing: MessageText, undeclared: MessageText) -> Bool {
            if package.item(path: target) != nil { return true }
            if fragment != nil || !session.container.contains(target) {
                report(entry, .RSC_007, missing)
            } else if undeclaredReported.insert(target).inserted {
                report(entry, .RSC_008, undeclared)
            }
            return false
        }

        /// A URL holding a code point that is no URL code point (a control character, a
        /// noncharacter: what a document read in the wrong encoding is full of) is RSC-020, in an
        /// NCX or an overlay as in a content document; it is resolved all the same.
        /// `element`, `attribute`: where the URL stands, when the reference does not say (a manifest item).
        mutating func codePoints(_ entry: ReferenceRegistry.Entry, element: String? = nil, attribute: String? = nil) {
            let ref = entry.reference
            if case .invalid = ref.resolution { return }
            if let fault = ReferenceRules.codePointFault(ref.url, element: element ?? ref.element, attribute: attribute ?? ref.attribute) {
                report(entry, .RSC_020, fault)
            }
        }

        // MARK: the NCX

        /// An NCX entry is a hyperlink, as EPUBCheck registers it: it leads to a file of the
        /// container (RSC-007), a content document of the spine (RSC-010, RSC-011), and an element
        /// of it when it names one in an XHTML document (RSC-012).
        mutating func navigationEntry(_ entry: ReferenceRegistry.Entry) {
            guard case .local(let target, let fragment) = entry.reference.resolution, target != package.path,
                  declared(entry, target, fragment, missing: .ncxEntryPointsWhichNotContainer(target), undeclared: .containerButNotManifest(target)) else { return }
            // EPUB 2's DTBook and OEB documents are content documents too; without a spine nothing is in it to judge by.
            if let item = package.item(path: target), !package.spine.isEmpty {
                // A target that is no spine document is said once: its fragment is not looked at
                // (as for a hyperlink of a content document).
                if !ReferenceRules.reachesContentDocument(package, item) && (epub3 || !PackageRules.epub2ContentTypes.contains(item.mediaType)) {
                    report(entry, .RSC_010, .hyperlinkLeadsWhichNotContentDocument(target, item.mediaType))
                    return
                } else if !spinePaths.contains(target) {
                    report(entry, .RSC_011, .hyperlinkLeadsWhichNotSpine(target))
                    return
                }
            }
            if let fragment, namesNoElement(target, fragment, id: fragment) {
                report(entry, .RSC_012, .ncxEntryPointsWhichNamesNo(fragment, target))
            }
        }

        /// The ids of the elements of a document, as the checker knows them.
        private func ids(in target: String) -> ElementIDs? {
            target == uncheckedPath ? ElementIDs(order: [:]) : session.elementIDs(in: target)
        }

        /// True when `fragment` is a plain one (not a CFI or media fragment) into an XHTML
        /// document with no element whose id is `id` (the fragment, decoded where the use decodes it).
        private func namesNoElement(_ target: String, _ fragment: String, id: String) -> Bool {
            guard !fragment.isEmpty, !fragment.contains("("), package.item(path: target)?.mediaType == ContentRules.xhtml,
                  let ids = ids(in: target) else { return false }
            return !ids.contains(id)
        }

        /// A Search Key Map's link leads to a content document of the spine (RSC-021), or at least
        /// to a file that exists (RSC-007).
        mutating func searchKeyMapLink(_ entry: ReferenceRegistry.Entry) {
            guard case .local(let target, _) = entry.reference.resolution else { return }
            if !session.container.contains(target) {
                report(entry, .RSC_007, .searchKeyMapLinksWhichNot(entry.reference.url))
            } else if !spinePaths.contains(target) {
                report(entry, .RSC_021, .searchKeyMapDocumentPointContent(entry.reference.url))
            }
        }

        // MARK: content documents

        /// One reference of an XHTML or SVG document; returns what it means for `remote-resources`.
        mutating func content(_ entry: ReferenceRegistry.Entry) -> RemoteUse {
            let ref = entry.reference
            let checksRelative = !absoluteSeen.contains(entry.path)
            if case .remote = ref.resolution { absoluteSeen.insert(entry.path) }
            if ref.kind == .citation {
                // A cited source is not fetched: a remote one should use HTTPS, a local one must exist.
                switch ref.resolution {
                case .remote(let url) where url.lowercased().hasPrefix("http:"):
                    report(entry, .RSC_031, .citedSourceUsesPlainHttpUse(url))
                case .local(let target, let fragment) where target != entry.path && target != package.path:
                    _ = declared(entry, target, fragment, missing: .fromNotContainer(target, ref.element, ref.attribute), undeclared: .containerButNotManifest(target))
                default: break
                }
                return []
            }
            codePoints(entry)
            switch ref.resolution {
            case .invalid(let reason):
                // A path that climbs past the root leaks out (RSC-026); the URL standard stops it at
                // the root, where the file is looked for as any other (EPUBCheck reports both).
                if let (target, fragment) = HrefResolver.clampedAtRoot(ref.url, against: entry.path) {
                    if checksRelative { report(entry, .RSC_026, .urlLeaksOutsideContainer(ref.url)) }
                    local(entry, target, fragment, checksRelative: checksRelative)
                    return []
                }
                report(entry, .RSC_020, .notValidUrl(ref.url, ref.element, ref.attribute, reason))
                return []
            case .remote(let url):
                return remote(entry, url)
            case .local(let target, let fragment):
                local(entry, target, fragment, checksRelative: checksRelative)
                return []
            }
        }

        /// A remote reference: its scheme and host, and whether the resource may stay outside.
        private mutating func remote(_ entry: ReferenceRegistry.Entry, _ url: String) -> RemoteUse {
            let ref = entry.reference
            // A hyperlink or a non-stylesheet link leads to a remote resource without using it: a
            // remote manifest item only they name is reported at the item (`unusedRemoteItems`).
            if ref.kind != .hyperlink && ref.kind != .link { verdict.used.insert(url) }
            let scheme = ReferenceRules.scheme(url)
            if scheme == "data" {
                if ref.kind == .hyperlink {
                    report(entry, .RSC_029, .dataUrlCannotHyperlinkTargetLink)
                    report(entry, .RSC_010, .hyperlinkLeadsDataUrlWhichNot)
                } else {
                    dataResource(entry, url)
                }
                return []
            }
            if let unregistered = ReferenceRules.unregisteredScheme(ref) {
                report(entry, .HTM_025, .hyperlinkUsesUriSchemeWhichNot(url, unregistered))
            }
            if (scheme == "http" || scheme == "https") && !ReferenceRules.validHost(url) {
                report(entry, .RSC_020, .notValidUrlHostHasCharacters(url, ref.element, ref.attribute))
                return []
            }
            if scheme == "file" {
                report(entry, .RSC_030, .fileUrlWhichPointsReaderS(url))
            } else if scheme != "http" && scheme != "https" {
                return []
            }
            guard ref.kind != .hyperlink && ref.kind != .link else { return [] }
            return remoteResource(entry, url, https: scheme == "https")
        }

        /// A remote resource a document fetches: only audio, video and fonts may stay outside the
        /// container (EPUB 3.3 §3.6), known as such by how they are used or by their manifest
        /// media type; they must still be listed in the manifest (RSC-008) and should use HTTPS
        /// (RSC-031); a type the element states is the item's (OPF-013). Returns what the
        /// reference means for the document's `remote-resources` property (`RemoteUse`).
        private mutating func remoteResource(_ entry: ReferenceRegistry.Entry, _ url: String, https: Bool) -> RemoteUse {
            let ref = entry.reference
            let declared = package.manifest.first { $0.href.trimmingXMLWhitespace() == url }
            if let declared {
                ReferenceRules.statedType(ref, declared, core: core) { id, message in report(entry, id, message) }
            }
            let needsProperty = RemoteUse.of(ref)
            // Tracks are no exception (EPUB 3.3 §3.6): a remote caption file is reported as any other.
            let byUse = [.audio, .video, .font].contains(ref.kind)
            guard byUse || declared.map({ PackageRules.mayBeRemote($0.mediaType) }) == true else {
                let what: MessageArgument = ref.element.isEmpty ? .phrase(.styleSheet) : .text(ref.element)
                report(entry, .RSC_006, .resourceRemoteOnlyAudioVideoFonts(what, url))
                return needsProperty
            }
            if declared == nil {
                report(entry, .RSC_008, .remoteResourceNotListedManifest(url))
            }
            if !https {
                report(entry, .RSC_031, .remoteResourceFetchedOverPlainHttp(url))
            }
            return needsProperty
        }

        /// A reference to a file of the container: its syntax, its target, and what the target must be.
        /// A query is reported (RSC-033, unless `checksRelative` is off: see `absoluteSeen`) and left
        /// out, since the URL names the file without it.
        private mutating func local(_ entry: ReferenceRegistry.Entry, _ target: String, _ fragment: String?, checksRelative: Bool) {
            let ref = entry.reference, path = entry.path
            if ReferenceRules.hasUnsafeURLByte(ref.url) {
                report(entry, .RSC_020, .notValidUrlCharactersSuchPercent(ref.url, ref.element, ref.attribute))
                return
            }
            if checksRelative, ref.url.utf8.contains(UInt8(ascii: "?")) {
                report(entry, .RSC_033, .hasQueryWhichFilePublicationCannot(ref.url))
            }
            // Hyperlinks, non-stylesheet links and broken `use` references are not uses (as EPUBCheck
            // counts): a `use` uses its file once the part it names is found (`usedPart`).
            if ref.kind == .hyperlink {
                verdict.hyperlinked.insert(target)
            } else if ref.kind != .link && ref.kind != .svgReference {
                verdict.used.insert(target)
            }
            // A `link` that is no style sheet (an alternate, an icon …) leads to an exempt resource
            // EPUBCheck 5.3.0 does not look for: neither in the container nor in the manifest.
            if ref.kind == .link { return }
            if ref.kind == .stylesheet && fragment != nil {
                report(entry, .RSC_013, .styleSheetReferenceHasFragmentStyle(ref.url))
            }
            if ref.kind == .svgReference && (fragment ?? "").isEmpty {
                report(entry, .RSC_015, .svgUseReferenceNeedsFragmentNaming(ref.url))
            }
            guard target != package.path else { return }  // the package document is known without a manifest item
            if target == path && ref.kind == .hyperlink && !spinePaths.contains(path) {
                report(entry, .RSC_011, .hyperlinkLeadsIntoItselfWhichNot(path))
            }
            var targetType = entry.source?.mediaType ?? ""
            if target != path {
                guard let targetItem = listedTarget(entry, target, fragment) else { return }
                targetType = targetItem.mediaType
            }
            // Only SVG images have parts a fragment can name.
            if ref.kind == .image, let fragment, !fragment.isEmpty, ReferenceRules.essence(targetType) != "image/svg+xml" {
                report(entry, .RSC_009, .imageWhichHasNoPartsFragment(target, targetType, fragment))
            }
            // Fragments are looked for in spine documents only (EPUBCheck 5.3.0 checks no other: a
            // same-document link in a bindings handler or another out-of-spine document is not judged).
            if ref.kind == .hyperlink, let fragment, !fragment.isEmpty, !fragment.utf8.contains(UInt8(ascii: "(")), !fragment.utf8.contains(UInt8(ascii: "=")),
               ManifestItem.isContentDocument(targetType), spinePaths.contains(target), let ids = ids(in: target), !ids.contains(fragment) {
                report(entry, .RSC_012, .hasNoElementId(target, fragment))
            }
            if let fragment, !fragment.isEmpty { svgTargetKind(entry, target, fragment) }
            if ref.kind == .svgReference, let fragment, !fragment.isEmpty { usedPart(entry, target, targetType, fragment) }
        }

        /// What an SVG `use` takes from another file: a part of an SVG document (RSC-014 for
        /// anything else), which must be there (RSC-012), whether or not the document is in the spine.
        private mutating func usedPart(_ entry: ReferenceRegistry.Entry, _ target: String, _ targetType: String, _ fragment: String) {
            let ref = entry.reference
            if target == entry.path {
                verdict.used.insert(target)
            } else if ReferenceRules.essence(targetType) != "image/svg+xml" {
                report(entry, .RSC_014, .notSvgDocumentCannotRefer(target, targetType, ref.element, ref.attribute))
            } else if !session.container.contains(target) || ids(in: target).map({ !$0.contains(fragment) }) == true {
                report(entry, .RSC_012, .hasNoElementId(target, fragment))
            } else {
                verdict.used.insert(target)
            }
        }

        /// RSC-014: an SVG symbol, clip path or paint server named by what cannot use it (a hyperlink;
        /// `use` for a clip path or paint server), or a `fill`/`stroke` naming anything but a paint server.
        private mutating func svgTargetKind(_ entry: ReferenceRegistry.Entry, _ target: String, _ fragment: String) {
            let ref = entry.reference
            let kind = registry.svgTarget(target, fragment)
            let incompatible: Bool
            switch ref.kind {
            case .hyperlink: incompatible = kind != nil
            case .svgReference: incompatible = kind == .clipPath || kind == .paint
            case .svgPaint: incompatible = kind != .paint && (ids(in: target)?.contains(fragment) ?? false)
            default: incompatible = false
            }
            if incompatible {
                report(entry, .RSC_014, .whichCannotRefer(fragment, target, kind?.phrase ?? .notPaintServer, ref.element, ref.attribute))
            }
        }

        /// Another file of the container: present, listed, of a type the reference may use; nil when the checks stop here.
        private mutating func listedTarget(_ entry: ReferenceRegistry.Entry, _ target: String, _ fragment: String?) -> ManifestItem? {
            let ref = entry.reference
            guard declared(entry, target, fragment, missing: .fromNotContainer(target, ref.element, ref.attribute), undeclared: .containerButNotManifest(target)),
                  let targetItem = package.item(path: target) else { return nil }
            var found: [(MessageID, MessageText)] = []
            let groupHasCore = ref.mediaGroup.map { coreSourceGroups.contains("\(entry.path)#\($0)") } ?? false
            ReferenceRules.foreignUse(ref, targetItem, package, groupHasCore: groupHasCore, core: core) { id, message in found.append((id, message)) }
            for (id, message) in found { report(entry, id, message) }
            if ref.kind == .hyperlink {
                if ReferenceRules.reachesContentDocument(package, targetItem) {
                    if !spinePaths.contains(target) {
                        report(entry, .RSC_011, .hyperlinkLeadsWhichNotSpine(target))
                    }
                } else {
                    report(entry, .RSC_010, .hyperlinkLeadsWhichNotContentDocument(target, targetItem.mediaType))
                }
            }
            return targetItem
        }

        // MARK: style sheets

        /// One `url()` or `@import` of a style sheet; returns what it means for the sheet's
        /// `remote-resources` property. A resource it fetches is a core media type or falls back
        /// to one (RSC-032; fonts are exempt).
        mutating func styleSheet(_ entry: ReferenceRegistry.Entry) -> RemoteUse {
            switch entry.reference.resolution {
            case .local(let target, let fragment):
                if declared(entry, target, fragment, missing: .usedStyleSheetNotContainer(target), undeclared: .usedStyleSheetContainerButNot(target)),
                   let item = package.item(path: target) {
                    ReferenceRules.foreignUse(entry.reference, item, package, groupHasCore: false, core: core) { id, message in report(entry, id, message) }
                }
                return []
            case .remote(let remote):
                let scheme = ReferenceRules.scheme(remote)
                if scheme == "data" { dataResource(entry, remote) }
                guard scheme == "http" || scheme == "https" else { return [] }
                verdict.used.insert(remote)
                guard epub3 else { return [.needsProperty, .justifiesProperty] }
                return remoteResource(entry, remote, https: scheme == "https")
            case .invalid:
                return []
            }
        }

        /// A `data:` URL a document fetches: it has no manifest item to fall back from, so its
        /// own media type must be a core one where a foreign resource needs a fallback (RSC-032).
        /// A `picture` image or source is judged by `picture`'s own rules, which EPUBCheck 5.3.0
        /// does not apply to `data:` URLs.
        private mutating func dataResource(_ entry: ReferenceRegistry.Entry, _ url: String) {
            let ref = entry.reference
            guard ReferenceRules.needsCoreOrFallback(ref), !(ref.kind == .image && (ref.insidePicture || ref.element == "source")) else { return }
            let type = ReferenceRules.dataURLMediaType(url)
            guard !core.contains(type), !type.hasPrefix("video/") else { return }
            report(entry, .RSC_032, .dataUrlIsNotCoreMediaType(type))
        }

        // MARK: the package document

        /// A remote manifest item that may not be remote and that no document uses is reported at
        /// the item (a used one was reported where it is used): RSC-006, or RSC-006b (usage) in a
        /// scripted publication, where a script may fetch it.
        mutating func unusedRemoteItems() {
            guard epub3, session.scope == .publication else { return }  // alone, a package cannot know its uses
            let scripted = package.manifest.contains { $0.has(property: "scripted") }
            for entry in registry.entries where entry.reference.origin == .package && entry.reference.kind == .manifestItem {
                // Any scheme but data: (RSC-029; file: is RSC-030 and this too), and scheme-relative URLs.
                guard let item = entry.source, case .remote(let url) = entry.reference.resolution,
                      ReferenceRules.scheme(url) != "data",
                      !PackageRules.mayBeRemote(item.mediaType), !verdict.used.contains(url) else { continue }
                if scripted {
                    report(entry, .RSC_006b, .manifestItemOutsideContainerCheckThat(item.id, url))
                } else {
                    report(entry, .RSC_006, .manifestItemRemoteOnlyAudioVideo(item.id, url))
                }
            }
        }

        mutating func package(_ entry: ReferenceRegistry.Entry) {
            defer { if case .remote = entry.reference.resolution { absoluteSeen.insert(entry.path) } }
            switch entry.reference.kind {
            case .manifestItem: manifestItem(entry)
            case .guide: guide(entry)
            case .metadataLink: metadataLink(entry)
            case .collectionLink: collectionLink(entry)
            default: break
            }
        }

        /// A collection's link: a local resource must be in the container (RSC-007w, a warning:
        /// a collection describes, it does not render).
        private mutating func collectionLink(_ entry: ReferenceRegistry.Entry) {
            guard case .local(let path, _) = entry.reference.resolution, session.scope == .publication,
                  path != package.path, !session.container.contains(path) else { return }
            report(entry, .RSC_007w, .resourceCollectionLinksNotContainer(path))
        }

        /// A manifest item's href: a URL a container path can be, and a resource that may be remote.
        private mutating func manifestItem(_ entry: ReferenceRegistry.Entry) {
            guard let item = entry.source else { return }
            let href = entry.reference.url
            // A code point no URL holds (a package read in the wrong encoding) is RSC-020, once:
            // an unencoded byte is the RSC-020 said below.
            if !ReferenceRules.hasUnsafeURLByte(href) { codePoints(entry, element: "item", attribute: "href") }
            // The grammar types an href as a URI: a broken escape is its error (RSC-005). EPUBCheck
            // 5.3.0's Schematron processor makes URIs of hrefs (RFC 2396): one it cannot (an
            // excluded character, a broken escape) stops it with a fatal error. In most books: what
            // spares the rest is not known (docs/epubcheck-differences.md).
            if epub3, let fault = ReferenceRules.uriFault(href) {
                if fault == .badEscape { report(entry, .RSC_005, .hrefNotUriBadPercent(href, item.id)) }
                report(entry, .RSC_016, .packageHrefStopsSchematron(href, item.id))
            }
            switch entry.reference.resolution {
            case .remote(let url):
                let scheme = ReferenceRules.scheme(url)
                if scheme == "data" {
                    report(entry, .RSC_029, .manifestItemUsesDataUrlPublication(item.id))
                } else if scheme == "file" {
                    report(entry, .RSC_030, .manifestItemUsesFileUrl(item.id))
                    if session.scope == .packageDocument { aloneFileName(entry, url) }
                }
            case .invalid:
                // A path that climbs past the root leaks out (RSC-026); the URL standard stops it at
                // the root, where EPUBCheck looks for the file (RSC-001 when it is not there).
                if let (clamped, _) = HrefResolver.clampedAtRoot(href, against: package.path) {
                    // Alone, the package has no container to leak out of: the URL names a local file.
                    if session.scope == .packageDocument {
                        aloneFileName(entry, "file:///" + clamped)
                        return
                    }
                    if !absoluteSeen.contains(entry.path) { report(entry, .RSC_026, .urlLeaksOutsideContainer(href)) }
                    if session.scope == .publication, !session.container.contains(clamped) {
                        report(entry, .RSC_001, .manifestItemRefersWhichNotContainer(item.id, clamped))
                    }
                } else {
                    report(entry, .RSC_020, .hrefManifestItemNotValidUrl(href, item.id))
                }
            case .local(let path, _):
                localManifestItem(entry, item, path: path)
            }
        }

        /// A manifest item naming a file of the container: a path-absolute URL leaves what a
        /// package may name (RSC-026); unencoded bytes (RSC-020) or a query (RSC-033) are faults of
        /// the URL; alone, the package's href stands in for a file name (`aloneFileName`). After an
        /// absolute URL EPUBCheck 5.3.0 checks none of this but takes a query for part of the name
        /// (`absoluteSeen`).
        private mutating func localManifestItem(_ entry: ReferenceRegistry.Entry, _ item: ManifestItem, path: String) {
            let href = entry.reference.url
            let afterAbsolute = absoluteSeen.contains(entry.path)
            let pathAbsolute = href.trimmingXMLWhitespace().hasPrefix("/")
            let query = !href.utf8.contains(UInt8(ascii: "?")) ? nil
                : href.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first.map { "?" + $0.prefix { $0 != "#" } }
            if pathAbsolute, !afterAbsolute, session.scope == .publication {
                report(entry, .RSC_026, .urlLeaksOutsideContainer(href))
            }
            if ReferenceRules.hasUnsafeURLByte(href) {
                report(entry, .RSC_020, .hrefManifestItemNeedsPercentEncoding(href, item.id))
            } else if let query {
                if !afterAbsolute {
                    report(entry, .RSC_033, .hrefManifestItemHasQueryWhich(href, item.id))
                } else if session.scope == .publication {
                    report(entry, .RSC_001, .manifestItemRefersWhichNotContainer(item.id, path + query))
                }
            }
            guard session.scope == .packageDocument else { return }
            // Outside the package's folder (or from the root), the item names a local file by its file: URL.
            let folder = package.path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            let name: String
            if pathAbsolute || !(folder.isEmpty || path.hasPrefix(folder + "/")) {
                name = "file:///" + path
            } else {
                name = String(path.dropFirst(folder.isEmpty ? 0 : folder.count + 1))
            }
            aloneFileName(entry, name + (afterAbsolute ? query ?? "" : ""))
        }

        /// Alone, a package has no container whose file names are checked: EPUBCheck 5.3.0 holds
        /// each item's decoded path (relative to the package) to OCF's rules instead (PKG-009,
        /// PKG-010, PKG-011), and a path that leaves the package's folder becomes a `file:` URL,
        /// whose colon is a forbidden character.
        private mutating func aloneFileName(_ entry: ReferenceRegistry.Entry, _ name: String) {
            for (id, message) in OCFRules.nameFaults(name, spaces: .fileNameContainsSpacesWhichOlder(name)) {
                report(entry, id, message)
            }
        }

        /// An EPUB 2 guide reference: a manifest item that is a content document, in the container.
        private mutating func guide(_ entry: ReferenceRegistry.Entry) {
            guard case .local(let target, let fragment) = entry.reference.resolution else { return }
            if let item = package.item(path: target) {
                // The OEB 1 document types are deprecated but still content documents here.
                if !ManifestItem.isContentDocument(item.mediaType) && !LegacyMediaTypeRules.oebDocumentTypes.contains(item.mediaType) {
                    report(entry, .OPF_032, .guideReferenceNamesItemNotContent(target, item.mediaType))
                } else if let fragment, namesNoElement(target, fragment, id: fragment) {
                    report(entry, .RSC_012, .guideReferenceNamesNoElement(fragment, target))
                }
                // A guide reference is a generic use of its target: a foreign one needs a core fallback.
                if !core.contains(item.mediaType),
                   !package.fallbackChain(of: item).ids.contains(where: { core.contains(package.item(id: $0)?.mediaType ?? "") }) {
                    report(entry, .RSC_032, .notCoreMediaTypeHasNo(item.href, item.mediaType))
                }
            } else {
                report(entry, .OPF_031, .guideReferenceNamesNoManifestItem(target))
                if !session.container.contains(target) {
                    report(entry, .RSC_007, .guideReferenceTargetNotContainer(target))
                }
            }
        }

        /// A metadata link: its media type, and a target that is a resource of its own.
        private mutating func metadataLink(_ entry: ReferenceRegistry.Entry) {
            let ref = entry.reference, rel = ref.relations
            switch ref.resolution {
            case .local(let path, let fragment):
                if ref.declaredType == nil {
                    report(entry, .OPF_093, .linkLocalResourceNeedsMediaType(ref.url))
                }
                if path == package.path {
                    if fragment != nil {
                        report(entry, .OPF_098, .linkPointsElementPackageDocumentLinks(ref.url))
                    }
                } else if session.scope == .packageDocument {
                    // A package document checked alone: there is no container to look in.
                } else if !session.container.contains(path) {
                    report(entry, .RSC_007w, .linkedResourceNotContainer(path))
                } else if package.item(path: path) != nil && !spinePaths.contains(path) {
                    report(entry, .OPF_067, .bothLinkedResourceManifestItemResource(path))
                }
            case .remote(let url):
                let scheme = ReferenceRules.scheme(url)
                if scheme == "data" {
                    report(entry, .RSC_029, .linkDataUrlLinkedResourceFile(ref.url.prefix(60)))
                } else if scheme == "file" {
                    report(entry, .RSC_030, .linkFileUrlWhichPointsReader(url))
                }
                if ref.declaredType == nil && (rel.contains("record") || rel.contains("voicing")) {
                    report(entry, .OPF_094, .linkNeedsMediaType(rel.contains("record") ? "record" : "voicing"))
                }
            case .invalid:
                break
            }
        }

        // MARK: media overlays

        /// An overlay's text link (`text src`, `epub:textref`) leads to a declared file (RSC-007,
        /// RSC-008), and names an element of an XHTML document when it has a fragment (RSC-012).
        mutating func textref(_ entry: ReferenceRegistry.Entry) {
            guard case .local(let target, let fragment) = entry.reference.resolution,
                  declared(entry, target, fragment, missing: .overlayTextTargetNotContainer(target), undeclared: .overlayTextTargetNotManifest(target)),
                  let fragment, namesNoElement(target, fragment, id: fragment.removingPercentEncoding ?? fragment) else { return }
            report(entry, .RSC_012, .textrefNamesNoElement(entry.reference.url, target))
        }

        /// The audio an overlay `audio` element plays: in the container, listed, of a core type
        /// (a fragment in its URL is the overlay's own fault, MED-014: `OverlayRules.audioFragments`).
        mutating func overlayAudio(_ entry: ReferenceRegistry.Entry) {
            if case .remote(let url) = entry.reference.resolution {
                // Playing a remote item uses it (OPF-097), whatever fragment the URL carries.
                verdict.used.insert(String(url.prefix { $0 != "#" }))
                return
            }
            guard case .local(let target, let fragment) = entry.reference.resolution else { return }
            guard declared(entry, target, fragment, missing: .audioNotContainer(target), undeclared: .audioContainerButNotManifest(target)),
                  let item = package.item(path: target) else { return }
            if !core.isAudio(item.mediaType) {
                report(entry, .MED_005, .audioNotCoreAudioTypeMp3(target, item.mediaType))
            }
        }
    }
}
