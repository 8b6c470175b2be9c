import EPUBContract
import Foundation

/// References and features of XHTML and SVG content documents, read from the session's scans:
/// targets that are missing, unlisted, remote or malformed (RSC-006 … RSC-033), hyperlinks out of
/// the spine (RSC-010, RSC-011), fragments (RSC-012), the manifest properties a document needs or
/// declares in vain (OPF-014, OPF-015), deprecated `epub:switch`/`epub:trigger` (RSC-017), and,
/// over the whole publication, resources nothing uses (OPF-097) and unreachable non-linear items (OPF-096).
enum ContentRules {
    static let xhtml = "application/xhtml+xml"
    static let svg = "image/svg+xml"
    /// The manifest properties a document's content decides (remote-resources is judged apart).
    static let contentProperties: [DocumentIndex.Feature] = [.mathml, .scripted, .svg, .switch]

    /// Checks the content of one package (each rendition's in a multiple-rendition publication).
    static func check(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        // A package read from a recovered tree is not what its author wrote: judge nothing against it.
        if session.xml(at: package.path)?.document?.isRecovered ?? true { return [] }
        let epub3 = package.version?.trimmingXMLWhitespace().hasPrefix("3") ?? true
        var check = PackageContent(session: session, package: package)
        for item in package.manifest where PackageRules.isContentDocument(item.mediaType) {
            guard let path = item.path, session.container.contains(path), let document = session.xml(at: path)?.document else { continue }
            let scan = DocumentIndexer.index(document, source: session.data(at: path))
            check.document(item, path, scan, epub3: epub3)
        }
        if epub3 { check.out += ignoredViewports(session, package) }
        if epub3 && session.scope == .publication {
            check.out += unused(session, package, used: check.used)
            check.out += unreachable(package, hyperlinked: check.hyperlinked)
        }
        return check.out
    }

    /// The content documents of one package, checked one after the other: what they report, and
    /// which files they use or link to (for the package-wide OPF-097 and RSC-011 checks after them).
    private struct PackageContent {
        let session: PublicationSession
        let package: PackageDocument
        let spinePaths: Set<String>
        var out: [Diagnostic] = []
        var used: Set<String> = []
        var hyperlinked: Set<String> = []

        init(session: PublicationSession, package: PackageDocument) {
            self.session = session
            self.package = package
            self.spinePaths = Set(package.spine.compactMap { package.item(id: $0.idref)?.path })
        }

        /// One reporter per document: every message is located in it.
        private mutating func report(_ path: String, _ id: MessageID, _ message: String, _ line: Int?, _ column: Int? = nil) {
            out.append(Diagnostic(id, message: message, location: .init(path: path, line: line, column: column)))
        }

        mutating func document(_ item: ManifestItem, _ path: String, _ scan: DocumentIndex, epub3: Bool) {
            var needsRemote = false
            for ref in scan.references {
                needsRemote = reference(ref, item, path, scan) || needsRemote
            }
            let context = ContentContext(isXHTML: item.mediaType == xhtml, ids: item.path.flatMap { session.elementIDs(in: $0) },
                                         dataNav: item.has(property: "data-nav"))
            out += documentRules(scan, context, epub3: epub3)
            guard epub3 else { return }
            properties(item, path, scan, needsRemote: needsRemote)
        }

        /// The manifest properties a document needs or declares in vain, and overlay classes without CSS.
        private mutating func properties(_ item: ManifestItem, _ path: String, _ scan: DocumentIndex, needsRemote: Bool) {
            if item.has(property: "remote-resources") && !needsRemote {
                report(path, .OPF_018, "Manifest item '\(item.id)' declares remote-resources, but the document uses no remote resource.", nil, nil)
            }
            if item.mediaOverlay != nil, !scan.hasStyleSheet, hasActiveClass(package) {
                let end = scan.locator?.end()
                report(path, .CSS_030, "The package names media overlay style classes, but this document has no CSS to define them.", end?.line, end?.column)
            }
            var needed = scan.features
            if item.mediaType == svg { needed.remove(.svg) }
            for feature in contentProperties where needed.contains(feature) && !item.has(property: feature.rawValue) {
                report(path, .OPF_014, "The document uses \(feature.rawValue) content, so its manifest item '\(item.id)' needs the '\(feature.rawValue)' property.", nil)
            }
            if needsRemote && !item.has(property: "remote-resources") {
                report(path, .OPF_014, "The document uses remote resources, so its manifest item '\(item.id)' needs the 'remote-resources' property.", nil)
            }
            let unneeded = contentProperties.filter { item.has(property: $0.rawValue) && !needed.contains($0) }.map(\.rawValue)
            if !unneeded.isEmpty {
                report(path, .OPF_015, "Manifest item '\(item.id)' declares \(unneeded.joined(separator: ", ")), which the document does not use.", nil)
            }
        }

        /// One reference of a document; returns whether it makes the document use a remote resource.
        private mutating func reference(_ ref: ContentReference, _ item: ManifestItem, _ path: String, _ scan: DocumentIndex) -> Bool {
            let column = scan.column(ref.position)
            if ref.kind == .citation {
                // A cited source is not fetched: only its scheme matters (EPUBCheck asks for HTTPS).
                if case .remote(let url) = ref.resolution, url.lowercased().hasPrefix("http:") {
                    report(path, .RSC_031, "The cited source '\(url)' uses plain HTTP; use HTTPS.", ref.line, column)
                }
                return false
            }
            switch ref.resolution {
            case .invalid(let reason):
                report(path, .RSC_020, "'\(ref.url)' in \(ref.element)/@\(ref.attribute) is not a valid URL (\(reason)).", ref.line, column)
                return false
            case .remote(let url):
                return remote(ref, url, path, column)
            case .local(let target, let fragment):
                local(ref, target, fragment, item, path, column)
                return false
            }
        }

        /// A remote reference: its scheme and host, and whether the resource may stay outside.
        private mutating func remote(_ ref: ContentReference, _ url: String, _ path: String, _ column: Int?) -> Bool {
            used.insert(url)
            let scheme = url.prefix { $0 != ":" }.lowercased()
            if scheme == "data" {
                if ref.kind == .hyperlink {
                    report(path, .RSC_029, "A data: URL cannot be a hyperlink target; link to a document of the publication.", ref.line, column)
                    report(path, .RSC_010, "The hyperlink leads to a data: URL, which is not a content document.", ref.line, column)
                }
                return false
            }
            if let unregistered = unregisteredScheme(ref) {
                report(path, .HTM_025, "The hyperlink '\(url)' uses the URI scheme '\(unregistered)', which is not registered.", ref.line, column)
            }
            if (scheme == "http" || scheme == "https") && !validHost(url) {
                report(path, .RSC_020, "'\(url)' in \(ref.element)/@\(ref.attribute) is not a valid URL (its host has characters a host cannot have).", ref.line, column)
                return false
            }
            if scheme == "file" {
                report(path, .RSC_030, "'\(url)' is a file: URL, which points at the reader's own disk.", ref.line, column)
            } else if scheme != "http" && scheme != "https" {
                return false
            }
            guard ref.kind != .hyperlink && ref.kind != .link else { return false }
            if [.audio, .video, .track].contains(ref.kind) {
                if scheme == "http" {
                    report(path, .RSC_031, "The remote resource '\(url)' is fetched over plain HTTP; use HTTPS.", ref.line, column)
                }
            } else {
                report(path, .RSC_006, "The \(ref.element) resource '\(url)' is remote; only audio and video may stay outside the container.", ref.line, column)
            }
            return true
        }

        /// A reference to a file of the container: its syntax, its target, and what the target must be.
        private mutating func local(_ ref: ContentReference, _ target: String, _ fragment: String?, _ item: ManifestItem, _ path: String, _ column: Int?) {
            if ref.url.utf8.contains(where: { unsafeURLBytes.contains($0) }) {
                report(path, .RSC_020, "'\(ref.url)' in \(ref.element)/@\(ref.attribute) is not a valid URL (characters such as [ ] must be percent-encoded).", ref.line, column)
                return
            }
            if ref.url.utf8.contains(UInt8(ascii: "?")) {
                report(path, .RSC_033, "'\(ref.url)' has a query, which a file of the publication cannot have.", ref.line, column)
                return
            }
            // Hyperlinks, non-stylesheet links and broken `use` references are not uses (as EPUBCheck counts).
            if ref.kind == .hyperlink {
                hyperlinked.insert(target)
            } else if ref.kind != .link && !(ref.kind == .svgReference && (fragment ?? "").isEmpty) {
                used.insert(target)
            }
            if ref.kind == .stylesheet && fragment != nil {
                report(path, .RSC_013, "The style sheet reference '\(ref.url)' has a fragment; a style sheet is used whole.", ref.line, column)
            }
            if ref.kind == .svgReference && (fragment ?? "").isEmpty {
                report(path, .RSC_015, "The SVG use reference '\(ref.url)' needs a fragment naming the element to use.", ref.line, column)
            }
            guard target != package.path else { return }  // the package document is known without a manifest item
            if target == path && ref.kind == .hyperlink && !spinePaths.contains(path) {
                report(path, .RSC_011, "The hyperlink leads into '\(path)' itself, which is not in the spine.", ref.line, column)
            }
            var targetType = item.mediaType
            if target != path {
                guard let targetItem = listedTarget(ref, target, path, column) else { return }
                targetType = targetItem.mediaType
            }
            if ref.kind == .hyperlink, let fragment, !fragment.isEmpty, !fragment.utf8.contains(UInt8(ascii: "(")), !fragment.utf8.contains(UInt8(ascii: "=")),
               PackageRules.isContentDocument(targetType), let ids = session.elementIDs(in: target), !ids.contains(fragment) {
                report(path, .RSC_012, "'\(target)' has no element with id '\(fragment)'.", ref.line, column)
            }
        }

        /// Another file of the container: present, listed, of a type the reference may use; nil when the checks stop here.
        private mutating func listedTarget(_ ref: ContentReference, _ target: String, _ path: String, _ column: Int?) -> ManifestItem? {
            guard session.container.contains(target) else {
                report(path, .RSC_007, "'\(target)' (from \(ref.element)/@\(ref.attribute)) is not in the container.", ref.line, column)
                return nil
            }
            guard let targetItem = package.item(path: target) else {
                report(path, .RSC_008, "'\(target)' is in the container but not in the manifest.", ref.line, column)
                return nil
            }
            var found: [(MessageID, String)] = []
            foreignUse(ref, targetItem, package, report: { id, message in found.append((id, message)) })
            for (id, message) in found { report(path, id, message, ref.line, column) }
            if ref.kind == .hyperlink {
                if reachesContentDocument(package, targetItem) {
                    if !spinePaths.contains(target) {
                        report(path, .RSC_011, "The hyperlink leads to '\(target)', which is not in the spine.", ref.line, column)
                    }
                } else {
                    report(path, .RSC_010, "The hyperlink leads to '\(target)' (\(targetItem.mediaType)), which is not a content document and has no content-document fallback.", ref.line, column)
                }
            }
            return targetItem
        }
    }

    /// The host of an http(s) URL: letters, digits and the few punctuation marks hosts allow.
    static func validHost(_ url: String) -> Bool {
        guard let start = url.range(of: "//") else { return false }
        let rest = url[start.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last.map(String.init) ?? ""
        return !host.isEmpty && host.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x7F || CharacterSet.alphanumerics.contains(scalar) || ".-:[]%_~".unicodeScalars.contains(scalar)
        }
    }

    /// URI schemes a hyperlink may use without HTM-025 (the registered ones publications meet).
    /// The scheme of a remote hyperlink that IANA has not registered (HTM-025); nil otherwise.
    /// `data:` and `file:` have rules of their own.
    static func unregisteredScheme(_ ref: ContentReference) -> String? {
        guard ref.kind == .hyperlink, case .remote(let url) = ref.resolution else { return nil }
        let scheme = url.prefix { $0 != ":" }.lowercased()
        return scheme == "data" || scheme == "file" || registeredSchemes.contains(scheme) ? nil : scheme
    }

    static let registeredSchemes: Set<String> = [
        "http", "https", "mailto", "tel", "sms", "ftp", "ftps", "sftp", "urn", "data", "file", "geo", "irc", "ircs", "news",
        "nntp", "telnet", "xmpp", "sip", "sips", "ws", "wss", "git", "ssh", "magnet", "market", "itms", "itms-apps",
        "javascript", "about", "blob", "cid", "mid", "fax", "im", "ldap", "rtsp", "spotify", "skype", "webcal", "bitcoin", "callto",
    ]

    /// Rules on one EPUB 3 document's own markup: empty hyperlinks (HTM-045), custom data
    /// attributes (HTM_061), alternate style sheets (CSS-005, CSS-015), `bdo` and `title`
    /// (RSC-005, RSC-017), `region-based` outside a data navigation nav (HTM-052), and a
    /// `remote-resources` property nothing needs (OPF-018).
    /// The rules one EPUB 3 content document answers for on its own (its markup, its ids, its
    /// semantics): run for each document of a publication and by `--mode xhtml|svg` on one file.
    /// The rules a content document answers for on its own, whatever the package says: one
    /// function per concern under `Rules/Content/`, each reading the document's index. A new
    /// content rule is a new entry here; the indexer does not change.
    static let epub3DocumentRules: [ContentRule] = [
        ElementRules.check, HeadRules.check, AttributeRules.check, MarkupRules.check, VocabularyRules.check,
        IDReferenceRules.check, SemanticsRules.check,
    ]

    /// EPUB 2 content is held to fewer rules: nested links only (its grammar is not checked yet).
    static let epub2DocumentRules: [ContentRule] = [MarkupRules.nestedLinks]

    /// The document rules for one content document, with its duplicate ids (RSC-005).
    static func documentRules(_ index: DocumentIndex, _ context: ContentContext, epub3: Bool) -> [Diagnostic] {
        var findings = ContentFindings(index)
        for duplicate in index.duplicateIDs {
            findings.report(.RSC_005, "The id '\(duplicate.id)' is used more than once in this document; ids must be unique.", at: duplicate.position)
        }
        for rule in epub3 ? epub3DocumentRules : epub2DocumentRules { rule(index, context, &findings) }
        return findings.out
    }

    /// HTM_060b (usage): a viewport meta in a reflowable XHTML document, which reading systems ignore.
    static func ignoredViewports(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        // Fixed layout as EPUB declares it (rendition:layout, globally or on the itemref); vendor files do not count.
        let layoutIRI = Vocabulary.rendition + "layout"
        let publicationFixed = package.entries(layoutIRI).first?.value == "pre-paginated"
        var fixedByPath: [String: Bool] = [:]
        for ref in package.spine {
            guard let path = package.item(id: ref.idref)?.path, fixedByPath[path] == nil else { continue }
            let overrides = ref.properties.compactMap { package.prefixes.expand($0, defaultVocabulary: Vocabulary.itemref) }
            if overrides.contains(Vocabulary.rendition + "layout-pre-paginated") {
                fixedByPath[path] = true
            } else if overrides.contains(Vocabulary.rendition + "layout-reflowable") {
                fixedByPath[path] = false
            } else {
                fixedByPath[path] = publicationFixed
            }
        }
        var out: [Diagnostic] = []
        for item in package.manifest where item.mediaType == xhtml {
            // Only spine items have a layout; EPUBCheck treats any other document as reflowable.
            guard let path = item.path, !(fixedByPath[path] ?? false),
                  let metas = session.head(at: path)?.viewportMetas else { continue }
            for meta in metas {
                out.append(Diagnostic(.HTM_060b, message: "This reflowable document has a viewport meta, which reading systems ignore.", location: .init(path: path, line: meta.line)))
            }
        }
        return out
    }

    /// Characters a URL must percent-encode (RSC-020), as bytes: this runs for every reference.
    static let unsafeURLBytes: Set<UInt8> = Set(" []{}|\\^<>\"`".utf8)

    /// Whether the package names a class for the element being read aloud or for the document while it plays.
    static func hasActiveClass(_ package: PackageDocument) -> Bool {
        let media = Vocabulary.media
        return !package.entries(media + "active-class").isEmpty || !package.entries(media + "playback-active-class").isEmpty
    }

    /// Core image and audio media types (EPUB 3.3 §3.2): anything else needs a fallback.
    static let coreImages: Set<String> = ["image/gif", "image/jpeg", "image/png", "image/svg+xml", "image/webp"]
    static let coreAudio: Set<String> = ["audio/mpeg", "audio/mp4", "audio/ogg", "audio/opus", "audio/webm"]

    /// What an element fetches, against the manifest: a type it states that differs (OPF-013), a
    /// foreign image or audio with no fallback (RSC-032), a non-core image in `picture` (MED-003).
    static func foreignUse(_ ref: ContentReference, _ target: ManifestItem, _ package: PackageDocument,
                           report: (MessageID, String) -> Void) {
        let type = target.mediaType.lowercased().split(separator: ";").first.map { $0.trimmingXMLWhitespace() } ?? ""
        if let declared = ref.declaredType, !declared.isEmpty, declared.lowercased() != type {
            report(.OPF_013, "The \(ref.element) says '\(declared)' but the manifest declares \(target.mediaType) for '\(target.href)'.")
        }
        let core: Set<String>
        switch ref.kind {
        case .image: core = coreImages
        case .audio:
            // Video is exempt from fallbacks (EPUB 3.3 §3.3), also when an audio element plays it.
            if type.hasPrefix("video/") { return }
            core = coreAudio
        default: return
        }
        guard !core.contains(type) else { return }
        if ref.insidePicture {
            report(.MED_003, "An img inside picture must use a core image type; '\(target.href)' is \(target.mediaType).")
            return
        }
        if package.fallbackChain(of: target).ids.contains(where: { core.contains(package.item(id: $0)?.mediaType.lowercased() ?? "") }) { return }
        report(.RSC_032, "'\(target.href)' is \(target.mediaType), not a core media type, and has no fallback to one.")
    }

    /// A hyperlink target is fine when it is a content document or falls back to one.
    static func reachesContentDocument(_ package: PackageDocument, _ item: ManifestItem) -> Bool {
        PackageRules.isContentDocument(item.mediaType)
            || package.fallbackChain(of: item).ids.contains { package.item(id: $0).map { PackageRules.isContentDocument($0.mediaType) } ?? false }
    }

    /// OPF-097 (usage): manifest items that no content document, style sheet or overlay uses. Being
    /// another item's fallback, or a hyperlink target, is not a use.
    static func unused(_ session: PublicationSession, _ package: PackageDocument, used contentUses: Set<String>) -> [Diagnostic] {
        var used = contentUses
        for item in package.manifest {
            if let overlay = item.mediaOverlay, let smil = package.item(id: overlay)?.path { used.insert(smil) }
            if item.mediaType == "text/css", let path = item.path, let sheet = session.styleSheet(at: path) {
                for url in sheet.imports + sheet.urls {
                    if case .local(let target, _) = HrefResolver.resolve(url, against: path) { used.insert(target) } else { used.insert(url) }
                }
            }
        }
        for timeline in package.path == session.package.path ? session.mediaOverlays : [] {
            for par in timeline.pars { if let audio = par.audio { used.insert(audio) } }
        }
        let spineIDs = Set(package.spine.map(\.idref))
        var out: [Diagnostic] = []
        for item in package.manifest {
            let key = item.path ?? item.href
            if spineIDs.contains(item.id) || item.has(property: "nav") || item.id == package.spineToc || used.contains(key) { continue }
            out.append(Diagnostic(.OPF_097, message: "Manifest item '\(item.id)' (\(key)) is never used by a content document, style sheet or overlay.", location: .init(path: package.path, line: item.line)))
        }
        return out
    }

    /// OPF-096: a non-linear spine item that no hyperlink reaches cannot be read (usage when scripts might).
    static func unreachable(_ package: PackageDocument, hyperlinked: Set<String>) -> [Diagnostic] {
        let scripted = package.manifest.contains { $0.has(property: "scripted") }
        var out: [Diagnostic] = []
        for ref in package.spine where !ref.linear {
            guard let item = package.item(id: ref.idref), let path = item.path, !hyperlinked.contains(path) else { continue }
            out.append(scripted
                ? Diagnostic(.OPF_096b, message: "The non-linear item '\(item.id)' has no hyperlink to it; only a script could open it.", location: .init(path: package.path, line: item.line))
                : Diagnostic(.OPF_096, message: "The non-linear item '\(item.id)' has no hyperlink to it, so a reader cannot reach it.", location: .init(path: package.path, line: item.line)))
        }
        return out
    }
}
