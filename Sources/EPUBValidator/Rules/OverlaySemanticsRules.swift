import EPUBContract

/// `epub:type` in a media overlay, judged as in content documents: prefixes declared by the
/// root's `epub:prefix` or reserved (OPF-028 otherwise), unprefixed terms of the Structural
/// Semantics Vocabulary (OPF-088, OPF-086b). Needs only the overlay, so `--mode mo` runs it too.
enum OverlaySemanticsRules {
    static func check(_ document: XMLDocument, path: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        func report(_ id: MessageID, _ message: String, _ line: Int?) {
            out.append(Diagnostic(id, message: message, location: .init(path: path, line: line)))
        }
        var map = PrefixMap(reserved: Vocabulary.reservedContentPrefixes, defaultVocabularies: Vocabulary.defaultContentVocabularies)
        if let root = document.root, let declared = root.attribute("prefix", namespace: XMLNamespace.epub) {
            for problem in map.declare(declared) {
                out.append(Diagnostic(id: problem.id, severity: problem.severity, message: problem.message, location: .init(path: path, line: root.line)))
            }
        }
        for element in document.select("//*[@epub:type]") {
            for token in (element.attribute("type", namespace: XMLNamespace.epub) ?? "").xmlTokens() {
                if let colon = token.firstIndex(of: ":") {
                    let prefix = String(token[..<colon])
                    if !map.isKnown(prefix) {
                        report(.OPF_028, "The prefix '\(prefix)' of epub:type '\(token)' is not declared in an epub:prefix attribute.", element.line)
                    }
                } else if let (id, message) = StructuralSemantics.judge(token) {
                    report(id, message, element.line)
                }
            }
        }
        return out
    }
}
