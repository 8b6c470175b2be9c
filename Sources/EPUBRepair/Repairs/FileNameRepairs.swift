import EPUBContract
import Foundation

/// File and folder names (EPUB 3.3 § 4.2.3): characters OCF forbids, spaces, a trailing full stop, and names
/// that collide once case-folded and Unicode-normalized. The file gets a name without the fault,
/// unique in the container, and every reference to it follows (`ReferenceRewriter`).
enum FileNameRepairs {
    /// Characters OCF forbids in a file name (EPUB 3.3 § 4.2.3), besides C0, DEL and the private-use and specials ranges.
    static let forbidden: Set<Character> = ["\"", "*", ":", "<", ">", "?", "\\", "|", "/"]

    static let names = Repair([.PKG_009, .PKG_010, .PKG_011, .OPF_060],
                              templates: [.fileNameContainsCharactersOcfForbids, .fileNameContainsSpacesWhichSome, .fileNameEndsFullStop,
                                          .fileNameCollidesOnceUnicodeNormalized], determinable: { _, session in
        // Every reference must follow the new name: none may sit in a file a rewrite cannot read.
        ReferenceRewriter.canRewrite(names: session.container.entries.map(\.path)) { session.data(at: $0).map(Array.init) }
    }) { context, book in
        var records: [RepairRecord] = []
        var done = Set<String>()
        for message in context.messages {
            guard let path = message.locations.first?.path, book.contains(path), done.insert(path).inserted,
                  let id = MessageID(rawValue: message.id) else { continue }
            let segments = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            var name = segments.last.map(clean) ?? path
            // Folder names are held to the same rules (§ 4.2.3 applies to every segment of a path):
            // each file of a faulty folder is reported, and each moves to the one clean folder.
            let folder = segments.dropLast().map { $0.isEmpty ? $0 : clean($0) }.joined(separator: "/")
            let taken = Set(book.names.map(folded))
            // OPF-060: the later of two colliding names changes; clean names may collide too.
            if id == .OPF_060 || taken.contains(folded(folder.isEmpty ? name : folder + "/" + name)) && name != segments.last {
                name = unique(name, in: folder, taken: taken)
            }
            let target = folder.isEmpty ? name : folder + "/" + name
            guard target != path else { continue }
            let touched = ReferenceRewriter.rename(path, to: target, in: &book)
            records.append(RepairRecord(id, path, .repairRenamed(target, touched.count)))
        }
        return records
    }

    /// PKG-022: an image whose file name ends in another format's extension: renamed to its own
    /// (the validator's signature table), every reference following.
    static let imageExtension = Repair([.PKG_022], templates: [.imageButFileNameEnds], determinable: { _, session in
        ReferenceRewriter.canRewrite(names: session.container.entries.map(\.path)) { session.data(at: $0).map(Array.init) }
    }) { context, book in
        var records: [RepairRecord] = []
        for message in context.messages {
            guard let path = message.locations.first?.path, let bytes = book.bytes(path), let type = ImageSignatures.type(of: bytes),
                  let ext = ImageSignatures.extensions(of: type).first else { continue }
            let dot = path.lastIndex(of: ".") ?? path.endIndex
            let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
            var target = String(path[..<dot]) + "." + ext
            let taken = Set(book.names.map(folded))
            if taken.contains(folded(target)) {
                let name = String(target.split(separator: "/").last ?? "")
                target = (folder.isEmpty ? "" : folder + "/") + unique(name, in: folder, taken: taken)
            }
            let touched = ReferenceRewriter.rename(path, to: target, in: &book)
            records.append(RepairRecord(.PKG_022, path, .repairRenamed(target, touched.count)))
        }
        return records
    }

    /// A name without forbidden characters, spaces or trailing full stops.
    static func clean(_ name: String) -> String {
        var out = String(name.map { c -> Character in
            if c == " " || forbidden.contains(c) { return "_" }
            guard let scalar = c.unicodeScalars.first else { return c }
            let v = scalar.value
            // EPUB 3.3 § 4.2.3: C0 and C1 controls, DEL, private use, noncharacters, specials, tags.
            if v < 0x20 || (0x7F...0x9F).contains(v) || (0xE000...0xF8FF).contains(v) || (0xFDD0...0xFDEF).contains(v)
                || (0xFFF0...0xFFFF).contains(v) || v & 0xFFFE == 0xFFFE || (0xE0000...0xE0FFF).contains(v) || (0xF0000...0x10FFFF).contains(v) { return "_" }
            return c
        })
        while out.hasSuffix(".") { out.removeLast() }
        return out.isEmpty ? "file" : out
    }

    /// `name` with `-2`, `-3` … before its extension until no file of the book folds to it.
    static func unique(_ name: String, in folder: String, taken: Set<String>) -> String {
        let dot = name.lastIndex(of: ".")
        let stem = dot.map { String(name[..<$0]) } ?? name, ext = dot.map { String(name[$0...]) } ?? ""
        var n = 2
        while true {
            let candidate = "\(stem)-\(n)\(ext)"
            if !taken.contains(folded(folder.isEmpty ? candidate : folder + "/" + candidate)) { return candidate }
            n += 1
        }
    }

    /// A name as OCF compares names for uniqueness: Unicode-normalized (NFC) and case-folded.
    static func folded(_ path: String) -> String {
        path.precomposedStringWithCanonicalMapping.lowercased()
    }
}
