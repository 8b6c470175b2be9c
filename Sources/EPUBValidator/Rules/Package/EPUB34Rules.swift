import EPUBContract

/// The package rules that differ between EPUB 3.3 and EPUB 3.4 (`validate --epub`), each from
/// its section (docs/epub34.md): the `roll` layout, which EPUB 3.3 does not have (RSC-005, as
/// EPUBCheck 5.3.0 reports it) and whose items EPUB 3.4 forbids to override the layout (RSC-005);
/// `rendition:align-x-center`, which EPUB 3.4 deprecates (OPF-086). Core media types and ITS
/// attributes, which 3.4 also changes, are judged where their 3.3 rules are (`CoreMediaTypes`,
/// `AttributeRules`).
enum EPUB34Rules {
    static func check(_ package: PackageDocument, _ revision: EPUBRevision) -> [Diagnostic] {
        guard package.isEPUB3, !package.isRecovered else { return [] }
        var out: [Diagnostic] = []
        func report(_ id: MessageID, _ message: MessageText, _ line: Int?) {
            out.append(Diagnostic(id, message: message, location: .init(path: package.path, line: line)))
        }
        let roll = package.entries(Vocabulary.rendition + "layout").first { $0.value.trimmingXMLWhitespace() == "roll" }
        if let roll, revision < .epub34 {
            report(.RSC_005, .renditionLayoutRollIsEPUB34, roll.line)
        }
        for ref in package.spine {
            for token in ref.properties {
                guard let iri = package.prefixes.expand(token, defaultVocabulary: Vocabulary.itemref),
                      iri.hasPrefix(Vocabulary.rendition) else { continue }
                let local = iri.dropFirst(Vocabulary.rendition.count)
                // EPUB 3.4, rendering vocabulary, layout overrides: "MUST NOT be specified with roll layouts".
                if roll != nil, revision >= .epub34, local == "layout-pre-paginated" || local == "layout-reflowable" {
                    report(.RSC_005, .layoutOverrideInRollPublication(ref.idref, token), ref.line)
                }
                // EPUB 3.4 deprecates rendition:align-x-center (use CSS).
                if revision >= .epub34, local == "align-x-center" {
                    report(.OPF_086, .alignXCenterDeprecated, ref.line)
                }
            }
        }
        return out
    }
}
