import CLibXML2
import Foundation

/// Reads a document that is not well-formed XML the way libxml2's HTML parser recovers it: what
/// the export shows of such a document (old EPUB 2 books are full of them) and what `fix` writes
/// back as well-formed XHTML are one and the same tree, read in one place.
package enum HTMLParser {
    /// The recovered tree, and whether the parser stopped before the end (only a hard limit stops
    /// it: nesting past 256 levels), in which case the rest of the document is not in the tree.
    package struct Result {
        package var document: XMLDocument?
        package var halted: Bool
        /// libxml2's error number when it halted, for the report.
        package var errorNumber: Int32
    }

    /// Options: recover everything, report nothing (the XML parse already did), no network, and no
    /// default HTML 4 DOCTYPE where the file has none (a writer must not invent one).
    static let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
                               | HTML_PARSE_NONET.rawValue | HTML_PARSE_NODEFDTD.rawValue)

    /// The encoding to read in, by XML's rules (the document is XHTML, whatever its markup's
    /// faults): the declaration's, else UTF-8, XML's default, when the bytes are UTF-8; a byte-order
    /// mark libxml2 reads itself. An HTML `meta` naming another character set is not what an XML
    /// reader obeys. Bytes that are not UTF-8 and declare nothing (an image in the spine) are left
    /// to libxml2, which reads them as Latin-1: garbage, but text the output can hold.
    package static func encoding(of data: Data) -> String? {
        switch XMLDeclaration.family(data) {
        case .asciiCompatible:
            let utf8 = String(validating: Array(data), as: UTF8.self) != nil
            if let declared = XMLDeclaration.read(data)?.encoding, declared.lowercased() != "utf-8" || utf8 { return declared }
            return utf8 ? "UTF-8" : nil
        case .utf8WithByteOrderMark: return "UTF-8"
        case .utf16, .ucs4: return nil
        }
    }

    package static func parse(_ data: Data, path: String) -> Result {
        XMLParser.initialize()
        let encoding = encoding(of: data)
        guard let context = htmlNewParserCtxt() else { return Result(document: nil, halted: true, errorNumber: 0) }
        defer { htmlFreeParserCtxt(context) }
        let tree = data.withUnsafeBytes { raw -> htmlDocPtr? in
            raw.baseAddress.flatMap { base in
                htmlCtxtReadMemory(context, base.assumingMemoryBound(to: CChar.self), Int32(raw.count), path, encoding, options)
            }
        }
        let halted = context.pointee.disableSAX != 0
        return Result(document: tree.map { XMLDocument(pointer: $0, path: path, isRecovered: true) },
                      halted: halted, errorNumber: Int32(context.pointee.errNo))
    }
}
