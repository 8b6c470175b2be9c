import EPUBContract

/// The RELAX NG layer: each place where an OCF file in META-INF, a package document, a media
/// overlay or an NCX breaks its schema (`EmbeddedSchemas`) is one RSC-005, located at the element at fault.
enum SchemaRules {
    /// Compiled on first use, once per process.
    static let package30 = compile("package-30.rng")
    static let package20 = compile("package-20.rng")
    /// Overlays carry hundreds of clock values: their patterns are checked here, not by libxml2.
    static let mediaOverlay30 = compile("media-overlay-30.rng", checkingPatterns: true)
    static let container = compile("container.rng")
    /// OCF 2.0.1's container: no links, no rendition selection (EPUBCheck holds EPUB 2 books to it).
    static let container20 = compile("container-20.rng")
    /// The NCX of an EPUB 2 or EPUB 3 book (EPUBCheck holds both to NCX 2005-1's structure).
    static let ncx = compile("ncx.rng")
    /// EPUB 2 content documents: OPS 2.0.1's XHTML 1.1 modules.
    static let xhtml11 = compile("xhtml11-ops20.rng")

    static func compile(_ file: String, checkingPatterns: Bool = false) -> RelaxNGSchema? {
        guard let text = EmbeddedSchemas.files[file] else { return nil }
        return try? RelaxNGSchema(name: file, text: text, checkingPatterns: checkingPatterns)
    }

    static let encryption = compile("encryption.rng")
    static let signatures = compile("signatures.rng")

    /// The OCF files in META-INF: container.xml always, encryption.xml and signatures.xml when present
    /// (reading them through the session reports them when they are not well-formed).
    static func check(_ session: PublicationSession) -> [Diagnostic] {
        var out = validate(session, ContainerDocument.path, with: session.package.isEPUB3 ? container : container20)
        for (path, schema) in [("META-INF/encryption.xml", encryption), ("META-INF/signatures.xml", signatures)]
        where session.container.contains(path) {
            out += validate(session, path, with: schema)
        }
        return out
    }

    /// In a publication, the grammar of the package's version (none for a version EPUB does not
    /// define: OPF-001 says it). A package checked alone is not asked its version: it is held to
    /// EPUB 3's grammar unless it says 2.0, so a wrong or missing version is RSC-005 (as EPUBCheck's -mode opf).
    static func check(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        switch package.version?.trimmingXMLWhitespace() {
        case "3.0": return validate(session, package.path, with: package30)
        case "2.0": return validate(session, package.path, with: package20) + requiredDublinCore(session, package)
        default: return session.scope == .publication ? [] : validate(session, package.path, with: package30)
        }
    }

    /// A media overlay against the SMIL grammar: alone, or in a publication whose package is
    /// EPUB 3.0 (the version the grammar is written for).
    static func overlay(_ input: DocumentInput, into found: inout RuleOutput) {
        if let package = input.publication?.package, package.version?.trimmingXMLWhitespace() != "3.0" { return }
        found.add(validate(input.tree, path: input.path, with: mediaOverlay30))
    }

    /// OPF 2 metadata needs a title, an identifier and a language. The grammar cannot say so
    /// (libxml2 refuses to interleave them with foreign elements), so it is said here, in its words.
    static func requiredDublinCore(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        // OPF 2's metadata (an OEBPS 1.2 package in its own namespace is not held to it).
        guard !package.isRecovered, package.namespace == XMLNamespace.opf, let metadataLine = package.metadataLine else { return [] }
        let missing = ["title", "identifier", "language"].filter { name in !package.declaredMetadata.contains { $0.isDublinCore(name) } }
        guard !missing.isEmpty else { return [] }
        let names = missing.map { "<dc:\($0)>" }.joined(separator: ", ")
        return [Diagnostic(.RSC_005, message: .metadataIncompleteMissing(names), location: .init(path: package.path, line: metadataLine))]
    }

    private static func validate(_ session: PublicationSession, _ path: String, with schema: RelaxNGSchema?) -> [Diagnostic] {
        guard let document = session.wellFormedTree(at: path) else { return [] }
        return validate(document, path: path, with: schema)
    }

    /// One parsed document against one grammar: a located RSC-005 per fault.
    static func validate(_ document: XMLDocument, path: String, with schema: RelaxNGSchema?) -> [Diagnostic] {
        guard let schema else { return [] }
        return schema.validate(document).map {
            Diagnostic(.RSC_005, message: $0.message, location: .init(path: path, line: $0.line))
        }
    }
}
