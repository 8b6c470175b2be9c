import EPUBContract

/// EPUB 3 package `link` elements: what they may point at (OPF-098, OPF-067, RSC-007w), the media
/// types they need (OPF-093, OPF-094, OPF-095), `alternate` alone (OPF-089), and the Schematron
/// rules on `record` and `voicing` refinements (RSC-005, rules 4 and 5).
enum LinkRules {
    static func check(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        guard package.version?.trimmingXMLWhitespace().hasPrefix("3") ?? true,
              let document = session.xml(at: package.path)?.document, !document.isRecovered else { return [] }
        var out: [Diagnostic] = []
        func report(_ id: MessageID, _ message: String, _ line: Int) {
            out.append(Diagnostic(id, message: message, location: .init(path: package.path, line: line)))
        }
        let spinePaths = Set(package.spine.compactMap { package.item(id: $0.idref)?.path })
        for link in document.select("/opf:package/opf:metadata/opf:link") {
            let href = link.attribute("href") ?? ""
            let rel = (link.attribute("rel") ?? "").xmlTokens()
            let mediaType = link.attribute("media-type")?.trimmingXMLWhitespace()
            let refines = link.attribute("refines")
            let line = link.line
            if rel.contains("alternate") && rel.count > 1 {
                report(.OPF_089, "The link relation 'alternate' must stand alone; found '\(rel.joined(separator: " "))'.", line)
            }
            if rel.contains("record") && refines != nil {
                report(.RSC_005, "A 'record' link describes the whole publication and must not have refines.", line)
            }
            if rel.contains("voicing") && refines == nil {
                report(.RSC_005, "A 'voicing' link must refine the expression it voices (refines is missing).", line)
            }
            if rel.contains("voicing"), let mediaType, !mediaType.hasPrefix("audio/") {
                report(.OPF_095, "A 'voicing' link must point at audio; its media-type is '\(mediaType)'.", line)
            }
            switch HrefResolver.resolve(href, against: package.path) {
            case .local(let path, let fragment):
                if mediaType == nil {
                    report(.OPF_093, "The link to the local resource '\(href)' needs a media-type.", line)
                }
                if path == package.path {
                    if fragment != nil {
                        report(.OPF_098, "The link '\(href)' points at an element of the package document; links name resources.", line)
                    }
                } else if session.scope == .packageDocument {
                    // A package document checked alone: there is no container to look in.
                } else if !session.container.contains(path) {
                    report(.RSC_007w, "The linked resource '\(path)' is not in the container.", line)
                } else if package.item(path: path) != nil && !spinePaths.contains(path) {
                    report(.OPF_067, "'\(path)' is both a linked resource and a manifest item; a resource is one or the other.", line)
                }
            case .remote:
                if mediaType == nil && (rel.contains("record") || rel.contains("voicing")) {
                    report(.OPF_094, "A '\(rel.contains("record") ? "record" : "voicing")' link needs a media-type.", line)
                }
            case .invalid:
                break
            }
        }
        return out
    }
}
