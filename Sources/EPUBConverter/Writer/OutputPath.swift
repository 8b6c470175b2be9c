import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Output paths: temporary siblings, atomic renames, and the guard that an output never
/// replaces the input.
public enum OutputPath {
    static func temporarySibling(of path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        return directory + "/." + url.lastPathComponent + ".tmp-\(getpid())"
    }

    /// Throws when `output` names the same file as `input` (also through links or `..`).
    public static func refuseOverwritingInput(_ input: String, _ output: String) throws(ConversionError) {
        var a = stat(), b = stat()
        if stat(input, &a) == 0, stat(output, &b) == 0, a.st_dev == b.st_dev, a.st_ino == b.st_ino {
            throw .outputIsInput(output)
        }
        let resolvedInput = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path
        let resolvedOutput = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
        if resolvedInput == resolvedOutput { throw .outputIsInput(output) }
    }

    static func moveIntoPlace(_ temporary: String, _ path: String) throws(ConversionError) {
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path, reason: reason)
        }
    }

    /// A folder output replaces nothing: an existing non-empty folder is an error.
    static func moveFolderIntoPlace(_ temporary: String, _ path: String) throws(ConversionError) {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: path), existing.isEmpty {
            try? manager.removeItem(atPath: path)
        }
        if rename(temporary, path) != 0 {
            let reason = errno == ENOTEMPTY || errno == EEXIST || errno == ENOTDIR ? "it already exists; remove it or choose another folder" : String(cString: strerror(errno))
            try? manager.removeItem(atPath: temporary)
            throw .cannotWrite(path, reason: reason)
        }
    }
}
