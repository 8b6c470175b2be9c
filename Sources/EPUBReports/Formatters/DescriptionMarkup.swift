import CLibXML2
import EPUBDocument
import Foundation

/// Metadata that holds escaped markup (`dc:description` as Standard Ebooks and many publishers
/// write it: `<p><i>Dracula</i> is …`), shown in a report as formatted text, safely: read by the
/// one HTML parser (`HTMLParser`), then only an allow-list of inline and block elements is
/// written back, with no attribute at all; `script`, `style` and the like go with their content;
/// anything else (a `div`, a link) gives its text only. Nothing active can survive: no element
/// that runs, fetches or styles, no attribute, no URL.
enum DescriptionMarkup {
    static let allowed: Set<String> = ["p", "br", "i", "em", "b", "strong", "cite", "q", "abbr", "span", "sub", "sup", "small",
                                       "ul", "ol", "li", "blockquote", "dl", "dt", "dd"]
    /// Elements whose content is no text a reader should see.
    static let dropped: Set<String> = ["script", "style", "template", "noscript", "iframe", "object", "embed", "svg", "math", "head",
                                       "title", "textarea", "select", "button"]

    /// The text as report HTML: formatted when it holds markup, escaped as it is when it does not.
    static func html(_ text: String) -> String {
        guard text.range(of: "<[A-Za-z/!]", options: .regularExpression) != nil else { return HTMLReportFormatter.escape(text) }
        let wrapped = "<html><body>" + text + "</body></html>"
        let parsed = HTMLParser.parse(Data(wrapped.utf8), path: "description")
        guard let document = parsed.document, let root = xmlDocGetRootElement(document.libxmlDocument) else { return HTMLReportFormatter.escape(text) }
        var out = ""
        withExtendedLifetime(document) { write(children: root, into: &out) }
        return out
    }

    private static func write(children node: xmlNodePtr, into out: inout String) {
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { out += HTMLReportFormatter.escape(String(cString: content)) }
            case XML_ELEMENT_NODE:
                let name = String(cString: current.pointee.name).lowercased()
                if dropped.contains(name) { break }
                if name == "br" {
                    out += "<br>"
                } else if allowed.contains(name) {
                    out += "<\(name)>"
                    write(children: current, into: &out)
                    out += "</\(name)>"
                } else {
                    write(children: current, into: &out)
                }
            default: break
            }
            child = current.pointee.next
        }
    }
}
