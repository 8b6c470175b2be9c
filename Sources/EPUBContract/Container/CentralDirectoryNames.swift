import Foundation

/// Entry names as the ZIP's central directory stores them, byte for byte. libzip hands names out
/// as C strings with every NUL byte turned into a space, so `EPUB/a\0b.txt` would read as
/// `EPUB/a b.txt`: a file that does not exist, and a name EPUBCheck reports as PKG-009 (U+0000),
/// not PKG-010. Read only when a name holds a space, so an ordinary book never pays for it.
enum CentralDirectoryNames {
    /// The central-directory position of each entry whose raw name holds a NUL byte, with that
    /// name decoded (NUL kept); empty when the directory cannot be found or read.
    static func withNUL(path: String) -> [Int: String] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [:] }
        defer { try? handle.close() }
        guard let (offset, size) = directoryPlace(handle), size <= 256 << 20,
              (try? handle.seek(toOffset: offset)) != nil,
              let data = try? handle.read(upToCount: Int(size)) else { return [:] }
        let bytes = [UInt8](data)
        var out: [Int: String] = [:]
        var at = 0, index = 0
        while at + 46 <= bytes.count, le32(bytes, at) == 0x0201_4B50 {
            let nameLength = le16(bytes, at + 28)
            let skip = 46 + nameLength + le16(bytes, at + 30) + le16(bytes, at + 32)
            guard at + 46 + nameLength <= bytes.count else { break }
            let name = bytes[(at + 46)..<(at + 46 + nameLength)]
            if name.contains(0) { out[index] = String(decoding: name, as: UTF8.self) }
            at += skip
            index += 1
        }
        return out
    }

    /// Where the central directory starts and how long it is, from the end-of-central-directory
    /// record (APPNOTE 4.3.16), through the ZIP64 locator (4.3.15) when the record says 0xFFFFFFFF.
    private static func directoryPlace(_ handle: FileHandle) -> (UInt64, UInt64)? {
        guard let end = try? handle.seekToEnd() else { return nil }
        let tailLength = min(end, 22 + 0xFFFF)
        guard (try? handle.seek(toOffset: end - tailLength)) != nil,
              let tail = try? handle.read(upToCount: Int(tailLength)).map([UInt8].init) else { return nil }
        guard let record = stride(from: tail.count - 22, through: 0, by: -1).first(where: { le32(tail, $0) == 0x0605_4B50 }) else {
            return nil
        }
        let size = UInt64(le32(tail, record + 12)), offset = UInt64(le32(tail, record + 16))
        guard offset == 0xFFFF_FFFF || size == 0xFFFF_FFFF else { return (offset, size) }
        // ZIP64: the locator sits just before the record and gives the ZIP64 record's offset.
        guard record >= 20, le32(tail, record - 20) == 0x0706_4B50 else { return nil }
        let zip64At = le64(tail, record - 12)
        guard (try? handle.seek(toOffset: zip64At)) != nil,
              let zip64 = try? handle.read(upToCount: 56).map([UInt8].init), zip64.count == 56,
              le32(zip64, 0) == 0x0606_4B50 else { return nil }
        return (le64(zip64, 48), le64(zip64, 40))
    }

    private static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    private static func le32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) | UInt32(b[i + 1]) << 8 | UInt32(b[i + 2]) << 16 | UInt32(b[i + 3]) << 24
    }
    private static func le64(_ b: [UInt8], _ i: Int) -> UInt64 {
        UInt64(le32(b, i)) | UInt64(le32(b, i + 4)) << 32
    }
}
