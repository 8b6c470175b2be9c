import EPUBContract
import CLibZip
import Foundation

/// A libzip source for one file made by a `DeflatePipeline` (or made before): libzip asks for it
/// only at `zip_close`, in archive order, and gets the bytes already compressed, with the size and CRC it records
/// (a source that states its compression method is copied, not compressed again). The bytes are
/// dropped once written.
final class PipelineZipSource {
    /// Where the entry comes from: the pipeline and the file's place in it (no closure: one source
    /// per file lives until `zip_close`, twenty thousand for a long novel).
    private let pipeline: DeflatePipeline
    private let index: Int
    /// The entry without its bytes, which `bytes` holds until libzip has written them.
    private var entry: ArchiveEntry?
    private var bytes: [UInt8]?
    private var compressedSize = 0
    private var offset = 0
    private var error = zip_error_t()

    /// `made`: the entry when it was taken from the pipeline already.
    init(_ pipeline: DeflatePipeline, _ index: Int, made: ArchiveEntry?) {
        self.pipeline = pipeline
        self.index = index
        zip_error_init(&error)
        if let made { keep(made) }
    }

    /// A source owned by libzip, which frees it with `ZIP_SOURCE_FREE`.
    static func make(_ archive: OpaquePointer, _ pipeline: DeflatePipeline, _ index: Int, made: ArchiveEntry? = nil) -> OpaquePointer? {
        let box = Unmanaged.passRetained(PipelineZipSource(pipeline, index, made: made))
        guard let source = zip_source_function(archive, callback, box.toOpaque()) else {
            box.release()
            return nil
        }
        return source
    }

    /// The entry, taken the first time (libzip asks for its size before opening it).
    private func load() -> ArchiveEntry? {
        if entry == nil, let made = pipeline.take(index) { keep(made) }
        if entry == nil { zip_error_set(&error, ZIP_ER_MEMORY, 0) }
        return entry
    }

    private func keep(_ made: ArchiveEntry) {
        var made = made
        bytes = made.stored
        compressedSize = made.stored.count
        made.stored = []
        entry = made
    }

    private static let callback: zip_source_callback = { userdata, data, length, command in
        guard let userdata else { return -1 }
        let unmanaged = Unmanaged<PipelineZipSource>.fromOpaque(userdata)
        let source = unmanaged.takeUnretainedValue()
        switch command {
        case ZIP_SOURCE_OPEN:
            source.offset = 0
            return source.load() == nil || source.bytes == nil ? -1 : 0
        case ZIP_SOURCE_READ:
            return source.read(data, length)
        case ZIP_SOURCE_CLOSE:
            source.bytes = nil
            return 0
        case ZIP_SOURCE_STAT:
            return source.stat(data, length)
        case ZIP_SOURCE_ERROR:
            return zip_error_to_data(&source.error, data, length)
        case ZIP_SOURCE_FREE:
            unmanaged.release()
            return 0
        case ZIP_SOURCE_SUPPORTS:
            let commands = [ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE, ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE, ZIP_SOURCE_SUPPORTS]
            return commands.reduce(zip_int64_t(0)) { $0 | (zip_int64_t(1) << zip_int64_t($1.rawValue)) }
        default:
            zip_error_set(&source.error, ZIP_ER_OPNOTSUPP, 0)
            return -1
        }
    }

    private func read(_ data: UnsafeMutableRawPointer?, _ length: zip_uint64_t) -> zip_int64_t {
        guard let data, let bytes else { return -1 }
        let count = min(Int(length), bytes.count - offset)
        bytes.withUnsafeBytes { raw in
            if let base = raw.baseAddress, count > 0 { data.copyMemory(from: base + offset, byteCount: count) }
        }
        offset += count
        return zip_int64_t(count)
    }

    /// Sizes, CRC and method all known: an unknown size would make libzip write Zip64 extra fields
    /// (and `mimetype` must have none).
    private func stat(_ data: UnsafeMutableRawPointer?, _ length: zip_uint64_t) -> zip_int64_t {
        guard let data, length >= MemoryLayout<zip_stat_t>.size, let entry = load() else { return -1 }
        let stat = data.assumingMemoryBound(to: zip_stat_t.self)
        zip_stat_init(stat)
        stat.pointee.size = zip_uint64_t(entry.size)
        stat.pointee.comp_size = zip_uint64_t(compressedSize)
        stat.pointee.crc = entry.crc
        stat.pointee.comp_method = zip_uint16_t(entry.method)
        stat.pointee.valid |= zip_uint64_t(ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_CRC | ZIP_STAT_COMP_METHOD)
        return zip_int64_t(MemoryLayout<zip_stat_t>.size)
    }
}
