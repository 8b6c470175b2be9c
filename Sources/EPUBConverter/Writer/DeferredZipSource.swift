import CLibZip
import Foundation

/// A libzip source whose bytes are made when libzip reads them (at `zip_close`) and dropped when
/// it is done: a book of thousands of documents then never holds them all in memory at once.
final class DeferredZipSource {
    private let render: () -> [UInt8]
    private var bytes: [UInt8]?
    private var size: Int?
    private var offset = 0
    private var error = zip_error_t()

    init(_ render: @escaping () -> [UInt8]) {
        self.render = render
        zip_error_init(&error)
    }

    /// A source owned by libzip, which frees it with `ZIP_SOURCE_FREE`.
    static func make(_ archive: OpaquePointer, _ render: @escaping () -> [UInt8]) -> OpaquePointer? {
        let box = Unmanaged.passRetained(DeferredZipSource(render))
        guard let source = zip_source_function(archive, callback, box.toOpaque()) else {
            box.release()
            return nil
        }
        return source
    }

    private static let callback: zip_source_callback = { userdata, data, length, command in
        guard let userdata else { return -1 }
        let unmanaged = Unmanaged<DeferredZipSource>.fromOpaque(userdata)
        let source = unmanaged.takeUnretainedValue()
        switch command {
        case ZIP_SOURCE_OPEN:
            if source.bytes == nil { source.bytes = source.render() }
            source.offset = 0
            return 0
        case ZIP_SOURCE_READ:
            guard let data, let bytes = source.bytes else { return -1 }
            let count = min(Int(length), bytes.count - source.offset)
            bytes.withUnsafeBytes { raw in
                if let base = raw.baseAddress, count > 0 { data.copyMemory(from: base + source.offset, byteCount: count) }
            }
            source.offset += count
            return zip_int64_t(count)
        case ZIP_SOURCE_CLOSE:
            source.bytes = nil
            return 0
        case ZIP_SOURCE_STAT:
            // An unknown size would make libzip write Zip64 extra fields (and `mimetype` must have
            // none). libzip asks when the entry is added, long before it reads it: the size is
            // measured and the bytes dropped, to be made again at OPEN.
            guard let data, length >= MemoryLayout<zip_stat_t>.size else { return -1 }
            if source.size == nil { source.size = source.bytes?.count ?? source.render().count }
            let stat = data.assumingMemoryBound(to: zip_stat_t.self)
            zip_stat_init(stat)
            stat.pointee.size = zip_uint64_t(source.size ?? 0)
            stat.pointee.valid |= zip_uint64_t(ZIP_STAT_SIZE)
            return zip_int64_t(MemoryLayout<zip_stat_t>.size)
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
}
