import EPUBContract
import Foundation

/// Validates a publication: the session's own diagnostics (what it could not read) plus the rules
/// here, merged into one report. Rules read the session; nothing is parsed twice.
public enum Validator {
    /// A report, or the reason the input could not be used at all (exit status 2).
    public enum Outcome: Sendable {
        case report(ValidationReport)
        case unusable(String)
    }

    /// What the input is: a whole publication (packed or unpacked), or one package document (`--mode opf`).
    public enum Input: Sendable {
        case publication
        case packageDocument
    }

    public static func validate(path: String, limits: ContainerLimits = .default, input: Input = .publication) -> Outcome {
        let start = Date()
        func elapsed() -> Int { Int(Date().timeIntervalSince(start) * 1000) }
        let session: PublicationSession
        do {
            switch input {
            case .publication: session = try PublicationSession(path: path, limits: limits, digest: false)
            case .packageDocument: session = try PublicationSession(packageDocumentAt: path, limits: limits)
            }
        } catch {
            guard let diagnostic = structuralFault(error, path: path) else { return .unusable(error.description) }
            return .report(ValidationReport(sourcePath: path, diagnostics: [diagnostic], session: nil, elapsedMilliseconds: elapsed()))
        }
        // Rules first: reading other renditions or documents records their problems on the session.
        let found: [Diagnostic]
        switch input {
        case .publication:
            let packages = [session.package] + session.otherRenditionPackages
            found = OCFRules.check(session) + SchemaRules.check(session) + PackageRules.check(session) + packages.flatMap { packageRules(session, $0) }
                + EncryptionRules.check(session) + NCXRules.check(session) + NavRules.check(session) + CSSRules.check(session)
        case .packageDocument:
            found = PackageRules.check(session) + packageRules(session, session.package)
        }
        let diagnostics = session.diagnostics + found
        return .report(ValidationReport(sourcePath: path, diagnostics: diagnostics, session: session, elapsedMilliseconds: elapsed()))
    }

    /// The rules that read one package document (each rendition's, in a multiple-rendition book).
    static func packageRules(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        SchemaRules.check(session, package) + PackageStructureRules.check(session, package) + PropertyRules.check(session, package)
            + MetadataValueRules.check(session, package) + LinkRules.check(session, package) + ContentRules.check(session, package) + XMLFormRules.check(session, package)
            + OverlayRules.check(session, package) + ImageRules.check(session, package)
    }

    /// Faults EPUBCheck reports as messages about a publication it could open, rather than as a
    /// failure to run; everything else (missing file, limits, hostile names) is unusable input.
    static func structuralFault(_ error: SessionError, path: String) -> Diagnostic? {
        switch error {
        case .missingContainerXML:
            return Diagnostic(id: "RSC-002", severity: .fatal, message: "META-INF/container.xml is missing, so the package document cannot be found.", location: .init(path: "META-INF/container.xml"))
        case .noPackageRootfile:
            return Diagnostic(id: "RSC-003", severity: .error, message: "container.xml names no rootfile of type application/oebps-package+xml.", location: .init(path: "META-INF/container.xml"))
        case .missingPackage(let opf):
            return Diagnostic(id: "OPF-002", severity: .fatal, message: "The package document '\(opf)' named in container.xml is not in the container.", location: .init(path: "META-INF/container.xml"))
        case .unreadablePackage(let opf, let reason):
            return Diagnostic(id: "RSC-016", severity: .fatal, message: "The package document cannot be parsed: \(reason)", location: .init(path: opf))
        case .unsafeXML(let file, let reason):
            return Diagnostic(id: "HTM-003", severity: .error, message: reason, location: .init(path: file))
        case .container(.notAnEPUB(_, let reason)):
            return Diagnostic(id: "PKG-004", severity: .fatal, message: "The file is not a ZIP container (\(reason)).", location: .init(path: path))
        case .container:
            return nil
        }
    }
}
