/// Resolves an href found in a document (nav, NCX, SMIL, guide) against that document and finds
/// the first spine item it points into.
struct SpineTargetResolver {
    /// Container path → first spine index with that path.
    let spineIndexByPath: [String: Int]

    /// `(href with fragment, spineIndex, fragment)`; a remote href is kept as written with no spine index.
    func resolve(_ raw: String, in document: String) -> (href: String, spineIndex: Int?, fragment: String?)? {
        switch HrefResolver.resolve(raw, against: document) {
        case .local(let path, let fragment):
            let href = fragment.map { path + "#" + $0 } ?? path
            return (href, spineIndexByPath[path], fragment.flatMap { $0.isEmpty ? nil : $0 })
        case .remote(let url):
            return (url, nil, nil)
        case .invalid:
            return nil
        }
    }
}
