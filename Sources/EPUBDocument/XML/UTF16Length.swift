/// UTF-16 lengths counted from UTF-8 bytes, without decoding: offsets and character counts are in
/// UTF-16 units (what CoreText, NSString and EPUBCheck count), but text is kept as UTF-8.
package enum UTF16Length {
    /// The units that one byte of valid UTF-8 starts: none for a continuation byte, a surrogate
    /// pair for the lead of a four-byte sequence, one otherwise.
    @inline(__always) package static func units(startedBy byte: UInt8) -> Int {
        byte & 0xC0 == 0x80 ? 0 : (byte >= 0xF0 ? 2 : 1)
    }

    /// The units of a NUL-terminated UTF-8 string (a libxml2 text node's content); 0 for none.
    package static func of(cString text: UnsafePointer<UInt8>?) -> Int {
        guard let text else { return 0 }
        var count = 0, i = 0
        while text[i] != 0 {
            count += units(startedBy: text[i])
            i += 1
        }
        return count
    }
}
