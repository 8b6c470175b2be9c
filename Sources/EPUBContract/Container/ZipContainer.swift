import CLibZip
import Foundation

/// A packed `.epub` read through libzip. A libzip handle serves one thread at a time, so reads
/// borrow a handle from a small pool (opened on demand, one per thread reading at once).
package final class ZipContainer: OCFContainer, @unchecked Sendable {
    package let kind = ContainerKind.epub
    package let entries: [ContainerEntry]
    package let limits: ContainerLimits
    package let leadingEntryHeader: LeadingEntryHeader?
    private let archive: OpaquePointer
    private let path: String
    /// What libzip counts in the directory: a second handle on the same file must count the same.
    private let entryCount: Int64
    private let lock = NSLock()
    /// Handles not in use, `archive` first; more are opened when threads read at the same time.
    private var idle: [OpaquePointer] = []
    private var opened: [OpaquePointer] = []
    private let byName: [String: Int]
    private let budget: ReadBudget
    /// Each entry's CRC-32 from the central directory, by position in `entries` (nil: not given).
    private let crcs: [UInt32?]

    package init(path: String, limits: ContainerLimits = .default) throws(ContainerError) {
        self.limits = limits
        self.budget = ReadBudget(limits: limits)
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_RDONLY, &code) else {
            throw Self.openError(path: path, code: code)
        }
        let count = zip_get_num_entries(archive, 0)
        if count < 0 {
            zip_discard(archive)
            throw .notAnEPUB(path, reason: .zipDirectoryCannotRead)
        }
        if count > Int64(limits.maxEntryCount) {
            zip_discard(archive)
            throw .tooManyEntries(count: Int(count), limit: limits.maxEntryCount)
        }
        var list: [ContainerEntry] = []
        var crcs: [UInt32?] = []
        var names: [String: Int] = [:]
        var total: UInt64 = 0
        list.reserveCapacity(Int(count))
        for i in 0..<count {
            var st = zip_stat_t()
            zip_stat_init(&st)
            guard zip_stat_index(archive, zip_uint64_t(i), 0, &st) == 0, let cName = st.name else { continue }
            let name = Self.utf8Name(archive, i, guessed: String(cString: cName))
            let method: ContainerEntry.Compression
            switch Int32(st.comp_method) {
            case ZIP_CM_STORE: method = .stored
            case ZIP_CM_DEFLATE: method = .deflated
            default: method = .other(Int32(st.comp_method))
            }
            let entry = ContainerEntry(path: name, index: Int(i), compression: method,
                                       compressedSize: UInt64(st.comp_size), size: UInt64(st.size),
                                       isDirectory: name.hasSuffix("/"))
            total &+= entry.size
            // A name outside the root (`/etc/x`, `C:/x`, `../x`) is listed, as the archive lists it,
            // but never indexed: no lookup finds it and `read` refuses it (zip-slip), while the
            // rest of the book stays readable, as it does for EPUBCheck (EC-OCF-005 says so).
            if names[name] == nil, EntryName.isSafe(name) { names[name] = list.count }
            list.append(entry)
            crcs.append(st.valid & UInt64(ZIP_STAT_CRC) != 0 ? UInt32(st.crc) : nil)
        }
        if list.contains(where: { $0.path.utf8.contains(UInt8(ascii: " ")) }) {
            Self.restoreNULNames(&list, names: &names, path: path)
        }
        if total > limits.maxTotalSize {
            zip_discard(archive)
            throw .bookTooLarge(size: total, limit: limits.maxTotalSize)
        }
        self.archive = archive
        self.path = path
        self.entryCount = count
        self.idle = [archive]
        self.leadingEntryHeader = LeadingEntryHeader.read(path: path)
        self.entries = list
        self.crcs = crcs
        self.byName = EntryName.withNormalizedNames(names)
    }

    /// OCF names are UTF-8, flagged or not: libzip reads an unflagged name that is not printable
    /// ASCII as code page 437 (`notes\u{1}x` becomes `notes☺x`), where EPUBCheck and the spec read
    /// UTF-8. Names that are not UTF-8 keep libzip's reading.
    private static func utf8Name(_ archive: OpaquePointer, _ index: Int64, guessed: String) -> String {
        guard !guessed.utf8.allSatisfy({ $0 < 0x80 }), let raw = zip_get_name(archive, zip_uint64_t(index), zip_flags_t(ZIP_FL_ENC_RAW)) else { return guessed }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
        return String(validating: bytes, as: UTF8.self) ?? guessed
    }

    /// Gives back the NUL bytes libzip turned into spaces (see `CentralDirectoryNames`): such an
    /// entry keeps its true name, is never indexed under the spaced one and is never read.
    private static func restoreNULNames(_ list: inout [ContainerEntry], names: inout [String: Int], path: String) {
        let raw = CentralDirectoryNames.withNUL(path: path)
        guard !raw.isEmpty else { return }
        for position in list.indices {
            guard let name = raw[list[position].index] else { continue }
            if names[list[position].path] == position { names[list[position].path] = nil }
            list[position].path = name
        }
    }

    deinit {
        zip_discard(archive)
        for handle in opened { zip_discard(handle) }
    }

    /// A handle for this thread's read: an idle one, or a new one on the same file when all are
    /// busy (the same entry count, else the reader waits for the first handle).
    private func borrow() -> OpaquePointer {
        lock.lock()
        if let handle = idle.popLast() {
            lock.unlock()
            return handle
        }
        lock.unlock()
        var code: Int32 = 0
        if let handle = zip_open(path, ZIP_RDONLY, &code) {
            if zip_get_num_entries(handle, 0) == entryCount {
                lock.lock()
                opened.append(handle)
                lock.unlock()
                return handle
            }
            zip_discard(handle)
        }
        while true {
            lock.lock()
            if let handle = idle.popLast() {
                lock.unlock()
                return handle
            }
            lock.unlock()
            sched_yield()
        }
    }

    private func giveBack(_ handle: OpaquePointer) {
        lock.lock()
        idle.append(handle)
        lock.unlock()
    }

    package func entry(_ path: String) -> ContainerEntry? {
        position(of: path).map { entries[$0] }
    }

    package func recordedCRC32(_ path: String) -> UInt32? {
        position(of: path).flatMap { crcs[$0] }
    }

    /// Where an entry is in `entries`: by its name as stored, else as normalized.
    private func position(of path: String) -> Int? {
        byName[path] ?? EntryName.normalizedKey(path).flatMap { byName[$0] }
    }

    package func read(_ path: String) throws(ContainerError) -> Data {
        try stream(path).readAll()
    }

    package func read(_ path: String, prefix count: Int) throws(ContainerError) -> Data {
        let entry = try readableEntry(path)
        let wanted = Int(min(UInt64(max(count, 0)), entry.size))
        try budget.reserve(path, size: UInt64(wanted))
        return try inflate(entry, upTo: wanted)
    }

    /// A file entry inflated as its reader asks, for a document too large to inflate first (a
    /// folder's file has no cheaper way than `read`). Its size is reserved as `read` reserves it.
    package func stream(_ path: String) throws(ContainerError) -> ZipEntryStream {
        let entry = try readableEntry(path)
        try budget.reserve(path, size: entry.size)
        let handle = borrow()
        guard let file = zip_fopen_index(handle, zip_uint64_t(entry.index), 0) else {
            let reason = Self.archiveErrorText(handle)
            giveBack(handle)
            throw .corruptEntry(entry.path, reason: reason)
        }
        return ZipEntryStream(entry: entry, file: file) { [self] in giveBack(handle) }
    }

    /// At most `limit` bytes of an entry's data, inflating no more than that.
    private func inflate(_ entry: ContainerEntry, upTo limit: Int) throws(ContainerError) -> Data {
        let handle = borrow()
        defer { giveBack(handle) }
        guard let file = zip_fopen_index(handle, zip_uint64_t(entry.index), 0) else {
            throw .corruptEntry(entry.path, reason: Self.archiveErrorText(handle))
        }
        defer { zip_fclose(file) }
        var data = Data(count: limit)
        var filled = 0
        var failure: String?
        data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            while filled < limit {
                let n = zip_fread(file, base + filled, zip_uint64_t(limit - filled))
                if n < 0 {
                    failure = String(cString: zip_file_strerror(file))
                    return
                }
                if n == 0 { break }
                filled += Int(n)
            }
        }
        if let failure { throw .corruptEntry(entry.path, reason: .text(failure)) }
        data.count = filled
        return data
    }

    /// Found when asked (only a reader's contract asks): every other command reads the names alone.
    package var nameAmbiguities: [ContainerNameAmbiguity] { ContainerNameAmbiguity.find(in: entries.map(\.path)) }

    /// libzip's consistency check (`ZIP_CHECKCONS`): each local header against its central
    /// directory entry. The archive is opened once more for it and let go.
    package func localHeaderDisagreement() -> String? {
        var code: Int32 = 0
        if let checked = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &code) {
            zip_discard(checked)
            return nil
        }
        guard code == ZIP_ER_INCONS else { return nil }  // unreadable now: the reading itself says so
        var err = zip_error_t()
        zip_error_init_with_code(&err, code)
        defer { zip_error_fini(&err) }
        return zip_error_strerror(&err).map { String(cString: $0) } ?? "inconsistent"
    }

    /// libzip's own words for its last error: a value to show as it wrote it.
    private static func archiveErrorText(_ archive: OpaquePointer) -> MessageArgument {
        guard let err = zip_get_error(archive), let text = zip_error_strerror(err) else { return .unknownLibzipError }
        return .text(String(cString: text))
    }

    private static func openError(path: String, code: Int32) -> ContainerError {
        switch code {
        case ZIP_ER_NOENT: return .fileNotFound(path)
        case ZIP_ER_NOZIP: return .notAnEPUB(path, reason: .notZipArchive)
        case ZIP_ER_INCONS: return .notAnEPUB(path, reason: .zipArchiveInconsistentTruncated)
        case ZIP_ER_OPEN, ZIP_ER_READ: return .unreadable(path, reason: .fileCannotOpenedRead)
        default:
            var err = zip_error_t()
            zip_error_init_with_code(&err, code)
            defer { zip_error_fini(&err) }
            let text = zip_error_strerror(&err).map { MessageArgument.text(String(cString: $0)) } ?? .libzipError(code)
            return .notAnEPUB(path, reason: text)
        }
    }
}
