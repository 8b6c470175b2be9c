/// A `prefix` attribute read by its grammar (EPUB 3.3 §D.3.2, `sec-prefix-attr`):
/// `prefixes = mapping, { whitespace, { whitespace }, mapping }`, `mapping = prefix, ":", space,
/// { space }, xsd:anyURI`, `prefix = xsd:NCName`, `space = #x20`, `whitespace = (#x20 | #x9 | #xD | #xA)`.
/// A fault does not stop the reading: it goes on from the next part of the grammar, so one slip
/// costs one mapping and later ones still count, and the faults come out as EPUBCheck 5.3.0
/// reports them (OPF-004…004f, OPF-005, OPF-006), which was checked on 31 attribute values.
package struct PrefixAttribute {
    package private(set) var mappings: [(prefix: String, iri: String)] = []
    package private(set) var faults: [ReadingFault] = []

    /// The part of the grammar read next.
    private enum Part { case lead, prefix, colon, space, iri, gap }

    package init(_ value: String) {
        let scalars = Array(value.unicodeScalars)
        var i = 0
        var part = Part.lead
        var prefix: String?
        // What the last step read: trailing whitespace is told by it.
        var last = ""
        /// Reads while `accepted`; `stray` says whether a scalar read is outside `allowed`.
        func read(_ accepted: (Unicode.Scalar) -> Bool, allowed: (Unicode.Scalar) -> Bool = { _ in true }) -> (text: String, stray: Bool) {
            var text = String.UnicodeScalarView(), stray = false
            while i < scalars.count, accepted(scalars[i]) {
                text.append(scalars[i])
                stray = stray || !allowed(scalars[i])
                i += 1
            }
            return (String(text), stray)
        }
        while i < scalars.count {
            switch part {
            case .lead:
                last = read(Self.isWhitespace).text
                if !last.isEmpty { faults.append(.prefixSurroundingWhitespace) }
                part = .prefix
            case .prefix:
                last = read { !Self.isWhitespace($0) && $0 != ":" }.text
                if last.isEmpty {
                    faults.append(.prefixEmpty)
                } else if !last.isXMLNCName {
                    faults.append(.prefixNotNCName(last))
                } else {
                    prefix = last
                }
                part = .colon
            case .colon:
                last = read { $0 == ":" }.text
                part = .space
                if last.isEmpty {
                    // No colon where one belongs: maybe after some whitespace (`foaf : …`), else never.
                    _ = read(Self.isWhitespace)
                    faults.append(.prefixSyntax(token: prefix ?? ""))
                    part = i < scalars.count && scalars[i] == ":" ? .colon : .iri
                    prefix = nil
                }
            case .space:
                let (gap, stray) = read(Self.isWhitespace, allowed: { $0 == " " })
                last = gap
                if gap.isEmpty {
                    faults.append(.prefixNoSpaceBeforeIRI(prefix: prefix ?? ""))
                    prefix = nil
                } else if stray {
                    faults.append(.prefixIllegalWhitespaceBeforeIRI(prefix: prefix ?? ""))
                }
                part = .iri
            case .iri:
                last = read { !Self.isWhitespace($0) }.text
                if !Self.isURI(last) {
                    faults.append(.prefixIRIInvalid(iri: last, prefix: prefix ?? ""))
                } else if let prefix {
                    mappings.append((prefix, last))
                }
                prefix = nil
                part = .gap
            case .gap:
                let (gap, stray) = read(Self.isWhitespace, allowed: { " \t\r\n".unicodeScalars.contains($0) })
                last = gap
                if stray { faults.append(.prefixIllegalWhitespaceBetween) }
                part = .prefix
            }
        }
        if ![.lead, .prefix, .gap].contains(part) { faults.append(.prefixWithoutIRI(token: prefix ?? "")) }
        if part == .prefix && !last.isEmpty { faults.append(.prefixSurroundingWhitespace) }
    }

    /// Unicode whitespace, of which XML's four are the ones allowed (others are faults, not separators' absence).
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace
    }

    /// Whether `text` is a URI reference by RFC 2396 as `java.net.URI` parses it (what EPUBCheck
    /// judges OPF-006 by): allowed characters (any non-ASCII one that is not a control or a space),
    /// `%` with two hex digits, one `#`, a scheme (a letter, then letters, digits, `+-.`) before a
    /// colon that comes ahead of any `/?#`, something after that colon, brackets only around a host.
    static func isURI(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var i = 0, hashes = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case 0x00...0x20, 0x7F, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
                 UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
                return false
            case UInt8(ascii: "%"):
                guard i + 2 < bytes.count, bytes[i + 1].isHexDigit, bytes[i + 2].isHexDigit else { return false }
                i += 2
            case UInt8(ascii: "#"):
                hashes += 1
                if hashes > 1 { return false }
            default:
                break
            }
            i += 1
        }
        guard text.unicodeScalars.allSatisfy({ $0.isASCII || !($0.properties.isWhitespace || $0.properties.generalCategory == .control) }) else { return false }
        let head = bytes.prefix { ![UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#")].contains($0) }
        var rest = bytes[...]
        if let colon = head.firstIndex(of: UInt8(ascii: ":")) {
            let scheme = bytes[..<colon]
            guard let first = scheme.first, first.isASCIILetter,
                  scheme.dropFirst().allSatisfy({ $0.isASCIILetter || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }),
                  colon + 1 < bytes.count else { return false }
            rest = bytes[(colon + 1)...]
        }
        return bracketsAroundHostOnly(rest)
    }

    /// `[` and `]` stand only around an IPv6 host, right after `//`, closed, with hex digits, `:` and `.` inside.
    private static func bracketsAroundHostOnly(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let open = bytes.firstIndex(of: UInt8(ascii: "[")) else { return !bytes.contains(UInt8(ascii: "]")) }
        guard bytes[..<open].elementsEqual("//".utf8), let close = bytes[open...].firstIndex(of: UInt8(ascii: "]")) else { return false }
        let inside = bytes[(open + 1)..<close]
        return !inside.isEmpty && inside.allSatisfy { $0.isHexDigit || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }
            && !bytes[(close + 1)...].contains(UInt8(ascii: "[")) && !bytes[(close + 1)...].contains(UInt8(ascii: "]"))
    }
}

private extension UInt8 {
    var isHexDigit: Bool { (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self) }
    var isASCIILetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
}
