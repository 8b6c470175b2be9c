import CLibXML2

/// Matches `CSSSelector`s against the elements of one content-document model. Sibling links are
/// worked out once, so a match walks only parents and earlier siblings.
package struct SelectorMatcher {
    package let model: ContentDocument
    /// The element before each one among its parent's element children (-1 for the first).
    private let previousSibling: [Int32]
    private let isLast: [Bool]
    /// Each element's class names and id, read from the tree once: a descendant selector asks
    /// the same ancestors for them again for every element below. Most elements have neither,
    /// so the names are one list (an element's run from `classStarts`) and the ids a table of the
    /// few that have one: arrays of a slot per element were a megabyte of a 50,000-element
    /// document, beside its tree.
    private let classStarts: [Int32]
    private let classList: [String]
    private let ids: [Int32: String]

    /// An element's class names, as its `class` attribute lists them.
    func classNames(of element: Int) -> ArraySlice<String> { classList[Int(classStarts[element])..<Int(classStarts[element + 1])] }
    /// An element's `id`.
    func id(of element: Int) -> String? { ids[Int32(element)] }
    private func previous(_ element: Int) -> Int { Int(previousSibling[element]) }

    package init(_ model: ContentDocument) {
        self.model = model
        var previous = [Int32](repeating: -1, count: model.elements.count)
        // Each parent's last child so far, by parent + 1 (0: the root's "parent").
        var lastChild = [Int32](repeating: -1, count: model.elements.count + 1)
        for (number, element) in model.elements.enumerated() {
            let parent = (element.parent ?? -1) + 1
            previous[number] = lastChild[parent]
            lastChild[parent] = Int32(number)
        }
        var isLast = [Bool](repeating: false, count: model.elements.count)
        for last in lastChild where last >= 0 { isLast[Int(last)] = true }
        previousSibling = previous
        self.isLast = isLast
        var starts = [Int32](repeating: 0, count: model.elements.count + 1)
        var list: [String] = []
        var ids: [Int32: String] = [:]
        for number in model.elements.indices {
            if model.hasAttributes(number) {
                list += model.attribute(number, "class")?.xmlTokens() ?? []
                if let id = model.attribute(number, "id") { ids[Int32(number)] = id }
            }
            starts[number + 1] = Int32(list.count)
        }
        classStarts = starts
        classList = list
        self.ids = ids
    }

    package func matches(_ selector: CSSSelector, _ element: Int) -> Bool {
        matches(selector, from: 0, element, anchor: -1)
    }

    /// Whether compounds `k…` match, `k` at `element`; `anchor`: the element a `:has()` is tested
    /// on, which `.scope` names (-1: none, and `.scope` is the root, as `:scope` in a style sheet).
    private func matches(_ selector: CSSSelector, from k: Int, _ element: Int, anchor: Int) -> Bool {
        guard selector.compounds[k].allSatisfy({ matches($0, element, anchor: anchor) }) else { return false }
        guard k < selector.combinators.count else { return true }
        switch selector.combinators[k] {
        case .child:
            return model.elements[element].parent.map { matches(selector, from: k + 1, $0, anchor: anchor) } ?? false
        case .descendant:
            var ancestor = model.elements[element].parent
            while let a = ancestor {
                if matches(selector, from: k + 1, a, anchor: anchor) { return true }
                ancestor = model.elements[a].parent
            }
            return false
        case .adjacent:
            return previous(element) >= 0 && matches(selector, from: k + 1, previous(element), anchor: anchor)
        case .sibling:
            var sibling = previous(element)
            while sibling >= 0 {
                if matches(selector, from: k + 1, sibling, anchor: anchor) { return true }
                sibling = previous(sibling)
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
            var sibling = previous(element)
            while sibling >= 0 {
                if !ofType || model.elements[sibling].localName == name { count += 1 }
                sibling = previous(sibling)
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

    static let formControls: Set<String> = ["button", "input", "select", "textarea", "optgroup", "option", "fieldset"]

    /// Whether a form control is actually disabled (HTML § 4.16.2): its `disabled` attribute, an
    /// option's disabled `optgroup`, or a disabled `fieldset` around it (outside the fieldset's
    /// first `legend`); nil for an element that is no form control.
    private func isDisabled(_ element: Int) -> Bool? {
        let e = model.elements[element]
        guard e.namespace == .xhtml, Self.formControls.contains(e.localName) else { return nil }
        if model.hasAttributes(element), model.attribute(element, "disabled") != nil { return true }
        if e.localName == "option", let parent = e.parent, model.elements[parent].localName == "optgroup" {
            return model.attribute(parent, "disabled") != nil
        }
        guard e.localName != "option", e.localName != "optgroup" else { return false }
        var child = element
        var ancestor = e.parent
        while let a = ancestor {
            if model.elements[a].localName == "fieldset", model.elements[a].namespace == .xhtml, model.attribute(a, "disabled") != nil {
                let firstLegend = model.children(of: a).first { model.elements[$0].localName == "legend" }
                if child != firstLegend { return true }
            }
            child = a
            ancestor = model.elements[a].parent
        }
        return false
    }

    /// Whether some element related to `element` as a relative selector's leading combinator says
    /// matches it: descendants for ` ` and `>`, later siblings and theirs for `+` and `~` (each
    /// candidate checked back to the anchor by the selector itself).
    private func has(_ list: [CSSSelector], leading: [CSSSelector.Combinator], _ element: Int) -> Bool {
        for (selector, combinator) in zip(list, leading) {
            let range: Range<Int>
            switch combinator {
            case .descendant, .child: range = model.descendants(of: element)
            case .adjacent, .sibling:
                guard let parent = model.elements[element].parent else { continue }
                range = model.subtreeEnd(of: element)..<model.subtreeEnd(of: parent)
            }
            if range.contains(where: { matches(selector, from: 0, $0, anchor: element) }) { return true }
        }
        return false
    }

    private func matches(_ simple: CSSSelector.Simple, _ element: Int, anchor: Int) -> Bool {
        let node = model.elements[element].node
        switch simple {
        case .type(let name): return model.elements[element].localName == name
        case .id(let id): return self.id(of: element) == id
        case .className(let name): return classNames(of: element).contains(name)
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
        case .firstChild: return previous(element) < 0 && model.elements[element].parent != nil
        case .lastChild: return isLast[element] && model.elements[element].parent != nil
        case .onlyChild: return previous(element) < 0 && isLast[element] && model.elements[element].parent != nil
        case .not(let inner): return !matches(inner, element, anchor: anchor)
        case .any(let list, _, let negated): return list.contains { matches($0, from: 0, element, anchor: anchor) } != negated
        case .has(let list, let leading): return has(list, leading: leading, element)
        case .scope: return anchor >= 0 ? element == anchor : model.elements[element].parent == nil
        case .disabled(let wanted): return isDisabled(element).map { $0 == wanted } ?? false
        }
    }
}
