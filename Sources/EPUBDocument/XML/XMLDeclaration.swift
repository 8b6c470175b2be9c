import Foundation

/// The start of an XML entity as a parser reads it before there is a tree: the encoding its first
/// bytes show (XML 1.0 Appendix F) and the pseudo-attributes of its XML declaration. One reader
/// for the parser (which refuses what Xerces refuses) and for the validator's encoding rules.
package struct XMLDeclaration: Sendable {
    /// What the first four bytes say of the encoding, before any declaration is read.
    package enum Family: Sendable, Equatable {
        case utf8WithByteOrderMark
        case utf16(bigEndian: Bool, byteOrderMark: Bool)
        case ucs4
        /// ASCII, UTF-8 without a mark, or any encoding the declaration names.
        case asciiCompatible
    }

    /// The declaration's `version`, if given and not empty.
    package var version: String?
    /// The declaration's `encoding`, if given and not empty.
    package var encoding: String?

    package static func family(_ head: Data) -> Family {
        let b = [UInt8](head.prefix(4))
        guard b.count == 4 else { return .asciiCompatible }
        switch (b[0], b[1], b[2], b[3]) {
        case (0x00, 0x00, 0xFE, 0xFF), (0xFF, 0xFE, 0x00, 0x00), (0x00, 0x00, 0xFF, 0xFE), (0xFE, 0xFF, 0x00, 0x00),
             (0x00, 0x00, 0x00, 0x3C), (0x3C, 0x00, 0x00, 0x00), (0x00, 0x00, 0x3C, 0x00), (0x00, 0x3C, 0x00, 0x00):
            return .ucs4
        case (0xFE, 0xFF, _, _): return .utf16(bigEndian: true, byteOrderMark: true)
        case (0xFF, 0xFE, _, _): return .utf16(bigEndian: false, byteOrderMark: true)
        case (0x00, 0x3C, 0x00, 0x3F): return .utf16(bigEndian: true, byteOrderMark: false)
        case (0x3C, 0x00, 0x3F, 0x00): return .utf16(bigEndian: false, byteOrderMark: false)
        case (0xEF, 0xBB, 0xBF, _): return .utf8WithByteOrderMark
        default: return .asciiCompatible
        }
    }

    /// The declaration an entity begins with: read as bytes when the entity is ASCII-compatible
    /// and has no byte-order mark, decoded first when it is UTF-16; nil otherwise, or when there is
    /// none. Only the first 512 bytes are looked at.
    package static func read(_ head: Data) -> XMLDeclaration? {
        let bytes: [UInt8]
        switch family(head) {
        case .asciiCompatible:
            bytes = [UInt8](head.prefix(512))
        case .utf16(let bigEndian, let mark):
            let raw = [UInt8](head.prefix(512).dropFirst(mark ? 2 : 0))
            var units: [UInt16] = []
            var at = 0
            while at + 1 < raw.count {
                let (high, low) = bigEndian ? (raw[at], raw[at + 1]) : (raw[at + 1], raw[at])
                units.append(UInt16(high) << 8 | UInt16(low))
                at += 2
            }
            bytes = Array(String(decoding: units, as: UTF16.self).utf8)
        case .utf8WithByteOrderMark, .ucs4:
            return nil
        }
        guard bytes.starts(with: Array("<?xml".utf8)) else { return nil }
        var end = 5
        while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "?") && bytes[end + 1] == UInt8(ascii: ">")) { end += 1 }
        guard end + 1 < bytes.count else { return nil }
        // An empty value declares nothing.
        func value(_ name: String) -> String? { pseudoAttribute(name, in: bytes[4..<end]).flatMap { $0.isEmpty ? nil : $0 } }
        return XMLDeclaration(version: value("version"), encoding: value("encoding"))
    }

    /// A pseudo-attribute (`name="value"` or `'value'`) of a declaration or processing
    /// instruction, read from its bytes: this runs for every document of a book, where a regular
    /// expression costs more than the rest.
    package static func pseudoAttribute(_ name: String, in bytes: ArraySlice<UInt8>) -> String? {
        let key = Array(name.utf8)
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        var i = bytes.startIndex
        while i + key.count <= bytes.endIndex {
            defer { i += 1 }
            guard (i == bytes.startIndex || isSpace(bytes[i - 1])), bytes[i..<(i + key.count)].elementsEqual(key) else { continue }
            var j = i + key.count
            while j < bytes.endIndex, isSpace(bytes[j]) { j += 1 }
            guard j < bytes.endIndex, bytes[j] == UInt8(ascii: "=") else { continue }
            j += 1
            while j < bytes.endIndex, isSpace(bytes[j]) { j += 1 }
            guard j < bytes.endIndex, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") else { return nil }
            let quote = bytes[j]
            guard let end = bytes[(j + 1)...].firstIndex(of: quote) else { return nil }
            return String(decoding: bytes[(j + 1)..<end], as: UTF8.self)
        }
        return nil
    }
}
