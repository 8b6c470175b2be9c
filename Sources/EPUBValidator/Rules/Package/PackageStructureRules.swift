import EPUBContract
import Foundation

/// The package-document rules EPUBCheck states in Schematron (`package-30.sch`), reported as it
/// reports them: RSC-005 (errors) and RSC-017 (warnings). Numbers refer to the list in the shared
/// reference, section "What RSC-005 covers". Rules the session already reports while reading
/// (8, 18, 25–29, 34, 35, 37, 38) are not repeated here;
/// 4 and 5 are with the other link rules.
enum PackageStructureRules {
    static func check(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        // A tree recovered from broken XML is not what the author wrote: the RSC-016 says it all.
        if package.isRecovered { return [] }
        // OPF 2's Schematron asks one thing of these: unique guide references.
        guard package.isEPUB3 else { return guideDuplicates(package) }
        var found = Findings(path: package.path)
        identity(session, package, &found)
        refinements(package, &found)
        overlaysAndNavigation(package, &found)
        spine(package, &found)
        found.out += refinesForms(package)
        found.out += guideDuplicates(package)
        found.out += collections(package)
        rendition(package, &found)
        return found.out
    }

    /// Schematron faults found so far: RSC-005 for errors, RSC-017 for warnings, in the package document.
    struct Findings {
        let path: String
        var out: [Diagnostic] = []

        mutating func error(_ message: MessageText, _ line: Int?) {
            out.append(Diagnostic(.RSC_005, message: message, location: .init(path: path, line: line)))
        }

        mutating func warning(_ message: MessageText, _ line: Int?) {
            out.append(Diagnostic(.RSC_017, message: message, location: .init(path: path, line: line)))
        }
    }

    /// 1–3: the unique identifier, and exactly one well-formed dcterms:modified.
    private static func identity(_ session: PublicationSession, _ package: PackageDocument, _ found: inout Findings) {
        let dc = Vocabulary.dc
        func error(_ message: MessageText, _ line: Int?) { found.error(message, line) }

        // 1: unique-identifier names a dc:identifier (OPF-030 says so too).
        if let ref = package.uniqueIdentifierRef, !ref.isEmpty,
           !package.entries(dc + "identifier").contains(where: { $0.id == ref }) {
            error(.packageUniqueIdentifierIdDcIdentifier(ref), package.line)
        }

        // 2, 3: exactly one dcterms:modified, as CCYY-MM-DDThh:mm:ssZ.
        // The rule names the property as written: a redeclared dcterms prefix does not hide it.
        let modified = package.metadata.filter { $0.name.trimmingXMLWhitespace() == "dcterms:modified" }
        if modified.count != 1 {
            error(.packageMetadataHaveExactlyOneDcterms(modified.count), modified.dropFirst().first?.line)
        }
        if let first = modified.first, !MetadataSyntax.isUTCDateTime(first.value) {
            error(.dctermsModifiedUtcDateTimeLike(first.value), first.line)
        }
    }

    /// 9–17: what each refinement may refine, and how often.
    private static func refinements(_ package: PackageDocument, _ found: inout Findings) {
        let meta = Vocabulary.meta, dc = Vocabulary.dc
        func error(_ message: MessageText, _ line: Int?) { found.error(message, line) }

        // 9–17: what each refinement may refine, and how often.
        func walk(_ entry: MetadataEntry) {
            var seen: [String: Int] = [:]
            for refinement in entry.refinements {
                guard let property = refinement.property else { continue }
                seen[property, default: 0] += 1
                let target = entry.property
                switch property {
                case meta + "authority", meta + "term":
                    if target != dc + "subject" { error(.refineDcSubject(refinement.name), refinement.line) }
                case meta + "belongs-to-collection":
                    if target != meta + "belongs-to-collection" { error(.refiningBelongsCollectionRefineAnotherBelongs, refinement.line) }
                case meta + "collection-type":
                    if target != meta + "belongs-to-collection" { error(.collectionTypeRefineBelongsCollection, refinement.line) }
                case meta + "identifier-type":
                    if target != dc + "identifier" && target != dc + "source" { error(.identifierTypeRefineDcIdentifierDc, refinement.line) }
                case meta + "role":
                    if ![dc + "creator", dc + "contributor", dc + "publisher"].contains(target ?? "") { error(.roleRefineDcCreatorDcContributor, refinement.line) }
                case meta + "source-of":
                    if target != dc + "source" { error(.sourceRefineDcSource, refinement.line) }
                    if refinement.value != "pagination" { error(.sourceHaveValuePagination, refinement.line) }
                case meta + "title-type":
                    if target != dc + "title" { error(.titleTypeRefineDcTitle, refinement.line) }
                default:
                    break
                }
                walk(refinement)
            }
            for (property, count) in seen where count > 1 {
                let once = ["display-seq", "file-as", "group-position", "identifier-type", "source-of", "title-type", "collection-type"].map { meta + $0 }
                if once.contains(property) {
                    let name = String(property.dropFirst(meta.count))
                    error(.refineExpressionOnlyOnceHas(name, entry.name, count), entry.refinements.last { $0.property == property }?.line)
                }
            }
            if entry.property == dc + "subject" {
                let authorities = entry.refinements(meta + "authority").count, terms = entry.refinements(meta + "term").count
                if authorities != terms || authorities > 1 {
                    error(.dcSubjectNeedsEitherNoAuthority, entry.line)
                }
            }
        }
        package.metadata.forEach(walk)
        for entries in package.refinementsByTarget.values { entries.forEach(walk) }
        // The same properties stated on their own, refining nothing, break the same rules.
        let refinementOnly: [String: MessageText] = [
            meta + "authority": .dcSubject, meta + "term": .dcSubject, meta + "collection-type": .belongsCollection,
            meta + "identifier-type": .dcIdentifierDcSource, meta + "role": .dcCreatorDcContributorDcPublisher,
            meta + "source-of": .dcSource, meta + "title-type": .dcTitle,
        ]
        for entry in package.metadata where entry.refinesWritten == nil {
            if let property = entry.property, let target = refinementOnly[property] {
                error(.describesAnotherExpressionRefine(entry.name, target), entry.line)
            }
        }
    }

    /// 39, 40, 43, 19–24, 36: overlay classes, meta-auth, the NCX, nav, data-nav and cover items, media-overlay items.
    private static func overlaysAndNavigation(_ package: PackageDocument, _ found: inout Findings) {
        let meta = Vocabulary.meta
        func error(_ message: MessageText, _ line: Int?) { found.error(message, line) }

        // 39, 40: media:active-class and media:playback-active-class, once, one class name, refining nothing.
        for name in ["active-class", "playback-active-class"] {
            for entries in package.refinementsByTarget.values {
                for entry in entries where entry.property == Vocabulary.media + name {
                    error(.mediaAppliesWholePublicationNotHave(name), entry.line)
                }
            }
            let entries = package.entries(Vocabulary.media + name)
            if entries.count > 1 { error(.mediaDeclaredOnlyOnce(name), entries[1].line) }
            for entry in entries where entry.value.xmlTokens().count != 1 {
                error(.mediaSingleClassName(name), entry.line)
            }
        }
        // 43: meta-auth is deprecated.
        for entry in package.entries(meta + "meta-auth") {
            found.warning(.metaAuthPropertyDeprecated, entry.line)
        }

        // 19–24: NCX reference, nav, data-nav and cover-image items; an NCX must be the spine's toc.
        if package.spineToc == nil, let ncx = package.manifestAsWritten.first(where: { $0.mediaType == "application/x-dtbncx+xml" }) {
            error(.packageHasNcxSoSpineS(ncx.id), ncx.line)
        }
        if let toc = package.spineToc, let item = package.firstWrittenItem(id: toc), item.mediaType != "application/x-dtbncx+xml" {
            error(.spineSTocAttributeNameNcx(toc, item.mediaType), nil)
        }
        // A toc that names no item names no NCX either (EPUBCheck's rule finds the type "").
        if let toc = package.spineToc, package.firstWrittenItem(id: toc) == nil {
            error(.spineTocNamesNoManifestItem(toc), package.spineLine)
        }
        let nav = package.manifestAsWritten.filter { $0.has(property: "nav") }
        if nav.count != 1 { error(.manifestHaveExactlyOneItemNav(nav.count), nav.dropFirst().first?.line) }
        for item in nav where item.mediaType != "application/xhtml+xml" {
            error(.navItemApplicationXhtmlXml, item.line)
        }
        for (property, label) in [("data-nav", "data-nav"), ("cover-image", "cover-image")] {
            let items = package.manifestAsWritten.filter { $0.has(property: property) }
            if items.count > 1 { error(.onlyOneManifestItemHaveProperty(label), items[1].line) }
        }

        // 36: media-overlay names a SMIL item, and only XHTML or SVG items carry it.
        for item in package.manifestAsWritten {
            guard let overlay = item.mediaOverlay else { continue }
            if package.firstWrittenItem(id: overlay)?.mediaType != "application/smil+xml" {
                error(.mediaOverlayItemNameApplicationSmil(item.id), item.line)
            }
            // Naming no item at all, it names no overlay a media:duration could refine either
            // (EPUBCheck's rule looks the meta up by the named item's id, which is then empty).
            if package.firstWrittenItem(id: overlay) == nil {
                error(.mediaOverlayNamesNoItemSoNoDuration(item.id, overlay), item.line)
            }
            if item.mediaType != "application/xhtml+xml" && item.mediaType != "image/svg+xml" {
                error(.onlyXhtmlSvgContentDocumentsHave(item.id, item.mediaType), item.line)
            }
        }

    }

    /// 31: one override of each family per itemref; 41: no item twice in the spine.
    private static func spine(_ package: PackageDocument, _ found: inout Findings) {
        func error(_ message: MessageText, _ line: Int?) { found.error(message, line) }
        var seenItems: Set<String> = []
        for ref in package.spine {
            var families: [String: Int] = [:]
            for token in ref.properties {
                guard let iri = package.prefixes.expand(token, defaultVocabulary: Vocabulary.itemref) else { continue }
                let local = iri.hasPrefix(Vocabulary.rendition) ? String(iri.dropFirst(Vocabulary.rendition.count)) : iri.hasPrefix(Vocabulary.itemref) ? String(iri.dropFirst(Vocabulary.itemref.count)) : ""
                let family = ["flow-", "layout-", "orientation-", "spread-", "page-spread-"].first { local.hasPrefix($0) }
                if let family { families[family, default: 0] += 1 }
            }
            if families.values.contains(where: { $0 > 1 }) {
                error(.itemrefHasConflictingRenditionOverridesMore(ref.idref), ref.line)
            }
            if !seenItems.insert(ref.idref).inserted {
                error(.spineRefersManifestItemMoreThan(ref.idref), ref.line)
            }
        }

    }

    /// 25–30: the global rendition properties never refine; one global viewport, `width=N, height=N`.
    private static func rendition(_ package: PackageDocument, _ found: inout Findings) {
        func error(_ message: MessageText, _ line: Int?) { found.error(message, line) }
        let globals = ["flow", "layout", "orientation", "spread"].map { Vocabulary.rendition + $0 }
        for meta in package.declaredMetadata where meta.refinesWritten != nil {
            if let written = meta.propertyWritten, let iri = meta.property, globals.contains(iri) {
                error(.appliesWholePublicationNotHaveRefines(written), meta.line)
            }
        }
        let viewports = package.entries(Vocabulary.rendition + "viewport")
        if viewports.count > 1 {
            error(.renditionViewportDeclaredOnlyOnceWithout(viewports.count), package.metadataLine)
        }
        // 30: rendition:viewport is `width=N, height=N` (either order).
        for entry in package.entries(Vocabulary.rendition + "viewport")
        where !MetadataSyntax.isViewport(entry.value) {
            error(.renditionViewportReadWidthNHeight(entry.value), entry.line)
        }
    }

    /// 6, 7: `refines` is a relative URL; one naming a manifest item's file should use `#id`.
    static func refinesForms(_ package: PackageDocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let refining = package.declaredMetadata.compactMap { entry in entry.refinesWritten.map { ($0, entry.line) } }
            + package.links.compactMap { link in link.refinesWritten.map { ($0, link.line) } }
        for (written, line) in refining {
            let value = written.trimmingXMLWhitespace()
            if HrefResolver.hasScheme(value, singleLetter: true) {
                out.append(Diagnostic(.RSC_005, message: .refinesRelativeUrlUsuallyIdAbsolute(value), location: .init(path: package.path, line: line)))
            } else if !value.hasPrefix("#"), let target = HrefResolver.path(value, against: package.path), let item = package.item(path: target) {
                out.append(Diagnostic(.RSC_017, message: .refinesNamesFileReferManifestItem(value, item.id), location: .init(path: package.path, line: line)))
            }
        }
        return out
    }

    /// 33: two guide references with the same type and href (case-insensitive), reported at each.
    static func guideDuplicates(_ package: PackageDocument) -> [Diagnostic] {
        func key(_ reference: GuideReference) -> String { reference.type.lowercased() + "\u{0}" + reference.href.lowercased() }
        var counts: [String: Int] = [:]
        for reference in package.guide { counts[key(reference), default: 0] += 1 }
        return package.guide.filter { (counts[key($0)] ?? 0) > 1 }.map {
            Diagnostic(.RSC_017, message: .guideHasMoreThanOneReference($0.type, $0.href), location: .init(path: package.path, line: $0.line))
        }
    }

    /// 32, 50–54: collections — where `refines` may point, and what each known role must contain.
    static func collections(_ package: PackageDocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func error(_ message: MessageText, _ line: Int) {
            out.append(Diagnostic(.RSC_005, message: message, location: .init(path: package.path, line: line)))
        }
        for top in package.collections {
            for collection in top.selfAndDescendants {
                let refining = (collection.metadata ?? []).compactMap { entry in entry.refinesWritten.map { ($0, entry.line) } }
                    + collection.metadataLinks.compactMap { link in link.refinesWritten.map { ($0, link.line) } }
                for (written, line) in refining {
                    let value = written.trimmingXMLWhitespace()
                    if !value.hasPrefix("#") || !top.ids.contains(String(value.dropFirst())) {
                        error(.collectionRefinesIdElementSameCollection(value), line)
                    }
                }
            }
        }
        func check(_ collection: PackageCollection, parent: PackageCollection?) {
            let children = collection.collections
            let childRoles = children.map(\.roles)
            let links = collection.links
            let line = collection.line
            if collection.has(role: "distributable-object") {
                let metadata = collection.metadata
                let count = { (name: String) in metadata?.filter { $0.isDublinCore(name) }.count ?? 0 }
                if metadata == nil || count("identifier") != 1 || count("title") < 1 || count("language") < 1 {
                    error(.distributableObjectCollectionNeedsMetadataOne, line)
                }
                if links.isEmpty { error(.distributableObjectCollectionNeedsLeastOne, line) }
                if childRoles.filter({ $0.contains("manifest") }).count > 1 { error(.distributableObjectCollectionHaveOnlyOne, line) }
            }
            if collection.has(role: "manifest") {
                if parent == nil { error(.manifestCollectionInsideAnotherCollection, line) }
                // Links alone: no metadata (even empty) and no sub-collection.
                if collection.metadata != nil || !children.isEmpty || links.isEmpty { error(.manifestCollectionHoldsLinksOnlyLeast, line) }
            }
            if collection.has(role: "preview") {
                if childRoles.filter({ $0.contains("manifest") }).count != 1 { error(.previewCollectionNeedsExactlyOneManifest, line) }
                if links.isEmpty { error(.previewCollectionNeedsLeastOneLink, line) }
            }
            if collection.has(role: "index") && childRoles.contains(where: { !$0.contains("index-group") }) {
                error(.indexCollectionOnlyContainIndexGroup, line)
            }
            if collection.has(role: "index-group") {
                if !(parent?.has(role: "index") ?? false) {
                    error(.indexGroupCollectionInsideIndexCollection, line)
                }
                if !children.isEmpty { error(.indexGroupCollectionHasNoSub, line) }
            }
            for child in children { check(child, parent: collection) }
        }
        for top in package.collections { check(top, parent: nil) }
        return out
    }
}
