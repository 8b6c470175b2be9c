import CLibXML2

/// Matches `CSSSelector`s against the elements of one content-document model. Sibling links are
/// worked out once, so a match walks only parents and earlier siblings.
package struct SelectorMatcher {
    package let model: ContentDocument
    /// The element before each one among its parent's element children (-1 for the first).
    private let previous: [Int]
    private let isLast: [Bool]

    package init(_ model: ContentDocument) {
        self.model = model
        var previous = [Int](repeating: -1, count: model.elements.count)
        var lastChild: [Int: Int] = [:]
        for (number, element) in model.elements.enumerated() {
            let parent = element.parent ?? -1
            previous[number] = lastChild[parent] ?? -1
            lastChild[parent] = number
        }
        var isLast = [Bool](repeating: false, count: model.elements.count)
        for (_, last) in lastChild { isLast[last] = true }
        self.previous = previous
        self.isLast = isLast
    }

    package func matches(_ selector: CSSSelector, _ element: Int) -> Bool {
        matches(selector, from: 0, element)
    }

    /// Whether compounds `k…` match, `k` at `element`.
    private func matches(_ selector: CSSSelector, from k: Int, _ element: Int) -> Bool {
        guard selector.compounds[k].allSatisfy({ matches($0, element) }) else { return false }
        guard k < selector.combinators.count else { return true }
        switch selector.combinators[k] {
        case .child:
            return model.elements[element].parent.map { matches(selector, from: k + 1, $0) } ?? false
        case .descendant:
            var ancestor = model.elements[element].parent
            while let a = ancestor {
                if matches(selector, from: k + 1, a) { return true }
                ancestor = model.elements[a].parent
            }
            return false
        case .adjacent:
            return previous[element] >= 0 && matches(selector, from: k + 1, previous[element])
        case .sibling:
            var sibling = previous[element]
            while sibling >= 0 {
                if matches(selector, from: k + 1, sibling) { return true }
                sibling = previous[sibling]
            }
            return false
        }
    }

    private func matches(_ simple: CSSSelector.Simple, _ element: Int) -> Bool {
        let node = model.elements[element].node
        switch simple {
        case .type(let name): return model.elements[element].localName == name
        case .id(let id): return LibXMLNode.attribute(node, "id") == id
        case .className(let name):
            return LibXMLNode.attribute(node, "class")?.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).contains { $0 == name } ?? false
        case .attribute(let name, let op, let expected):
            guard let value = LibXMLNode.attribute(node, name) else { return false }
            switch op {
            case nil: return true
            case "=": return value == expected
            case "~=": return value.split(separator: " ").contains { $0 == expected }
            case "|=": return value == expected || value.hasPrefix(expected + "-")
            case "^=": return !expected.isEmpty && value.hasPrefix(expected)
            case "$=": return !expected.isEmpty && value.hasSuffix(expected)
            case "*=": return !expected.isEmpty && value.contains(expected)
            default: return false
            }
        case .firstChild: return previous[element] < 0 && model.elements[element].parent != nil
        case .lastChild: return isLast[element] && model.elements[element].parent != nil
        case .onlyChild: return previous[element] < 0 && isLast[element] && model.elements[element].parent != nil
        case .not(let inner): return !matches(inner, element)
        }
    }
}
