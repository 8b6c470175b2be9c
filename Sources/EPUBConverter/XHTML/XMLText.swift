/// Text made safe for XML 1.0: markup characters escaped, characters XML cannot hold (most C0
/// controls, U+FFFE, U+FFFF) dropped. Appends UTF-8 bytes: books are megabytes of it.
enum XMLText {
    static func append(_ text: some StringProtocol, to out: inout [UInt8], attribute: Bool = false) {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: out.append(contentsOf: [0x26, 0x61, 0x6D, 0x70, 0x3B])         // &amp;
            case 0x3C: out.append(contentsOf: [0x26, 0x6C, 0x74, 0x3B])               // &lt;
            case 0x3E: out.append(contentsOf: [0x26, 0x67, 0x74, 0x3B])               // &gt;
            case 0x22 where attribute: out.append(contentsOf: [0x26, 0x71, 0x75, 0x6F, 0x74, 0x3B])  // &quot;
            case 0x09, 0x0A, 0x0D: out.append(UInt8(scalar.value))
            case 0x00...0x1F, 0x7F, 0xFFFE, 0xFFFF: continue
            case 0x20...0x7E: out.append(UInt8(scalar.value))
            default: out.append(contentsOf: Array(String(scalar).utf8))
            }
        }
    }

    static func escaped(_ text: some StringProtocol, attribute: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        append(text, to: &out, attribute: attribute)
        return String(decoding: out, as: UTF8.self)
    }
}
