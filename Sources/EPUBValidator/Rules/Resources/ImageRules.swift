import EPUBContract

/// Raster images against what the manifest says they are, from their first bytes: too short to
/// be an image (MED-004, PKG-021), another format than declared (OPF-029; PKG-021 too when it is
/// none a reading system decodes, its header is cut short, or its extension is none a decoder
/// knows), a misleading file extension (PKG-022).
package enum ImageRules {
    /// Formats recognised by their signatures, with the extensions they go by.
    /// `header`: bytes before the image's size, which a decoder reads first (PNG's IHDR, GIF's
    /// logical screen; a JPEG's frame header may come after any metadata).
    package static let formats: [(type: String, magic: [UInt8], extensions: [String], header: Int)] = [
        ("image/jpeg", [0xFF, 0xD8, 0xFF], ["jpg", "jpeg", "jpe"], 4),
        ("image/png", [0x89, 0x50, 0x4E, 0x47], ["png"], 24),
        ("image/gif", [0x47, 0x49, 0x46, 0x38], ["gif"], 10),
        // Recognised in a file declared as another type; items declared as BMP are not checked.
        ("image/bmp", [0x42, 0x4D], ["bmp"], 14),
    ]
    static let checkedTypes: Set<String> = ["image/jpeg", "image/png", "image/gif"]
    /// The file extensions EPUBCheck 5.3.0's image decoder (Java's ImageIO) has a reader for: it
    /// picks the reader by extension, so an image under any other (`.jpe`, `.webp`, none, a name
    /// ending in a full stop) cannot be decoded (PKG-021), whatever its bytes.
    static let decoderExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "bmp", "wbmp", "tif", "tiff"]

    /// Whether a decoder asked for the image's size finds it, as the one EPUBCheck 5.3.0 asks
    /// does: a GIF's first image descriptor (after its logical screen, colour table and extension
    /// blocks), a JPEG's frame header (a SOF marker before the scan or the end). Reads the first
    /// 4 KB, then up to 256 KB (metadata segments come first); nil when that is not enough, or
    /// for other formats (a PNG's size is in its header).
    static func sizeIsReadable(_ path: String, type: String, _ session: PublicationSession) -> Bool? {
        guard type == "image/gif" || type == "image/jpeg" else { return nil }
        for count in [4096, 262_144] {
            guard let data = session.data(at: path, prefix: count) else { return nil }
            let bytes = [UInt8](data)
            if let answer = type == "image/gif" ? gifHasImage(bytes) : jpegHasFrame(bytes) { return answer }
            if bytes.count < count { return nil }  // the whole file was read: cut short, not undecided
        }
        return nil
    }

    /// GIF89a/87a: the first block after the logical screen that is not an extension is an image.
    static func gifHasImage(_ bytes: [UInt8]) -> Bool? {
        guard bytes.count > 13 else { return nil }
        var i = 13
        if bytes[10] & 0x80 != 0 { i += 3 << (Int(bytes[10] & 0x07) + 1) }
        while i < bytes.count {
            switch bytes[i] {
            case 0x2C: return true
            case 0x21:
                i += 2
                while i < bytes.count {
                    let size = Int(bytes[i])
                    i += 1 + size
                    if size == 0 { break }
                }
            default: return false  // the trailer, or no block at all
            }
        }
        return nil
    }

    /// JPEG: markers from the start of image until a frame header (SOF0–SOF15 but DHT, JPG,
    /// DAC) says the size; a scan or the end of the image before it leaves none.
    static func jpegHasFrame(_ bytes: [UInt8]) -> Bool? {
        var i = 2
        while i + 1 < bytes.count {
            guard bytes[i] == 0xFF else { return false }
            let marker = bytes[i + 1]
            switch marker {
            case 0xFF: i += 1  // fill byte
            case 0xC0...0xCF where marker != 0xC4 && marker != 0xC8 && marker != 0xCC: return true
            case 0xD9, 0xDA: return false
            case 0x01, 0xD0...0xD7: i += 2
            default:
                guard i + 3 < bytes.count else { return nil }
                i += 2 + (Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]))
            }
        }
        return nil
    }

    /// The file extension of a container path, lowercased ("" for a name without a dot).
    static func extensionOf(_ path: String) -> String {
        let bytes = path.utf8
        let nameStart = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        guard let dot = bytes[nameStart...].lastIndex(of: UInt8(ascii: ".")) else { return "" }
        return String(decoding: bytes[bytes.index(after: dot)...], as: UTF8.self).lowercased()
    }

    static func check(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let unchecked = Set(PackageRules.uncheckedItems(package).map(\.id))
        for item in package.manifest where checkedTypes.contains(item.mediaType) && !unchecked.contains(item.id) {
            // The package document listed as an image is OPF-099's fault, not an image's.
            guard let path = item.path, path != package.path, session.container.contains(path), let head = session.data(at: path, prefix: 24) else { continue }
            func report(_ id: MessageID, _ message: MessageText) {
                out.append(Diagnostic(id, message: message, location: .init(path: path)))
            }
            let bytes = [UInt8](head)
            if bytes.count < 4 {
                report(.MED_004, .imageOnlyBytesLongHeaderCut(bytes.count))
                report(.PKG_021, .imageCannotDecodedFileCorrupted)
                continue
            }
            guard let actual = formats.first(where: { bytes.starts(with: $0.magic) }) else {
                report(.OPF_029, .fileNotDeclaredImageType(item.mediaType))
                report(.PKG_021, .imageCannotDecodedFileCorrupted)
                continue
            }
            let corrupt = bytes.count < actual.header || sizeIsReadable(path, type: actual.type, session) == false
            if corrupt {
                report(.PKG_021, .imageCannotDecodedFileCorrupted)
            }
            if actual.type != item.mediaType {
                report(.OPF_029, .fileButManifestDeclares(actual.type, item.mediaType))
            }
            let ext = extensionOf(path)
            if ext == "svg" {
                continue  // EPUBCheck 5.3.0 says nothing of a bitmap named .svg
            } else if !decoderExtensions.contains(ext) {
                if !corrupt { report(.PKG_021, .imageCannotDecodedFileCorrupted) }
            } else if !actual.extensions.contains(ext) {
                report(.PKG_022, .imageButFileNameEnds(actual.extensions[0].uppercased(), ext))
            }
        }
        return out
    }
}
