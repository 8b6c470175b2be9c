import EPUBContract

/// Raster images against what the manifest says they are, from their first bytes: too short to
/// be an image (MED-004, PKG-021), another format than declared (OPF-029; PKG-021 too when it is
/// none a reading system decodes, or its header is cut short), a misleading file extension (PKG-022).
enum ImageRules {
    /// Formats recognised by their signatures, with the extensions they go by.
    /// `header`: bytes before the image's size, which a decoder reads first (PNG's IHDR, GIF's
    /// logical screen; a JPEG's frame header may come after any metadata).
    static let formats: [(type: String, magic: [UInt8], extensions: [String], header: Int)] = [
        ("image/jpeg", [0xFF, 0xD8, 0xFF], ["jpg", "jpeg", "jpe"], 4),
        ("image/png", [0x89, 0x50, 0x4E, 0x47], ["png"], 24),
        ("image/gif", [0x47, 0x49, 0x46, 0x38], ["gif"], 10),
        // Recognised in a file declared as another type; items declared as BMP are not checked.
        ("image/bmp", [0x42, 0x4D], ["bmp"], 14),
    ]
    static let checkedTypes: Set<String> = ["image/jpeg", "image/png", "image/gif"]

    static func check(_ session: PublicationSession, _ package: PackageDocument) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let unchecked = Set(PackageRules.uncheckedItems(package).map(\.id))
        for item in package.manifest where checkedTypes.contains(item.mediaType) && !unchecked.contains(item.id) {
            guard let path = item.path, session.container.contains(path), let head = session.data(at: path, prefix: 24) else { continue }
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
            if bytes.count < actual.header {
                report(.PKG_021, .imageCannotDecodedFileCorrupted)
            }
            if actual.type != item.mediaType {
                report(.OPF_029, .fileButManifestDeclares(actual.type, item.mediaType))
            }
            let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
            if !actual.extensions.contains(ext) {
                report(.PKG_022, .imageButFileNameEnds(actual.extensions[0].uppercased(), ext))
            }
        }
        return out
    }
}
