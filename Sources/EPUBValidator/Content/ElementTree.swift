import EPUBContract

/// The shape of an indexed document for rules that reason about structure: each element's
/// children, where its subtree ends (elements are in document order, so a subtree is the run of
/// elements after its root) and its `epub:type` tokens (XHTML elements only).
struct ElementTree {
    let children: [[Int]]
    /// The model, which knows where each element's subtree ends.
    let content: ContentDocument
    let types: [Set<String>]
    /// Local names of XHTML elements ("" for elements in other namespaces).
    let names: [String]

    init(_ index: DocumentIndex) {
        let count = index.elements.count
        var children: [[Int]] = Array(repeating: [], count: count)
        for number in 0..<count { if let parent = index.elements[number].parent { children[parent].append(number) } }
        self.children = children
        content = index.content
        names = index.elements.map { $0.space == .xhtml ? String(cString: $0.node.pointee.name) : "" }
        types = index.content.elements.indices.map { number in
            index.content.elements[number].namespace == .xhtml ? Set(index.content.types(of: number)) : []
        }
    }

    func descendants(_ number: Int) -> Range<Int> { content.descendants(of: number) }
}
