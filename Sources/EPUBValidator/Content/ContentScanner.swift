import EPUBContract
import CLibXML2
import Foundation

/// Reads an XHTML or SVG content document's references and features in one walk of its tree
/// (the session's parsed copy, so nothing is parsed twice). Names are compared as libxml2's
/// interned pointers, so the walk allocates nothing for elements it does not care about.
public enum ContentScanner {
    private enum Name: String, CaseIterable {
        case a, area, link, img, input, audio, video, picture, source, track, iframe, embed, object, script, form, base, rp
        case head, title, bdo, button, details, label, menu, select, textarea, map, caption, table, header, footer, address
        case progress, meter, dfn, meta, output, style, blockquote, q, del, ins, datalist, option, th, td, fieldset, mi, mo
        case id, role, `for`, headers, xref, indenttarget, ref, observer, ph
        case ariaActivedescendant = "aria-activedescendant"
        case ariaDescribedby = "aria-describedby", ariaFlowto = "aria-flowto", ariaLabelledby = "aria-labelledby"
        case ariaOwns = "aria-owns", ariaControls = "aria-controls"
        case svg, image, feImage, use, math, annotationXML = "annotation-xml", `switch`, trigger
        case href, src, srcset, poster, data, type, rel, alttext
    }

    private static let allNames = Name.allCases
    private static let nameTable = NameTable(Name.allCases.map(\.rawValue))

    private enum Space {
        case xhtml, svg, mathml, epub, xlink, events, ssml, other
        /// A custom namespace on a W3C or IDPF host, which custom attributes must not use.
        case reserved
    }

    /// An ID reference checked once the whole document is read (the target may come later).
    private struct PendingReference {
        enum Target {
            /// Any element of the document.
            case any
            /// Elements of these names; `label` for the message.
            case elements(Set<Name>, label: String)
            /// Elements a `label` may point at (`input` unless hidden).
            case labelable
            /// A descendant of the referring element.
            case descendant
            /// A `th` of the referring cell's table.
            case headerCell
        }
        var attribute: String
        var ids: [String]
        var node: xmlNodePtr
        var target: Target
        var position: TagPosition
    }

    /// `source` (the document's bytes) lets the scan locate columns; without it only lines are known.
    public static func scan(_ document: XMLDocument, source: Data? = nil) -> ContentScan {
        var walk = Walk(document: document)
        walk.scan.locator = source.map(SourceLocator.init)
        guard let root = xmlDocGetRootElement(document.pointer) else { return walk.scan }
        walk.rootIsXHTML = walk.space(root.pointee.ns) == .xhtml
        walk.readProlog()
        walk.stack = [(root, nil, .flow, nil)]
        while let (node, media, vocabulary, parentIndex) = walk.stack.popLast() {
            walk.visit(node, media: media, vocabulary: vocabulary, parentIndex: parentIndex)
        }
        return walk.finish()
    }

    /// Names found from their bytes with one process-wide table: no per-document setup, no String.
    private static func name(_ raw: UnsafePointer<xmlChar>?) -> Name? {
        guard let raw, let index = nameTable.index(raw) else { return nil }
        return allNames[index]
    }

    /// The element being visited: what every per-element step needs, its position made only on demand.
    private struct Current {
        var node: xmlNodePtr
        var kind: Space
        var element: Name?
        var line: Int
        var occurrence: Int
        /// The media element (`audio`, `video`, `picture`) the element is inside, if any.
        var media: ContentReference.Kind?

        func position() -> TagPosition { ContentScanner.position(of: node, line: line, occurrence: occurrence) }
    }

    /// The state of one document's walk; each step of a visit is a method of its own.
    private struct Walk {
        let document: XMLDocument
        var scan = ContentScan()
        var rootIsXHTML = false
        var stack: [(node: xmlNodePtr, media: ContentReference.Kind?, vocabulary: VocabularyContext, parentIndex: Int?)] = []
        /// A document declares a handful of namespaces: a list searched by pointer beats hashing.
        private var spaces: [(ns: UnsafeMutablePointer<xmlNs>, space: Space)] = []
        private var lastSpace: (ns: UnsafeMutablePointer<xmlNs>, space: Space)?
        /// An absolute `<base href>` makes the relative URLs after it remote (EPUBCheck reads in
        /// document order, so a link before the base stays local).
        private var remoteBase: String?
        /// The first element with each id, and where it is (positions are made only when needed).
        private var ids: [String: (node: xmlNodePtr, line: Int, occurrence: Int)] = [:]
        private var reportedIDs: Set<String> = []
        private var pending: [PendingReference] = []
        private var mapNames: [String: [TagPosition]] = [:]
        private var charsetMetas = 0
        /// Tags met on the current line (few distinct ones share a line: a list beats hashing).
        private var countsLine = -1
        private var counts: [(key: PrefixedName, count: Int)] = []

        init(document: XMLDocument) {
            self.document = document
        }

        mutating func space(_ ns: UnsafeMutablePointer<xmlNs>?) -> Space {
            guard let ns else { return .other }
            if let last = lastSpace, last.ns == ns { return last.space }
            if let known = spaces.first(where: { $0.ns == ns }) {
                lastSpace = known
                return known.space
            }
            let href = ns.pointee.href.map { String(cString: $0) } ?? ""
            let kind: Space
            switch href {
            case XMLNamespace.xhtml: kind = .xhtml
            case XMLNamespace.svg: kind = .svg
            case "http://www.w3.org/1998/Math/MathML": kind = .mathml
            case XMLNamespace.epub: kind = .epub
            case XMLNamespace.xlink: kind = .xlink
            case "http://www.w3.org/2001/xml-events": kind = .events
            case "http://www.w3.org/2001/10/synthesis": kind = .ssml
            default: kind = ContentScanner.isReservedCustomNamespace(href) ? .reserved : .other
            }
            spaces.append((ns, kind))
            lastSpace = (ns, kind)
            return kind
        }

        private func resolve(_ url: String) -> HrefResolver.Resolution {
            let resolution = HrefResolver.resolve(url, against: document.path)
            if let remoteBase, case .local = resolution { return .remote(remoteBase + url) }
            return resolution
        }

        /// `<?xml-stylesheet href="…"?>` before the root (SVG documents use it for their CSS).
        mutating func readProlog() {
            var prolog = document.pointer.pointee.children
            while let node = prolog {
                if node.pointee.type == XML_PI_NODE, String(cString: node.pointee.name) == "xml-stylesheet",
                   let content = node.pointee.content.map({ String(cString: $0) }),
                   let range = content.range(of: #"href\s*=\s*("[^"]*"|'[^']*')"#, options: .regularExpression) {
                    let url = String(content[range].drop { $0 != "\"" && $0 != "'" }.dropFirst().dropLast())
                    if !url.isEmpty {
                        let position = TagPosition(line: Int(xmlGetLineNo(node)), tag: "?xml-stylesheet", occurrence: 0)
                        scan.references.append(ContentReference(kind: .stylesheet, url: url, resolution: HrefResolver.resolve(url, against: document.path),
                                                                element: "xml-stylesheet", attribute: "href", position: position))
                        scan.hasStyleSheet = true
                    }
                }
                prolog = node.pointee.next
            }
        }

        /// Which occurrence of its tag on its line the element is (positions count them).
        private mutating func occurrence(of node: xmlNodePtr, line: Int) -> Int {
            if line != countsLine {
                counts.removeAll(keepingCapacity: true)
                countsLine = line
            }
            let key = PrefixedName(prefix: node.pointee.ns?.pointee.prefix, name: node.pointee.name)
            if let slot = counts.firstIndex(where: { $0.key == key }) {
                counts[slot].count += 1
                return counts[slot].count - 1
            }
            counts.append((key, 1))
            return 0
        }

        mutating func visit(_ node: xmlNodePtr, media: ContentReference.Kind?, vocabulary: VocabularyContext, parentIndex: Int?) {
            let line = Int(xmlGetLineNo(node))
            let current = Current(node: node, kind: space(node.pointee.ns), element: ContentScanner.name(node.pointee.name), line: line,
                                  occurrence: occurrence(of: node, line: line), media: media)
            namespaceDeclarations(current)
            attributes(current)
            var childVocabulary = vocabulary
            var ownIndex: Int?
            if current.kind == .xhtml {
                (childVocabulary, ownIndex) = ContentScanner.checkVocabulary(node, vocabulary, parentIndex, current.position, &scan)
            }
            if current.kind == .xhtml, let element = current.element {
                ContentScanner.markup(node, element, current.position, &scan, ContentScanner.name)
                idReferences(current, element)
            }
            let childMedia = elementFacts(current)
            // Children pushed in reverse, straight onto the stack (no second array, no tuple casts).
            let mark = stack.count
            var child = node.pointee.children
            while let c = child {
                if c.pointee.type == XML_ELEMENT_NODE { stack.append((c, childMedia, childVocabulary, ownIndex)) }
                child = c.pointee.next
            }
            stack[mark...].reverse()
        }

        /// Declarations of the `epub` prefix for another namespace than EPUB's.
        private mutating func namespaceDeclarations(_ current: Current) {
            var definition = current.node.pointee.nsDef
            while let ns = definition {
                if let prefix = ns.pointee.prefix, String(cString: prefix) == "epub", space(ns) != .epub {
                    scan.unusualEPUBNamespaces.append((namespace: ns.pointee.href.map { String(cString: $0) } ?? "", position: current.position()))
                }
                definition = ns.pointee.next
            }
        }

        /// Attributes every element may carry: epub:type, ids, ID references, event handlers, data-*.
        private mutating func attributes(_ current: Current) {
            var attr = current.node.pointee.properties
            while let a = attr {
                if let ns = a.pointee.ns {
                    namespacedAttribute(a, space(ns), current)
                } else if current.kind == .mathml, let raw = a.pointee.name, let attribute = ContentScanner.name(raw), attribute == .xref || attribute == .indenttarget {
                    pending.append(.init(attribute: attribute.rawValue, ids: LibXMLNode.content(a).xmlTokens(), node: current.node, target: .any, position: current.position()))
                } else if current.kind == .xhtml || current.kind == .svg, let raw = a.pointee.name {
                    plainAttribute(a, raw, current)
                }
                attr = a.pointee.next
            }
        }

        private mutating func namespacedAttribute(_ a: xmlAttrPtr, _ attributeSpace: Space, _ current: Current) {
            let node = current.node
            if attributeSpace == .epub, ContentScanner.name(a.pointee.name) == .type {
                for token in LibXMLNode.content(a).xmlTokens() {
                    scan.types.append(.init(token: token, element: String(cString: node.pointee.name), position: current.position()))
                }
            } else if attributeSpace == .events, ContentScanner.name(a.pointee.name) == .observer {
                pending.append(.init(attribute: "ev:observer", ids: LibXMLNode.content(a).xmlTokens(), node: node, target: .any, position: current.position()))
            } else if attributeSpace == .reserved, current.kind == .xhtml {
                let namespace = a.pointee.ns?.pointee.href.map { String(cString: $0) } ?? ""
                scan.reservedNamespaceAttributes.append((namespace: namespace, position: current.position()))
            } else if attributeSpace == .ssml, ContentScanner.name(a.pointee.name) == .ph, ContentScanner.hasSpeechAncestor(node) {
                scan.markupProblems.append((message: "An ssml:ph attribute must not be inside an element that already has one.", position: current.position()))
            }
        }

        private mutating func plainAttribute(_ a: xmlAttrPtr, _ raw: UnsafePointer<xmlChar>, _ current: Current) {
            let attribute = ContentScanner.name(raw)
            let xhtml = current.kind == .xhtml
            if attribute == .id {
                let id = LibXMLNode.content(a).trimmingXMLWhitespace()
                if let first = ids[id] {
                    if reportedIDs.insert(id).inserted {
                        scan.duplicateIDs.append((id: id, position: ContentScanner.position(of: first.node, line: first.line, occurrence: first.occurrence)))
                    }
                    scan.duplicateIDs.append((id: id, position: current.position()))
                } else {
                    ids[id] = (current.node, current.line, current.occurrence)
                }
            } else if xhtml, let aria = attribute, ContentScanner.idReferenceAttributes.contains(aria) {
                let ids = LibXMLNode.content(a).xmlTokens()
                if !ids.isEmpty { scan.idReferences.append((attribute: aria.rawValue, ids: ids, position: current.position())) }
            } else if xhtml, attribute == .ariaActivedescendant {
                pending.append(.init(attribute: "aria-activedescendant", ids: LibXMLNode.content(a).xmlTokens(), node: current.node, target: .descendant, position: current.position()))
            } else if xhtml, attribute == .role {
                for role in LibXMLNode.content(a).xmlTokens() where role == "doc-endnote" || role == "doc-biblioentry" {
                    scan.markupWarnings.append((message: "The role '\(role)' is deprecated.", position: current.position()))
                }
            } else if xhtml, raw[0] == UInt8(ascii: "o"), raw[1] == UInt8(ascii: "n"), raw[2] != 0 {
                scan.features.insert(.scripted)
            } else if raw[0] == UInt8(ascii: "d"), raw[1] == UInt8(ascii: "a"), raw[2] == UInt8(ascii: "t"), raw[3] == UInt8(ascii: "a"), raw[4] == UInt8(ascii: "-") {
                let attributeName = String(cString: raw)
                if attributeName.count == 5 || attributeName.contains(where: { $0.isASCII && $0.isUppercase }) || attributeName.utf8.contains(UInt8(ascii: ":")) {
                    scan.badDataAttributes.append((name: attributeName, position: current.position()))
                }
            }
        }

        /// ID references whose target must be of a kind, resolved after the walk; map names, charset metas.
        private mutating func idReferences(_ current: Current, _ element: Name) {
            let node = current.node
            func refer(_ attribute: String, _ target: PendingReference.Target) {
                if let names = ContentScanner.value(node, attribute)?.xmlTokens() {
                    pending.append(.init(attribute: attribute, ids: names, node: node, target: target, position: current.position()))
                }
            }
            switch element {
            case .input:
                refer("list", .elements([.datalist], label: "a datalist"))
            case .label:
                refer("for", .labelable)
            case .td, .th:
                refer("headers", .headerCell)
            case .map:
                let mapName = ContentScanner.value(node, "name")
                if let mapName { mapNames[mapName, default: []].append(current.position()) }
                if let id = ContentScanner.value(node, "id"), let mapName, id != mapName {
                    scan.markupProblems.append((message: "A map's id and name must be equal ('\(id)' and '\(mapName)').", position: current.position()))
                }
            case .meta where xmlHasProp(node, "charset") != nil:
                charsetMetas += 1
                if charsetMetas == 2 {
                    scan.markupProblems.append((message: "A document may have only one meta charset.", position: current.position()))
                }
            case .output:
                if let ids = ContentScanner.value(node, "for")?.xmlTokens(), !ids.isEmpty {
                    scan.idReferences.append((attribute: "for", ids: ids, position: current.position()))
                }
            default: break
            }
            if ContentScanner.formAssociated.contains(element) {
                refer("form", .elements([.form], label: "a form"))
            }
        }

        /// A reference from an attribute of the current element, as written (trimmed).
        private mutating func add(_ current: Current, _ refKind: ContentReference.Kind, _ attribute: String, namespace: String? = nil) {
            let node = current.node
            guard let raw = ContentScanner.value(node, attribute, namespace: namespace) else { return }
            let url = raw.trimmingXMLWhitespace()
            guard !url.isEmpty else { return }
            var reference = ContentReference(kind: refKind, url: url, resolution: resolve(url),
                                             element: String(cString: node.pointee.name), attribute: attribute, position: current.position())
            if current.element == .object || current.element == .embed || current.element == .source {
                reference.declaredType = ContentScanner.value(node, "type")?.trimmingXMLWhitespace()
            }
            reference.insidePicture = current.element == .img && current.media == .image
            scan.references.append(reference)
        }

        /// One reference per candidate of a `srcset`.
        private mutating func addSrcset(_ current: Current, _ refKind: ContentReference.Kind) {
            guard let raw = ContentScanner.value(current.node, "srcset") else { return }
            for candidate in raw.split(separator: ",") {
                guard let url = candidate.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first else { continue }
                let text = String(url)
                var reference = ContentReference(kind: refKind, url: text, resolution: resolve(text),
                                                 element: String(cString: current.node.pointee.name), attribute: "srcset", position: current.position())
                reference.insidePicture = current.element == .img && current.media == .image
                scan.references.append(reference)
            }
        }

        /// References, features and discouraged elements; returns the media context of the children.
        private mutating func elementFacts(_ current: Current) -> ContentReference.Kind? {
            guard let element = current.element else { return current.media }
            switch current.kind {
            case .xhtml: return xhtmlFacts(current, element)
            case .svg: svgFacts(current, element)
            case .mathml:
                if element == .math {
                    scan.features.insert(.mathml)
                    if ContentScanner.value(current.node, "alttext") == nil && !ContentScanner.hasDescendant(current.node, .annotationXML, ContentScanner.name) {
                        scan.mathWithoutAlternative.append(current.line)
                    }
                }
            case .epub where element == .switch:
                scan.features.insert(.switch)
                scan.deprecatedElements.append(.init(name: "epub:switch", position: current.position()))
            case .epub where element == .trigger:
                scan.deprecatedElements.append(.init(name: "epub:trigger", position: current.position()))
                if let names = ContentScanner.value(current.node, "ref")?.xmlTokens() {
                    pending.append(.init(attribute: "ref", ids: names, node: current.node, target: .any, position: current.position()))
                }
            default: break
            }
            return current.media
        }

        private mutating func svgFacts(_ current: Current, _ element: Name) {
            let xlink = ContentScanner.value(current.node, "href", namespace: XMLNamespace.xlink) != nil ? XMLNamespace.xlink : nil
            switch element {
            case .svg: if rootIsXHTML { scan.features.insert(.svg) }
            case .a: add(current, .hyperlink, "href", namespace: xlink)
            case .image, .feImage: add(current, .image, "href", namespace: xlink)
            case .use: add(current, .svgReference, "href", namespace: xlink)
            case .script:
                add(current, .script, "href", namespace: xlink)
                scan.features.insert(.scripted)
            default: break
            }
        }

        private mutating func xhtmlFacts(_ current: Current, _ element: Name) -> ContentReference.Kind? {
            let node = current.node
            func value(_ name: String) -> String? { ContentScanner.value(node, name) }
            switch element {
            case .a, .area:
                add(current, .hyperlink, "href")
                if let href = value("href"), href.trimmingXMLWhitespace().isEmpty { scan.emptyHyperlinks.append(current.position()) }
            case .link:
                let rel = (value("rel") ?? "").lowercased().xmlTokens()
                add(current, rel.contains("stylesheet") ? .stylesheet : .link, "href")
                if rel.contains("stylesheet") {
                    scan.hasStyleSheet = true
                    scan.styleLinks.append(.init(rel: rel, classes: (value("class") ?? "").xmlTokens(), title: value("title"), position: current.position()))
                }
            case .head: scan.head = current.position()
            case .style: scan.hasStyleSheet = true
            case .title:
                if scan.title == nil, node.pointee.parent.map({ ContentScanner.name($0.pointee.name) == .head }) ?? false {
                    scan.title = (hasText: !LibXMLNode.content(node).trimmingXMLWhitespace().isEmpty, position: current.position())
                }
            case .bdo: if value("dir") == nil { scan.bdoWithoutDir.append(current.position()) }
            case .img:
                add(current, .image, "src")
                addSrcset(current, .image)
            case .input: if value("type")?.lowercased() == "image" { add(current, .image, "src") }
            case .audio:
                add(current, .audio, "src")
                return .audio
            case .video:
                add(current, .video, "src")
                add(current, .image, "poster")
                return .video
            case .picture: return .image
            case .source:
                add(current, current.media ?? .embedded, "src")
                addSrcset(current, current.media ?? .image)
            case .track: add(current, .track, "src")
            case .iframe: add(current, .embedded, "src")
            case .embed:
                add(current, .embedded, "src")
                scan.discouragedElements.append(.init(name: "embed", position: current.position()))
            case .object: add(current, .embedded, "data")
            case .script:
                add(current, .script, "src")
                let type = (value("type") ?? "").trimmingXMLWhitespace().lowercased()
                if type.isEmpty || type.contains("javascript") || type.contains("ecmascript") || type == "module" {
                    scan.features.insert(.scripted)
                }
            case .form: scan.features.insert(.scripted)
            case .base:
                if let href = value("href")?.trimmingXMLWhitespace(), case .remote = HrefResolver.resolve(href, against: document.path) {
                    remoteBase = href
                }
                scan.discouragedElements.append(.init(name: "base", position: current.position()))
            case .blockquote, .q, .del, .ins: add(current, .citation, "cite")
            case .rp: scan.discouragedElements.append(.init(name: "rp", position: current.position()))
            default: break
            }
            return current.media
        }

        /// ID references checked against every id of the document, and repeated map names.
        mutating func finish() -> ContentScan {
            for reference in pending { ContentScanner.check(reference, ids, &scan, ContentScanner.name) }
            for (mapName, positions) in mapNames where positions.count > 1 {
                for position in positions {
                    scan.markupProblems.append((message: "Two map elements share the name '\(mapName)'.", position: position))
                }
            }
            return scan
        }
    }

    private static func position(of node: xmlNodePtr, line: Int, occurrence: Int) -> TagPosition {
        let local = String(cString: node.pointee.name)
        let tag = node.pointee.ns?.pointee.prefix.map { String(cString: $0) + ":" + local } ?? local
        return TagPosition(line: line, tag: tag, occurrence: occurrence)
    }

    /// Elements whose `form` attribute names the form they belong to.
    private static let formAssociated: Set<Name> = [.button, .fieldset, .input, .label, .object, .output, .select, .textarea]

    /// Elements a `label` may name with `for`.
    private static let labelable: Set<Name> = [.button, .input, .meter, .output, .progress, .select, .textarea]

    /// Namespaces the document may use but custom attributes may not: any other on a W3C or IDPF host.
    private static let knownNamespaces: Set<String> = [
        XMLNamespace.xml, "http://www.w3.org/2005/11/its", "http://www.idpf.org/2007/opf", "http://www.w3.org/2000/xmlns/",
    ]

    private static func isReservedCustomNamespace(_ href: String) -> Bool {
        guard !knownNamespaces.contains(href) else { return false }
        let afterScheme = href.range(of: "://").map { href[$0.upperBound...] } ?? Substring(href)
        let host = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }.lowercased()
        return host.contains("w3.org") || host.contains("idpf.org")
    }

    /// Whether an ancestor of the node carries `ssml:ph` (pronunciations do not nest).
    private static func hasSpeechAncestor(_ node: xmlNodePtr) -> Bool {
        var up = node.pointee.parent
        while let p = up, p.pointee.type == XML_ELEMENT_NODE {
            if xmlHasNsProp(p, "ph", "http://www.w3.org/2001/10/synthesis") != nil { return true }
            up = p.pointee.parent
        }
        return false
    }

    /// The nearest `table` around a node.
    private static func table(of node: xmlNodePtr, _ name: (UnsafePointer<xmlChar>?) -> Name?) -> xmlNodePtr? {
        var up = node.pointee.parent
        while let p = up, p.pointee.type == XML_ELEMENT_NODE {
            if name(p.pointee.name) == .table { return p }
            up = p.pointee.parent
        }
        return nil
    }

    private static func check(_ reference: PendingReference, _ ids: [String: (node: xmlNodePtr, line: Int, occurrence: Int)], _ scan: inout ContentScan,
                                _ name: (UnsafePointer<xmlChar>?) -> Name?) {
        let missing = reference.ids.filter { id in
            guard let target = ids[id]?.node else { return true }
            switch reference.target {
            case .any:
                return false
            case .elements(let names, _):
                return name(target.pointee.name).map { !names.contains($0) } ?? true
            case .labelable:
                guard let element = name(target.pointee.name), labelable.contains(element) else { return true }
                return element == .input && value(target, "type")?.lowercased() == "hidden"
            case .descendant:
                var up = target.pointee.parent
                while let p = up {
                    if p == reference.node { return false }
                    up = p.pointee.parent
                }
                return true
            case .headerCell:
                return name(target.pointee.name) != .th || table(of: target, name) != table(of: reference.node, name)
            }
        }
        guard !missing.isEmpty else { return }
        let list = missing.joined(separator: ", ")
        let message: String
        switch reference.target {
        case .any: message = "\(reference.attribute) must name an element of this document; '\(list)' is not one."
        case .elements(_, let label): message = "\(reference.attribute) must name \(label) of this document; '\(list)' is not one."
        case .labelable: message = "A label's for must name a form control (button, input, meter, output, progress, select, textarea); '\(list)' is not one."
        case .descendant: message = "aria-activedescendant must name an element inside this one; '\(list)' is not."
        case .headerCell: message = "headers must name th cells of the same table; '\(list)' is not one."
        }
        scan.markupProblems.append((message: message, position: reference.position))
    }

    private static let idReferenceAttributes: Set<Name> = [.ariaDescribedby, .ariaFlowto, .ariaLabelledby, .ariaOwns, .ariaControls]

    /// Elements the content-model rules are about; the walk skips the rules for all others.
    private static let markupElements: Set<Name> = [
        .a, .button, .details, .embed, .iframe, .label, .menu, .select, .textarea, .audio, .video, .img, .object, .input,
        .address, .header, .footer, .form, .progress, .meter, .dfn, .table, .area, .meta, .track, .link,
    ]

    /// Elements that must not have certain ancestors.
    private static let forbidden: [Name: Set<Name>] = [
        .audio: [.audio, .video], .video: [.audio, .video], .address: [.address], .header: [.address, .header, .footer],
        .footer: [.address, .header, .footer], .form: [.form], .progress: [.progress], .meter: [.meter], .dfn: [.dfn],
        .table: [.caption], .label: [.label],
    ]

    /// The HTML Schematron content-model rules, checked where an element that can break them is met.
    private static func markup(_ node: xmlNodePtr, _ element: Name, _ position: () -> TagPosition, _ scan: inout ContentScan,
                               _ name: (UnsafePointer<xmlChar>?) -> Name?) {
        func ancestor(_ wanted: Set<Name>) -> Name? {
            var up = node.pointee.parent
            while let p = up, p.pointee.type == XML_ELEMENT_NODE {
                if let n = name(p.pointee.name), wanted.contains(n) { return n }
                up = p.pointee.parent
            }
            return nil
        }
        guard markupElements.contains(element) else { return }
        func problem(_ message: String) { scan.markupProblems.append((message: message, position: position())) }
        let local = element.rawValue
        // Interactive content inside a or button.
        var interactive: Bool
        switch element {
        case .a, .button, .details, .embed, .iframe, .label, .menu, .select, .textarea: interactive = true
        case .audio, .video: interactive = value(node, "controls") != nil
        case .img, .object: interactive = value(node, "usemap") != nil
        case .input: interactive = value(node, "type")?.lowercased() != "hidden"
        default: interactive = false
        }
        if element == .a, ancestor([.a]) != nil { scan.nestedLinks.append(position()) }
        if interactive, let outer = ancestor([.a, .button]) {
            problem("The \(local) element must not be inside a\(outer == .a ? "n a" : " button") element (interactive content cannot nest).")
        }
        if let outside = forbidden[element], let outer = ancestor(outside), !(element == .label && interactive && ancestor([.a, .button]) != nil) {
            problem("The \(local) element must not be inside a \(outer.rawValue) element.")
        }
        if element == .area && ancestor([.map]) == nil {
            problem("The area element must be inside a map element.")
        }
        if element == .img, value(node, "ismap") != nil {
            var up = node.pointee.parent
            var linked = false
            while let p = up, p.pointee.type == XML_ELEMENT_NODE {
                if name(p.pointee.name) == .a, xmlHasProp(p, "href") != nil { linked = true; break }
                up = p.pointee.parent
            }
            if !linked { problem("An img with ismap must be inside an a element with an href.") }
        }
        switch element {
        case .select where value(node, "multiple") == nil:
            if countSelectedOptions(node, name) > 1 { problem("A select without multiple may have only one selected option.") }
        case .track:
            if value(node, "label") == "" { problem("A track's label must not be empty.") }
            if value(node, "default") != nil, let parent = node.pointee.parent {
                var sibling = parent.pointee.children
                while let c = sibling, c != node {
                    if c.pointee.type == XML_ELEMENT_NODE, name(c.pointee.name) == .track, xmlHasProp(c, "default") != nil {
                        problem("Only one track of a media element may be the default.")
                        break
                    }
                    sibling = c.pointee.next
                }
            }
        case .link:
            if value(node, "sizes") != nil, !(value(node, "rel") ?? "").lowercased().xmlTokens().contains("icon") {
                problem("sizes is allowed only on a link whose rel includes icon.")
            }
        default: break
        }
        // Microdata: an item property needs the attribute that gives its value.
        if value(node, "itemprop") != nil {
            let needed: String?
            switch element {
            case .a, .area: needed = "href"
            case .iframe, .embed, .object: needed = "data"
            case .audio, .video: needed = "src"
            default: needed = nil
            }
            if let needed, value(node, needed) == nil {
                problem("An \(local) with itemprop needs a\(needed == "href" ? "n" : "") \(needed) attribute.")
                // The HTML grammar requires it too, and EPUBCheck reports both.
                if element == .a || element == .object { problem("The \(local) element is missing its \(needed) attribute (required with itemprop).") }
            }
        }
        if element == .meta, value(node, "http-equiv")?.lowercased() == "content-type" {
            let content = (value(node, "content") ?? "").lowercased().replacingOccurrences(of: " ", with: "")
            if content != "text/html;charset=utf-8" {
                problem("A content-type meta must say text/html; charset=utf-8.")
            } else if let parent = node.pointee.parent {
                var sibling = parent.pointee.children
                while let c = sibling {
                    if c.pointee.type == XML_ELEMENT_NODE, name(c.pointee.name) == .meta, xmlHasProp(c, "charset") != nil {
                        problem("A document must not declare its encoding with both a content-type meta and a charset meta.")
                        break
                    }
                    sibling = c.pointee.next
                }
            }
        }
    }

    private struct PrefixedName: Hashable {
        var prefix: UnsafePointer<xmlChar>?
        var name: UnsafePointer<xmlChar>?
    }

    /// Selected `option`s inside a `select` (its own, not those of a nested one).
    private static func countSelectedOptions(_ node: xmlNodePtr, _ name: (UnsafePointer<xmlChar>?) -> Name?) -> Int {
        var count = 0
        var stack: [xmlNodePtr] = []
        var child = node.pointee.children
        while let c = child { stack.append(c); child = c.pointee.next }
        while let c = stack.popLast() {
            guard c.pointee.type == XML_ELEMENT_NODE else { continue }
            if name(c.pointee.name) == .option, xmlHasProp(c, "selected") != nil { count += 1 }
            var grandchild = c.pointee.children
            while let g = grandchild { stack.append(g); grandchild = g.pointee.next }
        }
        return count
    }

    private static func hasDescendant(_ node: xmlNodePtr, _ wanted: Name, _ name: (UnsafePointer<xmlChar>?) -> Name?) -> Bool {
        var stack: [xmlNodePtr] = []
        var child = node.pointee.children
        while let c = child { stack.append(c); child = c.pointee.next }
        while let c = stack.popLast() {
            guard c.pointee.type == XML_ELEMENT_NODE else { continue }
            if name(c.pointee.name) == wanted { return true }
            var grandchild = c.pointee.children
            while let g = grandchild { stack.append(g); grandchild = g.pointee.next }
        }
        return false
    }

    private static func value(_ node: xmlNodePtr, _ name: String, namespace: String? = nil) -> String? {
        LibXMLNode.attribute(node, name, namespace: namespace)
    }
}
