import EPUBContract
import EPUBOutput

/// What `export --styles` adds to a document: every element from `body` down with its computed
/// style, and what a paginator needs from those styles without reading them all: the floats
/// (side and margins) and the page breaks, from page-break markers (`epub:type="pagebreak"`,
/// `role="doc-pagebreak"`, with their labels) and from `break-before`/`break-after` (`page`,
/// `left`, `right`, `recto`, `verso`). Elements not rendered (`display: none`, or inside one)
/// break and float nothing. To the export's diagnostics it adds the CSS a browser skips (EC-EXP-004).
enum ExportStyles {
    static let pageBreaks: Set<String> = ["page", "left", "right", "recto", "verso", "always", "all"]

    /// The fields as JSON text without the enclosing braces (`"elements":[…],"floats":[…],
    /// "breaks":[…]`), written directly: an element's style is one of a few distinct ones, each
    /// printed once.
    static func json(_ model: ContentDocument?, _ text: AddressableText, _ sheets: StyleResolver.Sheets) -> [UInt8] {
        guard let model, !model.elements.isEmpty else { return Array("\"elements\":[],\"floats\":[],\"breaks\":[]".utf8) }
        let (unique, index) = StyleResolver.resolve(model, sheets: sheets)
        let names = StyleProperty.all.map(\.name)
        let styleBytes = unique.map { style in JSONValue.object(zip(names, style.values).map { ($0, .string($1)) }).utf8(pretty: false) }
        let body = model.children(of: 0).first { model.elements[$0].localName == "body" } ?? 0
        let end = model.subtreeEnds()[body]
        var rendered = [Bool](repeating: true, count: model.elements.count)
        for number in model.elements.indices {
            rendered[number] = unique[index[number]]["display"] != "none" && (model.elements[number].parent.map { rendered[$0] } ?? true)
        }
        func range(_ number: Int) -> Range<Int>? { text.elementRanges.indices.contains(number) ? text.elementRanges[number] : nil }
        // Each element's CFI path from its parent's (body's from the root), and its entry written
        // as bytes: a styled export has a million of them.
        var pathBytes = Array(model.cfiPath(of: body).utf8)
        var paths = [Range<Int>](repeating: 0..<0, count: end)
        paths[body] = 0..<pathBytes.count
        var out = Array("\"elements\":[".utf8)
        // Grown once: an entry is its style and a hundred bytes or so around it.
        let longest = styleBytes.map(\.count).max() ?? 0
        out.reserveCapacity((end - body) * (longest + 128))
        var floats: [JSONValue] = [], breaks: [JSONValue] = []
        for number in body..<end {
            if number > body, let parent = model.elements[number].parent {
                let start = pathBytes.count
                pathBytes.append(contentsOf: pathBytes[paths[parent]])
                pathBytes.append(0x2F)
                pathBytes.append(contentsOf: String(model.elements[number].step).utf8)
                paths[number] = start..<pathBytes.count
            }
            let style = unique[index[number]], at = range(number)
            if number > body { out.append(0x2C) }
            out.append(contentsOf: "{\"cfi\":\"".utf8)
            out.append(contentsOf: pathBytes[paths[number]])
            out.append(contentsOf: "\",\"name\":".utf8)
            JSONValue.writeString(model.elements[number].localName, into: &out)
            out.append(contentsOf: ",\"id\":".utf8)
            if let id = model.id(of: number) { JSONValue.writeString(id, into: &out) } else { out.append(contentsOf: "null".utf8) }
            if let at {
                out.append(contentsOf: ",\"range\":[\(at.lowerBound),\(at.upperBound)],\"style\":".utf8)
            } else {
                out.append(contentsOf: ",\"range\":null,\"style\":".utf8)
            }
            out.append(contentsOf: styleBytes[index[number]])
            out.append(0x7D)
            guard rendered[number], let at else { continue }
            let cfi = JSONValue.string(String(decoding: pathBytes[paths[number]], as: UTF8.self))
            if let side = style["float"], side != "none" {
                let margins = ["margin-top", "margin-right", "margin-bottom", "margin-left"].map { JSONValue.string(style[$0] ?? "0px") }
                floats.append(.object([("cfi", cfi), ("side", .string(side)), ("margins", .array(margins)),
                                       ("start", .integer(Int64(at.lowerBound))), ("end", .integer(Int64(at.upperBound)))]))
            }
            if model.isPageBreak(number) {
                breaks.append(pageBreak("marker", value: nil, label: model.pageBreakLabel(number), cfi, at.lowerBound))
            }
            if let before = style["break-before"], pageBreaks.contains(before) {
                breaks.append(pageBreak("before", value: before, label: nil, cfi, at.lowerBound))
            }
            if let after = style["break-after"], pageBreaks.contains(after) {
                breaks.append(pageBreak("after", value: after, label: nil, cfi, at.upperBound))
            }
        }
        out += Array("],\"floats\":".utf8) + JSONValue.array(floats).utf8(pretty: false)
        out += Array(",\"breaks\":".utf8) + JSONValue.array(breaks).utf8(pretty: false)
        return out
    }

    /// CSS the cascade read past, as a browser does (EC-EXP-004), placed in its sheet or document.
    /// A mistake repeated in the `style` attributes of a document (linear-algebra writes
    /// `text-align: axis` on 2,539 MathML elements) is one diagnostic: its first place and how many
    /// more elements have it.
    static func diagnostics(_ all: [(path: String, item: SkippedCSS)]) -> [Diagnostic] {
        var order: [(path: String, item: SkippedCSS)] = [], more: [Int] = []
        var first: [String: Int] = [:]
        for (path, item) in all {
            if case .attribute? = item.inline {
                let key = "\(path)\u{0}\(item.kind)\u{0}\(item.text)"
                if let at = first[key] { more[at] += 1; continue }
                first[key] = order.count
            }
            order.append((path, item))
            more.append(0)
        }
        return zip(order, more).map { diagnostic($0.item, in: $0.path, more: $1) }
    }

    private static func diagnostic(_ item: SkippedCSS, in path: String, more: Int) -> Diagnostic {
        let message: MessageText
        switch item.kind {
        case .selector: message = .cssSelectorNotValidRuleSkipped(item.text)
        case .declaration: message = .cssNotDeclarationSkipped(item.text)
        case .block: message = .cssRuleHasNoBlockSkipped(item.text)
        case .value(let property): message = .cssValueNotValidForProperty(item.text, property)
        }
        switch item.inline {
        case nil:
            return Diagnostic(.EC_EXP_004, message: message, location: .init(path: path, line: item.line, column: item.column))
        case .attribute(let cfi)? where more > 0:
            return Diagnostic(.EC_EXP_004, message: .cssInStyleAttributesOfMore(cfi, more, message), location: .init(path: path))
        case .attribute(let cfi)?:
            return Diagnostic(.EC_EXP_004, message: .cssInStyleAttribute(cfi, message), location: .init(path: path))
        case .element(let cfi)?:
            return Diagnostic(.EC_EXP_004, message: .cssInStyleElementLine(cfi, item.line, message), location: .init(path: path))
        }
    }

    private static func pageBreak(_ kind: String, value: String?, label: String?, _ cfi: JSONValue, _ offset: Int) -> JSONValue {
        .object([("kind", .string(kind)), ("value", value.map(JSONValue.string) ?? .null), ("label", label.map(JSONValue.string) ?? .null),
                 ("cfi", cfi), ("offset", .integer(Int64(offset)))])
    }
}
