/// Text made safe for XML 1.0: markup characters escaped, characters XML cannot hold (most C0
/// controls, U+FFFE, U+FFFF) dropped. Appends UTF-8 bytes: books are megabytes of it. The one
/// escaper of the project: the converter's documents and the HTML report both write through it.
package enum XMLText {
    package static func append(_ text: some StringProtocol, to out: inout [UInt8], attribute: Bool = false) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { append(bytes: $0, to: &out, attribute: attribute) }
        if done == nil {
            var copy = String(text)
            copy.withUTF8 { append(bytes: $0, to: &out, attribute: attribute) }
        }
    }

    /// Works on UTF-8 bytes: everything from U+0080 up is copied as it is, but for U+FFFE and
    /// U+FFFF (EF BF BE, EF BF BF), which XML forbids.
    package static func append(bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8], attribute: Bool) {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            switch b {
            case 0x26: out.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])         // &amp;
            case 0x3C: out.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])               // &lt;
            case 0x3E: out.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])               // &gt;
            case 0x22 where attribute: out.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
            case 0x09, 0x0A, 0x0D: out.append(b)
            case 0x00...0x1F, 0x7F: break
            case 0xEF where i + 2 < n && bytes[i + 1] == 0xBF && (bytes[i + 2] == 0xBE || bytes[i + 2] == 0xBF):
                i += 2
            default: out.append(b)
            }
            i += 1
        }
    }

    /// XML 1.0's `Char` production (§2.2): what a document may hold at all.
    package static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    package static func escaped(_ text: some StringProtocol, attribute: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        append(text, to: &out, attribute: attribute)
        return String(decoding: out, as: UTF8.self)
    }
}
