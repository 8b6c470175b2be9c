import CLibXML2
import Foundation

/// Reads an XHTML or SVG content document's references and features in one walk of its tree
/// (the session's parsed copy, so nothing is parsed twice). Names are compared as libxml2's
/// interned pointers, so the walk allocates nothing for elements it does not care about.
public enum ContentScanner {
    private enum Name: String, CaseIterable {
        case a, area, link, img, input, audio, video, picture, source, track, iframe, embed, object, script, form, base, rp
        case head, title, bdo, button, details, label, menu, select, textarea, map, caption, table, header, footer, address
        case progress, meter, dfn, meta, output
        case ariaDescribedby = "aria-describedby", ariaFlowto = "aria-flowto", ariaLabelledby = "aria-labelledby"
        case ariaOwns = "aria-owns", ariaControls = "aria-controls"
        case svg, image, feImage, use, math, annotationXML = "annotation-xml", `switch`, trigger
        case href, src, srcset, poster, data, type, rel, alttext
    }

    private enum Space {
        case xhtml, svg, mathml, epub, xlink, other
    }

    /// `source` (the document's bytes) lets the scan locate columns; without it only lines are known.
    public static func scan(_ document: XMLDocument, source: Data? = nil) -> ContentScan {
        var scan = ContentScan()
        scan.locator = source.map(SourceLocator.init)
        guard let root = xmlDocGetRootElement(document.pointer) else { return scan }
        var names: [UnsafePointer<xmlChar>: Name] = [:]
        if let dict = document.pointer.pointee.dict {
            for name in Name.allCases {
                if let interned = xmlDictLookup(dict, name.rawValue, -1) { names[interned] = name }
            }
        }
        func name(_ raw: UnsafePointer<xmlChar>?) -> Name? {
            guard let raw else { return nil }
            if !names.isEmpty { return names[raw] }
            return Name(rawValue: String(cString: raw))
        }
        var spaces: [UnsafeMutablePointer<xmlNs>: Space] = [:]
        func space(_ ns: UnsafeMutablePointer<xmlNs>?) -> Space {
            guard let ns else { return .other }
            if let known = spaces[ns] { return known }
            let href = ns.pointee.href.map { String(cString: $0) } ?? ""
            let kind: Space
            switch href {
            case XMLNamespace.xhtml: kind = .xhtml
            case XMLNamespace.svg: kind = .svg
            case "http://www.w3.org/1998/Math/MathML": kind = .mathml
            case XMLNamespace.epub: kind = .epub
            case XMLNamespace.xlink: kind = .xlink
            default: kind = .other
            }
            spaces[ns] = kind
            return kind
        }
        let rootIsXHTML = space(root.pointee.ns) == .xhtml

        // An absolute `<base href>` makes the relative URLs after it remote (EPUBCheck reads in
        // document order, so a link before the base stays local).
        var remoteBase: String?
        func resolve(_ url: String) -> HrefResolver.Resolution {
            let resolution = HrefResolver.resolve(url, against: document.path)
            if let remoteBase, case .local = resolution { return .remote(remoteBase + url) }
            return resolution
        }

        // `<?xml-stylesheet href="…"?>` before the root (SVG documents use it for their CSS).
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
                }
            }
            prolog = node.pointee.next
        }

        // Tags met on the current line, by prefix and name: which occurrence each element is.
        var countsLine = -1
        var counts: [PrefixedName: Int] = [:]
        var stack: [(node: xmlNodePtr, media: ContentReference.Kind?)] = [(root, nil)]
        while let (node, media) = stack.popLast() {
            let kind = space(node.pointee.ns)
            let element = name(node.pointee.name)
            let line = Int(xmlGetLineNo(node))
            if line != countsLine {
                counts.removeAll(keepingCapacity: true)
                countsLine = line
            }
            let key = PrefixedName(prefix: node.pointee.ns?.pointee.prefix, name: node.pointee.name)
            let occurrence = counts[key, default: 0]
            counts[key] = occurrence + 1
            func position() -> TagPosition {
                let local = String(cString: node.pointee.name)
                let tag = node.pointee.ns?.pointee.prefix.map { String(cString: $0) + ":" + local } ?? local
                return TagPosition(line: line, tag: tag, occurrence: occurrence)
            }
            func add(_ refKind: ContentReference.Kind, _ attribute: String, namespace: String? = nil) {
                guard let raw = value(node, attribute, namespace: namespace) else { return }
                let url = raw.trimmingXMLWhitespace()
                guard !url.isEmpty else { return }
                var reference = ContentReference(kind: refKind, url: url, resolution: resolve(url),
                                                 element: String(cString: node.pointee.name), attribute: attribute, position: position())
                if element == .object || element == .embed || element == .source {
                    reference.declaredType = value(node, "type")?.trimmingXMLWhitespace()
                }
                reference.insidePicture = element == .img && media == .image
                scan.references.append(reference)
            }
            func addSrcset(_ refKind: ContentReference.Kind) {
                guard let raw = value(node, "srcset") else { return }
                for candidate in raw.split(separator: ",") {
                    guard let url = candidate.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first else { continue }
                    let text = String(url)
                    var reference = ContentReference(kind: refKind, url: text, resolution: resolve(text),
                                                     element: String(cString: node.pointee.name), attribute: "srcset", position: position())
                    reference.insidePicture = element == .img && media == .image
                    scan.references.append(reference)
                }
            }

            // Attributes every element may carry: epub:type, and event handlers in XHTML.
            var attr = node.pointee.properties
            while let a = attr {
                if let ns = a.pointee.ns {
                    if space(ns) == .epub, name(a.pointee.name) == .type {
                        for token in LibXMLNode.content(a).xmlTokens() {
                            scan.types.append(.init(token: token, element: String(cString: node.pointee.name), position: position()))
                        }
                    }
                } else if kind == .xhtml || kind == .svg, let raw = a.pointee.name {
                    if kind == .xhtml, let aria = name(raw), Self.idReferenceAttributes.contains(aria) {
                        let ids = LibXMLNode.content(a).xmlTokens()
                        if !ids.isEmpty { scan.idReferences.append((attribute: aria.rawValue, ids: ids, position: position())) }
                    } else if kind == .xhtml, raw[0] == UInt8(ascii: "o"), raw[1] == UInt8(ascii: "n"), raw[2] != 0 {
                        scan.features.insert(.scripted)
                    } else if raw[0] == UInt8(ascii: "d"), raw[1] == UInt8(ascii: "a"), raw[2] == UInt8(ascii: "t"), raw[3] == UInt8(ascii: "a"), raw[4] == UInt8(ascii: "-") {
                        let attributeName = String(cString: raw)
                        if attributeName.count == 5 || attributeName.contains(where: { $0.isASCII && $0.isUppercase }) || attributeName.contains(":") {
                            scan.badDataAttributes.append((name: attributeName, position: position()))
                        }
                    }
                }
                attr = a.pointee.next
            }

            if kind == .xhtml, let element {
                markup(node, element, position, &scan, name)
            }
            if kind == .xhtml, element == .output, let ids = value(node, "for")?.xmlTokens(), !ids.isEmpty {
                scan.idReferences.append((attribute: "for", ids: ids, position: position()))
            }

            var childMedia = media
            switch (kind, element) {
            case (.xhtml, .a?), (.xhtml, .area?):
                add(.hyperlink, "href")
                if let href = value(node, "href"), href.trimmingXMLWhitespace().isEmpty { scan.emptyHyperlinks.append(position()) }
            case (.xhtml, .link?):
                let rel = (value(node, "rel") ?? "").lowercased().xmlTokens()
                add(rel.contains("stylesheet") ? .stylesheet : .link, "href")
                if rel.contains("stylesheet") {
                    scan.styleLinks.append(.init(rel: rel, classes: (value(node, "class") ?? "").xmlTokens(), title: value(node, "title"), position: position()))
                }
            case (.xhtml, .head?):
                scan.head = position()
            case (.xhtml, .title?):
                if scan.title == nil, node.pointee.parent.map({ name($0.pointee.name) == .head }) ?? false {
                    let text = LibXMLNode.content(node)
                    scan.title = (hasText: !text.trimmingXMLWhitespace().isEmpty, position: position())
                }
            case (.xhtml, .bdo?):
                if value(node, "dir") == nil { scan.bdoWithoutDir.append(position()) }
            case (.xhtml, .img?):
                add(.image, "src")
                addSrcset(.image)
            case (.xhtml, .input?):
                if value(node, "type")?.lowercased() == "image" { add(.image, "src") }
            case (.xhtml, .audio?):
                add(.audio, "src")
                childMedia = .audio
            case (.xhtml, .video?):
                add(.video, "src")
                add(.image, "poster")
                childMedia = .video
            case (.xhtml, .picture?):
                childMedia = .image
            case (.xhtml, .source?):
                add(media ?? .embedded, "src")
                addSrcset(media ?? .image)
            case (.xhtml, .track?): add(.track, "src")
            case (.xhtml, .iframe?): add(.embedded, "src")
            case (.xhtml, .embed?):
                add(.embedded, "src")
                scan.discouragedElements.append(.init(name: "embed", position: position()))
            case (.xhtml, .object?): add(.embedded, "data")
            case (.xhtml, .script?):
                add(.script, "src")
                let type = (value(node, "type") ?? "").trimmingXMLWhitespace().lowercased()
                if type.isEmpty || type.contains("javascript") || type.contains("ecmascript") || type == "module" {
                    scan.features.insert(.scripted)
                }
            case (.xhtml, .form?):
                scan.features.insert(.scripted)
            case (.xhtml, .base?):
                if let href = value(node, "href")?.trimmingXMLWhitespace(), case .remote = HrefResolver.resolve(href, against: document.path) {
                    remoteBase = href
                }
                scan.discouragedElements.append(.init(name: "base", position: position()))
            case (.xhtml, .rp?):
                scan.discouragedElements.append(.init(name: "rp", position: position()))
            case (.svg, let svgElement?):
                let xlink = value(node, "href", namespace: XMLNamespace.xlink) != nil ? XMLNamespace.xlink : nil
                switch svgElement {
                case .svg: if rootIsXHTML { scan.features.insert(.svg) }
                case .a: add(.hyperlink, "href", namespace: xlink)
                case .image, .feImage: add(.image, "href", namespace: xlink)
                case .use: add(.svgReference, "href", namespace: xlink)
                case .script:
                    add(.script, "href", namespace: xlink)
                    scan.features.insert(.scripted)
                default: break
                }
            case (.mathml, .math?):
                scan.features.insert(.mathml)
                if value(node, "alttext") == nil && !hasDescendant(node, .annotationXML, name) {
                    scan.mathWithoutAlternative.append(line)
                }
            case (.epub, .switch?):
                scan.features.insert(.switch)
                scan.deprecatedElements.append(.init(name: "epub:switch", position: position()))
            case (.epub, .trigger?):
                scan.deprecatedElements.append(.init(name: "epub:trigger", position: position()))
            default:
                break
            }

            var children: [(xmlNodePtr, ContentReference.Kind?)] = []
            var child = node.pointee.children
            while let c = child {
                if c.pointee.type == XML_ELEMENT_NODE { children.append((c, childMedia)) }
                child = c.pointee.next
            }
            stack.append(contentsOf: children.reversed())
        }
        return scan
    }

    private static let idReferenceAttributes: Set<Name> = [.ariaDescribedby, .ariaFlowto, .ariaLabelledby, .ariaOwns, .ariaControls]

    /// Elements the content-model rules are about; the walk skips the rules for all others.
    private static let markupElements: Set<Name> = [
        .a, .button, .details, .embed, .iframe, .label, .menu, .select, .textarea, .audio, .video, .img, .object, .input,
        .address, .header, .footer, .form, .progress, .meter, .dfn, .table, .area, .meta,
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
