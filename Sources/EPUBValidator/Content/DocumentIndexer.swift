import CLibXML2
import EPUBContract
import Foundation

/// Builds a `DocumentIndex` from the document's `ContentDocument` model: one pass over its
/// elements in document order. It records neutral facts only (known names, ids, references,
/// `epub:type` tokens, features); what is wrong with them is for the rules under `Rules/Content/`.
/// Names are compared as bytes, so the pass allocates nothing for elements no fact is about.
enum DocumentIndexer {
    /// `source` (the document's bytes) lets rules locate columns; without it only lines are known.
    static func index(_ document: XMLDocument, source: Data? = nil) -> DocumentIndex {
        let content = ContentDocument(document, source: source)
        var walk = Walk(document: document, index: DocumentIndex(document, content))
        walk.index.elementNames = content.elements.map { KnownName.of($0.node.pointee.name) }
        walk.index.attributeNames = content.attributes.map { KnownName.of($0.pointer.pointee.name) }
        walk.rootIsXHTML = content.elements.first?.namespace == .xhtml
        walk.readProlog()
        // The media element (audio, video, picture) each element's children are inside.
        var childMedia: [Reference.Kind?] = []
        childMedia.reserveCapacity(content.elements.count)
        for number in content.elements.indices {
            let media = content.elements[number].parent.flatMap { childMedia[$0] }
            childMedia.append(walk.visit(number, media: media))
        }
        walk.index.ids = walk.repeatedIDs.firsts
        walk.index.duplicateIDs = walk.repeatedIDs.bearers.map { (id: $0.id, position: walk.index.position($0.place)) }
        return walk.index
    }

    /// The state of one pass; each step of a visit is a method of its own.
    private struct Walk {
        let document: XMLDocument
        var index: DocumentIndex
        var rootIsXHTML = false
        /// An absolute `<base href>` makes the relative URLs after it remote (EPUBCheck reads in
        /// document order, so a link before the base stays local).
        private var remoteBase: String?
        var repeatedIDs = RepeatedIDs()
        /// Target paths already seen: a document's links point to a few files, and one shared
        /// string each keeps the book's references (alive until they are judged) small.
        private var targets: Set<String> = []

        init(document: XMLDocument, index: DocumentIndex) {
            self.document = document
            self.index = index
        }

        private mutating func resolve(_ url: String) -> HrefResolver.Resolution {
            let resolution = HrefResolver.resolve(url, against: document.path)
            guard case .local(let path, let fragment) = resolution else { return resolution }
            if let remoteBase { return .remote(remoteBase + url) }
            if let known = targets.firstIndex(of: path) { return .local(path: targets[known], fragment: fragment) }
            targets.insert(path)
            return resolution
        }

        /// `<?xml-stylesheet href="…"?>` before the root (SVG documents use it for their CSS).
        mutating func readProlog() {
            var prolog = document.pointer.pointee.children
            while let node = prolog {
                if node.pointee.type == XML_PI_NODE, String(cString: node.pointee.name) == "xml-stylesheet",
                   let content = node.pointee.content.map({ String(cString: $0) }) {
                    if let url = XMLDeclaration.pseudoAttribute("href", in: Array(content.utf8)[...]), !url.isEmpty {
                        let position = TagPosition(line: Int(xmlGetLineNo(node)), tag: "?xml-stylesheet", occurrence: 0)
                        index.references.append(Reference(kind: .stylesheet, url: url, resolution: HrefResolver.resolve(url, against: document.path),
                                                                 element: "xml-stylesheet", attribute: "href", position: position))
                        index.hasStyleSheet = true
                    }
                }
                prolog = node.pointee.next
            }
        }

        /// The facts of one element; returns the media context of its children.
        mutating func visit(_ number: Int, media: Reference.Kind?) -> Reference.Kind? {
            let element = index.elements[number]
            attributes(number, element)
            return facts(number, element, media: media)
        }

        /// `epub:type` tokens, ids, and event-handler attributes (which make a document scripted).
        private mutating func attributes(_ number: Int, _ element: DocumentIndex.Element) {
            for i in element.attributes {
                let attribute = index.attributes[i]
                if let space = attribute.space {
                    if space == .epub, attribute.name == .type {
                        for token in index.content.types(of: number) {
                            if token == "index" { index.features.insert(.index) }
                            if token == "dictionary" { index.features.insert(.dictionary) }
                            if token == "pagebreak" { index.features.insert(.pagebreak) }
                            index.types.append(.init(token: token, element: String(cString: element.node.pointee.name), position: index.position(number),
                                                     svg: element.space == .svg))
                        }
                    }
                } else if element.space == .xhtml || element.space == .svg || element.space == .mathml, let raw = attribute.pointer.pointee.name {
                    if attribute.name == .style, element.space != .mathml, attribute.value.utf8.contains(UInt8(ascii: "(")) {
                        styleAttribute(number, attribute.value)
                    }
                    if attribute.name == .id {
                        let value = attribute.value.trimmingXMLWhitespace()
                        id(value, number)
                        if element.space == .svg, let target = DocumentIndex.SVGTarget(element.name), repeatedIDs.firsts[value] == number {
                            index.svgTargets[value] = target
                        }
                    } else if element.space == .xhtml, raw[0] == UInt8(ascii: "o"), raw[1] == UInt8(ascii: "n"), raw[2] != 0 {
                        index.features.insert(.scripted)
                    } else if element.space == .xhtml {
                        annotations(raw)
                    }
                }
            }
        }

        /// Microdata (`item…` attributes) and RDFa attributes, which EDUPUB tells apart (HTM-051).
        private mutating func annotations(_ raw: UnsafePointer<xmlChar>) {
            if raw[0] == UInt8(ascii: "i"), raw[1] == UInt8(ascii: "t"), raw[2] == UInt8(ascii: "e"), raw[3] == UInt8(ascii: "m") {
                index.features.insert(.microdata)
            } else if !index.features.contains(.rdfa), Self.rdfaInitials[Int(raw[0])],
                      Self.rdfaAttributes.contains(String(cString: raw)) {
                index.features.insert(.rdfa)
            }
        }
        private static let rdfaAttributes: Set<String> = ["about", "datatype", "inlist", "prefix", "property", "resource", "typeof", "vocab"]
        /// By first byte, whether a name may be one of `rdfaAttributes`: every attribute of a book
        /// meets this test, so it indexes a table derived from the list instead of hashing.
        private static let rdfaInitials: [Bool] = {
            var table = [Bool](repeating: false, count: 256)
            for name in rdfaAttributes { table[Int(name.utf8.first ?? 0)] = true }
            return table
        }()

        /// The first element with each id; every bearer of a repeated one.
        private mutating func id(_ id: String, _ number: Int) {
            repeatedIDs.note(id, at: number)
        }

        /// A reference from an attribute of the element, as written (trimmed).
        private mutating func add(_ number: Int, _ media: Reference.Kind?, _ refKind: Reference.Kind, _ attribute: String, namespace: String? = nil) {
            let element = index.elements[number]
            guard let raw = DocumentIndex.value(element.node, attribute, namespace: namespace) else { return }
            let url = raw.trimmingXMLWhitespace()
            guard !url.isEmpty else { return }
            var reference = Reference(kind: refKind, url: url, resolution: resolve(url),
                                             element: String(cString: element.node.pointee.name), attribute: attribute, position: index.position(number))
            if element.name == .object || element.name == .embed || element.name == .source {
                reference.declaredType = DocumentIndex.value(element.node, "type")?.trimmingXMLWhitespace()
            }
            if element.name == .object { reference.intrinsicFallback = LibXMLNode.hasContent(element.node) }
            reference.insidePicture = element.name == .img && media == .image
            if element.name == .source, media == .audio || media == .video { reference.mediaGroup = element.parent }
            index.references.append(reference)
        }

        /// One reference per candidate of a `srcset`.
        private mutating func addSrcset(_ number: Int, _ media: Reference.Kind?, _ refKind: Reference.Kind) {
            let element = index.elements[number]
            guard let raw = DocumentIndex.value(element.node, "srcset") else { return }
            for text in DocumentIndexer.srcsetURLs(raw) {
                var reference = Reference(kind: refKind, url: text, resolution: resolve(text),
                                                 element: String(cString: element.node.pointee.name), attribute: "srcset", position: index.position(number))
                if element.name == .source {
                    // A `picture` source states its type, or states none: the empty type (MED-007, OPF-013).
                    reference.declaredType = DocumentIndex.value(element.node, "type")?.trimmingXMLWhitespace() ?? (media == .image ? "" : nil)
                }
                reference.insidePicture = element.name == .img && media == .image
                index.references.append(reference)
            }
        }

        /// A `style` element's CSS (XHTML or SVG), parsed once; the URLs it uses (`@import`, `url()`; fonts in
        /// `@font-face`), each placed at the element.
        private mutating func styleElement(_ number: Int) {
            index.hasStyleSheet = true
            let (sheet, findings) = CSSParser.parse(LibXMLNode.content(index.elements[number].node), checking: CSSGrammarCheck.findings)
            index.styleElements.append((number, sheet, findings))
            func add(_ kind: Reference.Kind, _ url: String, _ attribute: String) {
                let url = url.trimmingXMLWhitespace()
                guard !url.isEmpty else { return }
                index.references.append(Reference(kind: kind, url: url, resolution: resolve(url), element: "style",
                                                  attribute: attribute, position: index.position(number)))
            }
            for target in sheet.imports { add(.stylesheet, target, "@import") }
            for use in findings.urlUses { add(use.inFontFace ? .font : .styleResource, use.url, "url()") }
        }

        /// The `url()`s of a `style` attribute: resources the element's own declarations fetch.
        private mutating func styleAttribute(_ number: Int, _ value: String) {
            let element = index.elements[number]
            for url in CSSStyleSheet.urls(in: value) {
                let url = url.trimmingXMLWhitespace()
                guard !url.isEmpty, !url.hasPrefix("#") else { continue }
                index.references.append(Reference(kind: .styleResource, url: url, resolution: resolve(url),
                                                  element: String(cString: element.node.pointee.name), attribute: "style",
                                                  position: index.position(number)))
            }
        }

        /// `fill` and `stroke` attributes that name a paint server (`url(#gradient) red`).
        private mutating func paintReferences(_ number: Int, _ element: DocumentIndex.Element) {
            for i in element.attributes where index.attributes[i].space == nil && (index.attributes[i].name == .fill || index.attributes[i].name == .stroke) {
                let value = index.attributes[i].value
                guard value.utf8.contains(UInt8(ascii: "(")) else { continue }
                for url in CSSStyleSheet.urls(in: value) where !url.isEmpty {
                    let name = index.attributes[i].name?.rawValue ?? "fill"
                    index.references.append(Reference(kind: .svgPaint, url: url, resolution: resolve(url),
                                                      element: String(cString: element.node.pointee.name), attribute: name, position: index.position(number)))
                }
            }
        }

        /// References and features of an element; returns the media context of its children.
        private mutating func facts(_ number: Int, _ element: DocumentIndex.Element, media: Reference.Kind?) -> Reference.Kind? {
            if element.space == .svg { paintReferences(number, element) }
            guard let name = element.name else { return media }
            switch element.space {
            case .xhtml: return xhtmlFacts(number, name, media: media)
            case .svg:
                // SVG 2's plain `href` is not read: EPUBCheck 5.3.0 follows SVG 1.1's `xlink:href`
                // only (an `image`, `a` or `use` with `href` alone is no reference to it;
                // docs/epubcheck-differences.md).
                let xlink = XMLNamespace.xlink
                switch name {
                case .svg: if rootIsXHTML { index.features.insert(.svg) }
                case .a: add(number, media, .hyperlink, "href", namespace: xlink)
                case .image, .feImage: add(number, media, .image, "href", namespace: xlink)
                case .use: add(number, media, .svgReference, "href", namespace: xlink)
                case .fontFaceURI: add(number, media, .font, "href", namespace: xlink)
                case .style: styleElement(number)
                case .script:
                    add(number, media, .script, "href", namespace: xlink)
                    index.features.insert(.scripted)
                default: break
                }
            case .mathml where name == .math:
                index.features.insert(.mathml)
                add(number, media, .image, "altimg")  // the image a reader shows when it cannot render MathML
            case .epub where name == .switch: index.features.insert(.switch)
            default: break
            }
            return media
        }

        private mutating func xhtmlFacts(_ number: Int, _ name: KnownName, media: Reference.Kind?) -> Reference.Kind? {
            let node = index.elements[number].node
            func value(_ attribute: String) -> String? { DocumentIndex.value(node, attribute) }
            switch name {
            case .a, .area: add(number, media, .hyperlink, "href")
            case .link:
                let rel = (value("rel") ?? "").lowercased().xmlTokens()
                add(number, media, rel.contains("stylesheet") ? .stylesheet : .link, "href")
                if rel.contains("stylesheet") { index.hasStyleSheet = true }
            case .style: styleElement(number)
            case .img:
                add(number, media, .image, "src")
                addSrcset(number, media, .image)
            case .input: if value("type")?.lowercased() == "image" { add(number, media, .image, "src") }
            case .audio:
                add(number, media, .audio, "src")
                return .audio
            case .video:
                add(number, media, .video, "src")
                add(number, media, .image, "poster")
                return .video
            case .picture: return .image
            case .source:
                add(number, media, media ?? .embedded, "src")
                addSrcset(number, media, media ?? .image)
            case .track: add(number, media, .track, "src")
            case .iframe, .embed: add(number, media, .embedded, "src")
            case .object: add(number, media, .embedded, "data")
            case .script:
                add(number, media, .script, "src")
                let type = (value("type") ?? "").trimmingXMLWhitespace().lowercased()
                if type.isEmpty || type.contains("javascript") || type.contains("ecmascript") || type == "module" {
                    index.features.insert(.scripted)
                }
            case .form: index.features.insert(.scripted)
            case .base:
                if let href = value("href")?.trimmingXMLWhitespace(), case .remote = HrefResolver.resolve(href, against: document.path) {
                    remoteBase = href
                }
            case .blockquote, .q, .del, .ins: add(number, media, .citation, "cite")
            default: break
            }
            return media
        }
    }

    /// The URLs of a `srcset`, as HTML's parser reads it: a URL is a run of non-space characters
    /// (so a `data:` URL keeps its commas); descriptors follow it up to the next comma.
    static func srcsetURLs(_ srcset: String) -> [String] {
        let chars = Array(srcset.unicodeScalars)
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" }
        var urls: [String] = []
        var i = 0
        while i < chars.count {
            while i < chars.count, isSpace(chars[i]) || chars[i] == "," { i += 1 }
            guard i < chars.count else { break }
            let start = i
            while i < chars.count, !isSpace(chars[i]) { i += 1 }
            var url = String(String.UnicodeScalarView(chars[start..<i]))
            if url.lowercased().hasPrefix("data:"), url.hasSuffix(","), url.filter({ $0 == "," }).count == 1 {
                // A data: URL's payload wrapped onto following lines: it runs to the next comma.
                while i < chars.count, chars[i] != "," {
                    if !isSpace(chars[i]) { url.unicodeScalars.append(chars[i]) }
                    i += 1
                }
            } else if url.hasSuffix(",") {
                while url.hasSuffix(",") { url.removeLast() }
            } else {
                var depth = 0
                while i < chars.count, !(chars[i] == "," && depth == 0) {
                    if chars[i] == "(" { depth += 1 } else if chars[i] == ")" { depth = max(0, depth - 1) }
                    i += 1
                }
            }
            if !url.isEmpty { urls.append(url) }
        }
        return urls
    }
}
