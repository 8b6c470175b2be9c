import EPUBContract

/// Whether a sequence of targets (toc links, overlay text) follows the reading order: spine
/// position first, then element order inside one document. After a step back, the next target
/// is judged from the start of the document it landed in, as EPUBCheck does (NAV-011, MED_015).
struct ReadingOrder {
    private var previous: (spine: Int, element: Int)?
    private var orders: [String: [String: Int]] = [:]
    /// Each document's spine position. A document listed twice (RSC-005) takes its last itemref's
    /// position, as EPUBCheck's package model overwrites it; the contract keeps the first.
    private var positions: [String: Int]?

    private mutating func position(_ session: PublicationSession, _ path: String) -> Int? {
        if positions == nil {
            var byPath: [String: Int] = [:]
            for (index, ref) in session.package.spine.enumerated() {
                if let item = session.package.item(id: ref.idref)?.path { byPath[item] = index }
            }
            positions = byPath
        }
        return positions?[path]
    }

    /// True when `target#fragment` comes before the previous target; nil when it has no place in
    /// the reading order (not in the spine, or a fragment that names nothing).
    mutating func stepsBack(_ session: PublicationSession, to target: String, fragment: String?) -> Bool? {
        guard let spine = position(session, target) else { return nil }
        var element = -1
        if let fragment, !fragment.isEmpty {
            if orders[target] == nil { orders[target] = session.elementIDOrder(in: target) }
            guard let found = orders[target]?[fragment] else { return nil }
            element = found
        }
        if let before = previous, (spine, element) < before {
            previous = (spine, -1)
            return true
        }
        previous = (spine, element)
        return false
    }
}
