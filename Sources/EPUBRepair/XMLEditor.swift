import EPUBDocument

/// Edits of one XML file of the book, located by an `XMLSourceMap` of its bytes as they stand:
/// a repair says which element (found by name and attributes) and what to change; the editor
/// writes only those bytes, keeping the author's indentation, quotes and everything around them.
struct XMLEditor {
    let path: String
    let map: XMLSourceMap
    private(set) var edits = ByteEdits()

    init?(_ book: RepairBook, _ path: String) {
        guard let bytes = book.bytes(path) else { return nil }
        self.path = path
        map = XMLSourceMap(bytes)
    }

    /// The line break the file uses (CR LF, CR or LF).
    var newline: String {
        guard let i = map.bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return "\n" }
        if map.bytes[i] == 0x0A { return "\n" }
        return i + 1 < map.bytes.count && map.bytes[i + 1] == 0x0A ? "\r\n" : "\r"
    }

    var root: Int? { map.elements.indices.first { map.elements[$0].parent == nil } }

    /// The first element with local name `name` (and, when given, attribute `attribute` = `value`).
    func first(_ name: String, _ attribute: String? = nil, _ value: String? = nil) -> Int? {
        map.elements(named: name).first { i in attribute.map { map.value($0, of: i) == value } ?? true }
    }

    /// The prefix (with its colon) the element's name is written with: `opf:` or "".
    func prefix(of index: Int) -> String {
        let name = map.elements[index].name
        guard let colon = name.firstIndex(of: ":") else { return "" }
        return String(name[...colon])
    }

    /// Adds `markup` as the last child of `parent`, on a line of its own, indented as the
    /// parent's other children are.
    mutating func append(_ markup: String, to parent: Int) {
        let children = map.children(of: parent)
        if let last = children.last {
            var end = map.elements[last].end?.upperBound ?? map.elements[last].start.upperBound
            while end < map.bytes.count, map.bytes[end] == 0x20 || map.bytes[end] == 0x09 { end += 1 }  // trailing blanks stay on their line
            edits.insert(newline + map.indentation(of: last) + markup, at: end)
        } else if let close = map.elements[parent].end {
            let indent = map.indentation(of: parent)
            edits.insert("  " + markup + newline + indent, at: close.lowerBound)
        } else {
            // `<metadata/>`: open it.
            let start = map.elements[parent].start
            let name = map.elements[parent].name
            let tag = String(decoding: map.bytes[start.lowerBound..<(start.upperBound - 2)], as: UTF8.self)
            edits.replace(start, with: tag.trimmingSuffixSpaces + ">\n" + map.indentation(of: parent) + "  " + markup + "\n" + map.indentation(of: parent) + "</\(name)>")
        }
    }

    /// Sets an attribute's value, adding the attribute at the end of the start tag when absent.
    mutating func set(_ attribute: String, _ value: String, on element: Int) {
        let escaped = XMLText.escaped(value, attribute: true)
        if let existing = map.attribute(attribute, of: element) {
            edits.replace(existing.value, with: escaped)
        } else {
            let start = map.elements[element].start
            let at = map.elements[element].isEmptyElementTag ? start.upperBound - 2 : start.upperBound - 1
            let before = at > 0 && map.bytes[at - 1] != 0x20 ? " " : ""
            edits.insert(before + "\(attribute)=\"\(escaped)\"" + (map.elements[element].isEmptyElementTag && before.isEmpty ? " " : ""), at: at)
        }
    }

    mutating func removeAttribute(_ attribute: String, of element: Int) {
        guard let existing = map.attribute(attribute, of: element) else { return }
        edits.remove(existing.whole)
    }

    /// Removes an element whole, with the white space that indents it on its line.
    mutating func remove(_ element: Int) {
        let e = map.elements[element]
        var start = e.start.lowerBound
        let end = e.end?.upperBound ?? e.start.upperBound
        let indent = map.indentation(of: element)
        if !indent.isEmpty || (start > 0 && map.bytes[start - 1] == 0x0A) {
            start -= indent.utf8.count
            if start > 0, map.bytes[start - 1] == 0x0A { start -= 1 }
            if start > 0, map.bytes[start - 1] == 0x0D { start -= 1 }
        }
        edits.remove(start..<end)
    }

    /// Replaces what is between an element's tags with `text` (escaped).
    mutating func setText(_ text: String, of element: Int) {
        let escaped = XMLText.escaped(text, attribute: false)
        if let content = map.content(of: element) {
            edits.replace(content, with: escaped)
        } else {
            let e = map.elements[element]
            let tag = String(decoding: map.bytes[e.start.lowerBound..<(e.start.upperBound - 2)], as: UTF8.self)
            edits.replace(e.start, with: tag.trimmingSuffixSpaces + ">" + escaped + "</\(e.name)>")
        }
    }

    mutating func replace(_ range: Range<Int>, with text: String) { edits.replace(range, with: text) }
    mutating func insert(_ text: String, at offset: Int) { edits.insert(text, at: offset) }

    /// Writes the edits into the book.
    func commit(_ book: inout RepairBook) { book.edit(path, edits) }
}

extension String {
    var trimmingSuffixSpaces: String {
        var s = Substring(self)
        while let last = s.last, last == " " || last == "\n" || last == "\t" || last == "\r" { s = s.dropLast() }
        return String(s)
    }
}
