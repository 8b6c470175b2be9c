import EPUBContract

/// The head of an XHTML document: its `title` (RSC-005 when empty, RSC-017 when missing) and its
/// style sheet links (CSS-015 for an untitled alternate sheet, CSS-005 for clashing tags).
enum HeadRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        var head: Int?
        var title: Int?
        for (number, element) in index.elements.enumerated() where element.space == .xhtml {
            switch element.name {
            case .head?: head = number
            case .title?:
                if title == nil, let parent = element.parent, index.elements[parent].name == .head { title = number }
            case .link?: styleLink(index, number, &findings)
            default: break
            }
        }
        guard context.isXHTML else { return }
        if let title {
            if LibXMLNode.content(index.elements[title].node).trimmingXMLWhitespace().isEmpty {
                findings.report(.RSC_005, .titleElementNotEmpty, at: index.position(title))
            }
        } else if let head {
            findings.report(.RSC_017, .headHaveTitle, at: index.position(head))
        }
    }

    private static func styleLink(_ index: DocumentIndex, _ number: Int, _ findings: inout ContentFindings) {
        let node = index.elements[number].node
        let rel = (DocumentIndex.value(node, "rel") ?? "").lowercased().xmlTokens()
        guard rel.contains("stylesheet") else { return }
        if rel.contains("alternate"), (DocumentIndex.value(node, "title") ?? "").trimmingXMLWhitespace().isEmpty {
            findings.report(.CSS_015, .alternateStyleSheetNeedsTitleSo, at: index.position(number))
        }
        let classes = (DocumentIndex.value(node, "class") ?? "").xmlTokens()
        for (a, b) in [("day", "night"), ("vertical", "horizontal")] where classes.contains(a) && classes.contains(b) {
            findings.report(.CSS_005, .styleSheetLinkTaggedBoth(a, b), at: index.position(number))
        }
    }
}
