import EPUBContract
import Foundation

/// How XML resources are written, before what they say: their XML version (HTM-001), encoding
/// (HTM_058, RSC-027, RSC-028) and the document type declaration of XHTML (HTM-004).
enum XMLFormRules {
    static let xhtml11 = "-//W3C//DTD XHTML 1.1//EN"
    /// The only DOCTYPE an OPF 2 package document may carry (HTM-009 otherwise).
    static let oeb12Package = "+//ISBN 0-9673008-1-9//DTD OEB 1.2 Package//EN"
    static let xmlTypes: Set<String> = ["application/xhtml+xml", "image/svg+xml", "application/x-dtbncx+xml", "application/smil+xml"]

    /// `skipping`: documents whose form was checked with their content (`ContentRules`).
    static func check(_ session: PublicationSession, _ package: PackageDocument, skipping checked: Set<String> = []) -> [Diagnostic] {
        let epub3 = package.isEPUB3
        var out: [Diagnostic] = []
        // The package document first: it is an XML document of the publication too.
        if let head = session.data(at: package.path, prefix: 256) {
            out += document(path: package.path, head: head, mediaType: ContainerDocument.packageMediaType, epub3: epub3,
                            tree: session.xml(at: package.path)?.document, source: { session.data(at: package.path) })
        }
        for item in package.manifest where xmlTypes.contains(item.mediaType) {
            guard let path = item.path, !checked.contains(path), session.container.contains(path),
                  let head = session.data(at: path, prefix: 256) else { continue }
            out += document(path: path, head: head, mediaType: item.mediaType, epub3: epub3,
                            tree: session.xml(at: path)?.document, source: { session.data(at: path) })
        }
        return out
    }

    /// The external identifiers EPUB 3.3 allows in a DOCTYPE, by the media type of the document (OPF-073).
    static let allowedExternalIdentifiers: [String: (publicID: String, systemID: String)] = [
        "application/mathml+xml": ("-//W3C//DTD MathML 3.0//EN", "http://www.w3.org/Math/DTD/mathml3/mathml3.dtd"),
        "application/mathml-presentation+xml": ("-//W3C//DTD MathML 3.0//EN", "http://www.w3.org/Math/DTD/mathml3/mathml3.dtd"),
        "application/mathml-content+xml": ("-//W3C//DTD MathML 3.0//EN", "http://www.w3.org/Math/DTD/mathml3/mathml3.dtd"),
        "application/x-dtbncx+xml": ("-//NISO//DTD ncx 2005-1//EN", "http://www.daisy.org/z3986/2005/ncx-2005-1.dtd"),
        "image/svg+xml": ("-//W3C//DTD SVG 1.1//EN", "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd"),
    ]

    /// The form of one XML document, from its first bytes and (for the DOCTYPE) its parsed tree.
    static func document(path: String, head: Data, mediaType: String, epub3: Bool, tree: @autoclosure () -> XMLDocument?,
                         source: () -> Data?) -> [Diagnostic] {
        let isXHTML = mediaType == "application/xhtml+xml"
        var (out, stop) = encoding(path: path, head: head, isXHTML: isXHTML)
        if stop { return out }
        func report(_ id: MessageID, _ message: MessageText, _ line: Int? = nil) {
            out.append(Diagnostic(id, message: message, location: .init(path: path, line: line)))
        }
        guard let document = tree(), let doctype = document.doctype else { return out }
        let line = doctypeLine(source())
        if !epub3, mediaType == ContainerDocument.packageMediaType, doctype.publicID != oeb12Package {
            report(.HTM_009, .packageDocumentSDoctypeNotOeb, line)
            return out
        }
        guard isXHTML else {
            // Other XML documents may name only the DTD their media type is listed with, or none.
            if epub3, doctype.publicID != nil || doctype.systemID != nil {
                let allowed = allowedExternalIdentifiers[mediaType]
                if allowed?.publicID != doctype.publicID || allowed?.systemID != doctype.systemID {
                    report(.OPF_073, .doctypeNamesExternalIdentifierThatDocument(doctype.publicID ?? doctype.systemID ?? "", mediaType), line)
                }
            }
            return out
        }
        if epub3 {
            if let publicID = doctype.publicID {
                report(.HTM_004, .doctypeNamesEpubXhtmlUsesDoctype(publicID), line)
            } else if let system = doctype.systemID, system != "about:legacy-compat" {
                report(.HTM_004, .doctypeNamesEpubXhtmlUsesDoctype(system), line)
            }
        } else if doctype.publicID != xhtml11 && doctype.publicID != "-//W3C//DTD XHTML 1.0 Strict//EN" && doctype.publicID != "-//W3C//DTD XHTML 1.0 Transitional//EN" {
            report(.HTM_004, .doctypeNotXhtmlSEpubXhtml(xhtml11), line)
        }
        return out
    }

    /// The encoding and XML version of one document, from its first bytes: UTF-16 (HTM_058 in
    /// XHTML, RSC-027 elsewhere), UCS-4 or a declared encoding other than UTF-8 (RSC-028), an XML
    /// version other than 1.0 (HTM-001). `stop`: the rest of the document's form is not judged
    /// (its bytes are not what the checks read).
    static func encoding(path: String, head: Data, isXHTML: Bool) -> (found: [Diagnostic], stop: Bool) {
        var out: [Diagnostic] = []
        func report(_ id: MessageID, _ message: MessageText, _ line: Int? = nil) {
            out.append(Diagnostic(id, message: message, location: .init(path: path, line: line)))
        }
        switch XMLDeclaration.family(head) {
        case .utf16:
            if isXHTML {
                report(.HTM_058, .xhtmlDocumentEncodedUtfXhtmlUtf)
            } else {
                report(.RSC_027, .documentEncodedUtfUtfRecommended)
            }
            return (out, true)
        case .ucs4:
            report(.RSC_028, .documentEncodedXmlDocumentsPublicationUtf("UCS-4"))
            return (out, true)
        case .asciiCompatible, .utf8WithByteOrderMark:
            break
        }
        let declaration = XMLDeclaration.read(head)
        if let version = declaration?.version, version != "1.0" {
            report(.HTM_001, .documentDeclaresXmlPublicationResourcesXml(version))
        }
        // Only the encoding's own name: `utf8` is no name of it (IANA's is UTF-8), and XML parsers refuse it.
        if let declared = declaration?.encoding, declared.lowercased() != "utf-8" {
            if declared.lowercased().hasPrefix("utf-16") {
                report(isXHTML ? .HTM_058 : .RSC_027, .documentDeclaresUtfUseUtf)
            } else {
                report(.RSC_028, .documentEncodedXmlDocumentsPublicationUtf(declared.uppercased()))
            }
            return (out, true)
        }
        return (out, false)
    }

    /// `META-INF/container.xml` is XML of the publication too: its encoding and version.
    static func container(_ session: PublicationSession) -> [Diagnostic] {
        guard let head = session.data(at: ContainerDocument.path, prefix: 256) else { return [] }
        return encoding(path: ContainerDocument.path, head: head, isXHTML: false).found
    }

    /// The line the DOCTYPE is written on.
    static func doctypeLine(_ data: Data?) -> Int? {
        guard let data else { return nil }
        // A byte scan: Data.range(of:) cost more than the parse on large documents.
        let pattern = Array("<!DOCTYPE".utf8)
        return data.withUnsafeBytes { raw -> Int? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var line = 1
            var at = 0
            while at + pattern.count <= bytes.count {
                let byte = bytes[at]
                if byte == 0x0A { line += 1 } else if byte == 0x3C, bytes[at + 1] == 0x21,
                    (0..<pattern.count).allSatisfy({ bytes[at + $0] == pattern[$0] }) { return line }
                at += 1
            }
            return nil
        }
    }
}
