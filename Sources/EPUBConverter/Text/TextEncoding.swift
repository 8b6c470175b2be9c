/// The encodings a plain-text novel may come in, by the names iconv knows them.
public enum TextEncoding: String, Sendable, CaseIterable, Codable {
    case utf8 = "UTF-8"
    case utf16LE = "UTF-16LE"
    case utf16BE = "UTF-16BE"
    case utf32LE = "UTF-32LE"
    case utf32BE = "UTF-32BE"
    /// Decoded as GB18030, never GBK: GB18030 is its superset and maps every byte sequence.
    case gb18030 = "GB18030"
    /// Big5 with the Hong Kong extensions, a superset of plain Big5.
    case big5 = "BIG5-HKSCS"
    /// Windows code page 932, the Shift_JIS that Japanese files really use.
    case shiftJIS = "CP932"
    /// Windows code page 1252, a superset of ISO-8859-1's printable characters: Western European
    /// text saved one byte a character (Project Gutenberg's older 8-bit files).
    case windows1252 = "CP1252"

    /// Reads `--encoding` values: the iconv name or a common alias, any case.
    public init?(name: String) {
        let key = name.lowercased().replacingOccurrences(of: "_", with: "-")
        switch key {
        case "utf-8", "utf8": self = .utf8
        case "utf-16le", "utf16le": self = .utf16LE
        case "utf-16be", "utf16be", "utf-16", "utf16": self = .utf16BE
        case "utf-32le", "utf32le": self = .utf32LE
        case "utf-32be", "utf32be", "utf-32", "utf32": self = .utf32BE
        case "gb18030", "gbk", "gb2312", "gb", "cp936": self = .gb18030
        case "big5", "big5-hkscs", "cp950": self = .big5
        case "shift-jis", "sjis", "cp932", "shiftjis", "windows-31j": self = .shiftJIS
        case "windows-1252", "cp1252", "latin1", "latin-1", "iso-8859-1", "iso8859-1": self = .windows1252
        default: return nil
        }
    }

    /// The name to show people (`GB18030`, `Big5-HKSCS`, `Shift_JIS (CP932)`).
    public var displayName: String {
        switch self {
        case .big5: return "Big5-HKSCS"
        case .shiftJIS: return "Shift_JIS (CP932)"
        case .windows1252: return "Windows-1252"
        default: return rawValue
        }
    }
}
