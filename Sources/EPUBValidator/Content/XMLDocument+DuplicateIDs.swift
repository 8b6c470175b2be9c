import CLibXML2
import EPUBContract

extension XMLDocument {
    /// Every element whose id another element already has, and that first element too, in
    /// document order: ids must be unique, and EPUBCheck reports each bearer of a repeated one.
    func duplicateIDs() -> [(id: String, position: TagPosition)] {
        var repeated = RepeatedIDs()
        var placed: [TagPosition] = []
        var positions = TagPositions()
        forEachElementInOrder { node in
            let local = String(cString: node.pointee.name)
            let tag = node.pointee.ns?.pointee.prefix.map { String(cString: $0) + ":" + local } ?? local
            let position = positions.next(line: Int(xmlGetLineNo(node)), tag: tag)
            guard let id = Self.id(of: node) else { return }
            repeated.note(id, at: placed.count)
            placed.append(position)
        }
        return repeated.bearers.map { (id: $0.id, position: placed[$0.place]) }
    }
}
