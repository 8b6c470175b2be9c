import EPUBContract
import Foundation

/// Container checks: the `mimetype` entry, file names, name collisions and files the manifest
/// does not list. They read the session's container; nothing is re-opened.
enum OCFRules {
    static let mimetype = "mimetype"
    static let mediaType = "application/epub+zip"

    static func check(_ session: PublicationSession) -> [Diagnostic] {
        mimetypeChecks(session) + nameChecks(session) + unlisted(session) + renditions(session) + emptyDirectories(session)
            + fileExtension(session)
    }

    /// PKG-016: an EPUB file's extension is `.epub` in lowercase (OCF §4.2.1 registers it so;
    /// EPUBCheck warns when it is `.EPUB` or `.Epub`, and says nothing of other extensions).
    static func fileExtension(_ session: PublicationSession) -> [Diagnostic] {
        guard session.container.kind == .epub else { return [] }
        let name = session.sourcePath.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), case let ext = String(name[name.index(after: dot)...]),
              ext.lowercased() == "epub", ext != "epub" else { return [] }
        return [Diagnostic(.PKG_016, message: .epubExtensionNotLowercase(ext), location: at(session.sourcePath))]
    }

    /// PKG-014: a folder entry of the ZIP with nothing in it.
    static func emptyDirectories(_ session: PublicationSession) -> [Diagnostic] {
        let entries = session.container.entries
        var out: [Diagnostic] = []
        for folder in entries where folder.isDirectory {
            guard !entries.contains(where: { $0.path != folder.path && $0.path.hasPrefix(folder.path) }) else { continue }
            out.append(Diagnostic(.PKG_014, message: .containerHasEmptyFolder(folder.path), location: at(session.sourcePath)))
        }
        return out
    }

    /// Several rootfiles make a multiple-rendition publication: each one after the first should say
    /// when to choose it (RSC-017), and with several packages a `META-INF/metadata.xml` is expected (RSC-019).
    static func renditions(_ session: PublicationSession) -> [Diagnostic] {
        let rootfiles = session.containerDocument.rootfiles
        var out: [Diagnostic] = []
        if session.package.version?.trimmingXMLWhitespace().hasPrefix("2") ?? false {
            // OCF 2.0.1: other rootfiles are alternative formats; only one may be an OPF package (PKG-013).
            let packages = rootfiles.filter { $0.mediaType?.trimmingXMLWhitespace() == ContainerDocument.packageMediaType }
            for rootfile in packages.dropFirst() {
                out.append(Diagnostic(.PKG_013, message: .containerXmlNamesMoreThanOne(rootfile.fullPath),
                                      location: .init(path: ContainerDocument.path, line: rootfile.line)))
            }
            return out
        }
        // EPUB 3: every rootfile is a package document.
        for rootfile in rootfiles {
            let type = rootfile.mediaType?.trimmingXMLWhitespace()
            if let type, type != ContainerDocument.packageMediaType {
                out.append(Diagnostic(.RSC_005, message: .attributeMediaTypeRootfileHasInvalid(type, ContainerDocument.packageMediaType),
                                      location: .init(path: ContainerDocument.path, line: rootfile.line)))
            }
        }
        for rootfile in rootfiles.dropFirst() where rootfile.selection.isEmpty {
            out.append(Diagnostic(.RSC_017,
                                  message: .renditionHasNoRenditionSelectionAttribute(rootfile.fullPath),
                                  location: .init(path: ContainerDocument.path, line: rootfile.line)))
        }
        let packages = rootfiles.filter { $0.mediaType?.trimmingXMLWhitespace() == ContainerDocument.packageMediaType && !$0.fullPath.isEmpty }
        if packages.count > 1, session.container.entry("META-INF/metadata.xml") == nil {
            out.append(Diagnostic(.RSC_019, message: .publicationSeveralRenditionsHaveMetaInf, location: at(session.sourcePath)))
        }
        return out
    }

    private static func at(_ path: String) -> Diagnostic.Location { .init(path: path) }

    /// PKG-003 … PKG-007: `mimetype` first, stored, no extra field, exactly `application/epub+zip`.
    static func mimetypeChecks(_ session: PublicationSession) -> [Diagnostic] {
        mimetypeChecks(session.container, sourcePath: session.sourcePath) { session.data(at: $0) }
    }

    /// The same on a container no session could be opened on (no `container.xml`).
    static func mimetypeChecks(_ container: any OCFContainer, sourcePath: String, data: (String) -> Data?) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if let header = container.leadingEntryHeader {
            if header.tooShort {
                return [Diagnostic(.PKG_003, message: .fileTooShortHoldMimetypeEntry, location: at(sourcePath))]
            }
            if header.name != mimetype {
                out.append(Diagnostic(.PKG_006, message: .firstEntryZipMimetype(header.name), location: at(sourcePath)))
                return out
            }
            if header.extraFieldLength > 0 {
                out.append(Diagnostic(.PKG_005, message: .mimetypeEntryHasExtraFieldBytes(header.extraFieldLength), location: at(mimetype)))
            }
            if header.compressionMethod != 0 {
                // EPUB 3.3 §4.2.2 forbids compressing it, but EPUBCheck 5.3.0 checks the inflated
                // content only; we say what it says (docs/epubcheck-differences.md).
                if data(mimetype).map({ [UInt8]($0) }) != Array(mediaType.utf8) {
                    out.append(Diagnostic(.PKG_007, message: .mimetypeFileContainExactlyNothingAfter(mediaType), location: at(mimetype)))
                }
            } else if !header.storedPrefix.starts(with: Array(mediaType.utf8)) {
                out.append(Diagnostic(.PKG_007, message: .mimetypeEntryStoredUncompressedContainExactly(mediaType), location: at(mimetype)))
            } else if let entry = container.entry(mimetype), entry.size != UInt64(mediaType.utf8.count) {
                out.append(Diagnostic(.PKG_007, message: .mimetypeFileContainExactlyNothingAfter(mediaType), location: at(mimetype)))
            }
            return out
        }
        guard container.kind == .directory else { return out }
        guard container.entry(mimetype) != nil else {
            return [Diagnostic(.PKG_006, message: .mimetypeFileMissing, location: at(mimetype))]
        }
        if data(mimetype).map({ [UInt8]($0) }) != Array(mediaType.utf8) {
            out.append(Diagnostic(.PKG_007, message: .mimetypeFileContainExactlyNothingAfter(mediaType), location: at(mimetype)))
        }
        return out
    }

    /// PKG-009 … PKG-012 for each file name, OPF-060 for names that collide once normalized and case-folded.
    static func nameChecks(_ session: PublicationSession) -> [Diagnostic] {
        nameChecks(session.container)
    }

    /// The same on a container whose package could not be found: EPUBCheck checks the ZIP's names
    /// before it looks for the package, so they are said beside RSC-002, RSC-003 or OPF-002.
    static func nameChecks(_ container: any OCFContainer) -> [Diagnostic] {
        var out: [Diagnostic] = []
        var folded: [String: String] = [:]
        for entry in container.entries where !entry.isDirectory {
            let name = entry.path
            let ascii = name.utf8.allSatisfy { $0 < 0x80 }
            for (id, message) in nameFaults(name, spaces: .fileNameContainsSpacesWhichSome) {
                out.append(Diagnostic(id, message: message, location: at(name)))
            }
            if !ascii {
                out.append(Diagnostic(.PKG_012, message: .fileNameContainsNonAsciiCharacters, location: at(name)))
            }
            // An ASCII name folds to its lower case; only other names need Unicode's normalization and folding.
            let key = ascii ? name.lowercased() : name.precomposedStringWithCanonicalMapping.folding(options: [.caseInsensitive], locale: nil)
            if let other = folded[key] {
                out.append(Diagnostic(.OPF_060, message: .fileNameCollidesOnceUnicodeNormalized(other), location: at(name)))
            } else {
                folded[key] = name
            }
        }
        return out
    }

    /// What OCF's file-name rules say of a name: forbidden characters (PKG-009), white space
    /// (PKG-010, said as `spaces`), a final full stop (PKG-011). For the container's files, and
    /// for a lone package's hrefs, which stand in for them.
    static func nameFaults(_ name: String, spaces: MessageText) -> [(MessageID, MessageText)] {
        var out: [(MessageID, MessageText)] = []
        if let shown = forbiddenShown(name) {
            out.append((.PKG_009, .fileNameContainsCharactersOcfForbids(shown)))
        }
        if name.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
            out.append((.PKG_010, spaces))
        }
        if name.hasSuffix(".") {
            out.append((.PKG_011, .fileNameEndsFullStop))
        }
        return out
    }

    /// The characters OCF forbids that a name holds, as PKG-009 shows them (controls and
    /// non-ASCII as U+XXXX); nil when it holds none.
    static func forbiddenShown(_ name: String) -> String? {
        guard name.unicodeScalars.contains(where: isForbidden) else { return nil }  // most names: no array made
        return name.unicodeScalars.filter(isForbidden).map { $0.value < 0x20 || $0.value > 0x7E ? String(format: "U+%04X", $0.value) : String($0) }.joined(separator: " ")
    }

    /// Characters OCF 3.3 forbids in file names.
    static func isForbidden(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if "\"*:<>?\\|".unicodeScalars.contains(c) { return true }
        if v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v) { return true }  // C0, DEL, C1
        if (0xE000...0xF8FF).contains(v) || (0xF0000...0xFFFFD).contains(v) || (0x100000...0x10FFFD).contains(v) { return true }  // private use
        if (0xFDD0...0xFDEF).contains(v) || (v & 0xFFFE) == 0xFFFE { return true }  // non-characters
        if (0xFFF0...0xFFFD).contains(v) { return true }  // specials
        if v == 0xE0001 || (0xE0020...0xE007F).contains(v) { return true }  // deprecated tag characters
        return false
    }

    /// OPF-003: files that are neither manifest items (of any rendition), rootfiles (an EPUB 2
    /// alternative format) nor link targets.
    static func unlisted(_ session: PublicationSession) -> [Diagnostic] {
        var listed = Set(session.containerDocument.links)
        listed.formUnion(session.containerDocument.rootfiles.map(\.fullPath))
        for package in [session.package] + session.otherRenditionPackages {
            // An item whose href has a fragment names, for EPUBCheck 5.3.0, a file with that fragment
            // in its name (OPF-091, RSC-001): the file without it stays unlisted.
            listed.formUnion(package.manifest.filter { !(package.isEPUB3 && $0.href.utf8.contains(UInt8(ascii: "#"))) }.compactMap(\.path))
            listed.formUnion(package.links.compactMap(\.path))
            listed.insert(package.path)
        }
        return session.container.entries.compactMap { entry in
            let name = entry.path
            guard !entry.isDirectory, name != mimetype, !name.hasPrefix("META-INF/"), !listed.contains(name) else { return nil }
            return Diagnostic(.OPF_003, message: .fileContainerButNotListedManifest, location: at(name))
        }
    }
}
