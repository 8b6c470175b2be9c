import EPUBContract
import EPUBOutput

/// What `export --styles` adds to a document: every element from `body` down with its computed
/// style (an index into the book's `StyleTable`), and what a paginator needs from those styles without reading them all: the floats
/// (side and margins) and the page breaks, from page-break markers (`epub:type="pagebreak"`,
/// `role="doc-pagebreak"`, with their labels) and from `break-before`/`break-after` (`page`,
/// `left`, `right`, `recto`, `verso`). Elements not rendered (`display: none`, or inside one)
/// break and float nothing. To the export's diagnostics it adds the CSS a browser skips (EC-EXP-004).
enum ExportStyles {
    static let pageBreaks: Set<String> = ["page", "left", "right", "recto", "verso", "always", "all"]

    /// The fields as JSON text without the enclosing braces (`"elements":[…],"floats":[…],
    /// "breaks":[…]`), written directly: a styled export has a million elements. Each element is
    /// an array of `StyleTable.elementFields`, its style an index into the book's `table`.
    /// `resolved`: the document's styles (`StyleResolver.resolve`), which the exporter resolves on
    /// another core while it reads the next document; the table is filled here, in document order.
    static func json(_ model: ContentDocument?, _ text: AddressableText, _ resolved: (unique: [ComputedStyle], index: [Int]),
                     table: StyleTable) -> [UInt8] {
        guard let model, !model.elements.isEmpty else { return Array("\"elements\":[],\"floats\":[],\"breaks\":[]".utf8) }
        let (unique, index) = resolved
        let global = unique.map(table.index(of:))
        // What the loop asks of a style, asked once per distinct style, not per element.
        let facts = unique.map(StyleFacts.init)
        let body = model.children(of: 0).first { model.elements[$0].localName == "body" } ?? 0
        let end = model.subtreeEnd(of: body)
        let hidden = StyleResolver.hidden(model, (unique, index))
        func range(_ number: Int) -> Range<Int>? { text.elementRanges.indices.contains(number) ? text.elementRanges[number] : nil }
        // CFI paths are made only for the floats and breaks that name them (body's from the root).
        var paths: [Int: String] = [body: model.cfiPath(of: body)]
        func path(_ number: Int) -> String {
            if let known = paths[number] { return known }
            let made = path(model.elements[number].parent ?? body) + "/\(model.elements[number].step)"
            paths[number] = made
            return made
        }
        var out = Array("\"elements\":[".utf8)
        out.reserveCapacity((end - body) * 40)
        var floats: [JSONValue] = [], breaks: [JSONValue] = []
        // Body's step is the last of its path; the root's (an SVG document's entries start there) is 0.
        let bodyStep = Int(model.cfiPath(of: body).split(separator: "/").last ?? "0") ?? 0
        for number in body..<end {
            let fact = facts[index[number]], at = range(number)
            if number > body { out.append(0x2C) }
            out.append(0x5B)
            JSONValue.writeInteger(Int64(number == body ? -1 : (model.elements[number].parent ?? body) - body), into: &out)
            out.append(0x2C)
            JSONValue.writeInteger(Int64(number == body ? bodyStep : Int(model.elements[number].step)), into: &out)
            out.append(0x2C)
            JSONValue.writeString(model.elements[number].localName, into: &out)
            out.append(0x2C)
            if model.hasAttributes(number), let id = model.id(of: number) { JSONValue.writeString(id, into: &out) } else { out.append(contentsOf: "null".utf8) }
            out.append(0x2C)
            if let at {
                JSONValue.writeInteger(Int64(at.lowerBound), into: &out)
                out.append(0x2C)
                JSONValue.writeInteger(Int64(at.upperBound), into: &out)
            } else {
                out.append(contentsOf: "null,null".utf8)
            }
            out.append(0x2C)
            JSONValue.writeInteger(Int64(global[index[number]]), into: &out)
            out.append(0x5D)
            guard !hidden[number], let at else { continue }
            // The path is made (and kept) only when a float or a break names it.
            var cfi: JSONValue { .string(path(number)) }
            if let side = fact.float {
                floats.append(.object([("cfi", cfi), ("side", .string(side)), ("margins", .array(fact.margins.map(JSONValue.string))),
                                       ("start", .integer(Int64(at.lowerBound))), ("end", .integer(Int64(at.upperBound)))]))
            }
            if model.hasAttributes(number), model.isPageBreak(number) {
                breaks.append(pageBreak("marker", value: nil, label: model.pageBreakLabel(number), cfi, at.lowerBound))
            }
            if let before = fact.breakBefore {
                breaks.append(pageBreak("before", value: before, label: nil, cfi, at.lowerBound))
            }
            if let after = fact.breakAfter {
                breaks.append(pageBreak("after", value: after, label: nil, cfi, at.upperBound))
            }
        }
        out += Array("],\"floats\":".utf8) + JSONValue.array(floats).utf8(pretty: false)
        out += Array(",\"breaks\":".utf8) + JSONValue.array(breaks).utf8(pretty: false)
        return out
    }

    /// What the export reads of a computed style beside its index: its float (with margins) and
    /// its page breaks.
    private struct StyleFacts {
        let float: String?
        let margins: [String]
        let breakBefore: String?
        let breakAfter: String?

        init(_ style: ComputedStyle) {
            float = style["float"].flatMap { $0 == "none" ? nil : $0 }
            margins = ["margin-top", "margin-right", "margin-bottom", "margin-left"].map { style[$0] ?? "0px" }
            breakBefore = style["break-before"].flatMap { ExportStyles.pageBreaks.contains($0) ? $0 : nil }
            breakAfter = style["break-after"].flatMap { ExportStyles.pageBreaks.contains($0) ? $0 : nil }
        }
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
