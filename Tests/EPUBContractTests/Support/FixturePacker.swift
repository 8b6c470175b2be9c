import CLibZip
import Foundation

/// Writes ZIP containers for tests: fixture folders packed as OCF requires (stored `mimetype`
/// first), and hand-made hostile archives.
enum FixturePacker {
    struct Entry {
        var name: String
        var data: Data
        var compressed = true
        /// zlib level; 1 keeps test-time zip bombs quick to build.
        var level: UInt32 = 6
        /// Bytes of an extra field (ID 0x6370) for the local header.
        var extraField: [UInt8]? = nil
    }

    enum PackError: Error, CustomStringConvertible {
        case libzip(String)
        var description: String { switch self { case .libzip(let s): return "libzip: \(s)" } }
    }

    /// Named files of a fixture folder as entries, in the order given (`mimetype` stored).
    static func entries(of fixture: String, _ names: [String]) throws -> [Entry] {
        let folder = FixturePaths.fixtures.appendingPathComponent(fixture)
        return try names.map { name in
            Entry(name: name, data: try Data(contentsOf: folder.appendingPathComponent(name)), compressed: name != "mimetype")
        }
    }

    /// The smallest valid book (`epub3-minimal`), entry by entry, to break in tests.
    static func minimalEntries() throws -> [Entry] {
        try entries(of: "epub3-minimal", ["mimetype", "META-INF/container.xml", "EPUB/package.opf", "EPUB/nav.xhtml", "EPUB/chapter1.xhtml"])
    }

    /// A fresh temporary path ending in `.epub`.
    static func temporaryPath(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("epubcontract-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("\(name)-\(UUID().uuidString).epub").path
    }

    /// Packs a fixture folder: `mimetype` stored and first, everything else deflated in sorted order.
    static func pack(folder: String, extra: [Entry] = []) throws -> String {
        let root = URL(fileURLWithPath: folder)
        var entries: [Entry] = []
        let names = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
        for name in names {
            var isDir: ObjCBool = false
            let full = root.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isDir), !isDir.boolValue else { continue }
            guard let data = FileManager.default.contents(atPath: full) else { continue }
            entries.append(Entry(name: name, data: data, compressed: name != "mimetype"))
        }
        entries.sort { a, b in a.name == "mimetype" ? b.name != "mimetype" : (b.name == "mimetype" ? false : a.name < b.name) }
        return try write(entries + extra, name: root.lastPathComponent)
    }

    /// Writes the entries, in order, to a new temporary archive and returns its path.
    static func write(_ entries: [Entry], name: String) throws -> String {
        let path = temporaryPath(name)
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_CREATE | ZIP_TRUNCATE, &code) else { throw PackError.libzip("cannot create \(path) (\(code))") }
        // libzip reads the buffers at zip_close, so they must stay alive until then.
        var buffers: [UnsafeMutableRawPointer] = []
        defer { buffers.forEach { free($0) } }
        for entry in entries {
            guard let buffer = malloc(max(entry.data.count, 1)) else { throw PackError.libzip("out of memory") }
            buffers.append(buffer)
            entry.data.withUnsafeBytes { raw in
                if let base = raw.baseAddress { memcpy(buffer, base, entry.data.count) }
            }
            guard let source = zip_source_buffer(archive, buffer, zip_uint64_t(entry.data.count), 0) else {
                zip_discard(archive)
                throw PackError.libzip("source for \(entry.name)")
            }
            let index = zip_file_add(archive, entry.name, source, zip_flags_t(ZIP_FL_ENC_UTF_8))
            guard index >= 0 else {
                zip_source_free(source)
                zip_discard(archive)
                throw PackError.libzip("add \(entry.name)")
            }
            zip_set_file_compression(archive, zip_uint64_t(index), entry.compressed ? ZIP_CM_DEFLATE : ZIP_CM_STORE, entry.level)
            if let extra = entry.extraField {
                zip_file_extra_field_set(archive, zip_uint64_t(index), 0x6370, zip_uint16_t(ZIP_EXTRA_FIELD_NEW), extra, zip_uint16_t(extra.count), zip_flags_t(ZIP_FL_LOCAL))
            }
        }
        guard zip_close(archive) == 0 else {
            let message = String(cString: zip_strerror(archive))
            zip_discard(archive)
            throw PackError.libzip("close: \(message)")
        }
        return path
    }
}
