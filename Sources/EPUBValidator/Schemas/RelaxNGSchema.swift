import EPUBContract
import CLibXML2
import Foundation

/// A RELAX NG schema, compiled once and shared. libxml2 gives the verdict (it is the validator
/// of record); only for an invalid document does `RelaxNGDiagnoser` walk it again to locate and
/// name every fault, since libxml2 stops at the first fault of a sequence.
final class RelaxNGSchema: @unchecked Sendable {
    let name: String
    private let compiled: xmlRelaxNGPtr
    private let source: Data
    /// Our reading of the grammar, for explaining faults: built the first time a document fails,
    /// since most books never need it and every run would pay for it.
    private var grammar: RelaxNGGrammar?
    /// libxml2 does not promise that one schema may validate on several threads at once.
    private let lock = NSLock()

    struct CompileError: Error, CustomStringConvertible {
        var description: String
    }

    /// Compiles `text` (RELAX NG XML syntax); `name` only labels errors.
    init(name: String, text: String) throws(CompileError) {
        self.name = name
        let data = Data(text.utf8)
        source = data
        XMLParser.initialize()
        let parsed: xmlRelaxNGPtr? = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> xmlRelaxNGPtr? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                  let context = xmlRelaxNGNewMemParserCtxt(base, Int32(raw.count)) else { return nil }
            defer { xmlRelaxNGFreeParserCtxt(context) }
            xmlRelaxNGSetParserStructuredErrors(context, { _, _ in }, nil)
            return xmlRelaxNGParse(context)
        }
        guard let parsed else { throw CompileError(description: "libxml2 cannot compile the RELAX NG schema \(name)") }
        compiled = parsed
    }

    deinit {
        xmlRelaxNGFree(compiled)
    }

    /// Our grammar for the schema, compiled once (`SchemaTests` compile every embedded schema).
    func explainingGrammar() throws(CompileError) -> RelaxNGGrammar {
        lock.lock()
        defer { lock.unlock() }
        if let grammar { return grammar }
        do {
            let made = try RelaxNGGrammar(source, name: name)
            grammar = made
            return made
        } catch {
            throw CompileError(description: error.description)
        }
    }

    /// Every violation in `document`, in document order; empty when it is valid.
    func validate(_ document: XMLDocument) -> [SchemaViolation] {
        guard let root = xmlDocGetRootElement(document.pointer) else { return [] }
        let verdict: Int32 = lock.withLock {
            guard let context = xmlRelaxNGNewValidCtxt(compiled) else { return -1 }
            defer { xmlRelaxNGFreeValidCtxt(context) }
            xmlRelaxNGSetValidStructuredErrors(context, { _, _ in }, nil)
            return xmlRelaxNGValidateDoc(context, document.pointer)
        }
        if verdict == 0 { return [] }
        guard let grammar = try? explainingGrammar() else {
            return [SchemaViolation(line: Int(xmlGetLineNo(root)), message: "The document does not match the schema \(name).")]
        }
        var diagnoser = RelaxNGDiagnoser(grammar: grammar)
        diagnoser.check(root)
        if diagnoser.violations.isEmpty {
            // libxml2 rejects what our explanation accepts: still report, never pass silently.
            return [SchemaViolation(line: Int(xmlGetLineNo(root)), message: "The document does not match the schema \(name).")]
        }
        return diagnoser.violations.sorted { $0.line < $1.line }
    }
}
