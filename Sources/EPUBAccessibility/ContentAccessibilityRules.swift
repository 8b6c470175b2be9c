import CLibXML2
import EPUBContract

/// The axe-core rules that need no layout, on one XHTML content document's model, plus Ace's two
/// EPUB rules (`epub-type-has-matching-role`, `pagebreak-label`). Elements hidden from every reader
/// (`display: none` by the one cascade, `StyleResolver`, and their descendants) are skipped where
/// axe skips them.
struct ContentAccessibilityRules {
    typealias Found = (rule: AccessibilityRule, element: Int)

    let model: ContentDocument
    let names: AccessibleNames
    /// Local names of XHTML elements ("" for other namespaces).
    let localNames: [String]
    let hidden: [Bool]
    /// The document's distinct computed styles (the one cascade, `StyleResolver`, run once a
    /// document) and each element's among them, by model index.
    let uniqueStyles: [ComputedStyle]
    let styleIndex: [Int]
    /// What colour contrast reads of each distinct style, parsed once.
    let paint: [Paint]
    /// An image element's intrinsic size in CSS px, when its file can be read.
    let intrinsicSize: (Int) -> (width: Double, height: Double)?
    /// How long the media file a `src` as written names plays, in seconds, when its file can be
    /// read and its format says (`MediaDuration`).
    let mediaDuration: (String) -> Double?

    init(_ model: ContentDocument, sheets: StyleResolver.Sheets, intrinsicSize: @escaping (Int) -> (width: Double, height: Double)? = { _ in nil },
         mediaDuration: @escaping (String) -> Double? = { _ in nil }) {
        self.model = model
        self.intrinsicSize = intrinsicSize
        self.mediaDuration = mediaDuration
        names = AccessibleNames(model)
        let doc = model.elements.first?.node.pointee.doc?.pointee
        attributeDefaults = doc.map { $0.intSubset?.pointee.attributes != nil || $0.extSubset?.pointee.attributes != nil } ?? false
        localNames = model.elements.map { $0.namespace == .xhtml ? $0.localName : "" }
        let resolved = StyleResolver.resolve(model, sheets: sheets, only: Self.styleProperties)
        uniqueStyles = resolved.unique
        styleIndex = resolved.index
        paint = resolved.unique.map(Paint.init)
        hidden = StyleResolver.hidden(model, resolved)
        roles = model.elements.indices.map(findRole)
        reached = hiddenFromAssistiveTechnology().map { !$0 }
        pageCoverers = coveringElements()
    }

    /// What assistive technology reaches (`hiddenFromAssistiveTechnology`), and the elements that
    /// cover the page (`coveringElements`): facts many rules read, found once a document.
    private(set) var reached: [Bool] = []
    private(set) var pageCoverers: [Int] = []
    /// Each element's role (`role(_:)`), which most rule families ask of most elements.
    private(set) var roles: [String?] = []

    /// The computed properties the rules read (visibility, contrast, page coverers), and
    /// `font-family`, on which `font-size` depends: the cascade ranks only these, so a book's
    /// typography rules are never matched (a third of the checker's time before).
    static let styleProperties: Set<String> = [
        "display", "visibility", "position", "width", "height", "color", "background-color", "background-image", "opacity",
        "font-size", "font-weight", "font-family",
    ]

    /// An element's computed style.
    func style(_ number: Int) -> ComputedStyle { uniqueStyles[styleIndex[number]] }

    /// Whether the document's DTD declares attribute lists, whose defaults an element without
    /// attributes of its own may still have (`<!DOCTYPE html>` declares none).
    let attributeDefaults: Bool

    /// An attribute's value; elements without attributes are not asked (the rules ask about a
    /// dozen attributes of every element of a book).
    func attribute(_ number: Int, _ name: String) -> String? {
        if attributeDefaults { return LibXMLNode.attribute(model.elements[number].node, name) }
        return model.hasAttributes(number) ? LibXMLNode.ownAttribute(model.elements[number].node, name) : nil
    }

    /// Every rule on every element; what the publication rules need is counted in `facts`.
    func check(facts: inout PublicationAccessibilityRules.ContentFacts) -> [Found] {
        var out = document()
        for number in model.elements.indices {
            out += element(number)
            count(number, into: &facts)
        }
        out += duplicateReferencedIDs() + headingOrder() + tableHeaders() + headersWithoutData() + pageRules()
        out += landmarkRules() + nameRules() + visibleTextRules() + focusRules() + formRules() + autocompleteValid() + uniqueLandmarks() + regionRule() + inlineSpacing() + colorContrast() + accessKeys() + autoplayingAudio() + brailleEquivalents()
        return out
    }

    /// The document's own rules: a title, and a valid language on `html`.
    private func document() -> [Found] {
        guard let root = model.elements.indices.first, localNames[root] == "html" else { return [] }
        var out: [Found] = []
        let title = model.elements.indices.first { localNames[$0] == "title" && localNames[model.elements[$0].parent ?? root] == "head" }
        if title.map({ LibXMLNode.content(model.elements[$0].node).trimmingXMLWhitespace().isEmpty }) ?? true {
            out.append((.documentTitle, root))
        }
        let said = languageAttributes(root)
        let languages = [said.plain, said.xml].compactMap { $0 }
        if languages.allSatisfy({ $0.trimmingXMLWhitespace().isEmpty }) {
            out.append((.htmlHasLang, root))
        } else if languages.contains(where: { !$0.trimmingXMLWhitespace().isEmpty && !Self.isValidLanguage($0) }) {
            out.append((.htmlLangValid, root))
        }
        return out
    }

    /// An element's `lang` and `xml:lang`, those it has. Read in one pass over its attributes,
    /// without a list (every element is asked); a DTD's defaults only libxml2 knows.
    func languageAttributes(_ number: Int) -> (plain: String?, xml: String?) {
        if attributeDefaults {
            let node = model.elements[number].node
            return (LibXMLNode.attribute(node, "lang"), LibXMLNode.attribute(node, "lang", namespace: XMLNamespace.xml))
        }
        var plain: String?, xml: String?
        for attribute in model.attributes(of: number) where attribute.isNamed("lang") {
            if attribute.namespace == nil {
                if plain == nil { plain = attribute.value }
            } else if xml == nil, attribute.isInXMLNamespace {
                xml = attribute.value
            }
        }
        return (plain, xml)
    }

    /// axe-core's test: the primary subtag is two or three letters (ISO 639), case aside.
    static func isValidLanguage(_ value: String) -> Bool {
        let primary = value.trimmingXMLWhitespace().split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return (2...3).contains(primary.count) && primary.unicodeScalars.allSatisfy { ($0.value | 0x20) >= 0x61 && ($0.value | 0x20) <= 0x7A }
    }

    private func count(_ number: Int, into facts: inout PublicationAccessibilityRules.ContentFacts) {
        if isPageBreak(number) {
            facts.pageBreaks += 1
            let element = model.elements[number]
            facts.pageBreakMarkers.append((model.path, ContentDocument.id(of: element.node),
                                           .init(path: model.path, line: element.line, cfi: model.cfiPath(of: number), element: element.localName)))
        }
        if localNames[number] == "img", !hidden[number], attribute(number, "alt") == nil, !isPresentational(number) { facts.imagesWithoutAlt += 1 }
        if !facts.usesSSML, model.attributes(of: number).contains(where: { $0.namespace == .ssml }) { facts.usesSSML = true }
    }

    func isPageBreak(_ number: Int) -> Bool { model.isPageBreak(number) }

    func isPresentational(_ number: Int) -> Bool {
        let roles = model.roles(of: number)
        return roles.first == "presentation" || roles.first == "none"
    }
}
