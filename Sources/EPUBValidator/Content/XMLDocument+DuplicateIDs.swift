import CLibXML2
import EPUBContract

extension XMLDocument {
    /// Every element whose id another element already has, and that first element too, in
    /// document order: ids must be unique, and EPUBCheck reports each bearer of a repeated one.
    func duplicateIDs() -> [(id: String, position: TagPosition)] {
        var seen: [String: TagPosition] = [:]
        var reported: Set<String> = []
        var out: [(id: String, position: TagPosition)] = []
        var positions = TagPositions()
        forEachElementInOrder { node in
            let local = String(cString: node.pointee.name)
            let tag = node.pointee.ns?.pointee.prefix.map { String(cString: $0) + ":" + local } ?? local
            let position = positions.next(line: Int(xmlGetLineNo(node)), tag: tag)
            guard let id = Self.id(of: node) else { return }
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
