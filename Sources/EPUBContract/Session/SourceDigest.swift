import Foundation

/// Size and SHA-256 of the input file, computed on another core while the session reads the book,
/// since hashing a large `.epub` costs as much as everything else `inspect` does.
public final class SourceDigest: Sendable {
    private let digest: BackgroundValue<(size: UInt64, sha256: String?)>

    public init(path: String) {
        // Read, not mapped: a book rewritten while it is hashed must not crash the process.
        digest = BackgroundValue {
            let digest = SHA256.file(at: path)
            return (digest?.size ?? 0, digest?.hex)
        }
    }

    /// Waits for the hash if it is still running.
    public var value: (size: UInt64, sha256: String?) { digest.value }
}
