import EPUBContract
import EPUBOutput

/// A table as a native renderer lays it out: caption, row groups, rows and cells with their text
/// ranges, header flags and spans, and each cell's slot in the table's grid, from HTML's table
/// processing model ("forming a table", HTML § 4.9.12) so a renderer need not run it again.
/// A table inside a cell is a table of its own, listed after the one that holds it.
struct ExportTable: Equatable {
    /// A UTF-16 range of the document's addressable text.
    struct Span: Equatable {
        var start: Int
        var end: Int

        var jsonValue: JSONValue { .object([("start", .integer(Int64(start))), ("end", .integer(Int64(end)))]) }
    }

    struct Cell: Equatable {
        var header: Bool
        var id: String?
        /// `row`, `col`, `rowgroup` or `colgroup` as written on a `th`; nil when absent or invalid.
        var scope: String?
        /// The ids a cell's `headers` names, in order.
        var headers: [String]
        var colspan: Int
        /// 0 as HTML reads it: to the end of the row group.
        var rowspan: Int
        /// The cell's first slot: its row (counted over the whole table) and column.
        var row: Int
        var column: Int
        var range: Span
    }

    struct Row: Equatable {
        var range: Span
        var cells: [Cell]
    }

    struct Group: Equatable {
        /// `thead`, `tbody` or `tfoot`; rows straight under `table` form an implicit `tbody`.
        var type: String
        var implicit: Bool
        var rows: [Row]
    }

    var id: String?
    var range: Span
    var caption: Span?
    var columns: Int
    var groups: [Group]

    /// The table as the export writes it. Built by hand, not through `Encodable`: a book of large
    /// tables (the JLReq) spent a fifth of its export in the generic encoder.
    var jsonValue: JSONValue {
        func span(_ s: Span) -> JSONValue { s.jsonValue }
        func string(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        func cell(_ c: Cell) -> JSONValue {
            .object([("header", .bool(c.header)), ("id", string(c.id)), ("scope", string(c.scope)), ("headers", .array(c.headers.map(JSONValue.string))),
                     ("colspan", .integer(Int64(c.colspan))), ("rowspan", .integer(Int64(c.rowspan))), ("row", .integer(Int64(c.row))),
                     ("column", .integer(Int64(c.column))), ("range", span(c.range))])
        }
        let groups: [JSONValue] = groups.map { g in
            .object([("type", .string(g.type)), ("implicit", .bool(g.implicit)),
                     ("rows", .array(g.rows.map { .object([("range", span($0.range)), ("cells", .array($0.cells.map(cell)))]) }))])
        }
        return .object([("id", string(id)), ("range", span(range)), ("caption", caption.map(span) ?? .null),
                        ("columns", .integer(Int64(columns))), ("groups", .array(groups))])
    }

    static let names: Set<String> = ["table"]

    /// Every XHTML `table` of a laid-out document, in document order, among `candidates` (the
    /// elements named as `names` are).
    static func tables(in model: ContentDocument, _ text: AddressableText, among candidates: [Int]) -> [ExportTable] {
        candidates.compactMap { number in
            model.elements[number].namespace == .xhtml && model.elements[number].localName == "table" ? table(number, model, text) : nil
        }
    }

    private static func table(_ number: Int, _ model: ContentDocument, _ text: AddressableText) -> ExportTable? {
        guard let range = span(number, text) else { return nil }
        var grid = Grid()
        var table = ExportTable(id: model.id(of: number), range: range, caption: nil, columns: 0, groups: [])
        var loose: [Int] = []
        func flushLoose() {
            guard !loose.isEmpty else { return }
            table.groups.append(Group(type: "tbody", implicit: true, rows: grid.rows(loose, model, text)))
            loose = []
        }
        for child in model.children(of: number) where model.elements[child].namespace == .xhtml {
            switch model.elements[child].localName {
            case "caption" where table.caption == nil: table.caption = span(child, text)
            case "tr": loose.append(child)
            case let group where ["thead", "tbody", "tfoot"].contains(group):
                flushLoose()
                let rows = model.children(of: child).filter { model.elements[$0].namespace == .xhtml && model.elements[$0].localName == "tr" }
                table.groups.append(Group(type: group, implicit: false, rows: grid.rows(rows, model, text)))
            default: break
            }
        }
        flushLoose()
        table.columns = grid.columns
        return table
    }

    static func span(_ number: Int, _ text: AddressableText) -> Span? {
        guard text.elementRanges.indices.contains(number), let range = text.elementRanges[number] else { return nil }
        return Span(start: range.lowerBound, end: range.upperBound)
    }

    /// The slots taken so far: HTML's algorithm, one row group at a time (a span ends with its group).
    private struct Grid {
        var row = 0
        var columns = 0
        /// For each column, how many more rows of the group a cell above still covers.
        var covered: [Int] = []

        mutating func rows(_ rows: [Int], _ model: ContentDocument, _ text: AddressableText) -> [Row] {
            covered = []
            return rows.map { number in
                defer {
                    row += 1
                    covered = covered.map { max(0, $0 - 1) }
                }
                return Row(range: ExportTable.span(number, text) ?? Span(start: 0, end: 0), cells: cells(number, model, text))
            }
        }

        private mutating func cells(_ tr: Int, _ model: ContentDocument, _ text: AddressableText) -> [Cell] {
            var column = 0
            var out: [Cell] = []
            for number in model.children(of: tr) where model.elements[number].namespace == .xhtml {
                let name = model.elements[number].localName
                guard name == "td" || name == "th" else { continue }
                while column < covered.count, covered[column] > 0 { column += 1 }
                let colspan = Self.spanCount(model.attribute(number, "colspan"), zero: 1, limit: 1000)
                let rowspan = Self.spanCount(model.attribute(number, "rowspan"), zero: 0, limit: 65534)
                if covered.count < column + colspan { covered += Array(repeating: 0, count: column + colspan - covered.count) }
                for c in column..<(column + colspan) { covered[c] = rowspan == 0 ? Int.max : rowspan }
                let scope = model.attribute(number, "scope")?.lowercased()
                out.append(Cell(header: name == "th", id: model.id(of: number),
                                scope: name == "th" && ["row", "col", "rowgroup", "colgroup"].contains(scope ?? "") ? scope : nil,
                                headers: (model.attribute(number, "headers") ?? "").xmlTokens(),
                                colspan: colspan, rowspan: rowspan, row: row, column: column,
                                range: ExportTable.span(number, text) ?? Span(start: 0, end: 0)))
                column += colspan
                columns = max(columns, column)
            }
            return out
        }

        /// HTML's rules for parsing a non-negative integer (leading white space, an optional `+`,
        /// digits, anything after ignored); a missing or unparseable value is 1, 0 becomes `zero`,
        /// and values above the limit are the limit.
        static func spanCount(_ value: String?, zero: Int, limit: Int) -> Int {
            guard let value else { return 1 }
            let bytes = Array(value.utf8)
            var i = 0
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(bytes[i]) { i += 1 }
            if i < bytes.count, bytes[i] == 0x2B { i += 1 }
            var number = 0, digits = 0
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) {
                number = min(number * 10 + Int(bytes[i] - 0x30), limit + 1)
                digits += 1
                i += 1
            }
            guard digits > 0 else { return 1 }
            return number == 0 ? zero : min(number, limit)
        }
    }
}
