import Foundation
/// Names inside the export folder: `NNNN.xhtml` per spine position, `aux-NNNN.xhtml` for other
/// linked documents, `resources/NNNN-name.ext` for the rest. Every name is made here from safe
/// characters, so nothing can point outside the folder whatever the book's paths are.
struct ExportNames {
    private(set) var documents: [String: String] = [:]   // container path → output name (first spine position)
    private(set) var resources: [String: String] = [:]
    /// Resources in the order they were first named (the export copies them in this order).
    private(set) var resourceOrder: [String] = []
    private var auxCount = 0

    mutating func spineDocument(_ path: String, index: Int) -> String {
        let name = Self.number(index + 1) + ".xhtml"
        if documents[path] == nil { documents[path] = name }
        return name
    }

    mutating func auxDocument(_ path: String) -> String {
        if let known = documents[path] { return known }
        auxCount += 1
        let name = "aux-" + Self.number(auxCount) + ".xhtml"
        documents[path] = name
        return name
    }

    mutating func resource(_ path: String) -> String {
        if let known = resources[path] { return known }
        let base = path.split(separator: "/").last.map(String.init) ?? "resource"
        let safe = String(base.unicodeScalars.map { scalar -> Character in
            let c = Character(scalar)
            return scalar.isASCII && (c.isLetter || c.isNumber || c == "." || c == "-" || c == "_") ? c : "_"
        }).trimmingCharacters(in: CharacterSet(charactersIn: "."))
        let name = "resources/" + Self.number(resources.count + 1) + "-" + (safe.isEmpty ? "resource" : safe)
        resources[path] = name
        resourceOrder.append(path)
        return name
    }

    static func number(_ n: Int) -> String {
        let s = String(n)
        return s.count >= 4 ? s : String(repeating: "0", count: 4 - s.count) + s
    }
}
