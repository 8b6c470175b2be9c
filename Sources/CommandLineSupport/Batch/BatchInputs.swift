import EPUBContract
import Foundation

/// Turns the command line's inputs into the list of books a batch run checks: files as given,
/// folders opened (an unpacked book stays one book), `@list.txt` and `-` read one path per line.
package enum BatchInputs {
    /// Books in a stable order (each folder's entries sorted), each once.
    package static func expand(_ arguments: [String], recursive: Bool, standardInput: () -> String? = { readLine() }) throws -> [String] {
        var books: [String] = []
        var seen = Set<String>()
        func add(_ path: String) {
            if seen.insert(path).inserted { books.append(path) }
        }
        for argument in arguments {
            for path in try listed(argument, standardInput: standardInput) {
                guard !path.contains("\n") else { throw CLIFailure(.cliPathWithLineBreak) }
                if isFolder(path) && !isUnpackedBook(path) {
                    try folderBooks(path, recursive: recursive).forEach(add)
                } else {
                    add(path)
                }
            }
        }
        return books
    }

    /// The paths one argument names: itself, or the lines of a list file or of standard input.
    private static func listed(_ argument: String, standardInput: () -> String?) throws -> [String] {
        if argument == "-" {
            var lines: [String] = []
            while let line = standardInput() { lines.append(line) }
            return cleaned(lines)
        }
        if argument.hasPrefix("@"), argument.count > 1 {
            let file = String(argument.dropFirst())
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw CLIFailure(.cliCannotReadBookList(file))
            }
            return cleaned(text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
        return [argument]
    }

    /// Lines without their carriage returns, blank lines and `#` comments left out.
    private static func cleaned(_ lines: [String]) -> [String] {
        lines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.hasPrefix("#") }
    }

    package static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// A folder is a book when it has what an OCF container starts with.
    package static func isUnpackedBook(_ path: String) -> Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: path + "/META-INF/container.xml") || manager.fileExists(atPath: path + "/mimetype")
    }

    /// A folder of books, not a book: it is no unpacked book itself and holds a `.epub` file or an
    /// unpacked book (a folder with neither stays one, broken, book and is reported as such).
    package static func holdsBooks(_ path: String) -> Bool {
        guard isFolder(path), !isUnpackedBook(path) else { return false }
        return (try? folderBooks(path, recursive: false)).map { !$0.isEmpty } ?? false
    }

    /// The `.epub` files and unpacked books directly in a folder (and deeper with `recursive`).
    private static func folderBooks(_ folder: String, recursive: Bool) throws -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            throw CLIFailure(.cliCannotListFolder(folder))
        }
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        var books: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = base + name
            if isFolder(path) {
                if isUnpackedBook(path) { books.append(path) } else if recursive { books += try folderBooks(path, recursive: true) }
            } else if name.lowercased().hasSuffix(".epub") {
                books.append(path)
            }
        }
        return books
    }

    /// Whether `path` falls in share `k` of `n`: FNV-1a of its bytes, stable across runs and machines.
    package static func inShard(_ path: String, k: Int, n: Int) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return Int(hash % UInt64(n)) == k - 1
    }
}
