/// Prefix → IRI mapping in force in a package document: the reserved prefixes, overridden by
/// `package/@prefix` declarations, so `r:layout` and `rendition:layout` compare equal when `r` maps there.
public struct PrefixMap: Sendable, Equatable {
    /// Declared in `package/@prefix`, in document order.
    public private(set) var declared: [PrefixDeclaration] = []
    private var table: [String: String]
    private let reserved: [(prefix: String, iri: String)]
    private let defaultVocabularies: Set<String>

    /// One `prefix` declaration of the package: a prefix and the IRI it stands for.
    public struct PrefixDeclaration: Sendable, Codable, Equatable {
        public var prefix: String
        public var iri: String
    }

    public init() {
        self.init(reserved: Vocabulary.reservedPackagePrefixes, defaultVocabularies: Vocabulary.defaultPackageVocabularies)
    }

    /// A map for one kind of document: the prefixes it reserves and the vocabularies its
    /// unprefixed names stand for (a package document's, by default; a content document's for `epub:type`).
    package init(reserved: [(prefix: String, iri: String)], defaultVocabularies: Set<String>) {
        self.reserved = reserved
        self.defaultVocabularies = defaultVocabularies
        table = Dictionary(reserved.map { ($0.prefix, $0.iri) }, uniquingKeysWith: { a, _ in a })
    }

    public static func == (a: PrefixMap, b: PrefixMap) -> Bool {
        a.declared == b.declared && a.table == b.table
    }

    /// Whether the prefix maps to a vocabulary (declared or reserved).
    package func isKnown(_ prefix: String) -> Bool {
        table[prefix] != nil
    }

    /// Reads a `prefix` attribute value (`p1: iri1 p2: iri2`) by its grammar (`PrefixAttribute`),
    /// and refuses a mapping to the Dublin Core elements namespace (DC elements are not
    /// properties). Faults come back as diagnostics with EPUBCheck's IDs and no location.
    public mutating func declare(_ attribute: String) -> [Diagnostic] {
        let parsed = PrefixAttribute(attribute)
        var problems = parsed.faults.map { Diagnostic($0) }
        for (prefix, iri) in parsed.mappings {
            if prefix == "_" {
                problems.append(Diagnostic(.prefixUnderscore))
            } else if iri == Vocabulary.dc {
                problems.append(Diagnostic(.prefixForDublinCore(prefix: prefix)))
            } else if defaultVocabularies.contains(iri) {
                problems.append(Diagnostic(.prefixForDefaultVocabulary(prefix: prefix, iri: iri)))
            } else {
                if let reserved = reserved.first(where: { $0.prefix == prefix }), reserved.iri != iri {
                    problems.append(Diagnostic(.reservedPrefixRedeclared(prefix: prefix, iri: iri)))
                }
                table[prefix] = iri
                declared.append(PrefixDeclaration(prefix: prefix, iri: iri))
            }
        }
        return problems
    }

    /// The IRI a property name stands for: `prefix:ref` expanded, a bare name joined to `defaultVocabulary`.
    /// Nil when the prefix is unknown or the name is empty.
    public func expand(_ property: String, defaultVocabulary: String) -> String? {
        let name = property.trimmingXMLWhitespace()
        guard !name.isEmpty else { return nil }
        guard let colon = name.firstIndex(of: ":") else { return defaultVocabulary + name }
        let prefix = String(name[..<colon])
        let reference = String(name[name.index(after: colon)...])
        guard !reference.isEmpty else { return nil }
        if prefix.isEmpty { return nil }
        guard let iri = table[prefix] else { return nil }
        return iri + reference
    }
}
