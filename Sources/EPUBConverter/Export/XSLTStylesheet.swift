import CLibXML2
import CLibXSLT
import Foundation

/// A stylesheet of `schemas/`, compiled once per process from the copy built into the binary.
final class XSLTStylesheet: @unchecked Sendable {
    static let normalize = XSLTStylesheet(name: "normalize-xhtml.xsl")

    private let sheet: xsltStylesheetPtr?
    private let lock = NSLock()

    private init(name: String) {
        let text = EmbeddedStylesheets.files[name] ?? ""
        let document = text.withCString { xmlReadMemory($0, Int32(strlen($0)), name, "UTF-8", Int32(XML_PARSE_NONET.rawValue)) }
        sheet = document.flatMap { xsltParseStylesheetDoc($0) }
    }

    /// A new document: the transform of `document`, which is only read.
    func apply(_ document: xmlDocPtr) -> xmlDocPtr? {
        lock.lock()
        defer { lock.unlock() }
        guard let sheet else { return nil }
        return xsltApplyStylesheet(sheet, document, nil)
    }
}
