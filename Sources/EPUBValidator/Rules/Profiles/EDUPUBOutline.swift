import CLibXML2
import EPUBContract

/// The outline of one EDUPUB content document: its sectioning elements and ranked headings, the
/// rank the first heading sets, and whether the `body` is itself a section (it holds more than
/// `section`s and `article`s). Headings are `h1`–`h6` and elements with `role="heading"`
/// (ranked by `aria-level`, else 2). Elements are in document order, so a subtree is the run
/// of elements after its root.
struct EDUPUBOutline {
    let index: DocumentIndex
    /// Local names of XHTML elements ("" for others).
    let names: [String]
    /// Each element's whole `epub:type` value, as written.
    let type: [String?]
    private var children: [[Int]]
    private let bodyLabelLength: Int
    private let bodyIsSection: Bool
    private let topRank: Int
    private let topNesting: Int

    static let sectioning: Set<String> = ["section", "article", "aside", "nav"]

    /// What the navigation document of an EDUPUB publication must reflect of one document: its
    /// sections (each `section`, and the body when it opens with anything else) and whether it
    /// has audio, figures, tables and video (each asks for its list: loa, loi, lot, lov).
    struct Summary: Sendable {
        var sections = 0
        var media: Set<String> = []

        /// `mediaTypes`: the package's types by container path or remote URL. A media element
        /// counts by its sources, as EPUBCheck registers them: each `src` of an `audio` or `video`
        /// (or of its `source` children) is audio when its type (the `source`'s `type`, else the
        /// package's) is `audio/…`, and video otherwise, whatever element holds it; an element
        /// with no source is neither.
        init(_ index: DocumentIndex, path: String, mediaTypes: [String: String]) {
            var sawBody = false, openedBody = false
            for element in index.elements where element.space == .xhtml {
                let name = String(cString: element.node.pointee.name)
                if name == "section" { sections += 1 }
                if sawBody && !openedBody {
                    openedBody = true
                    if name != "section" { sections += 1 }
                }
                if name == "body" { sawBody = true }
                if name == "figure" || name == "table" { media.insert(name) }
                if name == "audio" || name == "video" || (name == "source" && Self.isMediaParent(element.node.pointee.parent)) {
                    guard let src = DocumentIndex.value(element.node, "src"), !src.trimmingXMLWhitespace().isEmpty else { continue }
                    let declared = name == "source" ? DocumentIndex.value(element.node, "type").map(Self.withoutParameters) : nil
                    let type = declared ?? Self.packageType(of: src, in: path, mediaTypes)
                    media.insert(type?.hasPrefix("audio/") == true ? "audio" : "video")
                }
            }
        }

        private static func isMediaParent(_ parent: xmlNodePtr?) -> Bool {
            guard let parent, parent.pointee.type == XML_ELEMENT_NODE else { return false }
            let name = String(cString: parent.pointee.name)
            return name == "audio" || name == "video"
        }

        private static func packageType(of src: String, in path: String, _ mediaTypes: [String: String]) -> String? {
            switch HrefResolver.resolve(src, against: path) {
            case .local(let target, _): return mediaTypes[target]
            case .remote(let url): return mediaTypes[url]
            case .invalid: return nil
            }
        }

        private static func withoutParameters(_ type: String) -> String {
            String(type.prefix { $0 != ";" }).trimmingXMLWhitespace()
        }
    }

    init(_ index: DocumentIndex) {
        self.index = index
        let tree = ElementTree(index)
        let names = tree.names
        let children = tree.children
        let body = names.firstIndex(of: "body")
        let labelLength = body.flatMap { DocumentIndex.value(index.elements[$0].node, "aria-label") }?.collapsingXMLWhitespace().count ?? 0
        bodyIsSection = body.map { body in children[body].contains { !["", "article", "section"].contains(names[$0]) } } ?? false
        // The first heading of the body outside asides and navs, in at most one section or article.
        let top = body.flatMap { body in
            index.content.descendants(of: body).first { number in
                Self.isHeading(index, names, number)
                    && Self.ancestors(index, number).allSatisfy { names[$0] != "aside" && names[$0] != "nav" }
                    && Self.ancestors(index, number).filter { names[$0] == "section" || names[$0] == "article" }.count <= 1
            }
        }
        if labelLength == 0, let top {
            topRank = Self.rank(index, names, top)
            topNesting = Self.ancestors(index, top).contains { ["section", "article", "nav"].contains(names[$0]) } ? 1 : 0
        } else {
            (topRank, topNesting) = (1, 0)
        }
        self.names = names
        self.type = index.elements.map { $0.space == .xhtml ? DocumentIndex.value($0.node, "type", namespace: XMLNamespace.epub) : nil }
        self.children = children
        self.bodyLabelLength = labelLength
    }

    func descendants(_ number: Int) -> Range<Int> { index.content.descendants(of: number) }

    /// What is wrong with one element's headings: a sectioning element or implied-section body
    /// without exactly one non-empty heading (or with a label that repeats it), a heading whose
    /// rank does not follow the nesting, content after sections, a subtitle outside a `header`.
    func headingProblems(_ number: Int) -> [MessageText] {
        var out: [MessageText] = []
        let name = names[number]
        if name == "body", children[number].contains(where: { !["", "article", "section", "aside", "nav"].contains(names[$0]) }) {
            let headings = descendants(number).filter { isHeading($0) && !ancestors($0).contains { Self.sectioning.contains(names[$0]) } }
            out += headed(number, headings, label: bodyLabelLength, missing: .bodyElementRequiresHeadingWhenUsed)
        } else if name == "section" || name == "article" {
            let headings = descendants(number).filter { isHeading($0) && ancestors($0).first { Self.sectioning.contains(names[$0]) } == number }
            let label = DocumentIndex.value(index.elements[number].node, "aria-label")?.collapsingXMLWhitespace().count ?? 0
            out += headed(number, headings, label: label, missing: .doesNotHaveHeading(name))
        }
        else if isHeading(number) { out += rankProblems(number) }
        if let parent = index.elements[number].parent, names[parent] == "body" || names[parent] == "section", name != "section",
           children[parent].prefix(while: { $0 != number }).contains(where: { names[$0] == "section" }) {
            out.append(.nonSectionElementsNotAllowedBetween)
        }
        if name == "p", type[number] == "subtitle", let parent = index.elements[number].parent,
           children[parent].prefix(while: { $0 != number }).contains(where: { Self.rankedName(names[$0]) != nil }),
           !ancestors(number).contains(where: { names[$0] == "header" }) {
            out.append(.sectionSubtitlesWrappedHeaderElement)
        }
        return out
    }

    /// The heading rules of a body or sectioning element with these headings of its own.
    private func headed(_ number: Int, _ headings: [Int], label: Int, missing: MessageText) -> [MessageText] {
        var out: [MessageText] = []
        let labelValue = DocumentIndex.value(index.elements[number].node, "aria-label")
        if labelValue != nil && label == 0 { out.append(.emptyAriaLabelAttributeFound) }
        if label == 0 && headings.isEmpty { out.append(missing) }
        if headings.count > 1 { out.append(.moreThanOneRankedHeadingFound(names[number])) }
        if headings.count == 1 && headingText(headings[0]).collapsingXMLWhitespace().isEmpty { out.append(.emptyRankedHeadingDetected) }
        if let labelValue, headings.count <= 1,
           (headings.first.map { LibXMLNode.content(index.elements[$0].node) } ?? "").collapsingXMLWhitespace() == labelValue.collapsingXMLWhitespace() {
            out.append(.valueAriaLabelAttributeNotSame)
        }
        return out
    }

    private func rankProblems(_ number: Int) -> [MessageText] {
        var out: [MessageText] = []
        let rank = Self.rank(index, names, number)
        let nesting = ancestors(number).filter { Self.sectioning.contains(names[$0]) }.count
        let expected = bodyIsSection ? topRank - topNesting + nesting : topRank + nesting - 1
        if ancestors(number).contains(where: { names[$0] == "figure" || names[$0] == "blockquote" }) {
            out.append(.rankedHeadingsNotValidFigureBlockquote)
        }
        if expected < 6 && rank != expected {
            out.append(.headingRankHDoesNotMatch(rank, expected))
        }
        if expected > 5 && rank < 6 { out.append(.currentHeadingRankH6) }
        return out
    }

    /// A heading's text, the `alt` of its images and its `aria-label`s: empty when all are.
    private func headingText(_ number: Int) -> String {
        var text = LibXMLNode.content(index.elements[number].node)
        for child in children[number] where names[child] == "img" {
            text += DocumentIndex.value(index.elements[child].node, "alt") ?? ""
        }
        for element in [number] + Array(descendants(number)) {
            text += DocumentIndex.value(index.elements[element].node, "aria-label") ?? ""
        }
        return text
    }

    private func isHeading(_ number: Int) -> Bool { Self.isHeading(index, names, number) }
    private func ancestors(_ number: Int) -> [Int] { Self.ancestors(index, number) }

    private static func isHeading(_ index: DocumentIndex, _ names: [String], _ number: Int) -> Bool {
        guard !names[number].isEmpty else { return false }
        return rankedName(names[number]) != nil || DocumentIndex.value(index.elements[number].node, "role") == "heading"
    }

    private static func rank(_ index: DocumentIndex, _ names: [String], _ number: Int) -> Int {
        let node = index.elements[number].node
        if DocumentIndex.value(node, "role") == "heading" {
            return DocumentIndex.value(node, "aria-level").flatMap { Int($0.trimmingXMLWhitespace()) } ?? 2
        }
        return rankedName(names[number]) ?? 2
    }

    /// 1…6 for `h1`…`h6`.
    private static func rankedName(_ name: String) -> Int? {
        guard name.count == 2, name.first == "h", let digit = name.last?.wholeNumberValue, (1...6).contains(digit) else { return nil }
        return digit
    }

    /// Nearest first.
    private static func ancestors(_ index: DocumentIndex, _ number: Int) -> [Int] {
        var out: [Int] = []
        var up = index.elements[number].parent
        while let p = up { out.append(p); up = index.elements[p].parent }
        return out
    }
}
