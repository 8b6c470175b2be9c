import EPUBContract

/// EPUB 3 package `link` elements: `alternate` alone (OPF-089), `voicing` links to audio (OPF-095),
/// the Schematron rules on `record` and `voicing` refinements (RSC-005, rules 4 and 5), and a
/// `refines="#id"` naming no element of the package document (RSC-005, as for metas). What a
/// link points at is registered for `ReferenceRules` (OPF-093, OPF-094, OPF-098, OPF-067, RSC-007w).
enum LinkRules {
    static func check(_ session: PublicationSession, _ package: PackageDocument, registering registry: inout ReferenceRegistry) -> [Diagnostic] {
        guard package.isEPUB3, !package.isRecovered else { return [] }
        var out: [Diagnostic] = []
        func report(_ id: MessageID, _ message: MessageText, _ line: Int) {
            out.append(Diagnostic(id, message: message, location: .init(path: package.path, line: line)))
        }
        for link in package.links {
            let href = link.href
            let rel = link.relWritten ?? []
            let mediaType = link.mediaType?.trimmingXMLWhitespace()
            let refines = link.refinesWritten
            let line = link.line
            if rel.contains("alternate") && rel.count > 1 {
                report(.OPF_089, .linkRelationAlternateStandAloneFound(rel.joined(separator: " ")), line)
            }
            if rel.contains("record") && refines != nil {
                report(.RSC_005, .recordLinkDescribesWholePublicationNot, line)
            }
            if rel.contains("voicing") && refines == nil {
                report(.RSC_005, .voicingLinkRefineExpressionVoicesRefines, line)
            }
            if let target = refines?.trimmingXMLWhitespace(), target.hasPrefix("#"), !package.documentIDs.contains(String(target.dropFirst())) {
                report(.RSC_005, .linkRefinesWhichNamesNoElement(href, String(target.dropFirst())), line)
            }
            if rel.contains("voicing"), let mediaType, !mediaType.hasPrefix("audio/") {
                report(.OPF_095, .voicingLinkPointAudioMediaType(mediaType), line)
            }
            var reference = Reference(origin: .package, kind: .metadataLink, url: href, resolution: HrefResolver.resolve(href, against: package.path),
                                      line: line, column: nil)
            reference.declaredType = mediaType
            reference.relations = rel
            registry.register(reference, from: nil, path: package.path)
        }
        return out
    }
}
