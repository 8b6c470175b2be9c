import EPUBContract

/// EPUB Indexes 1.0, section 2: the content model of an index, in the documents the package
/// declares to be indexes (`ContentContext.declaredIndex`). A `ul` directly in an index, an index
/// group or an index entry is an implied index-entry list, and an `li` in such a list an implied
/// index entry, as the specification allows; locators and terms must be typed.
enum IndexRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        guard context.declaredIndex, context.isXHTML, !index.elements.isEmpty else { return }
        let model = Model(index)
        guard model.types.contains(where: { $0.contains("index") }) else {
            findings.report(.RSC_005, .leastOneIndexElementPresentDocument,
                            at: index.elements[0].position)
            return
        }
        for number in index.elements.indices where index.elements[number].space == .xhtml {
            for problem in model.problems(number) {
                findings.report(.RSC_005, problem, at: index.elements[number].position)
            }
        }
    }

    /// Each element's `epub:type` tokens, children, and whether it is an index-entry list or an
    /// index entry (typed or implied), computed parents first (elements are in document order).
    private struct Model {
        let index: DocumentIndex
        var types: [Set<String>]
        var children: [[Int]]
        var isList: [Bool]
        var isEntry: [Bool]

        init(_ index: DocumentIndex) {
            self.index = index
            let count = index.elements.count
            let tree = ElementTree(index)
            types = tree.types
            children = tree.children
            isList = Array(repeating: false, count: count)
            isEntry = Array(repeating: false, count: count)
            for number in 0..<count {
                let parent = index.elements[number].parent
                let holdsLists = parent.map { types[$0].contains("index") || types[$0].contains("index-group") || isEntry[$0] } ?? false
                isList[number] = types[number].contains("index-entry-list")
                    || (name(number) == "ul" && holdsLists && !types[number].contains("index-locator-list"))
                isEntry[number] = types[number].contains("index-entry") || (name(number) == "li" && parent.map { isList[$0] } ?? false)
            }
        }

        func name(_ number: Int) -> String {
            index.elements[number].name?.rawValue ?? String(cString: index.elements[number].node.pointee.name)
        }

        /// What is wrong with one element, in EPUBCheck's order.
        func problems(_ number: Int) -> [MessageText] {
            var out: [MessageText] = []
            let type = types[number], kids = children[number], name = name(number)
            // Only a `ul` counts as an index or group's list (an `ol` typed as one is an error of its own).
            let lists = kids.filter { isList[$0] && self.name($0) == "ul" }.count
            if type.contains("index") {
                let groups = kids.filter { types[$0].contains("index-group") }.count
                if !((lists == 1 && groups == 0) || (lists == 0 && groups > 0)) {
                    out.append(.indexContainOneOnlyOneIndex)
                }
            }
            if type.contains("index-group") && lists != 1 {
                out.append(.indexGroupHaveExactlyOneIndex)
            }
            if type.contains("index-entry-list") && name != "ul" {
                out.append(.indexEntryListTypeOnlyAllowed)
            }
            if isList[number] && !kids.contains(where: { isEntry[$0] }) {
                out.append(.indexEntryListHaveLeastOne)
            }
            if type.contains("index-entry"), !(index.elements[number].parent.map { self.name($0) == "ul" && isList[$0] } ?? false) {
                out.append(.indexEntryTypeOnlyAllowedChildren)
            }
            if isEntry[number] {
                if kids.filter({ types[$0].contains("index-term") }).count != 1 {
                    out.append(.indexEntryHaveOneOnlyOne)
                }
                let located = kids.contains { isList[$0] || types[$0].contains("index-locator-list") || types[$0].contains("index-locator") || types[$0].contains("index-locator-range") }
                if !located {
                    out.append(.indexEntryHaveLeastOneChild)
                }
            }
            if type.contains("index-headnotes") && !["header", "section", "article", "aside", "nav"].contains(name) {
                out.append(.indexHeadnotesTypeOnlyAllowedHeader)
            }
            if name == "body", !type.contains("index"), !kids.isEmpty, kids.allSatisfy({ types[$0].contains("index") }) {
                out.append(.documentHoldsOnlyIndexContentSo)
            }
            return out
        }
    }
}
