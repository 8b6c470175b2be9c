import EPUBContract

/// The distinct computed styles of a book, each once (`export --styles`, export version 3): every
/// element points to one by index. A book's hundreds of thousands of elements have a few dozen
/// styles (linear-algebra: 272,064 elements, 55 styles), so the table replaced a kilobyte per
/// element with a number. Values are in `StyleProperty.all`'s order, which the export states as
/// `styleProperties`; the table grows as documents are read, in the order styles first appear.
final class StyleTable {
    private var known: [[String]: Int] = [:]
    private(set) var styles: [[String]] = []

    /// The table's index of a style, added when it is new.
    func index(of style: ComputedStyle) -> Int {
        if let found = known[style.values] { return found }
        known[style.values] = styles.count
        styles.append(style.values)
        return styles.count - 1
    }

    /// `"styleProperties":[…],"styles":[[…],…],"elementFields":[…]`, the fields a styled export
    /// states once, before its documents.
    func json() -> [UInt8] {
        var out = Array("\"styleProperties\":".utf8)
        out += JSONValue.array(StyleProperty.all.map { .string($0.name) }).utf8(pretty: false)
        out += Array(",\"styles\":[".utf8)
        for (number, values) in styles.enumerated() {
            if number > 0 { out.append(0x2C) }
            out += JSONValue.array(values.map(JSONValue.string)).utf8(pretty: false)
        }
        out += Array("],\"elementFields\":".utf8)
        out += JSONValue.array(Self.elementFields.map(JSONValue.string)).utf8(pretty: false)
        return out
    }

    /// What each entry of a document's `elements` holds, in order: its parent's place in the same
    /// array (-1 for `body`), its EPUB CFI step (body's is the last step of its path from the root
    /// element, 0 when the entries start at the root element, as an SVG document's do), local name, id,
    /// the UTF-16 start and end of its content in the text (null when not laid out), and its style's
    /// index in `styles`.
    static let elementFields = ["parent", "step", "name", "id", "start", "end", "style"]
}
