/// XML's notion of whitespace (space, tab, CR, LF), which is what EPUB attribute and metadata rules mean.
extension StringProtocol {
    /// Leading and trailing XML whitespace removed.
    public func trimmingXMLWhitespace() -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.isXMLWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.isXMLWhitespace }) ?? start
        return String(String.UnicodeScalarView(scalars[start...end]))
    }

    /// Trimmed, with every run of XML whitespace collapsed to one space.
    public func collapsingXMLWhitespace() -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for c in unicodeScalars {
            if c.isXMLWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(" ") }
                pendingSpace = false
                out.append(c)
            }
        }
        return String(out)
    }

    /// Tokens separated by XML whitespace (property lists, `epub:type`).
    public func xmlTokens() -> [String] {
        unicodeScalars.split(whereSeparator: { $0.isXMLWhitespace }).map { String(String.UnicodeScalarView($0)) }
    }
}

extension Unicode.Scalar {
    var isXMLWhitespace: Bool { self == " " || self == "\t" || self == "\n" || self == "\r" }
}
