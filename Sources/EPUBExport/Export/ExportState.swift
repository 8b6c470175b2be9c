import CLibXML2
import EPUBContract
import EPUBOutput
import EPUBStyle
import Foundation

/// What one export run has learnt so far: names given, documents waiting, what was removed.
struct ExportState {
    let session: PublicationSession
    var names = ExportNames()
    var manifest = ExportManifest()
    var pendingAux: [(path: String, name: String)] = []

    init(session: PublicationSession) {
        self.session = session
        manifest.viewport = .init(width: Int(MediaAssumptions.width), height: Int(MediaAssumptions.height))
        manifest.fontSize = Int(MediaAssumptions.fontSize)
        manifest.userStyleSheet = BookExporter.userStyleSheet?.name
    }

    /// One document normalized by the stylesheet (a new tree the caller frees), and whether it had
    /// to be read by the HTML parser. A tree a budget cut is exported as far as it goes; whatever
    /// is not exported whole is reported (EC-EXP-003) and makes the export incomplete.
    mutating func normalized(_ path: String, mediaType: String) -> (xmlDocPtr?, parsedAsHTML: Bool) {
        // A bitmap in the spine is a page that shows it (as a reading system shows it), never
        // its bytes read as markup.
        if Self.isBitmap(mediaType) { return (imagePage(path), false) }
        if let tree = session.xml(at: path)?.document, !tree.isRecovered || tree.isOverBudget {
            let source = tree.libxmlDocument
            if tree.isOverBudget {
                lost(path, .budgetCutDocumentSeeEcXml)
            }
            count(xmlDocGetRootElement(source))
            return (mediaType == "image/svg+xml" ? wrapSVG(source, path: path) : transform(source, path: path), false)
        }
        guard let bytes = session.data(at: path), !bytes.isEmpty else {
            manifest.diagnostics.append(Diagnostic(.EC_EXP_002,
                                                   message: .documentMissingEmptyEmptyDocumentStands, location: .init(path: path)))
            return (nil, false)
        }
        // Not well-formed (common in old EPUB 2 books): the HTML parser recovers it.
        let recovered = HTMLParser.parse(bytes, path: path)
        manifest.diagnostics.append(Diagnostic(.EC_EXP_001,
                                               message: .documentNotWellFormedXmlWas,
                                               location: .init(path: path)))
        guard let tree = recovered.document else {
            lost(path, .neitherXmlNorHtmlParserCould)
            return (nil, true)
        }
        if recovered.halted {
            lost(path, .htmlParserStoppedEarlyLibxml2Error(recovered.errorNumber))
        }
        return withExtendedLifetime(tree) {
            count(xmlDocGetRootElement(tree.libxmlDocument))
            return (transform(tree.libxmlDocument, path: path), true)
        }
    }

    /// The stylesheet's output, or nil (an empty document stands in) with what was lost reported.
    mutating func transform(_ source: xmlDocPtr, path: String) -> xmlDocPtr? {
        let outcome = XSLTStylesheet.normalize.apply(source)
        if let failure = outcome.failure {
            lost(path, .normalizingTransformStoppedEmptyDocumentStands(failure))
        }
        return outcome.document
    }

    /// Records content the export could not carry over: reported, and the export is incomplete.
    mutating func lost(_ path: String, _ what: MessageText) {
        manifest.diagnostics.append(Diagnostic(.EC_EXP_003, message: .documentWasNotExportedWhole(what), location: .init(path: path)))
        manifest.incomplete.append(path)
    }

    /// One document, normalized and with its links rewritten, as UTF-8 bytes.
    mutating func document(_ path: String, mediaType: String, output: String, spineIndex: Int?) -> [UInt8] {
        let (transformed, parsedAsHTML) = normalized(path, mediaType: mediaType)
        manifest.documents.append(.init(spineIndex: spineIndex, href: path, output: output, parsedAsHTML: parsedAsHTML))
        guard let document = transformed ?? emptyDocument() else { return [] }
        defer { xmlFreeDoc(document) }
        if let root = xmlDocGetRootElement(document) { rewrite(root, base: path, output: output) }
        // <!DOCTYPE html>, whatever the source declared.
        if let old = xmlGetIntSubset(document) {
            xmlUnlinkNode(UnsafeMutableRawPointer(old).assumingMemoryBound(to: xmlNode.self))
            xmlFreeDtd(old)
        }
        _ = xmlCreateIntSubset(document, "html", nil, nil)
        var buffer: UnsafeMutablePointer<xmlChar>?
        var size: Int32 = 0
        xmlDocDumpFormatMemoryEnc(document, &buffer, &size, "UTF-8", 0)
        guard let buffer else { return [] }
        defer { cxml_free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// Scripts and event handlers in the source, counted before the stylesheet leaves them out.
    mutating func count(_ root: xmlNodePtr?) {
        guard let root else { return }
        var stack = [root]
        while let node = stack.popLast() {
            if node.pointee.type == XML_ELEMENT_NODE {
                if String(cString: node.pointee.name).lowercased() == "script" { manifest.scriptsRemoved += 1 }
                var attribute = node.pointee.properties
                while let a = attribute {
                    let name = String(cString: a.pointee.name).lowercased()
                    if a.pointee.ns == nil, name.hasPrefix("on") { manifest.eventHandlersRemoved += 1 }
                    attribute = a.pointee.next
                }
            }
            var child = node.pointee.children
            while let c = child { stack.append(c); child = c.pointee.next }
        }
    }

    /// An SVG spine item (fixed-layout page) inside an XHTML document.
    mutating func wrapSVG(_ source: xmlDocPtr, path: String) -> xmlDocPtr? {
        guard let normalized = transform(source, path: path), let svg = xmlDocGetRootElement(normalized),
              let document = emptyDocument(), let body = xmlDocGetRootElement(document)?.pointee.children?.pointee.next else {
            return nil
        }
        let copy = xmlDocCopyNode(svg, document, 1)
        xmlFreeDoc(normalized)
        if let copy { xmlAddChild(body, copy) }
        return document
    }

    /// A spine item whose media type is an image other than SVG.
    static func isBitmap(_ mediaType: String) -> Bool {
        mediaType.hasPrefix("image/") && !ManifestItem.isContentDocument(mediaType)
    }

    /// An XHTML page holding only the image at `path` (its `src` relative to itself, rewritten
    /// afterwards like any reference).
    func imagePage(_ path: String) -> xmlDocPtr? {
        guard let document = emptyDocument(), let body = xmlDocGetRootElement(document)?.pointee.children?.pointee.next else { return nil }
        let name = String(path.split(separator: "/").last ?? Substring(path))
        let src = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name
        let image = xmlNewChild(body, body.pointee.ns, "img", nil)
        xmlNewProp(image, "src", src)
        xmlNewProp(image, "alt", "")
        return document
    }

    func emptyDocument() -> xmlDocPtr? {
        let text = "<html xmlns=\"http://www.w3.org/1999/xhtml\" xmlns:epub=\"http://www.idpf.org/2007/ops\"><head><title></title></head><body></body></html>"
        return text.withCString { xmlReadMemory($0, Int32(strlen($0)), "empty.xhtml", "UTF-8", Int32(XML_PARSE_NONET.rawValue)) }
    }

    /// Rewrites every reference of the document to the exported name; remote ones are listed.
    mutating func rewrite(_ root: xmlNodePtr, base: String, output: String) {
        var stack = [root]
        while let node = stack.popLast() {
            if node.pointee.type == XML_ELEMENT_NODE {
                let element = String(cString: node.pointee.name)
                var attribute = node.pointee.properties
                while let a = attribute {
                    let name = String(cString: a.pointee.name)
                    let inXLink = a.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) } == XMLNamespace.xlink
                    if a.pointee.ns == nil || inXLink {
                        let value = LibXMLNode.content(a)
                        var replaced: String?
                        switch name {
                        case "href" where element == "a" || element == "area" || inXLink && element == "a":
                            replaced = link(value, base: base, output: output, hyperlink: true)
                        case "href", "src", "poster", "data":
                            replaced = link(value, base: base, output: output, hyperlink: false)
                        case "srcset":
                            replaced = value.split(separator: ",").map { candidate -> String in
                                let parts = candidate.trimmingXMLWhitespace().split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
                                guard let url = parts.first else { return String(candidate) }
                                return link(String(url), base: base, output: output, hyperlink: false) + (parts.count > 1 ? " " + parts[1] : "")
                            }.joined(separator: ", ")
                        case "style":
                            replaced = css(value, base: base, output: output)
                        default:
                            break
                        }
                        if let replaced, replaced != value { xmlNodeSetContent(UnsafeMutableRawPointer(a).assumingMemoryBound(to: xmlNode.self), replaced) }
                    }
                    attribute = a.pointee.next
                }
                if element == "style", let text = node.pointee.children, text.pointee.type == XML_TEXT_NODE || text.pointee.type == XML_CDATA_SECTION_NODE {
                    let value = LibXMLNode.content(node)
                    let replaced = css(value, base: base, output: output)
                    if replaced != value { xmlNodeSetContent(node, replaced) }
                }
            }
            var child = node.pointee.children
            while let c = child {
                if c.pointee.type == XML_ELEMENT_NODE { stack.append(c) }
                child = c.pointee.next
            }
        }
    }

    /// The exported form of one URL: a document and its fragment, a resource, or (remote) itself.
    mutating func link(_ raw: String, base: String, output: String, hyperlink: Bool) -> String {
        // From a style sheet in resources/, other resources are siblings and documents one level up.
        let fromResources = output.hasPrefix("resources/")
        let url = raw.trimmingXMLWhitespace()
        if url.isEmpty || url.hasPrefix("#") { return url }
        switch HrefResolver.resolve(url, against: base) {
        case .remote:
            if !url.lowercased().hasPrefix("data:") { manifest.remoteReferences.append(.init(in_: output, url: url)) }
            return url
        case .invalid:
            manifest.unresolvedReferences.append(.init(in_: output, url: url))
            return ""
        case .local(let target, let fragment):
            let suffix = fragment.map { "#" + $0 } ?? ""
            // An image embedded from a bitmap page is the image file, not the page that shows it.
            let embedsBitmap = !hyperlink && session.package.item(path: target).map { Self.isBitmap($0.mediaType) } == true
            if !embedsBitmap, let document = names.documents[target] { return (fromResources ? "../" : "") + document + suffix }
            guard session.container.contains(target), let item = session.package.item(path: target) else {
                manifest.unresolvedReferences.append(.init(in_: output, url: url))
                return ""
            }
            let contentType = item.mediaType == "application/xhtml+xml" || item.mediaType == "image/svg+xml"
            if hyperlink && contentType {
                let name = names.auxDocument(target)
                pendingAux.append((target, name))
                return (fromResources ? "../" : "") + name + suffix
            }
            let name = names.resource(target)
            return (fromResources ? String(name.dropFirst("resources/".count)) : name) + suffix
        }
    }

    /// CSS text with every `url(…)` and `@import "…"` pointing at exported resources; URLs are
    /// found by the CSS tokenizer and their tokens replaced in place.
    mutating func css(_ text: String, base: String, output: String) -> String {
        guard text.contains("url(") || text.contains("@import") else { return text }
        let (source, references) = CSSStyleSheet.urlReferences(in: text)
        var out = String.UnicodeScalarView()
        var last = 0
        for reference in references {
            out.append(contentsOf: source[last..<reference.range.lowerBound])
            let url = link(reference.url, base: base, output: output, hyperlink: false)
            // Written as it was: url(x) stays unquoted when it can, strings stay strings.
            let bare = reference.isURLToken && url.unicodeScalars.allSatisfy { $0.isASCII && !"\"'()\\ \t\n".unicodeScalars.contains($0) }
            let quoted = bare ? url : "\"" + url.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            out.append(contentsOf: (reference.isURLToken ? "url(" + quoted + ")" : quoted).unicodeScalars)
            last = reference.range.upperBound
        }
        out.append(contentsOf: source[last...])
        return String(out)
    }

    /// A resource's bytes; style sheets get their references rewritten (relative to `resources/`).
    mutating func resourceBytes(_ path: String, output: String) -> [UInt8] {
        guard let data = session.data(at: path) else { return [] }
        guard session.package.item(path: path)?.mediaType == "text/css" else { return [UInt8](data) }
        let text = String(decoding: data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...], as: UTF8.self)
        return Array(css(text, base: path, output: output).utf8)
    }
}
