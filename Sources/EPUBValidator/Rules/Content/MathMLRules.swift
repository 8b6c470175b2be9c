import CLibXML2
import EPUBContract

/// EPUB's MathML subset (EPUB 3.3 § Embedded MathML), as RSC-005: `math` holds Presentation
/// MathML only; Content MathML lives in an `annotation-xml` whose `encoding` says so and whose
/// `name` is `contentequiv`; an `annotation-xml` names one of the encodings EPUBCheck knows, and
/// its children are what that encoding says (XHTML when it names none). One report per misplaced
/// element, whose own content is then not judged, as a grammar checker recovers.
enum MathMLRules {
    /// What an element's children may be.
    private enum Model {
        case presentation, content, xhtml, other
    }

    static let contentEncodings: Set<String> = ["MathML-Content", "application/mathml-content+xml"]
    static let presentationEncodings: Set<String> = ["MathML", "MathML-Presentation", "application/mathml-presentation+xml"]
    static let xhtmlEncodings: Set<String> = ["application/xhtml+xml", "text/html"]
    static let otherEncodings: Set<String> = ["SVG1.1"]

    /// The elements of Content MathML (MathML 3 chapter 4); `semantics` and `annotation*` belong to both.
    static let contentElements: Set<String> = [
        "apply", "bind", "bvar", "ci", "cn", "csymbol", "cs", "cbytes", "cerror", "share", "piecewise", "piece", "otherwise",
        "condition", "degree", "momentabout", "logbase", "lowlimit", "uplimit", "interval", "inverse", "lambda", "compose",
        "ident", "domain", "codomain", "image", "domainofapplication", "quotient", "factorial", "divide", "max", "min", "minus",
        "plus", "power", "rem", "times", "root", "gcd", "and", "or", "xor", "not", "implies", "forall", "exists", "abs",
        "conjugate", "arg", "real", "imaginary", "lcm", "floor", "ceiling", "eq", "neq", "gt", "lt", "geq", "leq", "equivalent",
        "approx", "factorof", "int", "diff", "partialdiff", "divergence", "grad", "curl", "laplacian", "set", "list", "union",
        "intersect", "in", "notin", "subset", "prsubset", "notsubset", "notprsubset", "setdiff", "card", "cartesianproduct",
        "sum", "product", "limit", "tendsto", "exp", "ln", "log", "sin", "cos", "tan", "sec", "csc", "cot", "sinh", "cosh",
        "tanh", "sech", "csch", "coth", "arcsin", "arccos", "arctan", "arccosh", "arccot", "arccoth", "arccsc", "arccsch",
        "arcsec", "arcsech", "arcsinh", "arctanh", "mean", "sdev", "variance", "median", "mode", "moment", "vector", "matrix",
        "matrixrow", "determinant", "transpose", "selector", "vectorproduct", "scalarproduct", "outerproduct", "integers",
        "reals", "rationals", "naturalnumbers", "complexes", "primes", "exponentiale", "imaginaryi", "notanumber", "true",
        "false", "emptyset", "pi", "eulergamma", "infinity", "declare", "reln", "fn",
    ]
    private static let shared: Set<String> = ["semantics", "annotation", "annotation-xml"]

    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        for element in index.elements where element.space == .mathml && element.name == .math {
            // A math inside another math's annotation is judged with that one.
            if let parent = element.parent, index.elements[parent].space == .mathml { continue }
            walk(element.node, .presentation, index, &findings)
        }
    }

    /// The element names above as tables read from libxml2's C strings: the walk meets every
    /// MathML element of a book and makes a Swift string only for one it reports.
    private static let contentTable = NameTable(contentElements.sorted())
    private static let sharedTable = NameTable(shared.sorted())

    private static func walk(_ root: xmlNodePtr, _ model: Model, _ index: DocumentIndex, _ findings: inout ContentFindings) {
        var stack: [(xmlNodePtr, Model)] = []
        func push(children node: xmlNodePtr, _ model: Model) {
            let mark = stack.count
            var child = node.pointee.children
            while let c = child {
                if c.pointee.type == XML_ELEMENT_NODE { stack.append((c, model)) }
                child = c.pointee.next
            }
            stack[mark...].reverse()
        }
        push(children: root, model)
        while let (node, model) = stack.popLast() {
            // Markup of another namespace (XHTML in an annotation) is the HTML rules' business.
            guard let ns = node.pointee.ns?.pointee.href, let raw = node.pointee.name,
                  xmlStrEqual(ns, "http://www.w3.org/1998/Math/MathML") != 0 else { continue }
            if isMisplaced(raw, in: model) {
                report(node, problem(String(cString: raw), in: model), index, &findings)
                continue
            }
            if xmlStrEqual(raw, "annotation-xml") != 0 {
                push(children: node, annotationModel(node, index, &findings))
            } else if xmlStrEqual(raw, "math") != 0 {
                push(children: node, .presentation)
            } else {
                push(children: node, model)
            }
        }
    }

    /// Whether a MathML element may not stand where it is.
    private static func isMisplaced(_ raw: UnsafePointer<xmlChar>, in model: Model) -> Bool {
        switch model {
        case .presentation: return contentTable.index(raw) != nil
        case .content: return contentTable.index(raw) == nil && sharedTable.index(raw) == nil
        case .xhtml: return xmlStrEqual(raw, "math") == 0
        case .other: return false
        }
    }

    /// Why a MathML element may not stand where it is.
    private static func problem(_ name: String, in model: Model) -> MessageText {
        switch model {
        case .presentation:
            return .contentMathmlElementNotAllowedHere(name)
        case .content:
            return .elementNotAllowedHereAnnotationXml(name)
        case .xhtml, .other:
            return .mathmlElementNotAllowedHereAnnotation(name)
        }
    }

    /// The model an `annotation-xml` gives its children, after judging its `encoding` and `name`.
    private static func annotationModel(_ node: xmlNodePtr, _ index: DocumentIndex, _ findings: inout ContentFindings) -> Model {
        guard let encoding = LibXMLNode.attribute(node, "encoding") else { return .xhtml }
        if contentEncodings.contains(encoding) {
            switch LibXMLNode.attribute(node, "name") {
            case nil: report(node, .annotationXmlContentMathmlHaveName, index, &findings)
            case "contentequiv"?: break
            case let name?: report(node, .nameAnnotationXmlContentMathmlInvalid(name), index, &findings)
            }
            return .content
        }
        if presentationEncodings.contains(encoding) { return .presentation }
        if xhtmlEncodings.contains(encoding) { return .xhtml }
        if otherEncodings.contains(encoding) { return .other }
        report(node, .encodingAnnotationXmlNotOneEpub(encoding), index, &findings)
        // Its content is then read by its name, as EPUBCheck does: contentequiv means Content MathML.
        return LibXMLNode.attribute(node, "name") == "contentequiv" ? .content : .xhtml
    }

    private static func report(_ node: xmlNodePtr, _ message: MessageText, _ index: DocumentIndex, _ findings: inout ContentFindings) {
        let line = Int(xmlGetLineNo(node))
        guard let number = index.number(of: node) else {
            findings.report(.RSC_005, message, line: line)
            return
        }
        findings.report(.RSC_005, message, at: index.position(number))
    }
}
