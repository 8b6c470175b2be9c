import CLibXML2
import Foundation

/// Reads an XHTML or SVG content document's references and features in one walk of its tree
/// (the session's parsed copy, so nothing is parsed twice).
public enum ContentScanner {
    /// `source` (the document's bytes) adds columns to what is found; without it only lines are known.
    public static func scan(_ document: XMLDocument, source: Data? = nil) -> ContentScan {
        var scan = ContentScan()
        let locator = source.map(StartTagLocator.init)
        /// Elements of each name met so far on each line: which occurrence the locator looks for.
        var onLine: [LineName: Int] = [:]
        guard let root = xmlDocGetRootElement(document.pointer) else { return scan }
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
                    scan.references.append(ContentReference(kind: .stylesheet, url: url, resolution: HrefResolver.resolve(url, against: document.path),
                                                            element: "xml-stylesheet", attribute: "href", line: Int(xmlGetLineNo(node))))
                }
            }
            prolog = node.pointee.next
        }
        var stack: [(node: xmlNodePtr, media: ContentReference.Kind?)] = [(root, nil)]
        while let (node, media) = stack.popLast() {
            let ns = node.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) } ?? ""
            let name = String(cString: node.pointee.name)
            let line = Int(xmlGetLineNo(node))
            let qualified = node.pointee.ns.flatMap { $0.pointee.prefix }.map { String(cString: $0) + ":" + name } ?? name
            let occurrence: Int
            if locator != nil {
                let key = LineName(line: line, name: qualified)
                occurrence = onLine[key, default: 0]
                onLine[key] = occurrence + 1
            } else {
                occurrence = 0
            }
            // Located only for elements that are reported, and once each.
            var located: Int?? = nil
            func column() -> Int? {
                if let known = located { return known }
                let found = locator?.column(of: qualified, line: line, occurrence: occurrence)
                located = .some(found)
                return found
            }
            var childMedia = media
            func add(_ kind: ContentReference.Kind, _ attribute: String, namespace: String? = nil) {
                guard let raw = value(node, attribute, namespace: namespace) else { return }
                let url = raw.trimmingXMLWhitespace()
                guard !url.isEmpty else { return }
                scan.references.append(ContentReference(kind: kind, url: url, resolution: resolve(url),
                                                        element: name, attribute: attribute, line: line, column: column()))
            }
            func addSrcset(_ kind: ContentReference.Kind) {
                guard let raw = value(node, "srcset") else { return }
                for candidate in raw.split(separator: ",") {
                    guard let url = candidate.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first else { continue }
                    let text = String(url)
                    scan.references.append(ContentReference(kind: kind, url: text, resolution: resolve(text),
                                                            element: name, attribute: "srcset", line: line, column: column()))
                }
            }
            if let types = value(node, "type", namespace: XMLNamespace.epub) {
                for token in types.xmlTokens() { scan.types.append((token: token, line: line, column: column())) }
            }
            if ns == XMLNamespace.xhtml {
                if !scan.features.contains(.scripted) && hasEventHandler(node) { scan.features.insert(.scripted) }
                if name == "base", let href = value(node, "href")?.trimmingXMLWhitespace(),
                   case .remote = HrefResolver.resolve(href, against: document.path) {
                    remoteBase = href
                }
                if name == "base" || name == "embed" || name == "rp" {
                    scan.discouragedElements.append((name: name, line: line, column: column()))
                }
                switch name {
                case "a", "area": add(.hyperlink, "href")
                case "link":
                    let rel = (value(node, "rel") ?? "").lowercased().xmlTokens()
                    add(rel.contains("stylesheet") ? .stylesheet : .link, "href")
                case "img":
                    add(.image, "src")
                    addSrcset(.image)
                case "input":
                    if value(node, "type")?.lowercased() == "image" { add(.image, "src") }
                case "audio":
                    add(.audio, "src")
                    childMedia = .audio
                case "video":
                    add(.video, "src")
                    add(.image, "poster")
                    childMedia = .video
                case "picture":
                    childMedia = .image
                case "source":
                    add(media ?? .embedded, "src")
                    addSrcset(media ?? .image)
                case "track": add(.track, "src")
                case "iframe", "embed": add(.embedded, "src")
                case "object": add(.embedded, "data")
                case "script":
                    add(.script, "src")
                    let type = (value(node, "type") ?? "").trimmingXMLWhitespace().lowercased()
                    if type.isEmpty || type.contains("javascript") || type.contains("ecmascript") || type == "module" {
                        scan.features.insert(.scripted)
                    }
                case "form":
                    scan.features.insert(.scripted)
                default: break
                }
            } else if ns == XMLNamespace.svg {
                if name == "svg", document.root?.namespace == XMLNamespace.xhtml { scan.features.insert(.svg) }
                let href = value(node, "href", namespace: XMLNamespace.xlink) != nil ? ("href", XMLNamespace.xlink) : ("href", nil as String?)
                switch name {
                case "a": add(.hyperlink, href.0, namespace: href.1)
                case "image", "feImage": add(.image, href.0, namespace: href.1)
                case "use": add(.svgReference, href.0, namespace: href.1)
                case "script":
                    add(.script, href.0, namespace: href.1)
                    scan.features.insert(.scripted)
                default: break
                }
            } else if ns == "http://www.w3.org/1998/Math/MathML" {
                if name == "math" {
                    scan.features.insert(.mathml)
                    if value(node, "alttext") == nil && !hasChild(node, "annotation-xml") {
                        scan.mathWithoutAlternative.append(line)
                    }
                }
            } else if ns == XMLNamespace.epub {
                if name == "switch" {
                    scan.features.insert(.switch)
                    scan.deprecatedElements.append((name: "epub:switch", line: line, column: column()))
                } else if name == "trigger" {
                    scan.deprecatedElements.append((name: "epub:trigger", line: line, column: column()))
                }
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

    private static func hasChild(_ node: xmlNodePtr, _ local: String) -> Bool {
        var stack: [xmlNodePtr] = []
        var child = node.pointee.children
        while let c = child { stack.append(c); child = c.pointee.next }
        while let c = stack.popLast() {
            if c.pointee.type == XML_ELEMENT_NODE {
                if String(cString: c.pointee.name) == local { return true }
                var grandchild = c.pointee.children
                while let g = grandchild { stack.append(g); grandchild = g.pointee.next }
            }
        }
        return false
    }

    /// `onclick` and the other event-handler attributes make a document scripted.
    private static func hasEventHandler(_ node: xmlNodePtr) -> Bool {
        var attr = node.pointee.properties
        while let a = attr {
            if a.pointee.ns == nil, let raw = a.pointee.name, raw[0] == UInt8(ascii: "o"), raw[1] == UInt8(ascii: "n"), raw[2] != 0 { return true }
            attr = a.pointee.next
        }
        return false
    }

    private struct LineName: Hashable {
        var line: Int
        var name: String
    }

    /// An attribute's value (no namespace, or the given one); nil when absent.
    private static func value(_ node: xmlNodePtr, _ name: String, namespace: String? = nil) -> String? {
        let raw = namespace.map { xmlGetNsProp(node, name, $0) } ?? xmlGetNoNsProp(node, name)
        guard let raw else { return nil }
        defer { cxml_free(raw) }
        return String(cString: raw)
    }
}
