/// Why a publication could not be opened at all (the CLI's exit status 2). Everything less severe
/// becomes a diagnostic on the session instead.
public enum SessionError: UserFacingError, Sendable, Equatable, CustomStringConvertible {
    case container(ContainerError)
    case missingContainerXML
    /// `found`: what reading container.xml said on the way (a rootfile with an empty `full-path` …).
    case noPackageRootfile(found: [Diagnostic] = [])
    case missingPackage(String)
    case unreadablePackage(String, reason: MessageText)
    case unsafeXML(String, reason: MessageText)

    public var description: String { text.rendered() }

    /// The reason as a catalog message.
    public var text: MessageText {
        switch self {
        case .container(let error):
            return error.text
        case .missingContainerXML:
            return .metaInfContainerXmlMissingNot
        case .noPackageRootfile:
            return .metaInfContainerXmlNamesNo
        case .missingPackage(let path):
            return .packageDocumentNamedMetaInfContainer(path)
        case .unreadablePackage(let path, let reason):
            return .packageDocumentCannotRead(path, reason)
        case .unsafeXML(let path, let reason):
            return .publicationRefusedRemoveEntityDeclaration(path, reason)
        }
    }
}
