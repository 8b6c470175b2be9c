/// XML's notion of whitespace (space, tab, CR, LF), which is what EPUB attribute and metadata rules mean.
/// Worked on UTF-8 bytes: these run on every attribute and text the pipeline reads. Inlinable, so
/// that each module that calls them gets them specialized for its string type (unspecialized, a
/// generic `split` across the module boundary cost the styled export 1 % of its instructions).
extension StringProtocol {
    /// Leading and trailing XML whitespace removed.
    @inlinable package func trimmingXMLWhitespace() -> String {
        let whole = String(self)
        let bytes = whole.utf8
        guard let first = bytes.firstIndex(where: { !$0.isXMLWhitespace }) else { return "" }
        let last = bytes.lastIndex(where: { !$0.isXMLWhitespace }) ?? first
        if first == bytes.startIndex && last == bytes.index(before: bytes.endIndex) { return whole }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// Trimmed, with every run of XML whitespace collapsed to one space.
    @inlinable package func collapsingXMLWhitespace() -> String {
        var needsWork = false
        var previousSpace = true  // a leading space needs work too
        for b in utf8 {
            if b.isXMLWhitespace {
                if previousSpace || b != 0x20 { needsWork = true; break }
                previousSpace = true
            } else {
                previousSpace = false
            }
        }
        if !needsWork && !previousSpace { return String(self) }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count)
        var pendingSpace = false
        for b in utf8 {
            if b.isXMLWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(0x20) }
                pendingSpace = false
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Tokens separated by XML whitespace (property lists, `epub:type`).
    @inlinable package func xmlTokens() -> [String] {
        utf8.split(whereSeparator: { $0.isXMLWhitespace }).map { String(decoding: $0, as: UTF8.self) }
    }
}

extension UInt8 {
    @inlinable package var isXMLWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
