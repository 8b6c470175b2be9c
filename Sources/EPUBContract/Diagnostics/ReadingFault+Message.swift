extension ReadingFault {
    /// The catalog ID a fact is reported with (EPUBCheck's where it has one for the same fact).
    package var messageID: MessageID {
        switch self {
        case .notWellFormed, .emptyDocument: return .RSC_016
        case .externalEntity: return .HTM_003
        case .entityExpansionOverBudget: return .EC_XML_001
        case .elementsOverBudget: return .EC_XML_002
        case .attributesOverBudget: return .EC_XML_003
        case .unreadableEntry: return .PKG_008
        case .rootfileWithoutFullPath: return .OPF_016
        case .rootfileWithEmptyFullPath: return .OPF_017
        case .noPackageRootfile: return .RSC_003
        case .rootIsNotPackage, .packageIDRepeated, .packageStructure, .itemrefNotDeclared, .refinesNothing, .renditionRepeated,
             .renditionValueInvalid, .pageProgressionInvalid, .durationSyntax, .overlayDurationMissing, .globalDurationMissing:
            return .RSC_005
        case .versionMissing, .versionUnknown: return .OPF_001
        case .itemrefUnknown: return .OPF_049
        case .metaPrefixUndeclared: return .OPF_028
        case .refinesCycle: return .OPF_065
        case .manifestFileMissing: return .RSC_001
        case .fallbackUnknown: return .OPF_040
        case .fallbackCircular: return .OPF_045
        case .uniqueIdentifierUnresolved, .uniqueIdentifierMissing: return .OPF_030
        case .prefixSyntax: return .OPF_004c
        case .prefixWithoutIRI: return .OPF_005
        case .prefixUnderscore: return .OPF_007a
        case .prefixForDublinCore: return .OPF_007c
        case .prefixForDefaultVocabulary: return .OPF_007b
        case .reservedPrefixRedeclared: return .OPF_007
        case .viewportSyntax: return .HTM_047
        case .viewportRepeated: return .HTM_059
        case .viewportNumberPrefix, .viewportValueInvalid: return .HTM_057
        case .viewportMissing: return .HTM_056
        case .viewportMetaIgnored: return .HTM_060a
        case .viewportMetaMissing: return .HTM_046
        case .svgViewBoxMissing: return .HTM_048
        case .navigationDisagrees: return .EC_NAV_001
        case .navEntryWithoutLink: return .EC_NAV_002
        case .overlayDurationDiffers: return .EC_MO_001
        case .globalDurationDiffers: return .MED_016
        case .overlayTextTargetMissing: return .RSC_012
        case .clipBeginsAfterEnd: return .MED_008
        case .clipEmpty: return .MED_009
        case .clockValueUnreadable: return .EC_MO_002
        }
    }

    /// What a person reads: the fact, and what the pipeline did about it.
    package var message: String {
        switch self {
        case .notWellFormed(let detail): return detail.map { "The document is not well-formed XML: \($0)." } ?? "The document is not well-formed XML."
        case .emptyDocument: return "The document is empty."
        case .externalEntity(let name): return "The document declares the external entity '\(name)', which EPUB 3 forbids; it was not loaded."
        case .entityExpansionOverBudget(let limit):
            return "The document's entity references expand to more than the budget of \(limit) bytes of text; the references from here on were dropped."
        case .elementsOverBudget(let limit):
            return "The document has more than \(limit) elements; it was read only up to here."
        case .attributesOverBudget(let count, let limit):
            return "An element has \(count) attributes, more than \(limit); the document was read only up to here."
        case .unreadableEntry(let reason): return reason
        case .rootfileWithoutFullPath: return "A rootfile in container.xml has no full-path attribute."
        case .rootfileWithEmptyFullPath: return "A rootfile in container.xml has an empty full-path attribute."
        case .noPackageRootfile(let mediaType): return "container.xml names no rootfile with media type \(mediaType)."
        default: return packageMessage ?? renditionMessage ?? overlayMessage ?? ""
        }
    }

    private var packageMessage: String? {
        switch self {
        case .rootIsNotPackage: return "The package document's root element is not an OPF 'package' element."
        case .versionMissing: return "The package document has no version attribute; it is read as EPUB 3."
        case .versionUnknown(let v): return "The package version '\(v)' is not one EPUB defines (2.0 or 3.0); it is read as EPUB \(v.hasPrefix("2") ? "2" : "3")."
        case .packageIDRepeated(let id): return "The id '\(id)' is used more than once in the package document; the first element with it counts."
        case .packageStructure(.itemWithoutID): return "A manifest item has no id and is ignored."
        case .packageStructure(.itemWithoutHref(let id)): return "Manifest item '\(id)' has no href and is ignored."
        case .packageStructure(.itemWithoutMediaType(let id)): return "Manifest item '\(id)' has no media-type."
        case .packageStructure(.noManifest): return "The package document has no manifest."
        case .packageStructure(.noSpine): return "The package document has no spine."
        case .packageStructure(.noMetadata): return "The package document has no metadata element."
        case .itemrefUnknown(let idref): return "The spine refers to '\(idref)', which is not a manifest item id; the itemref is dropped."
        case .itemrefNotDeclared(let idref): return "The itemref idref '\(idref)' must name a manifest item."
        case .metaPrefixUndeclared(let prefix, let property): return "The prefix '\(prefix)' of the meta property '\(property)' is not declared; the meta is ignored."
        case .refinesCycle(let meta, let target): return "The meta '\(meta)' is part of a refines cycle through '#\(target)', so it refines nothing; the cycle is ignored."
        case .refinesNothing(let meta, let target): return "The meta '\(meta)' refines '#\(target)', which names no element of the package document; it is ignored."
        case .manifestFileMissing(let id, let path): return "Manifest item '\(id)' refers to '\(path)', which is not in the container."
        case .fallbackUnknown(let id, let fallback): return "Manifest item '\(id)' names fallback '\(fallback)', which is not a manifest id."
        case .fallbackCircular(let id): return "The fallback chain through manifest item '\(id)' is circular."
        case .uniqueIdentifierUnresolved(let ref): return "The unique-identifier '\(ref)' names no dc:identifier."
        case .uniqueIdentifierMissing: return "The package names no unique identifier, so the publication has none."
        case .prefixSyntax(let token): return "In the prefix attribute, '\(token)' is not a prefix immediately followed by ':'."
        case .prefixWithoutIRI(let token): return "In the prefix attribute, the prefix '\(token)' has no IRI."
        case .prefixUnderscore: return "The prefix '_' cannot be declared."
        case .prefixForDublinCore(let prefix): return "The prefix '\(prefix)' maps to the Dublin Core elements namespace, which must not be declared; use the dc: elements instead."
        case .prefixForDefaultVocabulary(let prefix, let iri): return "The prefix '\(prefix)' maps to \(iri), a default vocabulary, whose names are used without a prefix."
        case .reservedPrefixRedeclared(let prefix, let iri): return "The reserved prefix '\(prefix)' is redeclared with another IRI (\(iri))."
        default: return nil
        }
    }

    private var renditionMessage: String? {
        switch self {
        case .renditionRepeated(let property, let firstLine): return "rendition:\(property) is declared more than once; the first declaration (line \(firstLine)) is used."
        case .renditionValueInvalid(let property, let value): return "'\(value)' is not a valid value of rendition:\(property); the default is used."
        case .pageProgressionInvalid(let value): return "'\(value)' is not a valid page-progression-direction; 'default' is used."
        case .viewportSyntax(let content): return "The viewport content '\(content)' breaks the viewport syntax (a stray separator, or '=' without a name or a value); what could be read is used."
        case .viewportRepeated(let name): return "The viewport gives \(name) more than once; the first one is used."
        case .viewportNumberPrefix(let name, let value, let used): return "The viewport \(name) '\(value)' is not a plain number; \(used) is used."
        case .viewportValueInvalid(let name, let value, let keyword): return "The viewport \(name) '\(value)' is neither a positive number nor \(keyword)."
        case .viewportMissing(let name): return "The viewport has no \(name)."
        case .viewportMetaIgnored(let content): return "Only the first viewport meta counts; '\(content)' is ignored."
        case .viewportMetaMissing: return "This fixed-layout document has no viewport meta, so its page size is unknown."
        case .svgViewBoxMissing: return "The outermost svg element of this fixed-layout document has no viewBox."
        case .navigationDisagrees(let n, let m): return "The navigation document's toc has \(n) entries but the NCX has \(m); the toc comes from the navigation document."
        case .navEntryWithoutLink(let title): return "The navigation entry '\(title)' is an a element without href; it is kept as a heading of its sub-entries, with a null href."
        default: return nil
        }
    }

    private var overlayMessage: String? {
        switch self {
        case .durationSyntax(let value): return "media:duration '\(value)' is not a SMIL clock value."
        case .overlayDurationMissing(let id): return "The media overlay '\(id)' has no media:duration refining it."
        case .overlayDurationDiffers(let id, let declared, let span):
            return "The media overlay '\(id)' declares \(ClockValue.text(declared)) s but its audio clips span \(ClockValue.text(span)) s."
        case .globalDurationMissing: return "The publication uses media overlays but has no global media:duration."
        case .globalDurationDiffers(let total, let sum):
            return "The global media:duration (\(ClockValue.text(total)) s) differs from the sum of the overlays' durations (\(ClockValue.text(sum)) s)."
        case .overlayTextTargetMissing(let text, let parID): return "The text target '\(text)'\(parID.map { " of par '\($0)'" } ?? "") names no element id in that document."
        case .clipBeginsAfterEnd(let begin, let end): return "The audio clip begins (\(ClockValue.text(begin)) s) after it ends (\(ClockValue.text(end)) s)."
        case .clipEmpty(let end): return "The audio clip begins and ends at the same time (\(ClockValue.text(end)) s)."
        case .clockValueUnreadable(let attribute, let value):
            return "The \(attribute) '\(value)' is no clock value a reading system can read; the timeline takes \(attribute == "clipBegin" ? "the clip as starting at 0" : "the clip as playing to the end of its audio")."
        default: return nil
        }
    }
}

extension Diagnostic {
    /// A fact of the pipeline, located, with the catalog's ID and severity.
    package init(_ fault: ReadingFault, location: Location? = nil) {
        self.init(fault.messageID, message: fault.message, location: location)
    }
}

extension DiagnosticLog {
    package mutating func add(_ fault: ReadingFault, path: String? = nil, line: Int? = nil, column: Int? = nil) {
        add(Diagnostic(fault, location: path.map { Diagnostic.Location(path: $0, line: line, column: column) }))
    }
}
