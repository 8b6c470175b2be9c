import EPUBValidator

/// The core image type a file's first bytes show, from the validator's own signature table
/// (`ImageRules.formats`; BMP, which is no core type, left out).
enum ImageSignatures {
    static func type(of bytes: [UInt8]) -> String? {
        ImageRules.formats.first { bytes.starts(with: $0.magic) && $0.type != "image/bmp" }?.type
    }

    /// The extensions the type is written with, the usual first.
    static func extensions(of type: String) -> [String] {
        ImageRules.formats.first { $0.type == type }?.extensions ?? []
    }
}
