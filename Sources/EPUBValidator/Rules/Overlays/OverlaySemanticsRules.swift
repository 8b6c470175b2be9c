import EPUBContract

/// `epub:type` in a media overlay, judged as in content documents: prefixes declared by the
/// root's `epub:prefix` or reserved (OPF-028 otherwise), unprefixed terms of the Structural
/// Semantics Vocabulary (OPF-088, OPF-086b). Needs only the overlay, so `--mode mo` runs it too.
enum OverlaySemanticsRules {
    static func check(_ document: XMLDocument, path: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func report(_ id: MessageID, _ message: MessageText, _ line: Int?) {
            out.append(Diagnostic(id, message: message, location: .init(path: path, line: line)))
        }
        var map = StructuralSemantics.reservedPrefixes
        if let root = document.root, let declared = root.attribute("prefix", namespace: XMLNamespace.epub) {
            for var problem in map.declare(declared) {
                problem.location = .init(path: path, line: root.line)
                out.append(problem)
            }
        }
        for element in document.elements(where: { $0.attribute("type", namespace: XMLNamespace.epub) != nil }) {
            for token in element.epubTypes {
                if let (id, message) = StructuralSemantics.undeclaredPrefix(token, map) ?? StructuralSemantics.judge(token) {
                    report(id, message, element.line)
                }
            }
        }
        return out
    }
}
