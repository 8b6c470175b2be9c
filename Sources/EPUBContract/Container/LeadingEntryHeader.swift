import Foundation

/// The ZIP local header of the first entry, read straight from the file as OCF requires it
/// (`mimetype` first, stored, no extra field, then exactly `application/epub+zip`).
public struct LeadingEntryHeader: Sendable, Equatable {
    /// The file is shorter than a local header plus the `mimetype` name (58 bytes).
    public var tooShort: Bool
    public var name: String
    /// ZIP compression method number (0 stored, 8 deflated).
    public var compressionMethod: Int
    public var extraFieldLength: Int
    /// The first bytes of the entry's data as stored (not inflated).
    public var storedPrefix: [UInt8]

    /// Reads the first local header of a ZIP file; nil when the file does not start with one.
    static func read(path: String) -> LeadingEntryHeader? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 30 + 0xFFFF + 64) else { return nil }
        let bytes = [UInt8](data)
        guard bytes.count >= 4, bytes[0] == 0x50, bytes[1] == 0x4B, bytes[2] == 0x03, bytes[3] == 0x04 else { return nil }
        guard bytes.count >= 30 else {
            return LeadingEntryHeader(tooShort: true, name: "", compressionMethod: 0, extraFieldLength: 0, storedPrefix: [])
        }
        func le16(_ i: Int) -> Int { Int(bytes[i]) | Int(bytes[i + 1]) << 8 }
        let nameLength = le16(26), extraLength = le16(28)
        let nameEnd = min(bytes.count, 30 + nameLength)
        let dataStart = min(bytes.count, nameEnd + extraLength)
        return LeadingEntryHeader(
            tooShort: bytes.count < 58,
            name: String(decoding: bytes[30..<nameEnd], as: UTF8.self),
            compressionMethod: le16(8),
            extraFieldLength: extraLength,
            storedPrefix: Array(bytes[dataStart..<min(bytes.count, dataStart + 64)]))
    }
}
