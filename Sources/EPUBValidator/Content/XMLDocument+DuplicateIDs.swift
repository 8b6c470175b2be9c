import CLibXML2
import EPUBContract

extension XMLDocument {
    /// Every element whose id another element already has, and that first element too, in
    /// document order: ids must be unique, and EPUBCheck reports each bearer of a repeated one.
    func duplicateIDs() -> [(id: String, position: TagPosition)] {
        var seen: [String: TagPosition] = [:]
        var reported: Set<String> = []
        var out: [(id: String, position: TagPosition)] = []
        var countsLine = -1
        var counts: [String: Int] = [:]
        forEachElementInOrder { node in
            let line = Int(xmlGetLineNo(node))
            if line != countsLine { counts.removeAll(keepingCapacity: true); countsLine = line }
            let local = String(cString: node.pointee.name)
            let tag = node.pointee.ns?.pointee.prefix.map { String(cString: $0) + ":" + local } ?? local
            let occurrence = counts[tag, default: 0]
            counts[tag] = occurrence + 1
            guard let id = Self.id(of: node) else { return }
            let position = TagPosition(line: line, tag: tag, occurrence: occurrence)
            if let first = seen[id] {
                if reported.insert(id).inserted { out.append((id, first)) }
                out.append((id, position))
            } else {
                seen[id] = position
            }
        }
        return out
    }
}
