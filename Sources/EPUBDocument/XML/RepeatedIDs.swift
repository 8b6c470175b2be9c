/// The one way a repeated id is found (package, content documents, overlays, NCX, encryption):
/// ids noted in document order, and every bearer of one that repeats, the first bearer once when
/// the second comes: EPUBCheck reports each bearer. A place is a number the caller gives (an
/// element's number, or an index into its own list of places), so the finder is not generic: it
/// runs once per id of every document, and hashes each id once.
package struct RepeatedIDs {
    /// The first bearer of each id: the document's ids, as fragments resolve them.
    package private(set) var firsts: [String: Int] = [:]
    private var reported: Set<String> = []
    package private(set) var bearers: [(id: String, place: Int)] = []

    package init() {}

    /// Notes an id met at a place; true when it is the first bearer of that id.
    @discardableResult
    package mutating func note(_ id: String, at place: Int) -> Bool {
        switch firsts.index(forKey: id) {
        case nil:
            firsts[id] = place
            return true
        case let found?:
            if reported.insert(id).inserted { bearers.append((id, firsts.values[found])) }
            bearers.append((id, place))
            return false
        }
    }
}
