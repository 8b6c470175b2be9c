import CLibXML2
import Foundation

/// Parses untrusted XML safely: no network, no external entities or DTD loading, errors kept as diagnostics.
package enum XMLParser {
    /// Parser options: no network access, CDATA merged into text, line numbers past 65535 kept, and
    /// short text nodes stored inside their node (one allocation fewer for each run of indentation
    /// between elements; libxml2 frees and replaces such text itself, and nothing here edits it).
    static let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_BIG_LINES.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_NOERROR.rawValue
                               | XML_PARSE_COMPACT.rawValue)

    private static let initialized: Bool = {
        xmlInitParser()
        cxml_silence_generic_errors()
        cxml_init_type_tables()
        return true
    }()

    /// Sets libxml2 up once (silences its stderr output, fills its type tables) before any other libxml2 use.
    package static func initialize() {
        _ = initialized
    }

    /// The outcome of a parse: a tree (possibly recovered from broken input) and what went wrong.
    package struct Result: Sendable {
        package var document: XMLDocument?
        package var diagnostics: [Diagnostic]

        /// The line of the fatal error a recovered tree was read past: a checker stops there, so
        /// nothing after it is judged, linked to or used.
        package var fatalLine: Int? {
            guard document?.isRecovered == true else { return nil }
            return diagnostics.first { $0.id == MessageID.RSC_016.rawValue }?.location?.line
        }

        /// The column of that fatal error, when the parser gave one.
        package var fatalColumn: Int? {
            guard document?.isRecovered == true else { return nil }
            return diagnostics.first { $0.id == MessageID.RSC_016.rawValue }?.location?.column
        }
    }

    /// Parses bytes read from `path`. Not well-formed input yields RSC-016 diagnostics and, where
    /// libxml2 can recover, a best-effort tree so that later stages still see what is readable.
    /// A document over one of `limits` is cut there (EC-XML-002, EC-XML-003) or loses the entity
    /// references past the budget (EC-XML-001), and is marked recovered so no rule reads the cut as a fault.
    package static func parse(_ data: Data, path: String, limits: DocumentLimits = .default) -> Result {
        parse(.bytes(data), path: path, limits: limits)
    }

    /// What a streamed parse made of its input: the result, every byte it read (the whole
    /// document, or up to a little past where its budget cut it), and whether the stream failed
    /// (the result is then not the document's: its reader reports the failure instead).
    package struct Streamed {
        package var result: Result
        package var bytes: Data
        package var failed: Bool
    }

    /// Parses a document as it arrives from `stream`, reading no further than the parse does: the
    /// same result as `parse(_:path:limits:)` on all its bytes, for a document too large to inflate
    /// first (one its element budget may cut). `expectedSize`: the size its container records.
    package static func parse(streaming stream: any ByteStream, expectedSize: Int, path: String, limits: DocumentLimits = .default) -> Streamed {
        let input = StreamedXMLInput(stream, expectedSize: expectedSize)
        // The first bytes decide the encoding and hold the declaration before either parse.
        input.fill(upTo: 512)
        let result = input.failed ? Result(document: nil, diagnostics: []) : parse(.streamed(input), path: path, limits: limits)
        return Streamed(result: result, bytes: input.received, failed: input.failed)
    }

    /// A document's bytes, all in memory or arriving as the parser reads.
    private enum Source {
        case bytes(Data)
        case streamed(StreamedXMLInput)

        /// The bytes at hand: all of them, or what the stream has delivered so far.
        var data: Data {
            switch self {
            case .bytes(let data): data
            case .streamed(let input): input.received
            }
        }
    }

    private static func parse(_ source: Source, path: String, limits: DocumentLimits) -> Result {
        _ = initialized
        // Refused for its encoding, once, before either parse (no tree: nothing past it is read).
        if !source.data.isEmpty, let refusal = encodingRefusal(source.data) {
            return Result(document: nil, diagnostics: [Diagnostic(.notWellFormed(detail: .phrase(refusal)), location: .init(path: path, line: 1))])
        }
        let collector = ErrorCollector(path: path)
        let strict = run(source, path: path, options: options, limits: limits, collector: collector)
        if let strict {
            // libxml2 builds a tree past namespace errors; such a document is still not well-formed.
            return finish(strict, path: path, source: source.data, limits: limits, collector: collector, recovered: !collector.diagnostics.isEmpty)
        }
        if collector.diagnostics.isEmpty {
            collector.diagnostics.append(Diagnostic(.notWellFormed(detail: nil), location: .init(path: path)))
        }
        let quiet = ErrorCollector(path: path)
        let recovered = run(source, path: path, options: options | Int32(XML_PARSE_RECOVER.rawValue), limits: limits, collector: quiet)
        guard let recovered else { return Result(document: nil, diagnostics: collector.diagnostics + quiet.budgetDiagnostics) }
        collector.budgetDiagnostics = quiet.budgetDiagnostics
        return finish(recovered, path: path, source: source.data, limits: limits, collector: collector, recovered: true)
    }

    /// The document with its entity references held to budget, and every diagnostic of the parse.
    private static func finish(_ pointer: xmlDocPtr, path: String, source: Data, limits: DocumentLimits,
                               collector: ErrorCollector, recovered: Bool) -> Result {
        var budget = collector.budgetDiagnostics
        if let line = EntityBudget.enforce(pointer, limit: limits.maxEntityExpansion) {
            budget.append(Diagnostic(.entityExpansionOverBudget(limit: limits.maxEntityExpansion), location: .init(path: path, line: line)))
        }
        let document = XMLDocument(pointer: pointer, path: path, isRecovered: recovered, isOverBudget: !budget.isEmpty)
        return Result(document: document, diagnostics: collector.diagnostics + budget + externalEntities(document, source: source))
    }

    /// HTM-003 for every external entity declared in the internal subset. Such entities are never
    /// loaded (no `XML_PARSE_NOENT`, no DTD loading), but their presence is reported.
    static func externalEntities(_ document: XMLDocument, source: Data) -> [Diagnostic] {
        guard let subset = document.pointer.pointee.intSubset else { return [] }
        var out: [Diagnostic] = []
        var child = subset.pointee.children
        while let node = child {
            if node.pointee.type == XML_ENTITY_DECL {
                let entity = UnsafeMutableRawPointer(node).assumingMemoryBound(to: xmlEntity.self)
                let kind = entity.pointee.etype
                if kind == XML_EXTERNAL_GENERAL_PARSED_ENTITY || kind == XML_EXTERNAL_GENERAL_UNPARSED_ENTITY || kind == XML_EXTERNAL_PARAMETER_ENTITY {
                    let name = String(cString: entity.pointee.name)
                    out.append(Diagnostic(.externalEntity(name: name),
                                          location: .init(path: document.path, line: declarationLine(of: name, in: source))))
                }
            }
            child = node.pointee.next
        }
        return out
    }

    /// The encoding names an XML parser of EPUBCheck's (Xerces) knows: IANA's names and aliases of
    /// the encodings it reads, upper-cased. A name outside them (`UTF8`, `ISO8859-1`) is a fatal
    /// error there, which libxml2 would let pass.
    static let knownEncodingNames: Set<String> = [
        "UTF-8", "UTF-16", "UTF-16BE", "UTF-16LE", "UTF-32", "UTF-32BE", "UTF-32LE", "ISO-10646-UCS-2", "ISO-10646-UCS-4",
        "US-ASCII", "ASCII", "ISO646-US", "IBM367", "CP367", "CSASCII", "ANSI_X3.4-1968", "ANSI_X3.4-1986", "ISO_646.IRV:1991", "US", "ISO-IR-6",
        "ISO-8859-1", "ISO_8859-1", "ISO_8859-1:1987", "ISO-IR-100", "LATIN1", "L1", "IBM819", "CP819", "CSISOLATIN1",
        "ISO-8859-2", "ISO_8859-2", "LATIN2", "L2", "ISO-8859-3", "ISO_8859-3", "LATIN3", "L3", "ISO-8859-4", "ISO_8859-4", "LATIN4", "L4",
        "ISO-8859-5", "ISO_8859-5", "CYRILLIC", "ISO-8859-6", "ISO_8859-6", "ARABIC", "ISO-8859-7", "ISO_8859-7", "GREEK", "GREEK8",
        "ISO-8859-8", "ISO_8859-8", "HEBREW", "ISO-8859-9", "ISO_8859-9", "LATIN5", "L5", "ISO-8859-13", "ISO-8859-15", "ISO_8859-15", "LATIN-9", "LATIN9", "LATIN0",
        "WINDOWS-1250", "WINDOWS-1251", "WINDOWS-1252", "WINDOWS-1253", "WINDOWS-1254", "WINDOWS-1255", "WINDOWS-1256", "WINDOWS-1257", "WINDOWS-1258",
        "SHIFT_JIS", "MS_KANJI", "CSSHIFTJIS", "WINDOWS-31J", "EUC-JP", "CSEUCPKDFMTJAPANESE", "ISO-2022-JP", "CSISO2022JP",
        "EUC-KR", "CSEUCKR", "ISO-2022-KR", "CSISO2022KR", "GB2312", "CSGB2312", "GBK", "GB18030", "BIG5", "CSBIG5", "BIG5-HKSCS", "EUC-CN",
        "KOI8-R", "CSKOI8R", "KOI8-U", "TIS-620", "IBM037", "CP037", "EBCDIC-CP-US", "EBCDIC-CP-CA", "EBCDIC-CP-WT", "EBCDIC-CP-NL", "CSIBM037",
        "IBM437", "CP437", "IBM850", "CP850", "IBM852", "CP852", "IBM855", "CP855", "IBM857", "CP857", "IBM862", "CP862", "IBM866", "CP866",
    ]

    /// The encoding an ASCII-compatible document's XML declaration names, when it is no name in
    /// `knownEncodingNames`.
    package static func unknownEncodingName(_ data: Data) -> String? {
        guard XMLDeclaration.family(data) == .asciiCompatible, let name = XMLDeclaration.read(data)?.encoding else { return nil }
        return knownEncodingNames.contains(name.uppercased()) ? nil : name
    }

    /// The encoding an XML declaration names when the bytes are UTF-16 and the name is not
    /// UTF-16's: a fatal error to Xerces, and so to EPUBCheck; libxml2 would read on.
    package static func contradictedUTF16Declaration(_ data: Data) -> String? {
        guard case .utf16 = XMLDeclaration.family(data), let name = XMLDeclaration.read(data)?.encoding else { return nil }
        return name.lowercased().hasPrefix("utf-16") ? nil : name
    }

    /// Whether the bytes cannot be read for their encoding alone (an unknown name, or UTF-16
    /// declared as another): the parser stops before the root element.
    package static func unreadableForEncoding(_ data: Data) -> Bool {
        encodingRefusal(data) != nil
    }

    /// Why Xerces would refuse the bytes before reading an element, where libxml2 would not.
    private static func encodingRefusal(_ data: Data) -> MessageText? {
        if let name = unknownEncodingName(data) { return .encodingNameInvalid(name) }
        if let declared = contradictedUTF16Declaration(data) { return .byteOrderMarkContradictsDeclaration(declared) }
        return nil
    }

    private static func run(_ source: Source, path: String, options: Int32, limits: DocumentLimits, collector: ErrorCollector) -> xmlDocPtr? {
        // Read before the parse and not held through it: a streamed input's bytes grow in place
        // only while nothing else holds them. A UTF-8 byte-order mark decides the encoding, whatever
        // the declaration names (as Xerces, and so EPUBCheck, reads it); libxml2 would trust the
        // declaration and fail.
        let (isEmpty, utf8BOM) = { (data: Data) in (data.isEmpty, data.starts(with: [0xEF, 0xBB, 0xBF])) }(source.data)
        guard !isEmpty else {
            collector.diagnostics.append(Diagnostic(.emptyDocument, location: .init(path: path)))
            return nil
        }
        guard let ctxt = xmlNewParserCtxt() else { return nil }
        defer { xmlFreeParserCtxt(ctxt) }
        let box = Unmanaged.passUnretained(collector).toOpaque()
        xmlSetStructuredErrorFunc(box, { userData, error in
            guard let userData, let error else { return }
            let collector = Unmanaged<ErrorCollector>.fromOpaque(userData).takeUnretainedValue()
            collector.record(error.pointee)
        })
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        cxml_install_budget(ctxt, collector.budget)
        collector.budget.pointee.maxElements = UInt(max(limits.maxElements, 1))
        collector.budget.pointee.maxAttributes = Int32(clamping: limits.maxAttributes)
        let doc: xmlDocPtr?
        switch source {
        case .streamed(let input):
            doc = input.parse(ctxt, path: path, encoding: utf8BOM ? "UTF-8" : nil, options: options)
        case .bytes(let data):
            doc = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                guard let base = buffer.baseAddress?.assumingMemoryBound(to: CChar.self) else { return nil }
                return xmlCtxtReadMemory(ctxt, base, Int32(clamping: buffer.count), path, utf8BOM ? "UTF-8" : nil, options)
            }
        }
        guard let doc else { return nil }
        if collector.recordBudget(limits) { return doc }
        if ctxt.pointee.wellFormed == 0 {
            if options & Int32(XML_PARSE_RECOVER.rawValue) != 0 { return doc }
            xmlFreeDoc(doc)
            return nil
        }
        return doc
    }

    /// libxml2 keeps no line for entity declarations: find `<!ENTITY name` in the source instead.
    private static func declarationLine(of name: String, in source: Data) -> Int? {
        let bytes = [UInt8](source.prefix(1 << 20))
        let marker = Array("<!ENTITY".utf8)
        let target = Array(name.utf8)
        var line = 1
        var i = 0
        while i + marker.count < bytes.count {
            if bytes[i] == 0x0A { line += 1 }
            if bytes[i] == marker[0], Array(bytes[i..<i + marker.count]) == marker {
                var j = i + marker.count
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D || bytes[j] == UInt8(ascii: "%") { j += 1 }
                let end = j + target.count
                if end < bytes.count, Array(bytes[j..<end]) == target, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end]) { return line }
            }
            i += 1
        }
        return nil
    }

    /// Receives libxml2's structured errors for one parse; the callback runs on the parsing thread.
    private final class ErrorCollector {
        let path: String
        var diagnostics: [Diagnostic] = []
        /// What the parse budget cut, reported after the parse's own errors.
        var budgetDiagnostics: [Diagnostic] = []
        /// The C side of the element and attribute budget, read by the start-tag handler.
        let budget: UnsafeMutablePointer<cxml_budget>

        init(path: String) {
            self.path = path
            budget = .allocate(capacity: 1)
            budget.initialize(to: cxml_budget())
        }

        deinit { budget.deallocate() }

        /// True when the budget cut the parse: the tree holds what came before, and libxml2's
        /// complaints about the unfinished end are artefacts of the cut, not faults of the document.
        func recordBudget(_ limits: DocumentLimits) -> Bool {
            let state = budget.pointee
            guard state.exceeded != 0 else { return false }
            let line = state.line > 0 ? Int(state.line) : nil
            let fault: ReadingFault = state.exceeded == 2
                ? .attributesOverBudget(count: Int(state.attributes), limit: limits.maxAttributes)
                : .elementsOverBudget(limit: limits.maxElements)
            budgetDiagnostics = [Diagnostic(fault, location: .init(path: path, line: line))]
            return true
        }

        func record(_ error: xmlError) {
            // The first error is the one that matters (later ones follow from it), as EPUBCheck reports it.
            guard error.level.rawValue >= XML_ERR_ERROR.rawValue, diagnostics.isEmpty, budget.pointee.exceeded == 0 else { return }
            // libxml2's words, in the catalog's when they are ones it knows (XMLErrorText); without any, its error code.
            let text: MessageArgument = error.message.map { XMLErrorText.argument(error, message: String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines)) }
                ?? .phrase(.xmlErrorCode(Int(error.code)))
            let line = error.line > 0 ? Int(error.line) : nil
            let column = error.int2 > 0 ? Int(error.int2) : nil
            diagnostics.append(Diagnostic(.notWellFormed(detail: text),
                                          location: .init(path: path, line: line, column: column)))
        }
    }
}
