import CLibXML2
import Foundation

/// Reads a document with libxml2's streaming reader up to the opening `body` tag (or the root of
/// an SVG) and stops: the rest of the document is never parsed. Same safety options as `XMLParser`.
package enum DocumentHeadScanner {
    package static func scan(_ data: Data, path: String) -> DocumentHead? {
        guard !data.isEmpty else { return nil }
        return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> DocumentHead? in
            guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self),
                  let reader = xmlReaderForMemory(base, Int32(clamping: buffer.count), path, nil, XMLParser.options) else { return nil }
            defer { xmlFreeTextReader(reader) }
            // Errors surface when the document is parsed in full; the scan keeps what it could read.
            xmlTextReaderSetStructuredErrorHandler(reader, { _, _ in }, nil)
            var head: DocumentHead?
            var inHead = false
            while xmlTextReaderRead(reader) == 1 {
                let type = xmlTextReaderNodeType(reader)
                let depth = xmlTextReaderDepth(reader)
                if type == 15, depth == 1, localName(reader) == "head" { inHead = false }
                guard type == 1 else { continue }
                let name = localName(reader)
                if depth == 0 {
                    head = DocumentHead(rootName: name, rootNamespace: namespace(reader), rootAttributes: attributes(reader),
                                        bodyAttributes: nil, styles: [], viewportMetas: [], title: nil)
                    if name != "html" { break }
                    continue
                }
                guard head != nil else { break }
                if depth == 1 {
                    if name == "body" {
                        head?.bodyAttributes = attributes(reader)
                        break
                    }
                    inHead = name == "head" && xmlTextReaderIsEmptyElement(reader) == 0
                    continue
                }
                guard inHead, depth == 2 else { continue }
                switch name {
                case "meta":
                    let a = attributes(reader)
                    if a["name"]?.trimmingXMLWhitespace().lowercased() == "viewport" {
                        head?.viewportMetas.append(.init(content: a["content"] ?? "", line: Int(xmlTextReaderCurrentNode(reader).map { xmlGetLineNo($0) } ?? 0)))
                    }
                case "link":
                    let a = attributes(reader)
                    let rel = (a["rel"] ?? "").lowercased().xmlTokens()
                    if rel.contains("stylesheet"), !rel.contains("alternate"), let href = a["href"] {
                        head?.styles.append(.link(href: href, classes: (a["class"] ?? "").xmlTokens(), media: a["media"]))
                    }
                case "style":
                    head?.styles.append(.inline(readString(reader)))
                case "title":
                    head?.title = readString(reader).collapsingXMLWhitespace()
                default:
                    break
                }
            }
            return head
        }
    }

    private static func localName(_ reader: xmlTextReaderPtr) -> String {
        xmlTextReaderConstLocalName(reader).map { String(cString: $0) } ?? ""
    }

    private static func namespace(_ reader: xmlTextReaderPtr) -> String? {
        xmlTextReaderConstNamespaceUri(reader).map { String(cString: $0) }
    }

    private static func readString(_ reader: xmlTextReaderPtr) -> String {
        LibXMLNode.take(xmlTextReaderReadString(reader)) ?? ""
    }

    /// The current element's attributes; `xml:lang` keeps its prefix, other namespaced ones are skipped.
    private static func attributes(_ reader: xmlTextReaderPtr) -> [String: String] {
        var out: [String: String] = [:]
        while xmlTextReaderMoveToNextAttribute(reader) == 1 {
            let name = localName(reader)
            let ns = namespace(reader)
            let value = xmlTextReaderConstValue(reader).map { String(cString: $0) } ?? ""
            if ns == nil {
                out[name] = value
            } else if ns == XMLNamespace.xml {
                out["xml:" + name] = value
            }
        }
        xmlTextReaderMoveToElement(reader)
        return out
    }
}
