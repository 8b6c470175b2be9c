import EPUBContract

/// `META-INF/encryption.xml`: which resources are encrypted (and so cannot be checked, RSC-004),
/// ids that must be unique (RSC-005), and what font obfuscation may apply to (PKG-026: only fonts).
enum EncryptionRules {
    static let path = "META-INF/encryption.xml"
    /// The IDPF font-obfuscation algorithm, which only fonts may use.
    static let obfuscation = "http://www.idpf.org/2008/embedding"

    static func check(_ session: PublicationSession) -> [Diagnostic] {
        guard session.container.entry(path) != nil, let document = session.xml(at: path)?.document else { return [] }
        var out: [Diagnostic] = []
        // RSC-004 (info) for every cipher reference, obfuscated fonts included, as EPUBCheck reports it.
        for data in document.elements(where: { $0.name == "EncryptedData" }) {
            for reference in data.descendants(where: { $0.name == "CipherReference" }) {
                guard let uri = reference.attribute("URI"), let target = HrefResolver.path(uri, against: "") else { continue }
                out.append(Diagnostic(.RSC_004, message: .encryptedSoContentNotChecked(target), location: .init(path: target)))
                let algorithm = data.descendants(where: { $0.name == "EncryptionMethod" }).first?.attribute("Algorithm")
                if algorithm == obfuscation, let item = session.package.item(path: target), !ReferenceRules.isFont(item.mediaType) {
                    out.append(Diagnostic(.PKG_026, message: .obfuscatedButNotFontOnlyFonts(target, item.mediaType),
                                          location: .init(path: path, line: reference.line)))
                }
            }
        }
        // The unique-Id rule is EPUB 3's encryption Schematron; an EPUB 2 book is not held to it.
        if session.package.isEPUB3 { out += duplicateIDs(document) }
        return out
    }

    /// Every bearer of an `Id` that another element of the file has too.
    static func duplicateIDs(_ document: XMLDocument) -> [Diagnostic] {
        document.repeatedValues(of: "Id").flatMap { id, lines in
            lines.map { Diagnostic(.RSC_005, message: .idUsedMoreThanOnceEncryption(id), location: .init(path: path, line: $0)) }
        }
    }
}
