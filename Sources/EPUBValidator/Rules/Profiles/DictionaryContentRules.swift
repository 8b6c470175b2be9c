import CLibXML2
import EPUBContract

/// EPUB Dictionaries and Glossaries 1.0, §2.2: the content model of dictionary content in the
/// documents of a dictionary publication (`ContentContext.dictionary`): where each dictionary
/// type may stand and what it must hold (entries with a `dfn`, condensed entries hidden in their
/// entry, part-of-speech and phrase groups with their members, `tran-info` beside a `tran`).
enum DictionaryContentRules {
    static let vocabulary: Set<String> = ["dictionary", "dictentry", "condensed-entry", "part-of-speech-list", "part-of-speech-group",
                                          "sense-list", "tran-info", "idiom", "phrase-list", "phrase-group"]

    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        guard context.dictionary, context.isXHTML, index.types.contains(where: { vocabulary.contains($0.token) }) else { return }
        let model = Model(index)
        for number in index.elements.indices where index.elements[number].space == .xhtml {
            for problem in model.problems(number) {
                findings.report(.RSC_005, problem, at: index.elements[number].position)
            }
        }
    }

    /// Each XHTML element's `epub:type` tokens, its children and where its subtree ends
    /// (elements are in document order, so a subtree is the run of elements after it).
    private struct Model {
        let index: DocumentIndex
        let tree: ElementTree
        var types: [Set<String>] { tree.types }
        var children: [[Int]] { tree.children }

        init(_ index: DocumentIndex) {
            self.index = index
            tree = ElementTree(index)
        }

        func name(_ number: Int) -> String { tree.names[number] }

        func has(_ number: Int, _ type: String) -> Bool { types[number].contains(type) }

        func parent(_ number: Int) -> Int? { index.elements[number].parent }

        func descendants(_ number: Int) -> Range<Int> { tree.descendants(number) }

        /// What is wrong with one element, in the order the specification gives the rules.
        func problems(_ number: Int) -> [MessageText] {
            var out: [MessageText] = []
            let name = name(number)
            if has(number, "dictionary") {
                if name != "body" && name != "section" { out.append(.dictionaryTypeOnlyAllowedBodySection) }
                if !children[number].contains(where: { self.name($0) == "article" }) { out.append(.dictionaryHaveLeastOneArticleChild) }
            }
            let inDictionary = parent(number).map { has($0, "dictionary") } ?? false
            if (inDictionary && name == "article") || has(number, "dictentry") {
                if name != "article" { out.append(.dictentryTypeOnlyAllowedArticleElements) }
                if !hasDefinition(number) {
                    out.append(.dictionaryEntryHaveLeastOneDfn)
                }
            }
            if has(number, "condensed-entry") { out += condensedEntry(number) }
            if has(number, "part-of-speech-list") && name != "ol" { out.append(.partSpeechListTypeOnlyAllowed) }
            let inList = { (list: String, names: Set<String>) in name == "li" && (parent(number).map { has($0, list) && names.contains(self.name($0)) } ?? false) }
            if has(number, "part-of-speech-group") || inList("part-of-speech-list", ["ol"]), !semanticChildren(number).contains(where: { has($0, "part-of-speech") }) {
                out.append(.partSpeechGroupContainElementType)
            }
            if has(number, "sense-list") && name != "ol" { out.append(.senseListTypeOnlyAllowedOl) }
            if has(number, "tran-info"), !(parent(number).map { children[$0].contains { has($0, "tran") } } ?? false) {
                out.append(.elementTypeTranInfoHaveSibling)
            }
            if has(number, "idiom") && name != "dfn" { out.append(.idiomTypeOnlyAllowedDfnElements) }
            if has(number, "phrase-list") && name != "ol" && name != "ul" { out.append(.phraseListTypeOnlyAllowedOl) }
            if has(number, "phrase-group") || inList("phrase-list", ["ol", "ul"]),
               !descendants(number).contains(where: { has($0, "example") || has($0, "idiom") }) {
                out.append(.phraseGroupContainElementTypeIdiom)
            }
            return out
        }

        /// A `dfn` in the entry that is not inside its condensed entry.
        private func hasDefinition(_ number: Int) -> Bool {
            descendants(number).contains { candidate in
                guard name(candidate) == "dfn" else { return false }
                var up = parent(candidate)
                while let p = up, p != number {
                    if has(p, "condensed-entry") { return false }
                    up = parent(p)
                }
                return !has(number, "condensed-entry")
            }
        }

        private func condensedEntry(_ number: Int) -> [MessageText] {
            var out: [MessageText] = []
            if name(number) != "aside" { out.append(.condensedEntryTypeOnlyAllowedAside) }
            let entry = parent(number).flatMap { p in name(p) == "article" ? p : nil }
            if !(entry.flatMap(parent).map { has($0, "dictionary") } ?? false) {
                out.append(.condensedEntryTypeOnlyAllowedChild)
            }
            let hidden = DocumentIndex.value(index.elements[number].node, "hidden")?.lowercased()
            if hidden != "" && hidden != "hidden" {
                out.append(.condensedEntryHaveHiddenAttributeValue)
            }
            return out
        }

        /// The descendants whose nearest typed (or `li`) ancestor is this element: its members,
        /// not those of a nested group.
        private func semanticChildren(_ number: Int) -> [Int] {
            descendants(number).filter { candidate in
                var up = parent(candidate)
                while let p = up, p != number {
                    if !types[p].isEmpty || name(p) == "li" { return false }
                    up = parent(p)
                }
                return true
            }
        }
    }
}
