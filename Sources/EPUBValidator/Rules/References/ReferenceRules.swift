import EPUBContract
import Foundation

/// Every reference of one package's documents, judged in one place: URL syntax (RSC-020, RSC-033),
/// schemes (RSC-029, RSC-030, RSC-031, HTM-025), remote resources (RSC-006), targets missing from
/// the container or the manifest (RSC-007, RSC-008), what a target may be for its use (RSC-010,
/// RSC-011, RSC-012, RSC-013, RSC-015, OPF-013, RSC-032, MED-003, MED-005, MED_014), and the package
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
        /// item needs `remote-resources` (OPF-014) and declares it with reason (OPF-018).
        var remoteUsers: Set<String> = []
    }

    static func check(_ registry: ReferenceRegistry, _ session: PublicationSession, _ package: PackageDocument) -> Verdict {
        var judge = Judge(session: session, package: package, registry: registry)
        for entry in registry.entries {
            let remote: Bool
            switch entry.reference.origin {
            case .content: remote = judge.content(entry)
            case .styleSheet: remote = judge.styleSheet(entry)
            case .overlay:
                judge.overlayAudio(entry)
                remote = false
            case .package:
                judge.package(entry)
                remote = false
            }
            if remote { judge.verdict.remoteUsers.insert(entry.path) }
        }
        judge.unusedRemoteItems()
        return judge.verdict
    }

    /// The state of one judgement: the package, its spine, and what was found so far.
    private struct Judge {
        let session: PublicationSession
        let package: PackageDocument
        let registry: ReferenceRegistry
        let spinePaths: Set<String>
        let epub3: Bool
        /// Media elements (by document path and element index) one of whose sources is of a core type.
        let coreSourceGroups: Set<String>
        var verdict = Verdict()

        init(session: PublicationSession, package: PackageDocument, registry: ReferenceRegistry) {
            self.session = session
            self.package = package
            self.registry = registry
            self.spinePaths = Set(package.spine.compactMap { package.item(id: $0.idref)?.path })
            self.epub3 = session.package.isEPUB3
            var groups: Set<String> = []
            for entry in registry.entries {
                guard let group = entry.reference.mediaGroup, case .local(let target, _) = entry.reference.resolution,
                      let item = package.item(path: target), ReferenceRules.isCore(item, for: entry.reference.kind) else { continue }
                groups.insert("\(entry.path)#\(group)")
            }
            self.coreSourceGroups = groups
        }

        private mutating func report(_ entry: ReferenceRegistry.Entry, _ id: MessageID, _ message: String) {
            let location = Diagnostic.Location(path: entry.path, line: entry.reference.line, column: registry.column(entry))
            verdict.diagnostics.append(Diagnostic(id, message: message, location: location))
        }

        // MARK: content documents

        /// One reference of an XHTML or SVG document; returns whether it uses a remote resource.
        mutating func content(_ entry: ReferenceRegistry.Entry) -> Bool {
            let ref = entry.reference
            if ref.kind == .citation {
                // A cited source is not fetched: a remote one should use HTTPS, a local one must exist.
                switch ref.resolution {
                case .remote(let url) where url.lowercased().hasPrefix("http:"):
                    report(entry, .RSC_031, "The cited source '\(url)' uses plain HTTP; use HTTPS.")
                case .local(let target, _) where target != entry.path && target != package.path:
                    if !session.container.contains(target) {
                        report(entry, .RSC_007, "'\(target)' (from \(ref.element)/@\(ref.attribute)) is not in the container.")
                    } else if package.item(path: target) == nil {
                        report(entry, .RSC_008, "'\(target)' is in the container but not in the manifest.")
                    }
                default: break
                }
                return false
            }
            switch ref.resolution {
            case .invalid(let reason):
                report(entry, .RSC_020, "'\(ref.url)' in \(ref.element)/@\(ref.attribute) is not a valid URL (\(reason)).")
                return false
            case .remote(let url):
                return remote(entry, url)
            case .local(let target, let fragment):
                local(entry, target, fragment)
                return false
            }
        }

        /// A remote reference: its scheme and host, and whether the resource may stay outside.
        private mutating func remote(_ entry: ReferenceRegistry.Entry, _ url: String) -> Bool {
            let ref = entry.reference
            verdict.used.insert(url)
            let scheme = ReferenceRules.scheme(url)
            if scheme == "data" {
                if ref.kind == .hyperlink {
                    report(entry, .RSC_029, "A data: URL cannot be a hyperlink target; link to a document of the publication.")
                    report(entry, .RSC_010, "The hyperlink leads to a data: URL, which is not a content document.")
                }
                return false
            }
            if let unregistered = ReferenceRules.unregisteredScheme(ref) {
                report(entry, .HTM_025, "The hyperlink '\(url)' uses the URI scheme '\(unregistered)', which is not registered.")
            }
            if (scheme == "http" || scheme == "https") && !ReferenceRules.validHost(url) {
                report(entry, .RSC_020, "'\(url)' in \(ref.element)/@\(ref.attribute) is not a valid URL (its host has characters a host cannot have).")
                return false
            }
            if scheme == "file" {
                report(entry, .RSC_030, "'\(url)' is a file: URL, which points at the reader's own disk.")
            } else if scheme != "http" && scheme != "https" {
                return false
            }
            guard ref.kind != .hyperlink && ref.kind != .link else { return false }
            return remoteResource(entry, url, https: scheme == "https")
        }

        /// A remote resource a document fetches: only audio, video and fonts may stay outside the
        /// container (EPUB 3.3 §3.6), known as such by how they are used or by their manifest
        /// media type; they must still be listed in the manifest (RSC-008) and should use HTTPS
        /// (RSC-031). Returns whether the document uses an allowed remote resource (which its
        /// item must then declare with `remote-resources`).
        private mutating func remoteResource(_ entry: ReferenceRegistry.Entry, _ url: String, https: Bool) -> Bool {
            let ref = entry.reference
            let declared = package.manifest.first { $0.href.trimmingXMLWhitespace() == url }
            // Remote style sheets are errors of their own; anything else remote, allowed or not,
            // calls for the `remote-resources` property (as EPUBCheck counts it).
            let needsProperty = ref.kind != .stylesheet
            let byUse = [.audio, .video, .track, .font].contains(ref.kind)
            guard byUse || declared.map({ PackageRules.mayBeRemote($0.mediaType) }) == true else {
                let what = ref.element.isEmpty ? "style sheet" : ref.element
                report(entry, .RSC_006, "The \(what) resource '\(url)' is remote; only audio, video and fonts may stay outside the container.")
                return needsProperty
            }
            if declared == nil {
                report(entry, .RSC_008, "The remote resource '\(url)' is not listed in the manifest.")
            }
            if !https {
                report(entry, .RSC_031, "The remote resource '\(url)' is fetched over plain HTTP; use HTTPS.")
            }
            return needsProperty
        }

        /// A reference to a file of the container: its syntax, its target, and what the target must be.
        private mutating func local(_ entry: ReferenceRegistry.Entry, _ target: String, _ fragment: String?) {
            let ref = entry.reference, path = entry.path
            if ReferenceRules.hasUnsafeURLByte(ref.url) {
                report(entry, .RSC_020, "'\(ref.url)' in \(ref.element)/@\(ref.attribute) is not a valid URL (characters such as [ ] must be percent-encoded).")
                return
            }
            if ref.url.utf8.contains(UInt8(ascii: "?")) {
                report(entry, .RSC_033, "'\(ref.url)' has a query, which a file of the publication cannot have.")
                return
            }
            // Hyperlinks, non-stylesheet links and broken `use` references are not uses (as EPUBCheck counts).
            if ref.kind == .hyperlink {
                verdict.hyperlinked.insert(target)
            } else if ref.kind != .link && !(ref.kind == .svgReference && (fragment ?? "").isEmpty) {
                verdict.used.insert(target)
            }
            if ref.kind == .stylesheet && fragment != nil {
                report(entry, .RSC_013, "The style sheet reference '\(ref.url)' has a fragment; a style sheet is used whole.")
            }
            if ref.kind == .svgReference && (fragment ?? "").isEmpty {
                report(entry, .RSC_015, "The SVG use reference '\(ref.url)' needs a fragment naming the element to use.")
            }
            guard target != package.path else { return }  // the package document is known without a manifest item
            if target == path && ref.kind == .hyperlink && !spinePaths.contains(path) {
                report(entry, .RSC_011, "The hyperlink leads into '\(path)' itself, which is not in the spine.")
            }
            var targetType = entry.source?.mediaType ?? ""
            if target != path {
                guard let targetItem = listedTarget(entry, target) else { return }
                targetType = targetItem.mediaType
            }
            // Only SVG images have parts a fragment can name.
            if ref.kind == .image, let fragment, !fragment.isEmpty, ReferenceRules.essence(targetType) != "image/svg+xml" {
                report(entry, .RSC_009, "The image '\(target)' is \(targetType), which has no parts for the fragment '#\(fragment)' to name.")
            }
            if ref.kind == .hyperlink, let fragment, !fragment.isEmpty, !fragment.utf8.contains(UInt8(ascii: "(")), !fragment.utf8.contains(UInt8(ascii: "=")),
               PackageRules.isContentDocument(targetType), let ids = session.elementIDs(in: target), !ids.contains(fragment) {
                report(entry, .RSC_012, "'\(target)' has no element with id '\(fragment)'.")
            }
            if let fragment, !fragment.isEmpty { svgTargetKind(entry, target, fragment) }
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
            case .svgPaint: incompatible = kind != .paint && (session.elementIDs(in: target)?.contains(fragment) ?? false)
            default: incompatible = false
            }
            if incompatible {
                report(entry, .RSC_014, "'#\(fragment)' in '\(target)' is \(kind.map { "an SVG \($0)" } ?? "not a paint server"), which \(ref.element)/@\(ref.attribute) cannot refer to.")
            }
        }

        /// Another file of the container: present, listed, of a type the reference may use; nil when the checks stop here.
        private mutating func listedTarget(_ entry: ReferenceRegistry.Entry, _ target: String) -> ManifestItem? {
            let ref = entry.reference
            guard session.container.contains(target) else {
                report(entry, .RSC_007, "'\(target)' (from \(ref.element)/@\(ref.attribute)) is not in the container.")
                return nil
            }
            guard let targetItem = package.item(path: target) else {
                report(entry, .RSC_008, "'\(target)' is in the container but not in the manifest.")
                return nil
            }
            var found: [(MessageID, String)] = []
            let groupHasCore = ref.mediaGroup.map { coreSourceGroups.contains("\(entry.path)#\($0)") } ?? false
            ReferenceRules.foreignUse(ref, targetItem, package, groupHasCore: groupHasCore) { id, message in found.append((id, message)) }
            for (id, message) in found { report(entry, id, message) }
            if ref.kind == .hyperlink {
                if ReferenceRules.reachesContentDocument(package, targetItem) {
                    if !spinePaths.contains(target) {
                        report(entry, .RSC_011, "The hyperlink leads to '\(target)', which is not in the spine.")
                    }
                } else {
                    report(entry, .RSC_010, "The hyperlink leads to '\(target)' (\(targetItem.mediaType)), which is not a content document and has no content-document fallback.")
                }
            }
            return targetItem
        }

        // MARK: style sheets

        /// One `url()` or `@import` of a style sheet; returns whether it uses a remote resource.
        mutating func styleSheet(_ entry: ReferenceRegistry.Entry) -> Bool {
            switch entry.reference.resolution {
            case .local(let target, _):
                if !session.container.contains(target) {
                    report(entry, .RSC_007, "'\(target)', used by the style sheet, is not in the container.")
                } else if package.item(path: target) == nil {
                    report(entry, .RSC_008, "'\(target)', used by the style sheet, is in the container but not in the manifest.")
                }
                return false
            case .remote(let remote):
                let scheme = ReferenceRules.scheme(remote)
                guard scheme == "http" || scheme == "https" else { return false }
                verdict.used.insert(remote)
                guard epub3 else { return true }
                return remoteResource(entry, remote, https: scheme == "https")
            case .invalid:
                return false
            }
        }

        // MARK: the package document

        /// A remote manifest item that may not be remote and that no document uses is reported at
        /// the item (a used one was reported where it is used): RSC-006, or RSC-006b (usage) in a
        /// scripted publication, where a script may fetch it.
        mutating func unusedRemoteItems() {
            guard epub3, session.scope == .publication else { return }  // alone, a package cannot know its uses
            let scripted = package.manifest.contains { $0.has(property: "scripted") }
            for entry in registry.entries where entry.reference.origin == .package && entry.reference.kind == .manifestItem {
                guard let item = entry.source, case .remote(let url) = entry.reference.resolution,
                      url.lowercased().hasPrefix("http:") || url.lowercased().hasPrefix("https:"),
                      !PackageRules.mayBeRemote(item.mediaType), !verdict.used.contains(url) else { continue }
                if scripted {
                    report(entry, .RSC_006b, "Manifest item '\(item.id)' ('\(url)') is outside the container; check that a script fetches it.")
                } else {
                    report(entry, .RSC_006, "Manifest item '\(item.id)' is remote ('\(url)'); only audio, video and fonts may stay outside the container.")
                }
            }
        }

        mutating func package(_ entry: ReferenceRegistry.Entry) {
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
            report(entry, .RSC_007w, "The resource '\(path)' a collection links to is not in the container.")
        }

        /// A manifest item's href: a URL a container path can be, and a resource that may be remote.
        private mutating func manifestItem(_ entry: ReferenceRegistry.Entry) {
            guard let item = entry.source else { return }
            let href = entry.reference.url
            switch entry.reference.resolution {
            case .remote(let url):
                let scheme = ReferenceRules.scheme(url)
                if scheme == "data" {
                    report(entry, .RSC_029, "Manifest item '\(item.id)' uses a data: URL; publication resources must be files.")
                } else if scheme == "file" {
                    report(entry, .RSC_030, "Manifest item '\(item.id)' uses a file: URL.")
                }
            case .invalid:
                report(entry, .RSC_020, "The href '\(href)' of manifest item '\(item.id)' is not a valid URL.")
            case .local(let path, _):
                if ReferenceRules.hasUnsafeURLByte(href) {
                    report(entry, .RSC_020, "The href '\(href)' of manifest item '\(item.id)' is not a valid URL (characters such as spaces must be percent-encoded).")
                } else if href.utf8.contains(UInt8(ascii: "?")) {
                    report(entry, .RSC_033, "The href '\(href)' of manifest item '\(item.id)' has a query, which a container path cannot have.")
                }
                // Alone, a package has no container whose file names are checked: its hrefs, decoded, stand in for them.
                if session.scope == .packageDocument, path.contains(" ") {
                    report(entry, .PKG_010, "The file name '\(path)' contains spaces, which older reading systems handle badly.")
                }
            }
        }

        /// An EPUB 2 guide reference: a manifest item that is a content document, in the container.
        private mutating func guide(_ entry: ReferenceRegistry.Entry) {
            guard case .local(let target, _) = entry.reference.resolution else { return }
            if let item = package.item(path: target) {
                if !PackageRules.isContentDocument(item.mediaType) && item.mediaType != "text/x-oeb1-document" {
                    report(entry, .OPF_032, "The guide reference to '\(target)' names a \(item.mediaType) item, not a content document.")
                }
            } else {
                report(entry, .OPF_031, "The guide reference to '\(target)' names no manifest item.")
                if !session.container.contains(target) {
                    report(entry, .RSC_007, "The guide reference target '\(target)' is not in the container.")
                }
            }
        }

        /// A metadata link: its media type, and a target that is a resource of its own.
        private mutating func metadataLink(_ entry: ReferenceRegistry.Entry) {
            let ref = entry.reference, rel = ref.relations
            switch ref.resolution {
            case .local(let path, let fragment):
                if ref.declaredType == nil {
                    report(entry, .OPF_093, "The link to the local resource '\(ref.url)' needs a media-type.")
                }
                if path == package.path {
                    if fragment != nil {
                        report(entry, .OPF_098, "The link '\(ref.url)' points at an element of the package document; links name resources.")
                    }
                } else if session.scope == .packageDocument {
                    // A package document checked alone: there is no container to look in.
                } else if !session.container.contains(path) {
                    report(entry, .RSC_007w, "The linked resource '\(path)' is not in the container.")
                } else if package.item(path: path) != nil && !spinePaths.contains(path) {
                    report(entry, .OPF_067, "'\(path)' is both a linked resource and a manifest item; a resource is one or the other.")
                }
            case .remote(let url):
                let scheme = ReferenceRules.scheme(url)
                if scheme == "data" {
                    report(entry, .RSC_029, "The link '\(ref.url.prefix(60))' is a data: URL; a linked resource must be a file or a remote resource.")
                } else if scheme == "file" {
                    report(entry, .RSC_030, "The link '\(url)' is a file: URL, which points at the reader's own disk.")
                }
                if ref.declaredType == nil && (rel.contains("record") || rel.contains("voicing")) {
                    report(entry, .OPF_094, "A '\(rel.contains("record") ? "record" : "voicing")' link needs a media-type.")
                }
            case .invalid:
                break
            }
        }

        // MARK: media overlays

        /// The audio an overlay `audio` element plays: in the container, listed, of a core type, without a fragment.
        mutating func overlayAudio(_ entry: ReferenceRegistry.Entry) {
            let src = entry.reference.url
            guard case .local(let target, let fragment) = entry.reference.resolution else { return }
            if fragment != nil {
                report(entry, .MED_014, "The audio URL '\(src)' has a fragment; clip times belong in clipBegin and clipEnd.")
            }
            if !session.container.contains(target) {
                report(entry, .RSC_007, "The audio '\(target)' is not in the container.")
            } else if let item = package.item(path: target) {
                if !ReferenceRules.coreAudio.contains(item.mediaType.lowercased().split(separator: ";").first.map(String.init) ?? "") {
                    report(entry, .MED_005, "The audio '\(target)' is \(item.mediaType), not a core audio type (MP3, MP4 AAC, Ogg Opus).")
                }
            } else {
                report(entry, .RSC_008, "The audio '\(target)' is in the container but not in the manifest.")
            }
        }
    }
}
