import EPUBContract
import EPUBDocument
import EPUBOutput

/// The container (OCF 3.3 § 4): the `mimetype` file, `META-INF/container.xml`, folder entries.
enum ContainerRepairs {
    static let mimetype = "application/epub+zip"

    /// PKG-006, PKG-007, PKG-005: `mimetype` missing, not first, not exactly `application/epub+zip`,
    /// or with an extra field in its header.
    /// The writer stores it first and uncompressed.
    static let mimetypeFile = Repair([.PKG_006, .PKG_007, .PKG_005]) { context, book in
        book.prepend("mimetype", Array(mimetype.utf8))
        if context.messages.contains(where: { $0.id == MessageID.PKG_005.rawValue }) { book.rewriteArchive() }
        return [RepairRecord(context.messages.first.flatMap { MessageID(rawValue: $0.id) } ?? .PKG_006, "mimetype", .repairMimetype(mimetype))]
    }

    /// PKG-014: folder entries of the archive that hold nothing. A written book has no folder
    /// entries: each file's name says its folders.
    static let emptyFolders = Repair([.PKG_014]) { context, book in
        book.dropFolderEntries()
        // Named by the folder (the message's place is the archive itself).
        return context.messages.map { RepairRecord(.PKG_014, $0.argument(0) ?? "", .repairDroppedEmptyFolder) }
    }

    /// OPF-003 (usage: only with `--only OPF-003`) for what operating systems and editors leave in
    /// a folder that was zipped: Finder's `.DS_Store` and `__MACOSX/` (with its `._` AppleDouble
    /// files), Windows' `Thumbs.db` and `desktop.ini`, editors' backups (`~` at the end, `.swp`).
    /// They belong to no publication; removed, where `unlisted` would give a file of the book an item.
    static let strayFiles = Repair([.OPF_003], templates: [.fileContainerButNotListedManifest],
                                   only: { $0.locations.contains { isLitter($0.path) } }) { context, book in
        var records: [RepairRecord] = []
        for path in context.paths where isLitter(path) && book.contains(path) {
            book.remove(path)
            records.append(RepairRecord(.OPF_003, path, .repairRemovedStrayFile))
        }
        return records
    }

    static func isLitter(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return path.hasPrefix("__MACOSX/") || name.hasPrefix("._") || ["desktop.ini", ".ds_store", "thumbs.db", "ehthumbs.db"].contains(name.lowercased())
            || name.hasSuffix("~") || (name.hasPrefix(".") && name.hasSuffix(".swp"))
    }

    /// RSC-002 (no `container.xml`), OPF-002 (its rootfile names no file), OPF-016 and OPF-017 (a
    /// rootfile without `full-path`, or an empty one), RSC-016 in
    /// `container.xml` (not well-formed): when the container holds exactly one package document,
    /// that is the rootfile. With none, or several, a person chooses.
    static let rootfile = Repair([.RSC_002, .OPF_002, .RSC_016, .OPF_016, .OPF_017], only: { $0.id != MessageID.RSC_016.rawValue || $0.locations.contains { $0.path == containerPath } }) { context, book in
        let path = containerPath
        let packages = book.names.filter { $0.lowercased().hasSuffix(".opf") }
        guard packages.count == 1, let package = packages.first else { return [] }
        guard let first = context.messages.first, let id = MessageID(rawValue: first.id) else { return [] }
        if [.OPF_002, .OPF_016, .OPF_017].contains(id), var editor = XMLEditor(book, path), let rootfile = editor.first("rootfile") {
            editor.set("full-path", package, on: rootfile)
            editor.commit(&book)
        } else {
            book.set(path, Array(EPUBWriter.containerXML(rootfile: package).utf8))
        }
        return [RepairRecord(id, path, .repairRootfile(package))]
    }

    /// RSC-003: no rootfile has the package's media type: the rootfile naming a `.opf` gets it.
    /// (A book with no package rootfile has no session: the container alone settles it, here.)
    /// With no `rootfile` at all (`rootfiles` empty or missing), the container's one `.opf`, as
    /// for a missing `container.xml`, is given one.
    static let rootfileType = Repair([.RSC_003], templates: [.containerXmlNamesNoRootfileType]) { context, book in
        guard var editor = XMLEditor(book, containerPath) else { return [] }
        if editor.map.elements(named: "rootfile").isEmpty {
            let found = book.names.filter { $0.lowercased().hasSuffix(".opf") }
            guard found.count == 1, let package = found.first else { return [] }
            let rootfile = "<rootfile full-path=\"\(XMLText.escaped(package, attribute: true))\" media-type=\"application/oebps-package+xml\"/>"
            if let rootfiles = editor.first("rootfiles") {
                editor.append(rootfile, to: rootfiles)
            } else if let container = editor.first("container") {
                editor.append("<rootfiles>" + rootfile + "</rootfiles>", to: container)
            } else {
                return []
            }
            editor.commit(&book)
            return [RepairRecord(.RSC_003, containerPath, .repairRootfile(package))]
        }
        let packages = editor.map.elements(named: "rootfile").filter { editor.map.value("full-path", of: $0)?.lowercased().hasSuffix(".opf") == true }
        guard packages.count == 1, let rootfile = packages.first, let path = editor.map.value("full-path", of: rootfile) else { return [] }
        editor.set("media-type", "application/oebps-package+xml", on: rootfile)
        editor.commit(&book)
        return [RepairRecord(.RSC_003, containerPath, .repairRootfileType(path))]
    }

    static let containerPath = "META-INF/container.xml"
}
