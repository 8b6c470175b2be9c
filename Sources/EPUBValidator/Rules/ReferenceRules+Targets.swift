import EPUBContract

extension ReferenceRules {
    /// Core image and audio media types (EPUB 3.3 §3.2): anything else needs a fallback.
    static let coreImages: Set<String> = ["image/gif", "image/jpeg", "image/png", "image/svg+xml", "image/webp"]
    static let coreAudio: Set<String> = ["audio/mpeg", "audio/mp4", "audio/ogg", "audio/opus", "audio/webm"]

    /// What an element fetches, against the manifest: a type it states that differs (OPF-013), a
    /// foreign image or audio with no fallback (RSC-032), a non-core image in `picture` (MED-003).
    static func foreignUse(_ ref: Reference, _ target: ManifestItem, _ package: PackageDocument,
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

}
