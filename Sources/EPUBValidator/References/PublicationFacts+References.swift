import EPUBContract
import EPUBReports

extension PublicationFacts {
    /// What each file of one package references, from the registry the rules filled: every use
    /// except a manifest item's own `href` (which names the file, not a use of another).
    mutating func addReferences(of registry: ReferenceRegistry) {
        var found: [String: Set<String>] = [:]
        for entry in registry.entries where entry.reference.kind != .manifestItem {
            let target: String
            switch entry.reference.resolution {
            case .local(let path, let fragment): target = path + (fragment.map { "#" + $0 } ?? "")
            case .remote(let url): target = url
            case .invalid: continue
            }
            if target != entry.path { found[entry.path, default: []].insert(target) }
        }
        for (path, targets) in found {
            referencedItems[path] = Array(targets.union(referencedItems[path] ?? [])).sorted()
        }
    }
}
