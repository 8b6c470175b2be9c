/// Flattens one SMIL document into pars in document order, keeping the `seq` nesting beside them.
/// Problems become located diagnostics; nothing here throws.
package struct SMILParser {
    let path: String
    /// What the document's URLs are resolved against (its path; deeper for a document read alone).
    let base: String
    let target: SpineTargetResolver
    var pars: [MediaOverlayTimeline.Par] = []
    /// Source line of each par's `text` element, parallel to `pars`, for diagnostics found later.
    var textLines: [Int] = []
    package var diagnostics: [Diagnostic] = []

    init(path: String, target: SpineTargetResolver) {
        self.path = path
        self.base = path
        self.target = target
    }

    /// A parser for a media overlay read alone (`validate --mode mo`): its text targets map to no spine.
    package init(path: String) {
        self.path = path
        self.base = HrefResolver.detachedBase(path)
        self.target = SpineTargetResolver(spineIndexByPath: [:])
    }

    @discardableResult
    package mutating func parse(_ document: XMLDocument) -> [MediaOverlayNode] {
        // Structure (a body, a text in each par, clock syntax) is the validator's schema to report;
        // here a document that lacks it simply yields less timeline.
        guard let root = document.root, let body = root.firstChild(named: "body", in: XMLNamespace.smil) else { return [] }
        return nodes(in: body, depth: 0)
    }

    private mutating func report(_ fault: ReadingFault, line: Int?) {
        diagnostics.append(Diagnostic(fault, location: .init(path: path, line: line)))
    }

    private mutating func nodes(in parent: XMLElement, depth: Int) -> [MediaOverlayNode] {
        guard depth < 256 else { return [] }
        var out: [MediaOverlayNode] = []
        for child in parent.children where child.namespace == XMLNamespace.smil {
            let type = child.attribute("type", namespace: XMLNamespace.epub).map { $0.xmlTokens().joined(separator: " ") }
            switch child.name {
            case "seq":
                let textref = child.attribute("textref", namespace: XMLNamespace.epub).flatMap { target.resolve($0, in: base)?.href }
                out.append(MediaOverlayNode(kind: .seq, id: child.attribute("id", namespace: XMLNamespace.xml) ?? child.attribute("id"),
                                            type: type, textref: textref, par: nil, children: nodes(in: child, depth: depth + 1)))
            case "par":
                if let index = par(child) {
                    out.append(MediaOverlayNode(kind: .par, id: pars[index].id, type: type, textref: nil, par: index, children: []))
                }
            default:
                continue
            }
        }
        return out
    }

    /// A clip time as reading systems read it (strictly by the grammar, else leniently); nil seconds,
    /// reported, when there is no time to read at all, never a silent 0.
    private mutating func clock(_ value: String, attribute: String, line: Int) -> (seconds: Double?, strict: Bool) {
        if let seconds = ClockValue.seconds(value) { return (seconds, true) }
        if let seconds = ClockValue.lenientSeconds(value) { return (seconds, false) }
        report(.clockValueUnreadable(attribute: attribute, value: value), line: line)
        return (nil, false)
    }

    /// Appends the par's timeline entry and returns its index; nil when it has no usable `text`.
    private mutating func par(_ element: XMLElement) -> Int? {
        let id = element.attribute("id", namespace: XMLNamespace.xml) ?? element.attribute("id")
        guard let text = element.firstChild(named: "text", in: XMLNamespace.smil), let src = text.attribute("src"),
              let resolved = target.resolve(src, in: base) else { return nil }
        var audioPath: String?
        var clipBegin = 0.0
        var clipEnd: Double?
        if let audio = element.firstChild(named: "audio", in: XMLNamespace.smil) {
            audioPath = audio.attribute("src").flatMap { HrefResolver.path($0, against: path) }
            let begin = audio.attribute("clipBegin").map { clock($0, attribute: "clipBegin", line: audio.line) }
            let end = audio.attribute("clipEnd").map { clock($0, attribute: "clipEnd", line: audio.line) }
            clipBegin = begin?.seconds ?? 0
            clipEnd = end?.seconds
            // Clip order is judged on values the grammar allows; the others are the schema's to report.
            if let endSeconds = end?.seconds, end?.strict == true, begin?.strict ?? true {
                if clipBegin > endSeconds {
                    report(.clipBeginsAfterEnd(begin: clipBegin, end: endSeconds), line: audio.line)
                } else if clipBegin == endSeconds {
                    report(.clipEmpty(end: endSeconds), line: audio.line)
                }
            }
        }
        textLines.append(text.line)
        pars.append(.init(id: id, text: resolved.href, spineIndex: resolved.spineIndex, fragment: resolved.fragment,
                          audio: audioPath, clipBegin: clipBegin, clipEnd: clipEnd))
        return pars.count - 1
    }
}
