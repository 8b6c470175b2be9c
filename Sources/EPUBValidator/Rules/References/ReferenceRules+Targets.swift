import EPUBContract

extension ReferenceRules {
    /// A media type without its parameters: `audio/ogg; codecs=opus` is `audio/ogg`.
    static func essence(_ mediaType: String) -> String {
        // Types are mostly written in lowercase without parameters: nothing to fold, cut or trim.
        if mediaType.utf8.allSatisfy({ (0x61...0x7A).contains($0) || (0x2D...0x39).contains($0) || $0 == 0x2B }) { return mediaType }
        return mediaType.lowercased().split(separator: ";", omittingEmptySubsequences: false).first.map { $0.trimmingXMLWhitespace() } ?? ""
    }

    /// Font media types: `font/*` and the older application types fonts were declared with.
    static func isFont(_ mediaType: String) -> Bool {
        let type = essence(mediaType)
        return type.hasPrefix("font/") || ["application/font-woff", "application/font-sfnt", "application/vnd.ms-opentype",
                                            "application/x-font-ttf", "application/x-font-opentype", "application/font-woff2"].contains(type)
    }

    /// Whether a reference fetches what must be a core media type or fall back to one (RSC-032,
    /// EPUB 3.3 §3.2): images, audio, video, scripts, CSS resources and embedded content other
    /// than an `object` with content of its own; not style sheets, fonts, tracks, other links or
    /// hyperlinks (exempt resources, or no fetch at all).
    static func needsCoreOrFallback(_ ref: Reference) -> Bool {
        switch ref.kind {
        case .image, .audio, .video, .script, .styleResource: return true
        case .embedded: return !ref.intrinsicFallback
        default: return false
        }
    }

    /// A `data:` URL's media type (RFC 2397: `text/plain` when it states none).
    static func dataURLMediaType(_ url: String) -> String {
        let header = url.dropFirst(5).prefix { $0 != "," }
        let type = essence(String(header.prefix { $0 != ";" }))
        return type.isEmpty ? "text/plain" : type
    }

    /// A type an element states for its target, against the manifest's (OPF-013). A `picture`
    /// source that states none is compared as the empty type when its target is a core image, as
    /// EPUBCheck 5.3.0 does (a foreign one is MED-007's).
    static func statedType(_ ref: Reference, _ target: ManifestItem, core: CoreMediaTypes, report: (MessageID, MessageText) -> Void) {
        guard let declared = ref.declaredType else { return }
        if declared.isEmpty {
            guard ref.kind == .image, ref.element == "source", core.isImage(target.mediaType) else { return }
        } else if core.stated(declared, names: target.mediaType) {
            return
        }
        report(.OPF_013, declared.isEmpty ? .statesNoTypeButManifestDeclares(ref.element, target.mediaType, target.href)
                                          : .saysButManifestDeclares(ref.element, declared, target.mediaType, target.href))
    }

    /// What an element fetches, against the manifest: a type it states that differs (OPF-013), a
    /// foreign resource with no fallback to a core media type (RSC-032; any core type will do, as
    /// EPUBCheck 5.3.0 counts), a non-core image in `picture` (MED-003) or in a `picture` source
    /// that does not say its type (MED-007). HTML's own fallbacks count: a `picture` source with a
    /// type is skipped by a reader that cannot show it, a media element plays the first of its
    /// sources it can (`groupHasCore`), and an `object` shows its content.
    static func foreignUse(_ ref: Reference, _ target: ManifestItem, _ package: PackageDocument, groupHasCore: Bool,
                           core: CoreMediaTypes, report: (MessageID, MessageText) -> Void) {
        let type = essence(target.mediaType)
        // EPUB 2 has no such rule: EPUBCheck says nothing of an EPUB 2 `object`'s stated type.
        if package.isEPUB3 { statedType(ref, target, core: core, report: report) }
        // Video is exempt from fallbacks (EPUB 3.3 §3.3), whichever element fetches it (img and audio too).
        if type.hasPrefix("video/") { return }
        if ref.kind == .image && (ref.insidePicture || ref.element == "source") {
            guard !core.isImage(target.mediaType) else { return }
            if ref.insidePicture {
                report(.MED_003, .imgInsidePictureUseCoreImage(target.href, target.mediaType))
            } else if (ref.declaredType ?? "").trimmingXMLWhitespace().isEmpty {
                report(.MED_007, .pictureSourceForeignImageSayType(target.href, target.mediaType))
            }
            return
        }
        guard needsCoreOrFallback(ref), !core.contains(target.mediaType), !groupHasCore else { return }
        if package.fallbackChain(of: target).ids.contains(where: { core.contains(package.item(id: $0)?.mediaType ?? "") }) { return }
        report(.RSC_032, .notCoreMediaTypeHasNo(target.href, target.mediaType))
    }

    /// A hyperlink target is fine when it is a content document or falls back to one.
    static func reachesContentDocument(_ package: PackageDocument, _ item: ManifestItem) -> Bool {
        ManifestItem.isContentDocument(item.mediaType)
            || package.fallbackChain(of: item).ids.contains { package.item(id: $0).map { ManifestItem.isContentDocument($0.mediaType) } ?? false }
    }

}
