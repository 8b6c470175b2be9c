import EPUBContract

/// The RELAX NG layer of package validation: each place where a package document breaks its
/// schema (`schemas/package-30.rng`) is one RSC-005, located at the element at fault.
enum SchemaRules {
    /// Compiled on first use, once per process.
    static let package30 = compile("package-30.rng")

    static func compile(_ file: String) -> RelaxNGSchema? {
        guard let text = EmbeddedSchemas.files[file] else { return nil }
        return try? RelaxNGSchema(name: file, text: text)
    }

    static func check(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        guard package.version?.trimmingXMLWhitespace() == "3.0", let schema = package30,
              let document = session.xml(at: package.path)?.document, !document.isRecovered else { return [] }
        return schema.validate(document).map {
            Diagnostic(id: "RSC-005", severity: .error, message: $0.message, location: .init(path: package.path, line: $0.line))
        }
    }
}
