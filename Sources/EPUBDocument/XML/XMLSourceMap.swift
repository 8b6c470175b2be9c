/// Where each element of an XML document stands in its bytes: its start tag, each attribute's
/// name and value, its end tag. A lexical scan (no tree, no entities, no namespaces resolved):
/// the session's parse says what an element is and whether it is wrong; this map says where to
/// write when a repair changes it, so every byte a repair does not mean to change stays as it was.
/// Elements are numbered in document order, as a parser meets their start tags, so the n-th
/// element here is the n-th element of a well-formed tree.
package struct XMLSourceMap: Sendable {
    package struct Attribute: Sendable {
        /// The name as written (`xml:lang`, `epub:type`).
        package var name: String
        /// From the white space before the name through the closing quote: what removing it takes.
        package var whole: Range<Int>
        /// The value between its quotes, as written (references not expanded).
        package var value: Range<Int>
    }

    package struct Element: Sendable {
        /// The name as written, prefix included.
        package var name: String
        /// `<` through `>` of the start tag (or of the empty-element tag).
        package var start: Range<Int>
        /// `</` through `>`, or nil for an empty-element tag (or an element never closed).
        package var end: Range<Int>?
        package var attributes: [Attribute]
        package var parent: Int?

        /// The name without its prefix.
        package var localName: Substring { name.split(separator: ":").last ?? Substring(name) }
        package var isEmptyElementTag: Bool { end == nil }
    }

    package let bytes: [UInt8]
    package private(set) var elements: [Element] = []
    /// `<?xml … ?>` at the very start, when there is one.
    package private(set) var declaration: Range<Int>?
    /// `<!DOCTYPE … >`, internal subset included.
    package private(set) var doctype: Range<Int>?

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        scan()
    }

    /// The value of `attribute` on element `index`, as written.
    package func value(_ attribute: String, of index: Int) -> String? {
        elements[index].attributes.first { $0.name == attribute }.map { String(decoding: bytes[$0.value], as: UTF8.self) }
    }

    package func attribute(_ name: String, of index: Int) -> Attribute? {
        elements[index].attributes.first { $0.name == name }
    }

    /// Indexes of the elements whose local name is `name`, in document order.
    package func elements(named name: String) -> [Int] {
        elements.indices.filter { elements[$0].localName == name }
    }

    /// Indexes of the children of `index`, in order.
    package func children(of index: Int) -> [Int] {
        elements.indices.filter { elements[$0].parent == index }
    }

    /// The bytes between an element's start and end tags (nil for an empty-element tag).
    package func content(of index: Int) -> Range<Int>? {
        guard let end = elements[index].end else { return nil }
        return elements[index].start.upperBound..<end.lowerBound
    }

    /// The text between an element's tags, as written (markup inside kept).
    package func text(of index: Int) -> String {
        content(of: index).map { String(decoding: bytes[$0], as: UTF8.self) } ?? ""
    }

    /// The white space that begins the line an element's start tag is on, when only white space
    /// stands before it there: the indentation a repair gives a sibling it adds.
    package func indentation(of index: Int) -> String {
        var i = elements[index].start.lowerBound
        var indent: [UInt8] = []
        while i > 0, bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 {
            i -= 1
            indent.insert(bytes[i], at: 0)
        }
        return i == 0 || bytes[i - 1] == 0x0A || bytes[i - 1] == 0x0D ? String(decoding: indent, as: UTF8.self) : ""
    }

    private mutating func scan() {
        var i = 0
        var open: [Int] = []
        let n = bytes.count
        while i < n {
            guard bytes[i] == 0x3C else { i += 1; continue }  // '<'
            if starts(with: "<!--", at: i) {
                i = after("-->", from: i + 4)
            } else if starts(with: "<![CDATA[", at: i) {
                i = after("]]>", from: i + 9)
            } else if starts(with: "<?", at: i) {
                let end = after("?>", from: i + 2)
                if i == 0, starts(with: "<?xml", at: 0) { declaration = 0..<end }
                i = end
            } else if starts(with: "<!", at: i) {
                let end = doctypeEnd(from: i + 2)
                if starts(with: "<!DOCTYPE", at: i) { doctype = i..<end }
                i = end
            } else if i + 1 < n, bytes[i + 1] == 0x2F {  // '</'
                let end = after(">", from: i + 2)
                let name = self.name(from: i + 2)
                if let match = open.lastIndex(where: { elements[$0].name == name }) {
                    elements[open[match]].end = i..<end
                    open.removeSubrange(match...)
                }
                i = end
            } else {
                i = startTag(at: i, open: &open)
            }
        }
    }

    /// Reads the start tag at `i`; returns the offset after it.
    private mutating func startTag(at i: Int, open: inout [Int]) -> Int {
        let name = self.name(from: i + 1)
        guard !name.isEmpty else { return i + 1 }
        var j = i + 1 + name.utf8.count
        var attributes: [Attribute] = []
        let n = bytes.count
        while j < n {
            let spaceStart = j
            while j < n, Self.isSpace(bytes[j]) { j += 1 }
            guard j < n else { break }
            if bytes[j] == 0x3E { j += 1; break }  // '>'
            if bytes[j] == 0x2F, j + 1 < n, bytes[j + 1] == 0x3E { j += 2; break }  // '/>'
            let attributeName = self.name(from: j)
            guard !attributeName.isEmpty else { j += 1; continue }
            j += attributeName.utf8.count
            while j < n, Self.isSpace(bytes[j]) { j += 1 }
            guard j < n, bytes[j] == 0x3D else { continue }  // '='
            j += 1
            while j < n, Self.isSpace(bytes[j]) { j += 1 }
            guard j < n, bytes[j] == 0x22 || bytes[j] == 0x27 else { continue }
            let quote = bytes[j]
            var k = j + 1
            while k < n, bytes[k] != quote { k += 1 }
            attributes.append(Attribute(name: attributeName, whole: spaceStart..<min(k + 1, n), value: (j + 1)..<k))
            j = min(k + 1, n)
        }
        let emptyTag = j >= 2 && bytes[j - 2] == 0x2F && bytes[j - 1] == 0x3E
        elements.append(Element(name: name, start: i..<j, end: nil, attributes: attributes, parent: open.last))
        if !emptyTag { open.append(elements.count - 1) }
        return j
    }

    private func name(from start: Int) -> String {
        var j = start
        while j < bytes.count, !Self.isSpace(bytes[j]), bytes[j] != 0x3E, bytes[j] != 0x2F, bytes[j] != 0x3D, bytes[j] != 0x3C { j += 1 }
        return String(decoding: bytes[start..<j], as: UTF8.self)
    }

    private func starts(with text: String, at i: Int) -> Bool {
        let t = Array(text.utf8)
        guard i + t.count <= bytes.count else { return false }
        return bytes[i..<(i + t.count)].elementsEqual(t)
    }

    private func after(_ text: String, from i: Int) -> Int {
        var j = i
        while j < bytes.count {
            if starts(with: text, at: j) { return j + text.utf8.count }
            j += 1
        }
        return bytes.count
    }

    /// The end of a `<!…>` declaration, past an internal subset in brackets.
    private func doctypeEnd(from i: Int) -> Int {
        var depth = 0
        var quote: UInt8?
        var j = i
        while j < bytes.count {
            let b = bytes[j]
            if let q = quote {
                if b == q { quote = nil }
            } else if b == 0x22 || b == 0x27 {
                quote = b
            } else if b == 0x5B {
                depth += 1
            } else if b == 0x5D {
                depth -= 1
            } else if b == 0x3E, depth <= 0 {
                return j + 1
            }
            j += 1
        }
        return bytes.count
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
}
