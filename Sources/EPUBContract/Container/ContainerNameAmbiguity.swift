/// An entry name of a container that readers may resolve differently from the way this tool
/// does, with the choice this tool makes: reported by every command (`inspect` and `export` as
/// EC-OCF-001…003, 005 and 006; `validate` as EPUBCheck's OPF-060 and PKG-009, or not at all where
/// EPUBCheck says nothing).
public struct ContainerNameAmbiguity: Sendable, Equatable {
    /// What is ambiguous about the name, and so which reading this tool chose.
    public enum Kind: Sendable, Equatable {
        /// The central directory lists the name `count` times (byte for byte, or once
        /// Unicode-normalized, which Swift strings compare equal): the first entry is read.
        case repeated(count: Int)
        /// Another entry's name differs only in letter case: each is read under its own name.
        case caseOf(String)
        /// The name holds a backslash, a folder separator to some tools: read as one name.
        case backslash
        /// The name leaves the root (a leading separator, a drive letter, a `..` folder): listed,
        /// never read, and out of reach of every reference (URLs resolve inside the root).
        case outsideRoot
        /// The stored name holds a NUL byte, where C-string readers stop and others substitute:
        /// listed under its true name, never read.
        case nulByte
    }

    public let name: String
    public let kind: Kind

    /// The names of a ZIP's entries, in central-directory order, with what is ambiguous about them.
    static func find(in names: [String]) -> [ContainerNameAmbiguity] {
        var out: [ContainerNameAmbiguity] = []
        var counts: [String: Int] = [:]
        var firstByFolded: [String: String] = [:]
        for name in names {
            counts[name, default: 0] += 1
            if name.utf8.contains(0) {
                out.append(.init(name: name, kind: .nulByte))
            } else if !EntryName.isSafe(name) {
                out.append(.init(name: name, kind: .outsideRoot))
            }
            if name.contains("\\") { out.append(.init(name: name, kind: .backslash)) }
            let folded = name.lowercased()
            if let other = firstByFolded[folded] {
                if other != name { out.append(.init(name: name, kind: .caseOf(other))) }
            } else {
                firstByFolded[folded] = name
            }
        }
        let repeated = counts.filter { $0.value > 1 }.sorted { $0.key < $1.key }
        return repeated.map { .init(name: $0.key, kind: .repeated(count: $0.value)) } + out
    }
}
