import EPUBContract
import EPUBOutput
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

    /// The transform of one document: a new tree (the caller frees it), or why there is none
    /// whole (libxslt stops at its first runtime error and leaves the output incomplete).
    struct Outcome {
        var document: xmlDocPtr?
        var failure: MessageArgument?
    }

    /// Transforms `document`, which is only read; libxslt's messages are kept, never printed.
    func apply(_ document: xmlDocPtr) -> Outcome {
        lock.lock()
        defer { lock.unlock() }
        guard let sheet else { return Outcome(document: nil, failure: .exportStylesheetDidNotCompile) }
        var errors = cxslt_errors()
        var failed: Int32 = 0
        let result = cxslt_apply(sheet, document, &errors, &failed)
        guard failed != 0 else { return Outcome(document: result, failure: nil) }
        if let result { xmlFreeDoc(result) }
        let message = withUnsafeBytes(of: &errors.message) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        let text = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return Outcome(document: nil, failure: text.isEmpty ? .transformStoppedError : .text(text))
    }
}
