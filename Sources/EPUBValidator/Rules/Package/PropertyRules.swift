import EPUBContract

/// Property values of an EPUB 3 package: their syntax (OPF-025, OPF-026), prefixes (OPF-028),
/// the closed vocabularies (OPF-027), deprecated terms (OPF-086) and which item properties fit
/// which media types (OPF-012). Tokens are read as written, from the session's package tree.
package enum PropertyRules {
    package static let itemProperties: Set<String> = ["cover-image", "data-nav", "dictionary", "glossary", "index", "mathml", "nav",
                                              "remote-resources", "scripted", "search-key-map", "svg", "switch"]
    package static let itemrefProperties: Set<String> = ["page-spread-left", "page-spread-right"]
    /// `acquire` is EPUB Previews' link to where the full publication is got.
    package static let linkRels: Set<String> = ["acquire", "alternate", "marc21xml-record", "mods-record", "onix-record", "record", "voicing",
                                        "xml-signature", "xmp-record"]
    package static let deprecatedLinkRels: Set<String> = ["marc21xml-record", "mods-record", "onix-record", "xml-signature", "xmp-record"]
    static let linkProperties: Set<String> = ["onix"]
    package static let metaProperties: Set<String> = ["alternate-script", "authority", "belongs-to-collection", "collection-type",
                                              "display-seq", "file-as", "group-position", "identifier-type", "meta-auth",
                                              "role", "source-of", "term", "title-type", "pageBreakSource",
                                              // EPUB Dictionaries and Glossaries.
                                              "dictionary-type", "source-language", "target-language"]
    static let searchKeyMap = "application/vnd.epub.search-key-map+xml"
    /// The closed reserved vocabularies: terms by vocabulary IRI, for meta properties and for itemref properties.
    package static let closedMeta: [String: Set<String>] = [
        Vocabulary.rendition: ["flow", "layout", "orientation", "spread", "viewport"],
        Vocabulary.media: ["active-class", "duration", "narrator", "playback-active-class"],
    ]
    package static let closedItemref: [String: Set<String>] = [
        Vocabulary.rendition: ["align-x-center", "flow-auto", "flow-paginated", "flow-scrolled-continuous", "flow-scrolled-doc",
                               "layout-pre-paginated", "layout-reflowable", "orientation-auto", "orientation-landscape",
                               "orientation-portrait", "page-spread-center", "page-spread-left", "page-spread-right",
                               "spread-auto", "spread-both", "spread-landscape", "spread-none", "spread-portrait"],
    ]

    /// The rendition vocabulary defines no manifest item property: a `rendition:` one is unknown.
    static let closedItem: [String: Set<String>] = [Vocabulary.rendition: []]

    /// Where a list of property tokens is written, and how to judge its unprefixed terms.
    private struct Site {
        var tokens: [String]
        var line: Int
        var defaults: Set<String>
        var closed: [String: Set<String>]
        /// A single property is expected (meta property and scheme).
        var single = false
        /// The parser already reports an undeclared prefix here (meta property).
        var prefixReported = false
    }

    static func check(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        guard package.isEPUB3, !package.isRecovered else { return [] }
        var sites: [Site] = []
        for item in package.manifest {
            if let t = item.propertiesWritten { sites.append(Site(tokens: t, line: item.line, defaults: itemProperties, closed: closedItem)) }
        }
        for ref in package.spine + package.unresolvedItemrefs {
            if let t = ref.propertiesWritten { sites.append(Site(tokens: t, line: ref.line, defaults: itemrefProperties, closed: closedItemref)) }
        }
        for link in package.links {
            if let t = link.relWritten { sites.append(Site(tokens: t, line: link.line, defaults: linkRels, closed: [:])) }
            if let t = link.propertiesWritten { sites.append(Site(tokens: t, line: link.line, defaults: linkProperties, closed: [:])) }
        }
        for meta in package.declaredMetadata where meta.form == .property {
            sites.append(Site(tokens: meta.name.xmlTokens(), line: meta.line, defaults: metaProperties, closed: closedMeta, single: true, prefixReported: true))
            if let scheme = meta.scheme { sites.append(Site(tokens: scheme.xmlTokens(), line: meta.line, defaults: metaProperties, closed: [:], single: true)) }
        }

        var out: [Diagnostic] = []
        func report(_ id: MessageID, _ message: MessageText, _ line: Int) {
            out.append(Diagnostic(id, message: message, location: .init(path: package.path, line: line)))
        }
        for site in sites {
            if site.single && site.tokens.count > 1 {
                report(.OPF_025, .listAttributeTakesSingleProperty(site.tokens.joined(separator: " ")), site.line)
                continue
            }
            for token in site.tokens {
                guard let colon = token.firstIndex(of: ":") else {
                    if !site.defaults.contains(token) {
                        report(.OPF_027, .notPropertyVocabularyPrefixTermYour(token), site.line)
                    } else if site.defaults == linkRels && deprecatedLinkRels.contains(token) {
                        report(.OPF_086, .linkRelationDeprecatedUseRelRecord(token), site.line)
                    }
                    continue
                }
                let prefix = String(token[..<colon]), reference = String(token[token.index(after: colon)...])
                if prefix.isEmpty || reference.isEmpty {
                    report(.OPF_026, .notWellFormedPropertyPrefixTerm(token), site.line)
                    continue
                }
                guard let iri = package.prefixes.expand(token, defaultVocabulary: "") else {
                    if !site.prefixReported {
                        report(.OPF_028, .prefixNeitherReservedNorDeclaredPackage(prefix, token), site.line)
                    }
                    continue
                }
                for (vocabulary, terms) in site.closed where iri.hasPrefix(vocabulary) && !terms.contains(String(iri.dropFirst(vocabulary.count))) {
                    report(.OPF_027, .notPropertyVocabulary(token), site.line)
                }
                if iri == Vocabulary.rendition + "spread-portrait" {
                    report(.OPF_086, .deprecatedUseRenditionSpreadBoth(token), site.line)
                }
            }
        }
        out += deprecatedValues(package)
        out += mediaTypeFit(package)
        return out
    }

    /// OPF-086 for deprecated rendition metadata: `rendition:viewport` and `rendition:spread portrait`.
    static func deprecatedValues(_ package: PackageDocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let all = package.metadata + package.refinementsByTarget.values.flatMap { $0 }
        for entry in all {
            if entry.property == Vocabulary.rendition + "viewport" {
                out.append(Diagnostic(.OPF_086, message: .renditionViewportDeprecatedGiveEachFixed, location: .init(path: package.path, line: entry.line)))
            } else if entry.property == Vocabulary.rendition + "spread", entry.value == "portrait" {
                out.append(Diagnostic(.OPF_086, message: .renditionSpreadPortraitDeprecatedUseBoth, location: .init(path: package.path, line: entry.line)))
            }
        }
        return out
    }

    /// OPF-012: item properties that do not fit the item's media type, by each property's
    /// "Applies to" (EPUB 3.3 §D.3 Manifest properties vocabulary), as EPUBCheck 5.3.0 reads it:
    /// `switch` stands on SVG documents too.
    static func mediaTypeFit(_ package: PackageDocument) -> [Diagnostic] {
        let xhtml = "application/xhtml+xml", svg = "image/svg+xml"
        var out: [Diagnostic] = []
        // An item without a media type is the grammar's fault (RSC-005); EPUBCheck fits no property to it.
        for item in package.manifest where !item.mediaType.isEmpty {
            for property in item.properties {
                let fits: Bool
                switch property {
                case "cover-image": fits = item.mediaType.hasPrefix("image/")
                case "nav", "data-nav", "index": fits = item.mediaType == xhtml
                // EPUB Dictionaries: a dictionary or glossary is its XHTML documents and their search key map.
                case "dictionary", "glossary": fits = item.mediaType == xhtml || item.mediaType == searchKeyMap
                case "mathml", "scripted", "switch": fits = item.mediaType == xhtml || item.mediaType == svg
                // EPUB 3.3 §D.3.2: `svg` is for XHTML documents; an SVG document implies it.
                case "svg": fits = item.mediaType == xhtml
                // Every resource that can reference another (§D.3.2: XHTML, SVG, CSS, media overlays).
                case "remote-resources": fits = [xhtml, svg, "text/css", "application/smil+xml"].contains(item.mediaType)
                case "search-key-map": fits = item.mediaType == searchKeyMap
                default: fits = true
                }
                if !fits {
                    out.append(Diagnostic(.OPF_012, message: .propertyDoesNotApplyItemType(property, item.id, item.mediaType), location: .init(path: package.path, line: item.line)))
                }
            }
        }
        return out
    }
}
