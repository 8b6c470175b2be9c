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

    /// An element's 1-based place among its parent's element children (of its type), counted
    /// from the start or the end.
    private func position(_ element: Int, ofType: Bool, fromEnd: Bool) -> Int {
        let name = ofType ? model.elements[element].localName : ""
        if !fromEnd {
            var count = 1
            var sibling = previous[element]
            while sibling >= 0 {
                if !ofType || model.elements[sibling].localName == name { count += 1 }
                sibling = previous[sibling]
            }
            return count
        }
        guard let parent = model.elements[element].parent else { return 1 }
        let siblings = model.children(of: parent)
        guard let at = siblings.firstIndex(of: element) else { return 1 }
        return siblings[at...].filter { !ofType || model.elements[$0].localName == name }.count
    }

    /// Whether a place is a + bn for some n ≥ 0.
    static func nthMatches(_ a: Int, _ b: Int, _ place: Int) -> Bool {
        if a == 0 { return place == b }
        let n = (place - b)
        return n % a == 0 && n / a >= 0
    }

    /// An attribute of that local name in a namespace (the first one).
    static func namespacedAttribute(_ node: xmlNodePtr, _ name: String) -> String? {
        var attribute = node.pointee.properties
        while let a = attribute {
            if a.pointee.ns != nil, let n = a.pointee.name, String(cString: n) == name { return LibXMLNode.content(a) }
            attribute = a.pointee.next
        }
        return nil
    }

    private func matches(_ simple: CSSSelector.Simple, _ element: Int) -> Bool {
        let node = model.elements[element].node
        switch simple {
        case .type(let name): return model.elements[element].localName == name
        case .id(let id): return LibXMLNode.attribute(node, "id") == id
        case .className(let name):
            return LibXMLNode.attribute(node, "class")?.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).contains { $0 == name } ?? false
        case .attribute(let name, let op, let rawExpected, let namespaced, let ignoreCase):
            guard let raw = namespaced ? Self.namespacedAttribute(node, name) : LibXMLNode.attribute(node, name) else { return false }
            let value = ignoreCase ? raw.lowercased() : raw
            let expected = ignoreCase ? rawExpected.lowercased() : rawExpected
            switch op {
            case nil: return true
            case "=": return value == expected
            case "~=": return value.xmlTokens().contains(expected)
            case "|=": return value == expected || value.hasPrefix(expected + "-")
            case "^=": return !expected.isEmpty && value.hasPrefix(expected)
            case "$=": return !expected.isEmpty && value.hasSuffix(expected)
            case "*=": return !expected.isEmpty && value.contains(expected)
            default: return false
            }
        case .nth(let a, let b, let ofType, let fromEnd):
            guard model.elements[element].parent != nil else { return false }
            return Self.nthMatches(a, b, position(element, ofType: ofType, fromEnd: fromEnd))
        case .onlyOfType:
            guard model.elements[element].parent != nil else { return false }
            return position(element, ofType: true, fromEnd: false) == 1 && position(element, ofType: true, fromEnd: true) == 1
        case .root: return model.elements[element].parent == nil
        case .empty: return node.pointee.children == nil
        case .lang(let range):
            guard let language = model.language(of: element)?.lowercased() else { return false }
            return language == range || language.hasPrefix(range + "-")
        case .link:
            let name = model.elements[element].localName
            return model.elements[element].namespace == .xhtml && (name == "a" || name == "area") && LibXMLNode.attribute(node, "href") != nil
        case .never: return false
        case .universal: return true
        case .firstChild: return previous[element] < 0 && model.elements[element].parent != nil
        case .lastChild: return isLast[element] && model.elements[element].parent != nil
        case .onlyChild: return previous[element] < 0 && isLast[element] && model.elements[element].parent != nil
        case .not(let inner): return !matches(inner, element)
        }
    }
}
