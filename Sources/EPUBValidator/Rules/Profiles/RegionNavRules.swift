import EPUBContract

/// EPUB Region-Based Navigation 1.0, §3.4.2: the content model of a `region-based` nav in a Data
/// Navigation Document. The nav holds one `ol` and nothing else; each list item starts with an
/// `a` (one region) or a `span` (a region pair), optionally followed by one nested `ol`
/// (subregions); every `span` in the nav holds exactly two `a`. Each fault is an RSC-005 on the
/// element at fault; an `a` with a text label is an RSC-017 warning, since a region is named by
/// its target, not by text; a region in a reflowable document is NAV-009. Every item is judged
/// whatever else is wrong, as EPUBCheck does.
enum RegionNavRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        guard context.dataNav, context.isXHTML, index.types.contains(where: { $0.token == "region-based" && $0.element == "nav" }) else { return }
        let tree = ElementTree(index)
        for nav in index.elements.indices where tree.names[nav] == "nav" && tree.types[nav].contains("region-based") {
            let lists = tree.children[nav]
            if lists.count != 1 || tree.names[lists[0]] != "ol" {
                findings.report(.RSC_005, .regionBasedNavElementContainExactly, at: index.elements[nav].position)
            }
            for number in tree.descendants(nav) {
                switch tree.names[number] {
                case "li":
                    listItem(number, tree, index, &findings)
                case "span" where tree.children[number].filter({ tree.names[$0] == "a" }).count != 2:
                    findings.report(.RSC_005, .spanElementsRegionBasedNavsContain, at: index.elements[number].position)
                case "a":
                    link(number, index, context, &findings)
                default:
                    break
                }
            }
        }
    }

    /// A region: no text label (RSC-017), and a target that is fixed-layout (NAV-009).
    private static func link(_ number: Int, _ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        let element = index.elements[number]
        if !LibXMLNode.content(element.node).trimmingXMLWhitespace().isEmpty {
            findings.report(.RSC_017, .elementsRegionBasedNavsNotContain, at: element.position)
        }
        if let href = DocumentIndex.value(element.node, "href"), case .local(let path, _) = HrefResolver.resolve(href, against: index.path),
           context.fixedLayout[path] == false {
            findings.report(.NAV_009, .regionBasedNavigationLinksPointFixed, at: element.position)
        }
    }

    /// One list item: a region (`a`) or a pair (`span` of two `a`), then at most one `ol`.
    private static func listItem(_ number: Int, _ tree: ElementTree, _ index: DocumentIndex, _ findings: inout ContentFindings) {
        let children = tree.children[number]
        guard let first = children.first, ["a", "span"].contains(tree.names[first]) else {
            findings.report(.RSC_005, .firstChildRegionBasedNavList,
                            at: index.elements[number].position)
            return
        }
        if children.count > 2 || (children.count == 2 && tree.names[children[1]] != "ol") {
            findings.report(.RSC_005, .regionNavItemOneOlAfterLabel,
                            at: index.elements[number].position)
        }
    }
}
