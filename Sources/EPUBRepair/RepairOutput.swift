import EPUBContract
import EPUBOutput
import Foundation

/// Writes a repaired book where the user asked, whole or not at all: an `.epub` file or a folder
/// (a temporary sibling renamed into place), or the source itself (`--in-place`), renamed to its
/// backup first. A book no repair changed is copied byte for byte.
public enum RepairOutput {
    /// Writes `result`'s book to `output` (`.epub`, or a folder when `folder`).
    public static func write(_ result: FixResult, to output: String, folder: Bool, modified: String) throws(ConversionError) {
        try OutputPath.refuseOverwritingInput(result.source, output)
        if !result.isChanged, !folder, !isFolder(result.source), let bytes = FileManager.default.contents(atPath: result.source) {
            try OutputPath.writeFile(Array(bytes), to: output)  // a clean book comes out as it went in
            return
        }
        if folder {
            try OutputPath.writeFolder(result.book.archiveFiles, to: output)
        } else {
            try EPUBWriter.write(files: result.book.archiveFiles, modified: modified, to: output)
        }
    }

    /// Repairs the source where it is: the repaired book is written beside it, the source renamed
    /// to `backup`, then the repaired book renamed to the source's name. Returns false when there
    /// was nothing to change (nothing is written, no backup made).
    public static func writeInPlace(_ result: FixResult, backup: String, modified: String) throws(ConversionError) -> Bool {
        guard result.isChanged else { return false }
        let source = result.source
        let folder = isFolder(source)
        guard !FileManager.default.fileExists(atPath: backup) else { throw .cannotWrite(backup, reason: .phrase(.writeAlreadyExists)) }
        let staged = OutputPath.temporarySibling(of: source) + ".fixed"
        do {
            if folder {
                try OutputPath.writeFolder(result.book.archiveFiles, to: staged)
            } else {
                try EPUBWriter.write(files: result.book.archiveFiles, modified: modified, to: staged)
            }
        } catch {
            // Said of the book the user named, not of the staging file beside it.
            if case .cannotWrite(_, let reason) = error { throw .cannotWrite(source, reason: reason) }
            throw error
        }
        guard rename(source, backup) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: staged)
            throw .cannotWrite(backup, reason: .text(reason))
        }
        guard rename(staged, source) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(backup, source)  // put the source back as it was
            try? FileManager.default.removeItem(atPath: staged)
            throw .cannotWrite(source, reason: .text(reason))
        }
        return true
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
