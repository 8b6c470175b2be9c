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

    private static func walk(_ root: xmlNodePtr, _ model: Model, _ index: DocumentIndex, _ findings: inout ContentFindings) {
        var stack: [(xmlNodePtr, Model)] = []
        func push(children node: xmlNodePtr, _ model: Model) {
            var child = node.pointee.children
            var found: [(xmlNodePtr, Model)] = []
            while let c = child {
                if c.pointee.type == XML_ELEMENT_NODE { found.append((c, model)) }
                child = c.pointee.next
            }
            stack.append(contentsOf: found.reversed())
        }
        push(children: root, model)
        while let (node, model) = stack.popLast() {
            guard let ns = node.pointee.ns?.pointee.href, String(cString: ns) == "http://www.w3.org/1998/Math/MathML" else {
                // Markup of another namespace (XHTML in an annotation) is the HTML rules' business.
                continue
            }
            let name = String(cString: node.pointee.name)
            if let problem = misplaced(name, in: model) {
                report(node, problem, index, &findings)
                continue
            }
            if name == "annotation-xml" {
                push(children: node, annotationModel(node, index, &findings))
            } else if name == "math" {
                push(children: node, .presentation)
            } else {
                push(children: node, model)
            }
        }
    }

    /// Why a MathML element may not stand where it is, if it may not.
    private static func misplaced(_ name: String, in model: Model) -> String? {
        switch model {
        case .presentation where contentElements.contains(name):
            return "The Content MathML element \(name) is not allowed here: math holds Presentation MathML, and Content MathML goes in an annotation-xml (encoding MathML-Content, name contentequiv)."
        case .content where !contentElements.contains(name) && !shared.contains(name):
            return "The element \(name) is not allowed here: this annotation-xml's encoding says it holds Content MathML."
        case .xhtml where name != "math":
            return "The MathML element \(name) is not allowed here: this annotation-xml holds XHTML."
        default:
            return nil
        }
    }

    /// The model an `annotation-xml` gives its children, after judging its `encoding` and `name`.
    private static func annotationModel(_ node: xmlNodePtr, _ index: DocumentIndex, _ findings: inout ContentFindings) -> Model {
        guard let encoding = LibXMLNode.attribute(node, "encoding") else { return .xhtml }
        if contentEncodings.contains(encoding) {
            switch LibXMLNode.attribute(node, "name") {
            case nil: report(node, "An annotation-xml of Content MathML must have name=\"contentequiv\".", index, &findings)
            case "contentequiv"?: break
            case let name?: report(node, "The name '\(name)' of an annotation-xml of Content MathML is invalid; it must be contentequiv.", index, &findings)
            }
            return .content
        }
        if presentationEncodings.contains(encoding) { return .presentation }
        if xhtmlEncodings.contains(encoding) { return .xhtml }
        if otherEncodings.contains(encoding) { return .other }
        report(node, "The encoding '\(encoding)' of an annotation-xml is not one EPUB knows (MathML-Content, MathML-Presentation, application/xhtml+xml, text/html, SVG1.1 …).", index, &findings)
        // Its content is then read by its name, as EPUBCheck does: contentequiv means Content MathML.
        return LibXMLNode.attribute(node, "name") == "contentequiv" ? .content : .xhtml
    }

    private static func report(_ node: xmlNodePtr, _ message: String, _ index: DocumentIndex, _ findings: inout ContentFindings) {
        let line = Int(xmlGetLineNo(node))
        guard let number = index.number(of: node) else {
            findings.report(.RSC_005, message, line: line)
            return
        }
        findings.report(.RSC_005, message, at: index.position(number))
    }
}
