import CLibXML2
import EPUBContract

/// The HTML Schematron content-model rules EPUBCheck applies, as RSC-005: interactive content
/// that nests, elements with forbidden ancestors, `area` outside `map`, `ismap` outside a link,
/// one selected option, track labels and defaults, `link/@sizes`, microdata values, the encoding
/// declaration, one `meta charset`, map names. EPUB 2 documents get only the nested-link rule.
enum MarkupRules {
    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        var mapNames: [String: [TagPosition]] = [:]
        var charsetMetas = 0
        for (number, element) in index.elements.enumerated() where element.space == .xhtml {
            guard let name = element.name else { continue }
            markup(element.node, name, { element.position }, &findings)
            if let missing = missingRequiredAttributes(element.node, name) {
                findings.report(.RSC_005, .elementMissingItsRequiredAttribute(name.rawValue, MessageArgument.list(missing.map(MessageArgument.text), .or)),
                                at: element.position)
            }
            if name == .area, let problem = areaCoordinates(element.node) {
                findings.report(.RSC_005, problem, at: element.position)
            }
            if name == .map, let mapName = DocumentIndex.value(element.node, "name") {
                mapNames[mapName, default: []].append(index.position(number))
                if let id = DocumentIndex.value(element.node, "id"), id != mapName {
                    findings.report(.RSC_005, .mapSIdNameEqual(id, mapName), at: index.position(number))
                }
            }
            if name == .meta, xmlHasProp(element.node, "charset") != nil {
                charsetMetas += 1
                if charsetMetas == 2 { findings.report(.RSC_005, .documentHaveOnlyOneMetaCharset, at: index.position(number)) }
            }
        }
        for (mapName, positions) in mapNames where positions.count > 1 {
            for position in positions {
                findings.report(.RSC_005, .twoMapElementsShareName(mapName), at: position)
            }
        }
    }

    /// The attributes the HTML standard makes required (as EPUBCheck's XHTML grammar checks them),
    /// as the ones of which one is to be added (`src`; `data`, `type` where either will do); nil
    /// when none is missing.
    static func missingRequiredAttributes(_ node: xmlNodePtr, _ element: KnownName) -> [String]? {
        func has(_ attribute: String) -> Bool { xmlHasProp(node, attribute) != nil }
        func parentIs(_ wanted: KnownName) -> Bool {
            guard let parent = node.pointee.parent, parent.pointee.type == XML_ELEMENT_NODE else { return false }
            return KnownName.of(parent.pointee.name) == wanted
        }
        switch element {
        case .img: return has("src") ? nil : ["src"]
        case .input: return HTMLVocabulary.inputType(node) == "image" && !has("alt") ? ["alt"] : nil
        case .map: return has("name") ? nil : ["name"]
        case .optgroup: return has("label") ? nil : ["label"]
        case .meter, .data: return has("value") ? nil : ["value"]
        case .track: return has("src") ? nil : ["src"]
        case .param: return has("name") ? (has("value") ? nil : ["value"]) : ["name"]
        // An area's alt and href come together; an a without href takes no hyperlink attribute.
        case .area:
            if has("href") != has("alt") { return has("href") ? ["alt"] : ["href"] }
            // A rect, circle or poly shape needs its coordinates.
            let shape = DocumentIndex.value(node, "shape")
            return ["rect", "circle", "poly"].contains(shape ?? "") && !has("coords") ? ["coords"] : nil
        case .a: return hasHyperlinkAttributeWithoutHref(node) ? ["href"] : nil
        // With itemprop, the microdata rule says `data` is missing (EPUBCheck says it once).
        case .object: return has("data") || has("type") || has("itemprop") ? nil : ["data", "type"]
        case .base: return has("href") || has("target") ? nil : ["href", "target"]
        case .link: return has("rel") || has("itemprop") || has("property") ? nil : ["rel", "itemprop"]
        case .source:
            if parentIs(.picture) { return has("srcset") ? nil : ["srcset"] }
            return (parentIs(.audio) || parentIs(.video)) && !has("src") ? ["src"] : nil
        case .meta:
            if has("name") || has("http-equiv") { return has("content") ? nil : ["content"] }
            return has("charset") || has("itemprop") || has("property") ? nil : ["name", "http-equiv", "charset", "itemprop"]
        default: return nil
        }
    }

    /// An area's `coords` against its `shape` (`area.attrs.shape` of the grammar): none for
    /// `default`; for `rect` (also when no shape is given) four integers, for `circle` three with
    /// a radius not below zero, for `poly` an even number of at least six; integers are `-`? and
    /// digits, separated by commas, the whole trimmed.
    static func areaCoordinates(_ node: xmlNodePtr) -> MessageText? {
        guard let coords = DocumentIndex.value(node, "coords") else { return nil }
        let shape = DocumentIndex.value(node, "shape") ?? "rect"
        if shape == "default" { return .attributeNotAllowed("coords", "area") }
        let numbers = coords.trimmingXMLWhitespace().split(separator: ",", omittingEmptySubsequences: false)
        let integers = numbers.allSatisfy { part in
            let digits = part.first == "-" ? part.dropFirst() : part[...]
            return !digits.isEmpty && digits.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        }
        let fits: Bool
        switch shape {
        case "rect": fits = numbers.count == 4
        case "circle": fits = numbers.count == 3 && numbers.last?.first != "-"
        case "poly": fits = numbers.count >= 6 && numbers.count % 2 == 0
        default: return nil  // an unknown shape is the shape's fault
        }
        return integers && fits ? nil : .valueAttributeInvalid(coords, "coords", MessageText.mustBeCoordinatesOfShape(shape))
    }

    /// The attributes only a hyperlink takes (`a.href.attrs` of the grammar; an `a` without `href` takes none).
    private static let hyperlinkAttributes = NameTable(["target", "download", "rel", "hreflang", "type", "ping", "referrerpolicy"])

    /// Whether an `a` has a hyperlink attribute (in no namespace: `epub:type` is not HTML's `type`) but no `href`.
    private static func hasHyperlinkAttributeWithoutHref(_ node: xmlNodePtr) -> Bool {
        var found = false
        var attribute = node.pointee.properties
        while let a = attribute {
            attribute = a.pointee.next
            guard a.pointee.ns == nil, let name = a.pointee.name else { continue }
            if xmlStrEqual(name, "href") != 0 { return false }
            if hyperlinkAttributes.index(name) != nil { found = true }
        }
        return found
    }

    /// EPUB 2: an `a` inside another `a`, the one content-model rule its documents are held to.
    static func nestedLinks(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        for (number, element) in index.elements.enumerated() where element.space == .xhtml && element.name == .a {
            if DocumentIndex.ancestor(of: element.node, in: [.a]) != nil {
                findings.report(.RSC_005, .elementNotInsideAnotherElement, at: index.position(number))
            }
        }
    }

    /// Elements the content-model rules are about; the others are skipped.
    static let markupElements: Set<KnownName> = [
        .a, .button, .details, .embed, .iframe, .label, .menu, .select, .textarea, .audio, .video, .img, .object, .input,
        .address, .header, .footer, .form, .progress, .meter, .dfn, .table, .area, .meta, .track, .link, .time,
    ]

    /// Elements that must not have certain ancestors.
    private static let forbidden: [KnownName: Set<KnownName>] = [
        .audio: [.audio, .video], .video: [.audio, .video], .address: [.address], .header: [.address, .header, .footer],
        .footer: [.address, .header, .footer], .form: [.form], .progress: [.progress], .meter: [.meter], .dfn: [.dfn],
        .table: [.caption], .label: [.label], .time: [.time],
    ]

    /// The HTML Schematron content-model rules, checked where an element that can break them is met.
    private static func markup(_ node: xmlNodePtr, _ element: KnownName, _ position: () -> TagPosition, _ findings: inout ContentFindings) {
        guard markupElements.contains(element) else { return }
        var said: [MessageText] = []
        nesting(node, element, &said)
        elementRules(node, element, &said)
        itemPropertyAndCharset(node, element, &said)
        for message in said { findings.report(.RSC_005, message, at: position()) }
    }

    /// The nearest ancestor with one of the names.
    private static func ancestor(of node: xmlNodePtr, _ wanted: Set<KnownName>) -> KnownName? {
        var up = node.pointee.parent
        while let p = up, p.pointee.type == XML_ELEMENT_NODE {
            if let n = KnownName.of(p.pointee.name), wanted.contains(n) { return n }
            up = p.pointee.parent
        }
        return nil
    }

    /// Where an element may not be: interactive content inside `a` or `button`, the elements HTML
    /// keeps out of others, `area` outside a `map`, an `ismap` image outside a link.
    private static func nesting(_ node: xmlNodePtr, _ element: KnownName, _ said: inout [MessageText]) {
        let local = element.rawValue
        var interactive: Bool
        switch element {
        case .a, .button, .details, .embed, .iframe, .label, .menu, .select, .textarea: interactive = true
        case .audio, .video: interactive = DocumentIndex.value(node, "controls") != nil
        case .img, .object: interactive = DocumentIndex.value(node, "usemap") != nil
        case .input: interactive = DocumentIndex.value(node, "type")?.lowercased() != "hidden"
        default: interactive = false
        }
        if interactive, let outer = ancestor(of: node, [.a, .button]) {
            said.append(outer == .a ? .elementNotInsideAnAElement(local) : .elementNotInsideAButtonElement(local))
        }
        if let outside = forbidden[element], let outer = ancestor(of: node, outside),
           !(element == .label && interactive && ancestor(of: node, [.a, .button]) != nil) {
            said.append(.elementNotInsideElement(local, outer.rawValue))
        }
        if element == .area && ancestor(of: node, [.map]) == nil {
            said.append(.areaElementInsideMapElement)
        }
        if element == .img, DocumentIndex.value(node, "ismap") != nil {
            var up = node.pointee.parent
            var linked = false
            while let p = up, p.pointee.type == XML_ELEMENT_NODE {
                if KnownName.of(p.pointee.name) == .a, xmlHasProp(p, "href") != nil { linked = true; break }
                up = p.pointee.parent
            }
            if !linked { said.append(.imgIsmapInsideElementHref) }
        }
    }

    /// One element's own constraints: a single-choice `select`, `track` labels and defaults, `link sizes`.
    private static func elementRules(_ node: xmlNodePtr, _ element: KnownName, _ said: inout [MessageText]) {
        switch element {
        case .select where DocumentIndex.value(node, "multiple") == nil:
            if countSelectedOptions(node) > 1 { said.append(.selectWithoutMultipleHaveOnlyOne) }
        case .track:
            // An empty label, or one of white space alone (the grammar normalizes it first).
            if DocumentIndex.value(node, "label")?.trimmingXMLWhitespace().isEmpty == true { said.append(.trackSLabelNotEmpty) }
            if DocumentIndex.value(node, "default") != nil, let parent = node.pointee.parent {
                var sibling = parent.pointee.children
                while let c = sibling, c != node {
                    if c.pointee.type == XML_ELEMENT_NODE, KnownName.of(c.pointee.name) == .track, xmlHasProp(c, "default") != nil {
                        said.append(.onlyOneTrackMediaElementDefault)
                        break
                    }
                    sibling = c.pointee.next
                }
            }
        case .link:
            if DocumentIndex.value(node, "sizes") != nil, !(DocumentIndex.value(node, "rel") ?? "").lowercased().xmlTokens().contains("icon") {
                said.append(.sizesAllowedOnlyLinkWhoseRel)
            }
        default: break
        }
    }

    /// Microdata (an item property needs the attribute that gives its value) and the
    /// `content-type` meta (UTF-8 HTML, and not beside a `charset` meta).
    private static func itemPropertyAndCharset(_ node: xmlNodePtr, _ element: KnownName, _ said: inout [MessageText]) {
        let local = element.rawValue
        if DocumentIndex.value(node, "itemprop") != nil {
            let needed: String?
            switch element {
            case .a, .area: needed = "href"
            case .iframe, .embed, .object: needed = "data"
            case .audio, .video: needed = "src"
            default: needed = nil
            }
            if let needed, DocumentIndex.value(node, needed) == nil {
                said.append(needed == "href" ? .itempropNeedsHrefAttribute(local) : .itempropNeedsAttribute(local, needed))
                // The HTML grammar requires it too, and EPUBCheck reports both.
                if element == .a || element == .object { said.append(.elementMissingAttributeRequiredItemprop(local, needed)) }
            }
        }
        if element == .meta, DocumentIndex.value(node, "http-equiv")?.lowercased() == "content-type" {
            let content = (DocumentIndex.value(node, "content") ?? "").lowercased().replacingOccurrences(of: " ", with: "")
            if content != "text/html;charset=utf-8" {
                said.append(.contentTypeMetaSayTextHtml)
            } else if let parent = node.pointee.parent {
                var sibling = parent.pointee.children
                while let c = sibling {
                    if c.pointee.type == XML_ELEMENT_NODE, KnownName.of(c.pointee.name) == .meta, xmlHasProp(c, "charset") != nil {
                        said.append(.documentNotDeclareEncodingBothContent)
                        break
                    }
                    sibling = c.pointee.next
                }
            }
        }
    }

    /// Selected `option`s inside a `select` (its own, not those of a nested one).
    private static func countSelectedOptions(_ node: xmlNodePtr) -> Int {
        var count = 0
        var stack: [xmlNodePtr] = []
        var child = node.pointee.children
        while let c = child { stack.append(c); child = c.pointee.next }
        while let c = stack.popLast() {
            guard c.pointee.type == XML_ELEMENT_NODE else { continue }
            if KnownName.of(c.pointee.name) == .option, xmlHasProp(c, "selected") != nil { count += 1 }
            var grandchild = c.pointee.children
            while let g = grandchild { stack.append(g); grandchild = g.pointee.next }
        }
        return count
    }

}
