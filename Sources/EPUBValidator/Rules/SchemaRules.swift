import EPUBContract

/// The RELAX NG layer: each place where `META-INF/container.xml` or a package document breaks
/// its schema (`schemas/container.rng`, `schemas/package-30.rng`) is one RSC-005, located at
/// the element at fault.
enum SchemaRules {
    /// Compiled on first use, once per process.
    static let package30 = compile("package-30.rng")
    static let container = compile("container.rng")

    static func compile(_ file: String) -> RelaxNGSchema? {
        guard let text = EmbeddedSchemas.files[file] else { return nil }
        return try? RelaxNGSchema(name: file, text: text)
    }

    static func check(_ session: PublicationSession) -> [Diagnostic] {
        validate(session, ContainerDocument.path, with: container)
    }

    static func check(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        guard package.version?.trimmingXMLWhitespace() == "3.0" else { return [] }
        return validate(session, package.path, with: package30)
    }

    private static func validate(_ session: PublicationSession, _ path: String, with schema: RelaxNGSchema?) -> [Diagnostic] {
        guard let schema, let document = session.xml(at: path)?.document, !document.isRecovered else { return [] }
        return schema.validate(document).map {
            Diagnostic(id: "RSC-005", severity: .error, message: $0.message, location: .init(path: path, line: $0.line))
        }
    }
}
