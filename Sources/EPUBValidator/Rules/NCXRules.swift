import EPUBContract

/// NCX checks, on the NCX the session already parsed for navigation.
enum NCXRules {
    static func check(_ session: PublicationSession) -> [Diagnostic] {
        guard let path = session.navigation.ncx, let document = session.xml(at: path)?.document else { return [] }
        // NCX-006 (usage): a label text that is empty.
        return document.select("//ncx:text").filter { $0.text.trimmingXMLWhitespace().isEmpty }.map { text in
            Diagnostic(id: "NCX-006", severity: .usage, message: "An NCX label has an empty text.", location: .init(path: path, line: text.line))
        }
    }
}
