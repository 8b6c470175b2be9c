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

    /// Reads a `prefix` attribute value (`p1: iri1 p2: iri2`). Malformed pairs are skipped, and a
    /// mapping to the Dublin Core elements namespace is refused (DC elements are not properties).
    /// Faults come back as diagnostics with EPUBCheck's IDs and no location.
    public mutating func declare(_ attribute: String) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let tokens = attribute.xmlTokens()
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            guard token.hasSuffix(":"), token.count > 1 else {
                // A prefix not followed by ':' spoils one mapping: its stray ':' and its IRI go with it.
                problems.append(Diagnostic(.prefixSyntax(token: token)))
                i += 1
                if token != ":" {
                    if i < tokens.count, tokens[i] == ":" { i += 1 }
                    if i < tokens.count, !tokens[i].hasSuffix(":") { i += 1 }
                }
                continue
            }
            guard i + 1 < tokens.count else {
                problems.append(Diagnostic(.prefixWithoutIRI(token: token)))
                break
            }
            let prefix = String(token.dropLast())
            let iri = tokens[i + 1]
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
            i += 2
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
