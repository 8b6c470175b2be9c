/// What a pipeline stage could not read or had to guess, as a typed fact. Stages record these and
/// never name a message ID: `ReadingFault+Message.swift` is the one place that says which catalog
/// ID and which words each fact is reported with, in the contract and in `validate` alike.
package enum ReadingFault: Sendable, Hashable {
    // XML documents
    case notWellFormed(detail: MessageArgument?)
    case emptyDocument
    case externalEntity(name: String)
    case entityExpansionOverBudget(limit: Int)
    case elementsOverBudget(limit: Int)
    case attributesOverBudget(count: Int, limit: Int)
    // Container
    case unreadableEntry(ContainerError)
    case rootfileWithoutFullPath
    case rootfileWithEmptyFullPath
    case noPackageRootfile(mediaType: String)
    // Package document
    case rootIsNotPackage
    case versionMissing
    case versionUnknown(String)
    case packageIDRepeated(String)
    /// A required part the schemas of 2.0 and 3.0 report, missing in a package of another version.
    case packageStructure(PackageStructure)
    case itemrefUnknown(idref: String)
    case itemrefNotDeclared(idref: String)
    case metaPrefixUndeclared(prefix: String, property: String)
    case refinesCycle(meta: String, target: String)
    case refinesNothing(meta: String, target: String)
    case manifestFileMissing(id: String, path: String)
    case fallbackUnknown(id: String, fallback: String)
    case fallbackCircular(id: String)
    case uniqueIdentifierUnresolved(ref: String)
    case uniqueIdentifierMissing
    // The prefix attribute
    case prefixSyntax(token: String)
    case prefixWithoutIRI(token: String)
    case prefixSurroundingWhitespace
    case prefixEmpty
    case prefixNotNCName(String)
    case prefixNoSpaceBeforeIRI(prefix: String)
    case prefixIllegalWhitespaceBeforeIRI(prefix: String)
    case prefixIllegalWhitespaceBetween
    case prefixIRIInvalid(iri: String, prefix: String)
    case prefixUnderscore
    case prefixForDublinCore(prefix: String)
    case prefixForDefaultVocabulary(prefix: String, iri: String)
    case reservedPrefixRedeclared(prefix: String, iri: String)
    // Rendition
    case renditionRepeated(property: String, firstLine: Int)
    case renditionValueInvalid(property: String, value: String)
    case pageProgressionInvalid(String)
    case viewportSyntax(content: String)
    case viewportRepeated(name: String)
    case viewportNumberPrefix(name: String, value: String, used: String)
    case viewportValueInvalid(name: String, value: String, keyword: String)
    case viewportMissing(name: String)
    case viewportMetaIgnored(content: String)
    case viewportMetaMissing
    case svgViewBoxMissing
    // Navigation
    case navigationDisagrees(navEntries: Int, ncxEntries: Int)
    case navEntryWithoutLink(title: String)
    // Media overlays
    case durationSyntax(value: String)
    case overlayDurationMissing(id: String)
    case overlayDurationDiffers(id: String, declared: Double, span: Double)
    case globalDurationMissing
    case globalDurationDiffers(total: Double, sum: Double)
    case overlayTextTargetMissing(text: String, parID: String?)
    case clipBeginsAfterEnd(begin: Double, end: Double)
    case clipEmpty(end: Double)
    case clockValueUnreadable(attribute: String, value: String)

    package enum PackageStructure: Sendable, Hashable {
        case itemWithoutID
        case itemWithoutHref(id: String)
        case itemWithoutMediaType(id: String)
        case noManifest
        case noSpine
        case noMetadata
    }
}
