import EPUBContract
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Output paths: temporary siblings, atomic renames, and the guards that an output never replaces
/// the input, never lands inside an input folder, and never replaces anything but a regular file
/// (or, for a folder output, an empty folder).
public enum OutputPath {
    /// Throws when the folder that would hold `path` does not exist (nothing is created implicitly).
    static func requireParent(of path: String) throws(ConversionError) {
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isFolder), isFolder.boolValue else {
            throw .cannotWrite(path, reason: .phrase(.writeFolderMissing(parent)))
        }
    }

    package static func temporarySibling(of path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        return directory + "/." + url.lastPathComponent + ".tmp-\(getpid())"
    }

    /// Throws when `output` names the same file as `input` (also through links or `..`), or a
    /// path inside an input folder (an unpacked book is never written into).
    public static func refuseOverwritingInput(_ input: String, _ output: String) throws(ConversionError) {
        var a = stat(), b = stat()
        if stat(input, &a) == 0, stat(output, &b) == 0, a.st_dev == b.st_dev, a.st_ino == b.st_ino {
            throw .outputIsInput(output)
        }
        let resolvedInput = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path
        let resolvedOutput = resolved(output)
        if resolvedInput == resolvedOutput { throw .outputIsInput(output) }
        if stat(input, &a) == 0, (a.st_mode & S_IFMT) == S_IFDIR, resolvedOutput.hasPrefix(resolvedInput.hasSuffix("/") ? resolvedInput : resolvedInput + "/") {
            throw .outputInsideInput(output, folder: input)
        }
    }

    /// An output path with its folder's links resolved (the output itself may not exist yet).
    private static func resolved(_ path: String) -> String {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let folder = url.deletingLastPathComponent().resolvingSymlinksInPath().path
        return (folder.hasSuffix("/") ? folder : folder + "/") + url.lastPathComponent
    }

    /// Throws when `path` exists as something an output must not replace: a symbolic link, a
    /// socket, a block device; for a file output, a folder too; for a folder output, any device.
    /// A character device or a FIFO (`/dev/null`, `/dev/stdout`, a pipe) takes a file output as a
    /// stream: written to, not replaced (`isStream`), so whole-or-nothing cannot hold there.
    static func requireReplaceable(_ path: String, folder: Bool = false) throws(ConversionError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }  // nothing there: fine
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFCHR where !folder, S_IFIFO where !folder: return
        case S_IFLNK where !folder && isStream(path): return  // /dev/stdout, /dev/fd/N: links to a stream
        case S_IFDIR where folder: return
        case S_IFDIR: throw .cannotWrite(path, reason: .phrase(.writeIsFolder))
        case S_IFLNK: throw .cannotWrite(path, reason: .phrase(.writeIsSymbolicLink))
        default: throw .cannotWrite(path, reason: .phrase(.writeNotRegularFile))
        }
    }

    /// True when `path` is a character device or a FIFO (after links), or one of the system's names
    /// for an open descriptor (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`, whatever the shell
    /// redirected it to): written to, never replaced.
    package static func isStream(_ path: String) -> Bool {
        if ["/dev/stdout", "/dev/stderr"].contains(path) || path.hasPrefix("/dev/fd/") || path.hasPrefix("/proc/self/fd/") { return true }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFCHR || kind == S_IFIFO
    }

    static func moveIntoPlace(_ temporary: String, _ path: String) throws(ConversionError) {
        if isStream(path) {
            // A device or a pipe: the finished output is copied into it, and the temporary goes.
            defer { unlink(temporary) }
            guard let bytes = FileManager.default.contents(atPath: temporary) else { throw .cannotWrite(path, reason: .text(String(cString: strerror(EIO)))) }
            // Appending: what the shell redirected there, and what was written before, stays first.
            let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
            guard fd >= 0 else { throw .cannotWrite(path, reason: .text(String(cString: strerror(errno)))) }
            let failure = writeAll(Array(bytes), to: fd)
            close(fd)
            if let failure { throw .cannotWrite(path, reason: .text(String(cString: strerror(failure)))) }
            return
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path, reason: .text(reason))
        }
    }

    /// Writes named files into a new folder at `path`, through a temporary sibling renamed at the
    /// end. Names must be relative and stay inside (no `..`, no absolute path): zip-slip proof.
    package static func writeFolder(_ files: [(name: String, bytes: [UInt8])], to path: String) throws(ConversionError) {
        try requireParent(of: path)
        try requireReplaceable(path, folder: true)
        let temporary = temporarySibling(of: path)
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: temporary, withIntermediateDirectories: false)
            for (name, bytes) in files {
                let parts = name.split(separator: "/", omittingEmptySubsequences: false)
                guard !name.hasPrefix("/"), !parts.contains(".."), !parts.contains(""), !parts.contains(".") else {
                    throw ConversionError.cannotWrite(path, reason: .phrase(.writeRefusedName(name)))
                }
                let target = temporary + "/" + name
                if parts.count > 1 {
                    try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                }
                if let reason = create(target, bytes) { throw ConversionError.cannotWrite(path, reason: .text(reason)) }
            }
        } catch let error as ConversionError {
            try? manager.removeItem(atPath: temporary)
            throw error
        } catch {
            try? manager.removeItem(atPath: temporary)
            throw .cannotWrite(path, reason: .text(error.localizedDescription))
        }
        try moveFolderIntoPlace(temporary, path)
    }

    /// Writes one file whole or not at all: a temporary sibling, then a rename.
    public static func writeFile(_ bytes: [UInt8], to path: String) throws(ConversionError) {
        try requireParent(of: path)
        try requireReplaceable(path)
        let temporary = temporarySibling(of: path)
        if let reason = create(temporary, bytes) {
            unlink(temporary)
            throw .cannotWrite(path, reason: .text(reason))
        }
        try moveIntoPlace(temporary, path)
    }

    /// Writes `bytes` to a new file with every write and the close checked; the system's reason
    /// when one fails ("No space left on device", "File too large"), nil when all was written.
    static func create(_ file: String, _ bytes: [UInt8]) -> String? {
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        if let failure = writeAll(bytes, to: fd) {
            close(fd)
            return String(cString: strerror(failure))
        }
        return close(fd) == 0 ? nil : String(cString: strerror(errno))
    }

    /// Writes all of `bytes` to `fd`, going on after a partial write or an interruption; the error
    /// number of the write that failed, or nil when everything was written.
    package static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var rest = bytes[...]
        while !rest.isEmpty {
            let n = rest.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return EIO }
            rest = rest.dropFirst(n)
        }
        return nil
    }

    /// A folder output replaces nothing: an existing non-empty folder is an error.
    static func moveFolderIntoPlace(_ temporary: String, _ path: String) throws(ConversionError) {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: path), existing.isEmpty {
            try? manager.removeItem(atPath: path)
        }
        if rename(temporary, path) != 0 {
            let reason: MessageArgument = errno == ENOTEMPTY || errno == EEXIST || errno == ENOTDIR ? .phrase(.writeAlreadyExists) : .text(String(cString: strerror(errno)))
            try? manager.removeItem(atPath: temporary)
            throw .cannotWrite(path, reason: reason)
        }
    }
}
