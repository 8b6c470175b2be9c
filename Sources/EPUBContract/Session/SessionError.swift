/// Why a publication could not be opened at all (the CLI's exit status 2). Everything less severe
/// becomes a diagnostic on the session instead.
public enum SessionError: Error, Sendable, Equatable, CustomStringConvertible {
    case container(ContainerError)
    case missingContainerXML
    /// `found`: what reading container.xml said on the way (a rootfile with an empty `full-path` …).
    case noPackageRootfile(found: [Diagnostic] = [])
    case missingPackage(String)
    case unreadablePackage(String, reason: String)
    case unsafeXML(String, reason: String)

    public var description: String {
        switch self {
        case .container(let error):
            return error.description
        case .missingContainerXML:
            return "META-INF/container.xml is missing: this is not an EPUB publication (RSC-002)"
        case .noPackageRootfile:
            return "META-INF/container.xml names no package document (no rootfile of type application/oebps-package+xml) (RSC-003)"
        case .missingPackage(let path):
            return "the package document '\(path)' named in META-INF/container.xml is not in the container (OPF-002)"
        case .unreadablePackage(let path, let reason):
            return "the package document '\(path)' cannot be read: \(reason)"
        case .unsafeXML(let path, let reason):
            return "\(path): \(reason) The publication is refused; remove the entity declaration."
        }
    }
}
