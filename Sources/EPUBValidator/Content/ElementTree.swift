import EPUBContract

/// The shape of an indexed document for rules that reason about structure: each element's
/// children, where its subtree ends (elements are in document order, so a subtree is the run of
/// elements after its root) and its `epub:type` tokens (XHTML elements only).
struct ElementTree {
    let children: [[Int]]
    /// One past the last element of each element's subtree.
    let end: [Int]
    let types: [Set<String>]
    /// Local names of XHTML elements ("" for elements in other namespaces).
    let names: [String]

    init(_ index: DocumentIndex) {
        let count = index.elements.count
        var children: [[Int]] = Array(repeating: [], count: count)
        var end = (0..<count).map { $0 + 1 }
        for number in 0..<count { if let parent = index.elements[number].parent { children[parent].append(number) } }
        for number in (0..<count).reversed() {
            if let parent = index.elements[number].parent { end[parent] = max(end[parent], end[number]) }
        }
        self.children = children
        self.end = end
        names = index.elements.map { $0.space == .xhtml ? String(cString: $0.node.pointee.name) : "" }
        types = index.elements.map { element in
            element.space == .xhtml ? Set(DocumentIndex.value(element.node, "type", namespace: XMLNamespace.epub)?.xmlTokens() ?? []) : []
        }
    }

    func descendants(_ number: Int) -> Range<Int> { (number + 1)..<end[number] }
}
