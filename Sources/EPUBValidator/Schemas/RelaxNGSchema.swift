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

    /// Where the grammar constrains attribute values by pattern facets, when those are checked
    /// here instead of by libxml2 (`checkingPatterns`); empty otherwise.
    private let patternSites: [RelaxNGPatternSite]

    /// Compiles `text` (RELAX NG XML syntax); `name` only labels errors. `checkingPatterns`: for
    /// grammars whose documents carry many patterned values (a media overlay's clock values).
    /// libxml2 compiles a pattern facet's regular expression again for every value it checks, so
    /// its copy of the grammar goes without them, and a document it finds valid is judged by our
    /// diagnoser whenever one of its patterned values does not match (or cannot be told alone).
    init(name: String, text: String, checkingPatterns: Bool = false) throws(CompileError) {
        self.name = name
        let data = Data(text.utf8)
        source = data
        XMLParser.initialize()
        var sites: [RelaxNGPatternSite] = []
        if checkingPatterns, let made = try? RelaxNGGrammar(data, name: name), let found = RelaxNGPatternSite.sites(in: made) {
            grammar = made
            sites = found
        }
        // Should the copy without patterns not compile, libxml2 judges the patterns after all.
        let stripped = sites.isEmpty ? nil : Self.compileWithoutPatterns(data)
        patternSites = stripped == nil ? [] : sites
        guard let parsed = stripped ?? Self.compile(data) else { throw CompileError(description: "libxml2 cannot compile the RELAX NG schema \(name)") }
        compiled = parsed
    }

    private static func compile(_ data: Data) -> xmlRelaxNGPtr? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> xmlRelaxNGPtr? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: CChar.self),
                  let context = xmlRelaxNGNewMemParserCtxt(base, Int32(raw.count)) else { return nil }
            defer { xmlRelaxNGFreeParserCtxt(context) }
            xmlRelaxNGSetParserStructuredErrors(context, { _, _ in }, nil)
            return xmlRelaxNGParse(context)
        }
    }

    /// The grammar compiled from a copy with every `<param name="pattern">` taken out.
    private static func compileWithoutPatterns(_ data: Data) -> xmlRelaxNGPtr? {
        guard let document = XMLParser.parse(data, path: "schema").document else { return nil }
        var doomed: [xmlNodePtr] = []
        document.forEachElementInOrder { node in
            if String(cString: node.pointee.name) == "param", LibXMLNode.attribute(node, "name") == "pattern" { doomed.append(node) }
        }
        for node in doomed {
            xmlUnlinkNode(node)
            xmlFreeNode(node)
        }
        // libxml2 compiles from its own copy of the document.
        guard let context = xmlRelaxNGNewDocParserCtxt(document.pointer) else { return nil }
        defer { xmlRelaxNGFreeParserCtxt(context) }
        xmlRelaxNGSetParserStructuredErrors(context, { _, _ in }, nil)
        return xmlRelaxNGParse(context)
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
        if verdict == 0 {
            // libxml2 saw no pattern: a value that may break one is for the diagnoser to judge.
            guard !patternSites.isEmpty, RelaxNGPatternSite.suspect(document, patternSites) else { return [] }
            return diagnose(root) ?? []
        }
        guard let violations = diagnose(root), !violations.isEmpty else {
            // libxml2 rejects what our explanation accepts (or cannot read): still report, never pass silently.
            return [SchemaViolation(line: Int(xmlGetLineNo(root)), message: .documentDoesNotMatchSchema(name))]
        }
        return violations
    }

    /// Our diagnoser's violations under `root`, in line order; nil when our grammar cannot be read.
    private func diagnose(_ root: xmlNodePtr) -> [SchemaViolation]? {
        guard let grammar = try? explainingGrammar() else { return nil }
        var diagnoser = RelaxNGDiagnoser(grammar: grammar)
        diagnoser.check(root)
        return diagnoser.violations.sorted { $0.line < $1.line }
    }
}
