import EPUBContract

/// `META-INF/encryption.xml`: which resources are encrypted (and so cannot be checked).
enum EncryptionRules {
    static let path = "META-INF/encryption.xml"

    static func check(_ session: PublicationSession) -> [Diagnostic] {
        guard session.container.entry(path) != nil, let document = session.xml(at: path)?.document else { return [] }
        // RSC-004 (info) for every cipher reference, obfuscated fonts included, as EPUBCheck reports it.
        return document.select("//*[local-name()='CipherReference']").compactMap { reference in
            guard let uri = reference.attribute("URI"), let target = HrefResolver.path(uri, against: "") else { return nil }
            return Diagnostic(.RSC_004, message: "'\(target)' is encrypted, so its content is not checked.", location: .init(path: target))
        }
    }
}
