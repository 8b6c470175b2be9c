import Foundation

/// A fact a file's header gives (an image's size, a clip's duration), read from prefixes of the
/// file in turn, shortest first: most headers are in the first few kilobytes, and inflating a
/// whole entry for them is what the prefixes save.
package enum HeaderPrefixes {
    /// The first answer `parse` gives for a prefix (`read(n)`: the file's first n bytes); nil when
    /// none does, the file cannot be read, or a prefix was the whole file.
    package static func first<T>(_ counts: [Int], read: (Int) -> Data?, _ parse: (Data) -> T?) -> T? {
        for count in counts {
            guard let bytes = read(count) else { return nil }
            if let found = parse(bytes) { return found }
            if bytes.count < count { return nil }  // the whole file was read
        }
        return nil
    }
}
