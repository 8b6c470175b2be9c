import Dispatch
import Foundation

/// Size and SHA-256 of the input file, computed on another core while the session reads the book,
/// since hashing a large `.epub` costs as much as everything else `inspect` does.
public final class SourceDigest: @unchecked Sendable {
    private let group = DispatchGroup()
    private var result: (size: UInt64, sha256: String?) = (0, nil)

    public init(path: String) {
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            // Read, not mapped: a book rewritten while it is hashed must not crash the process.
            let digest = SHA256.file(at: path)
            result = (digest?.size ?? 0, digest?.hex)
            group.leave()
        }
    }

    /// Waits for the hash if it is still running.
    public var value: (size: UInt64, sha256: String?) {
        group.wait()
        return result
    }
}
