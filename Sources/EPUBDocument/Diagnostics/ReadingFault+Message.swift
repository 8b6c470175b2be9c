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
        case .prefixSurroundingWhitespace: return .OPF_004
        case .prefixEmpty: return .OPF_004a
        case .prefixNotNCName: return .OPF_004b
        case .prefixNoSpaceBeforeIRI: return .OPF_004d
        case .prefixIllegalWhitespaceBeforeIRI: return .OPF_004e
        case .prefixIllegalWhitespaceBetween: return .OPF_004f
        case .prefixIRIInvalid: return .OPF_006
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

    /// What a person reads: the fact, and what the pipeline did about it, as a catalog message.
    package var text: MessageText {
        switch self {
        case .notWellFormed(let detail): return detail.map { .documentNotWellFormedXml($0) } ?? .documentNotWellFormedXmlNoDetail
        case .emptyDocument: return .documentEmpty
        case .externalEntity(let name): return .documentDeclaresExternalEntityWhichEpub(name)
        case .entityExpansionOverBudget(let limit):
            return .documentSEntityReferencesExpandMore(limit)
        case .elementsOverBudget(let limit):
            return .documentHasMoreThanElementsWas(limit)
        case .attributesOverBudget(let count, let limit):
            return .elementHasAttributesMoreThanDocument(count, limit)
        case .unreadableEntry(let error): return error.text
        case .rootfileWithoutFullPath: return .rootfileContainerXmlHasNoFull
        case .rootfileWithEmptyFullPath: return .rootfileContainerXmlHasEmptyFull
        case .noPackageRootfile(let mediaType): return .containerXmlNamesNoRootfileMedia(mediaType)
        default: return packageMessage ?? renditionMessage ?? overlayMessage ?? .unknownReadingFault
        }
    }

    private var packageMessage: MessageText? {
        switch self {
        case .rootIsNotPackage: return .packageDocumentSRootElementNot
        case .versionMissing: return .packageDocumentHasNoVersionAttribute
        case .versionUnknown(let v): return .packageVersionNotOneEpubDefines(v, v.hasPrefix("2") ? "2" : "3")
        case .packageIDRepeated(let id): return .idUsedMoreThanOncePackage(id)
        case .packageStructure(.itemWithoutID): return .manifestItemHasNoIdIgnored
        case .packageStructure(.itemWithoutHref(let id)): return .manifestItemHasNoHrefIgnored(id)
        case .packageStructure(.itemWithoutMediaType(let id)): return .manifestItemHasNoMediaType(id)
        case .packageStructure(.noManifest): return .packageDocumentHasNoManifest
        case .packageStructure(.noSpine): return .packageDocumentHasNoSpine
        case .packageStructure(.noMetadata): return .packageDocumentHasNoMetadataElement
        case .itemrefUnknown(let idref): return .spineRefersWhichNotManifestItem(idref)
        case .itemrefNotDeclared(let idref): return .itemrefIdrefNameManifestItem(idref)
        case .metaPrefixUndeclared(let prefix, let property): return .prefixMetaPropertyNotDeclaredMeta(prefix, property)
        case .refinesCycle(let meta, let target): return .metaPartRefinesCycleThroughSo(meta, target)
        case .refinesNothing(let meta, let target): return .metaRefinesWhichNamesNoElement(meta, target)
        case .manifestFileMissing(let id, let path): return .manifestItemRefersWhichNotContainer(id, path)
        case .fallbackUnknown(let id, let fallback): return .manifestItemNamesFallbackWhichNot(id, fallback)
        case .fallbackCircular(let id): return .fallbackChainThroughManifestItemCircular(id)
        case .uniqueIdentifierUnresolved(let ref): return .uniqueIdentifierNamesNoDcIdentifier(ref)
        case .uniqueIdentifierMissing: return .packageNamesNoUniqueIdentifierSo
        case .prefixSyntax(let token): return .prefixAttributeNotPrefixImmediatelyFollowed(token)
        case .prefixWithoutIRI(let token): return .prefixAttributePrefixHasNoIri(token)
        case .prefixSurroundingWhitespace: return .prefixAttributeStartsOrEndsWithWhitespace
        case .prefixEmpty: return .prefixAttributeEmptyPrefix
        case .prefixNotNCName(let prefix): return .prefixAttributePrefixNotNCName(prefix)
        case .prefixNoSpaceBeforeIRI(let prefix): return .prefixAttributeNoSpaceBeforeIri(prefix)
        case .prefixIllegalWhitespaceBeforeIRI(let prefix): return .prefixAttributeWhitespaceBeforeIriNotSpace(prefix)
        case .prefixIllegalWhitespaceBetween: return .prefixAttributeMappingsSeparatedByOtherWhitespace
        case .prefixIRIInvalid(let iri, let prefix): return .prefixAttributeIriInvalid(iri, prefix)
        case .prefixUnderscore: return .prefixCannotDeclared
        case .prefixForDublinCore(let prefix): return .prefixMapsDublinCoreElementsNamespace(prefix)
        case .prefixForDefaultVocabulary(let prefix, let iri): return .prefixMapsDefaultVocabularyWhoseNames(prefix, iri)
        case .reservedPrefixRedeclared(let prefix, let iri): return .reservedPrefixRedeclaredAnotherIri(prefix, iri)
        default: return nil
        }
    }

    private var renditionMessage: MessageText? {
        switch self {
        case .renditionRepeated(let property, let firstLine): return .renditionDeclaredMoreThanOnceFirst(property, firstLine)
        case .renditionValueInvalid(let property, let value): return .notValidValueRenditionDefaultUsed(value, property)
        case .pageProgressionInvalid(let value): return .notValidPageProgressionDirectionDefault(value)
        case .viewportSyntax(let content): return .viewportContentBreaksViewportSyntaxStray(content)
        case .viewportRepeated(let name): return .viewportGivesMoreThanOnceFirst(name)
        case .viewportNumberPrefix(let name, let value, let used): return .viewportNotPlainNumberUsed(name, value, used)
        case .viewportValueInvalid(let name, let value, let keyword): return .viewportNeitherPositiveNumberNor(name, value, keyword)
        case .viewportMissing(let name): return .viewportHasNo(name)
        case .viewportMetaIgnored(let content): return .onlyFirstViewportMetaCountsIgnored(content)
        case .viewportMetaMissing: return .fixedLayoutDocumentHasNoViewport
        case .svgViewBoxMissing: return .outermostSvgElementFixedLayoutDocument
        case .navigationDisagrees(let n, let m): return .navigationDocumentSTocHasEntries(n, m)
        case .navEntryWithoutLink(let title): return .navigationEntryElementWithoutHrefKept(title)
        default: return nil
        }
    }

    private var overlayMessage: MessageText? {
        switch self {
        case .durationSyntax(let value): return .mediaDurationNotSmilClockValue(value)
        case .overlayDurationMissing(let id): return .mediaOverlayHasNoMediaDuration(id)
        case .overlayDurationDiffers(let id, let declared, let span):
            return .mediaOverlayDeclaresSButAudio(id, ClockValue.text(declared), ClockValue.text(span))
        case .globalDurationMissing: return .publicationUsesMediaOverlaysButHas
        case .globalDurationDiffers(let total, let sum):
            return .globalMediaDurationSDiffersFrom(ClockValue.text(total), ClockValue.text(sum))
        case .overlayTextTargetMissing(let text, let parID): return parID.map { .textTargetOfParNamesNoElement(text, $0) } ?? .textTargetNamesNoElementId(text)
        case .clipBeginsAfterEnd(let begin, let end): return .audioClipBeginsSAfterEnds(ClockValue.text(begin), ClockValue.text(end))
        case .clipEmpty(let end): return .audioClipBeginsEndsSameTime(ClockValue.text(end))
        case .clockValueUnreadable(let attribute, let value):
            return .noClockValueReadingSystemCan(attribute, value, attribute == "clipBegin" ? MessageText.clipStarting : .clipPlayingEndAudio)
        default: return nil
        }
    }
}

extension Diagnostic {
    /// A fact of the pipeline, located, with the catalog's ID and severity.
    package init(_ fault: ReadingFault, location: Location? = nil) {
        self.init(fault.messageID, message: fault.text, location: location)
    }
}

extension DiagnosticLog {
    package mutating func add(_ fault: ReadingFault, path: String? = nil, line: Int? = nil, column: Int? = nil) {
        add(Diagnostic(fault, location: path.map { Diagnostic.Location(path: $0, line: line, column: column) }))
    }
}
