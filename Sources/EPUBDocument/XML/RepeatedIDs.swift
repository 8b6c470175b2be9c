/// The one way a repeated id is found (package, content documents, overlays, NCX, encryption):
/// ids noted in document order, and every bearer of one that repeats, the first bearer once when
/// the second comes: EPUBCheck reports each bearer. `Place` is whatever the caller places a
/// report by (a line, a tag position, an element number).
package struct RepeatedIDs<Place> {
    private var first: [String: Place] = [:]
    private var reported: Set<String> = []
    package private(set) var bearers: [(id: String, place: Place)] = []

    package init() {}

    /// Notes an id met at a place; true when it is the first bearer of that id.
    @discardableResult
    package mutating func note(_ id: String, at place: Place) -> Bool {
        guard let earlier = first[id] else {
            first[id] = place
            return true
        }
        if reported.insert(id).inserted { bearers.append((id, earlier)) }
        bearers.append((id, place))
        return false
    }
}
