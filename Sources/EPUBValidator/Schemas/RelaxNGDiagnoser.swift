import EPUBContract
import CLibXML2

/// Explains why a document does not match a grammar, one violation per fault, recovering after
/// each the way Jing (EPUBCheck's validator) does: an element that is not allowed is skipped with
/// its subtree, a bad attribute is ignored, missing attributes and content are assumed present.
/// libxml2 stops at the first fault of a sequence and rarely names the attribute, hence this.
struct RelaxNGDiagnoser {
    let grammar: RelaxNGGrammar
    private(set) var violations: [SchemaViolation] = []

    init(grammar: RelaxNGGrammar) {
        self.grammar = grammar
    }

    mutating func check(_ root: xmlNodePtr) {
        _ = element(root, in: grammar.start, parent: nil)
    }

    // MARK: Walking the tree

    /// Validates one element against `pattern` (the state before it); returns the state after it.
    private mutating func element(_ node: xmlNodePtr, in pattern: RelaxNGPattern, parent: String?) -> RelaxNGPattern {
        let (ns, local) = Self.name(of: node)
        let display = Self.displayName(node)
        let line = Int(xmlGetLineNo(node))
        guard var state = open(pattern, ns, local, display: display, line: line, parent: parent) else { return pattern }
        state = attributes(of: node, state, display: display, line: line)
        var content = startTagClose(state, recover: false)
        if content == .notAllowed {
            let missing = Self.requiredAttributes(state)
            violations.append(SchemaViolation(line: line, message: missing.isEmpty ? .elementMissingRequiredAttribute(display)
                : .elementMissingAttributes(display, MessageArgument.list(missing.map { .text("'\($0)'") }, .and))))
            content = startTagClose(state, recover: true)
        }
        let contentFault: Bool
        (content, contentFault) = children(of: node, content, display: display, line: line)
        var after = endTag(content, recover: false)
        if after == .notAllowed {
            if !contentFault {
                let missing = Self.requiredElements(content)
                var seen = Set<String>()
                let names = missing.map { "<\(Self.display($0))>" }.filter { seen.insert($0).inserted }
                violations.append(SchemaViolation(line: line, message: names.isEmpty ? .elementIncompleteMoreContentRequired(display)
                    : .elementIncompleteMissing(display, MessageArgument.list(names.map(MessageArgument.text), .none))))
            }
            after = endTag(content, recover: true)
        }
        return after
    }

    /// The state once the start tag opens; nil (reported) when the element is not allowed here.
    private mutating func open(_ pattern: RelaxNGPattern, _ ns: String, _ local: String, display: String, line: Int, parent: String?) -> RelaxNGPattern? {
        let state = startTagOpen(pattern, ns, local)
        guard state == .notAllowed else { return state }
        // Allowed once required elements before it are taken as present ("not allowed yet"):
        // report what is missing and go on from there, as Jing does.
        let relaxed = startTagOpen(Self.relaxed(pattern), ns, local)
        guard relaxed != .notAllowed else {
            let expected = Self.describe(firstElements(pattern), endAllowed: Self.endAllowed(pattern), parent: parent)
            violations.append(SchemaViolation(line: line, message: expected.map { .elementNotAllowedHereExpected(display, $0) }
                ?? .schemaElementNotAllowedHere(display)))
            return nil
        }
        let missing = Array(Set(Self.requiredElements(pattern).map { "<\(Self.display($0))>" })).sorted()
        violations.append(SchemaViolation(line: line, message: missing.isEmpty ? .elementNotAllowedYet(display)
            : .elementNotAllowedYetMustComeFirst(display, MessageArgument.list(missing.map(MessageArgument.text), .none))))
        return relaxed
    }

    /// Each attribute in turn: a bad value is reported and taken as any value; an attribute not
    /// allowed is reported and skipped.
    private mutating func attributes(of node: xmlNodePtr, _ start: RelaxNGPattern, display: String, line: Int) -> RelaxNGPattern {
        var state = start
        let allowed = Self.attributeNames(state)
        var attr = node.pointee.properties
        while let a = attr {
            let attrNS = a.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) } ?? ""
            let attrLocal = String(cString: a.pointee.name)
            let shown = a.pointee.ns.flatMap { $0.pointee.prefix }.map { String(cString: $0) + ":" + attrLocal } ?? attrLocal
            let value = LibXMLNode.content(a)
            let next = attribute(state, attrNS, attrLocal, value, anyValue: false)
            if next != .notAllowed {
                state = next
            } else {
                let lenient = attribute(state, attrNS, attrLocal, value, anyValue: true)
                if lenient != .notAllowed {
                    let expected = valueSummary(state, attrNS, attrLocal)
                    violations.append(SchemaViolation(line: line, message: .attributeHasInvalidValueExpected(shown, display, value, expected)))
                    state = lenient
                } else {
                    violations.append(SchemaViolation(line: line, message: allowed.isEmpty ? .attributeNotAllowedTakesNoAttributes(shown, display)
                        : .attributeNotAllowedAllowed(shown, display, MessageArgument.list(allowed.map(MessageArgument.text), .none))))
                }
            }
            attr = a.pointee.next
        }
        return state
    }

    /// The content: elements in order and text checked where it appears, or the text as a whole
    /// for an element without element children (data). True beside the state when a fault was
    /// reported that makes the end tag's own report redundant.
    private mutating func children(of node: xmlNodePtr, _ start: RelaxNGPattern, display: String, line: Int) -> (RelaxNGPattern, Bool) {
        var content = start
        var hasElements = false
        var child = node.pointee.children
        while let c = child {
            if c.pointee.type == XML_ELEMENT_NODE { hasElements = true }
            child = c.pointee.next
        }
        if !hasElements {
            let text = Self.textContent(node)
            let matched = textDerivative(content, text)
            let result = Self.isWhitespace(text) ? RelaxNGPattern.either(content, matched) : matched
            if Self.endAllowed(result) {
                return (result, false)
            } else if Self.acceptsText(content) && Self.requiredElements(content).isEmpty {
                violations.append(SchemaViolation(line: line, message: .contentOfElementInvalidExpected(display, contentSummary(content))))
                return (content, true)
            } else if result == .notAllowed && !Self.isWhitespace(text) {
                violations.append(SchemaViolation(line: line, message: .textNotAllowedInsideElement(display)))
                return (content, false)
            }
            return (result, false)
        }
        child = node.pointee.children
        while let c = child {
            switch c.pointee.type {
            case XML_ELEMENT_NODE:
                content = element(c, in: content, parent: display)
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                let text = c.pointee.content.map { String(cString: $0) } ?? ""
                if !Self.isWhitespace(text) {
                    let next = textDerivative(content, text)
                    if next == .notAllowed {
                        violations.append(SchemaViolation(line: Int(xmlGetLineNo(c)), message: .textNotAllowedInsideElementHere(display)))
                    } else {
                        content = next
                    }
                }
            default:
                break
            }
            child = c.pointee.next
        }
        return (content, false)
    }

    // MARK: Derivatives

    private func startTagOpen(_ p: RelaxNGPattern, _ ns: String, _ local: String) -> RelaxNGPattern {
        switch p {
        case .choice(let a, let b):
            return .either(startTagOpen(a, ns, local), startTagOpen(b, ns, local))
        case .element(let nameClass, let index):
            return nameClass.contains(namespace: ns, local: local) ? .then(grammar.elements[index], .empty) : .notAllowed
        case .interleave(let a, let b):
            return .either(Self.applyAfter(startTagOpen(a, ns, local)) { .both($0, b) },
                           Self.applyAfter(startTagOpen(b, ns, local)) { .both(a, $0) })
        case .oneOrMore(let a):
            return Self.applyAfter(startTagOpen(a, ns, local)) { .sequence($0, .either(.oneOrMore(a), .empty)) }
        case .group(let a, let b):
            let x = Self.applyAfter(startTagOpen(a, ns, local)) { .sequence($0, b) }
            return a.nullable ? .either(x, startTagOpen(b, ns, local)) : x
        case .after(let a, let b):
            return Self.applyAfter(startTagOpen(a, ns, local)) { .then($0, b) }
        default:
            return .notAllowed
        }
    }

    /// The content with every element made optional (the parent's continuation untouched).
    private static func relaxed(_ p: RelaxNGPattern) -> RelaxNGPattern {
        switch p {
        case .after(let a, let b): return .then(relaxed(a), b)
        case .choice(let a, let b): return .either(relaxed(a), relaxed(b))
        case .group(let a, let b): return .sequence(relaxed(a), relaxed(b))
        case .interleave(let a, let b): return .both(relaxed(a), relaxed(b))
        case .oneOrMore(let a): return .either(.oneOrMore(relaxed(a)), .empty)
        case .element: return .either(p, .empty)
        default: return p
        }
    }

    private static func applyAfter(_ p: RelaxNGPattern, _ f: (RelaxNGPattern) -> RelaxNGPattern) -> RelaxNGPattern {
        switch p {
        case .after(let a, let b): return .then(a, f(b))
        case .choice(let a, let b): return .either(applyAfter(a, f), applyAfter(b, f))
        default: return .notAllowed
        }
    }

    private func attribute(_ p: RelaxNGPattern, _ ns: String, _ local: String, _ value: String, anyValue: Bool) -> RelaxNGPattern {
        switch p {
        case .after(let a, let b):
            return .then(attribute(a, ns, local, value, anyValue: anyValue), b)
        case .choice(let a, let b):
            return .either(attribute(a, ns, local, value, anyValue: anyValue), attribute(b, ns, local, value, anyValue: anyValue))
        case .group(let a, let b):
            return .either(.sequence(attribute(a, ns, local, value, anyValue: anyValue), b), .sequence(a, attribute(b, ns, local, value, anyValue: anyValue)))
        case .interleave(let a, let b):
            return .either(.both(attribute(a, ns, local, value, anyValue: anyValue), b), .both(a, attribute(b, ns, local, value, anyValue: anyValue)))
        case .oneOrMore(let a):
            return .sequence(attribute(a, ns, local, value, anyValue: anyValue), .either(.oneOrMore(a), .empty))
        case .attribute(let nameClass, let content):
            guard nameClass.contains(namespace: ns, local: local) else { return .notAllowed }
            return anyValue || valueMatches(content, value) ? .empty : .notAllowed
        default:
            return .notAllowed
        }
    }

    private func valueMatches(_ p: RelaxNGPattern, _ value: String) -> Bool {
        (p.nullable && Self.isWhitespace(value)) || textDerivative(p, value).nullable
    }

    private func startTagClose(_ p: RelaxNGPattern, recover: Bool) -> RelaxNGPattern {
        switch p {
        case .after(let a, let b): return .then(startTagClose(a, recover: recover), b)
        case .choice(let a, let b): return .either(startTagClose(a, recover: recover), startTagClose(b, recover: recover))
        case .group(let a, let b): return .sequence(startTagClose(a, recover: recover), startTagClose(b, recover: recover))
        case .interleave(let a, let b): return .both(startTagClose(a, recover: recover), startTagClose(b, recover: recover))
        case .oneOrMore(let a): return .repeated(startTagClose(a, recover: recover))
        case .attribute: return recover ? .empty : .notAllowed
        default: return p
        }
    }

    private func textDerivative(_ p: RelaxNGPattern, _ s: String) -> RelaxNGPattern {
        switch p {
        case .choice(let a, let b): return .either(textDerivative(a, s), textDerivative(b, s))
        case .interleave(let a, let b): return .either(.both(textDerivative(a, s), b), .both(a, textDerivative(b, s)))
        case .group(let a, let b):
            let x = RelaxNGPattern.sequence(textDerivative(a, s), b)
            return a.nullable ? .either(x, textDerivative(b, s)) : x
        case .after(let a, let b): return .then(textDerivative(a, s), b)
        case .oneOrMore(let a): return .sequence(textDerivative(a, s), .either(.oneOrMore(a), .empty))
        case .text: return .text
        case .value(let type, let expected): return type.equal(expected, s) ? .empty : .notAllowed
        case .data(let type): return type.allows(s) ? .empty : .notAllowed
        case .list(let a):
            var state = a
            for token in s.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
                state = textDerivative(state, String(token))
            }
            return state.nullable ? .empty : .notAllowed
        default: return .notAllowed
        }
    }

    private func endTag(_ p: RelaxNGPattern, recover: Bool) -> RelaxNGPattern {
        switch p {
        case .choice(let a, let b): return .either(endTag(a, recover: recover), endTag(b, recover: recover))
        case .after(let a, let b): return a.nullable || recover ? b : .notAllowed
        default: return .notAllowed
        }
    }

    // MARK: Explaining

    /// Elements that may start here (for "expected …").
    private func firstElements(_ p: RelaxNGPattern) -> [(namespace: String, local: String)] {
        switch p {
        case .choice(let a, let b), .interleave(let a, let b): return firstElements(a) + firstElements(b)
        case .group(let a, let b): return firstElements(a) + (a.nullable ? firstElements(b) : [])
        case .oneOrMore(let a), .after(let a, _): return firstElements(a)
        case .element(let nameClass, _): return nameClass.names
        default: return []
        }
    }

    private static func endAllowed(_ p: RelaxNGPattern) -> Bool {
        switch p {
        case .choice(let a, let b): return endAllowed(a) || endAllowed(b)
        case .after(let a, _): return a.nullable
        default: return false
        }
    }

    private static func acceptsText(_ p: RelaxNGPattern) -> Bool {
        switch p {
        case .text, .data, .value, .list: return true
        case .choice(let a, let b), .interleave(let a, let b), .group(let a, let b): return acceptsText(a) || acceptsText(b)
        case .oneOrMore(let a), .after(let a, _): return acceptsText(a)
        default: return false
        }
    }

    private func contentSummary(_ p: RelaxNGPattern) -> MessageArgument {
        .list(contentParts(p), .or)
    }

    /// The kinds of text a pattern takes, each a phrase or a quoted value.
    private func contentParts(_ p: RelaxNGPattern) -> [MessageArgument] {
        switch p {
        case .data(let type): return [.phrase(type.summary)]
        case .value(_, let v): return [.text("\"\(v)\"")]
        case .choice(let a, let b), .interleave(let a, let b), .group(let a, let b): return contentParts(a) + contentParts(b)
        case .after(let a, _), .oneOrMore(let a): return contentParts(a)
        case .text: return [.phrase(.plainText)]
        default: return []
        }
    }

    /// What an attribute's value may be, for the message.
    private func valueSummary(_ p: RelaxNGPattern, _ ns: String, _ local: String) -> MessageArgument {
        var values: [String] = []
        var types: [MessageArgument] = []
        func collect(_ p: RelaxNGPattern) {
            switch p {
            case .value(_, let v): values.append("\"\(v)\"")
            case .data(let t): types.append(.phrase(t.summary))
            case .list: types.append(.phrase(.spaceSeparatedList))
            case .choice(let a, let b), .group(let a, let b), .interleave(let a, let b): collect(a); collect(b)
            case .oneOrMore(let a): collect(a)
            default: break
            }
        }
        func find(_ p: RelaxNGPattern) {
            switch p {
            case .attribute(let nameClass, let content) where nameClass.contains(namespace: ns, local: local): collect(content)
            case .choice(let a, let b), .group(let a, let b), .interleave(let a, let b), .after(let a, let b): find(a); find(b)
            case .oneOrMore(let a): find(a)
            default: break
            }
        }
        find(p)
        let all = values.sorted().map(MessageArgument.text) + types
        if all.isEmpty { return .phrase(.anotherValue) }
        return .list(all, .or)
    }

    private static func attributeNames(_ p: RelaxNGPattern) -> [String] {
        switch p {
        case .attribute(let nameClass, _): return nameClass.names.map(displayAttribute)
        case .choice(let a, let b), .group(let a, let b), .interleave(let a, let b): return Array(Set(attributeNames(a) + attributeNames(b))).sorted()
        case .oneOrMore(let a), .after(let a, _): return attributeNames(a)
        default: return []
        }
    }

    private static func requiredAttributes(_ p: RelaxNGPattern) -> [String] {
        switch p {
        case .attribute(let nameClass, _): return nameClass.names.map(displayAttribute)
        case .group(let a, let b), .interleave(let a, let b): return requiredAttributes(a) + requiredAttributes(b)
        case .choice(let a, let b):
            let right = Set(requiredAttributes(b))
            return requiredAttributes(a).filter { right.contains($0) }
        case .oneOrMore(let a), .after(let a, _): return requiredAttributes(a)
        default: return []
        }
    }

    private static func requiredElements(_ p: RelaxNGPattern) -> [(namespace: String, local: String)] {
        func required(_ p: RelaxNGPattern) -> [(namespace: String, local: String)] {
            switch p {
            case .element(let nameClass, _): return nameClass.names
            case .group(let a, let b): return a.nullable ? required(b) : required(a)
            case .interleave(let a, let b): return required(a) + required(b)
            case .choice(let a, let b): return a.nullable || b.nullable ? [] : required(a) + required(b)
            case .oneOrMore(let a): return required(a)
            default: return []
            }
        }
        switch p {
        case .choice(let a, let b): return requiredElements(a) + requiredElements(b)
        case .after(let a, _): return required(a)
        default: return []
        }
    }

    /// What may come instead (elements, the parent's end), as a list; nil when nothing may.
    private static func describe(_ names: [(namespace: String, local: String)], endAllowed: Bool, parent: String?) -> MessageArgument? {
        var seen = Set<String>()
        var parts = names.map { "<\(display($0))>" }.filter { seen.insert($0).inserted }.map(MessageArgument.text)
        if endAllowed, let parent { parts.append(.phrase(.endOfElement(parent))) }
        if parts.isEmpty { return nil }
        if parts.count > 8 { parts = Array(parts.prefix(8)) + [.text("…")] }
        return .list(parts, .or)
    }

    // MARK: Names and text

    private static let prefixes: [String: String] = [
        XMLNamespace.dc: "dc", XMLNamespace.xml: "xml", XMLNamespace.epub: "epub", XMLNamespace.xlink: "xlink",
        "http://www.idpf.org/2007/opf": "opf", "http://www.idpf.org/2013/rendition": "rendition",
        "http://www.w3.org/2001/XMLSchema-instance": "xsi",
    ]

    /// A name with its conventional prefix; OPF elements are shown bare (they are the default
    /// namespace of a package document), OPF attributes with `opf:`.
    static func display(_ name: (namespace: String, local: String)) -> String {
        guard let prefix = prefixes[name.namespace], prefix != "opf" else { return name.local }
        return prefix + ":" + name.local
    }

    static func displayAttribute(_ name: (namespace: String, local: String)) -> String {
        guard let prefix = prefixes[name.namespace] else { return name.local }
        return prefix + ":" + name.local
    }

    static func name(of node: xmlNodePtr) -> (String, String) {
        (node.pointee.ns.flatMap { $0.pointee.href }.map { String(cString: $0) } ?? "", String(cString: node.pointee.name))
    }

    static func displayName(_ node: xmlNodePtr) -> String {
        let local = String(cString: node.pointee.name)
        guard let prefix = node.pointee.ns.flatMap({ $0.pointee.prefix }) else { return local }
        return String(cString: prefix) + ":" + local
    }

    static func textContent(_ node: xmlNodePtr) -> String {
        LibXMLNode.content(node)
    }

    static func isWhitespace(_ s: String) -> Bool {
        s.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
