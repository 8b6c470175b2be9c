/// Turns an href found in a document into a container path: fragment split off, percent-decoded
/// once, resolved against the referring document's folder, `.` and `..` removed.
package enum HrefResolver {
    package enum Resolution: Sendable, Equatable {
        /// A file inside the container, with the fragment (without `#`) if one was given.
        case local(path: String, fragment: String?)
        /// An absolute URL with a scheme (`https:`, `mailto:` …), or a scheme-relative one
        /// (`//host/path`, which names another host whatever the base); left as written.
        case remote(String)
        /// Not a usable reference: escapes the root, bad percent-encoding, or empty.
        case invalid(String)
    }

    /// Resolves `href` as written in the document stored at container path `base`.
    /// Works on UTF-8 bytes: every delimiter it looks for is ASCII, and grapheme breaking is slow.
    /// What a document checked alone resolves its URLs against: its place in a container is
    /// unknown, so a relative path that climbs (`../text/c1.xhtml`) must still land somewhere.
    package static func detachedBase(_ name: String) -> String {
        "_/_/_/_/_/_/_/_/_/_/" + name
    }

    package static func resolve(_ href: String, against base: String) -> Resolution {
        let trimmed = href.trimmingXMLWhitespace()
        if hasScheme(trimmed) || trimmed.hasPrefix("//") { return .remote(trimmed) }
        return plainRelative(trimmed, against: base) ?? resolveSegments(trimmed, written: href, against: base)
    }

    /// The general resolution of a trimmed, scheme-less href (`written`: as the document has it,
    /// for `.invalid`): percent-decoding, then `.` and `..` applied segment by segment.
    package static func resolveSegments(_ trimmed: String, written href: String, against base: String, clamp: Bool = false) -> Resolution {
        var bytes = Array(trimmed.utf8)[...]
        var fragment: String?
        if let hash = bytes.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(decoding: bytes[(hash + 1)...], as: UTF8.self)
            bytes = bytes[..<hash]
        }
        if let query = bytes.firstIndex(of: UInt8(ascii: "?")) {
            bytes = bytes[..<query]
        }
        guard let decoded = percentDecode(bytes) else { return .invalid(href) }
        let decodedFragment = fragment.flatMap { percentDecode(Array($0.utf8)[...]).map { String(decoding: $0, as: UTF8.self) } } ?? fragment
        if decoded.isEmpty {
            // A same-document reference (`#id` or empty): the referring document itself.
            return .local(path: base, fragment: decodedFragment)
        }
        // Segments of the base's folder, then of the reference, with `.` and `..` applied.
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var segments: [ArraySlice<UInt8>] = []
        if decoded.first != slash {
            let baseBytes = Array(base.utf8)[...]
            if let last = baseBytes.lastIndex(of: slash) {
                segments = baseBytes[..<last].split(separator: slash, omittingEmptySubsequences: false)
            }
        }
        let parts = decoded[...].split(separator: slash, omittingEmptySubsequences: false)
        for (i, part) in parts.enumerated() {
            // An empty segment inside the path is kept, as the URL standard keeps it (`a//b` is
            // not `a/b`); the one before a leading `/` and after a trailing `/` are no segments.
            if part.isEmpty && (i == 0 || i == parts.count - 1) || part.elementsEqual([dot]) { continue }
            if part.elementsEqual([dot, dot]) {
                // Past the root: invalid in a container, or (`clamp`) stopped there as the URL standard does.
                if segments.isEmpty { if clamp { continue } else { return .invalid(href) } }
                segments.removeLast()
            } else {
                segments.append(part)
            }
        }
        if segments.isEmpty { return .invalid(href) }
        var joined: [UInt8] = []
        joined.reserveCapacity(decoded.count + base.utf8.count)
        for (i, segment) in segments.enumerated() {
            if i > 0 { joined.append(slash) }
            joined.append(contentsOf: segment)
        }
        if decoded.last == slash { joined.append(slash) }
        return .local(path: String(decoding: joined, as: UTF8.self), fragment: decodedFragment)
    }

    /// Where a relative URL that climbs past the root (`../../x.xhtml` from `EPUB/c.xhtml`) lands
    /// by the URL standard, which stops `..` at the root: `x.xhtml`. Nil when `href` resolves
    /// normally, or is not a path into the container (a scheme, bad percent-encoding, the root).
    package static func clampedAtRoot(_ href: String, against base: String) -> (path: String, fragment: String?)? {
        let trimmed = href.trimmingXMLWhitespace()
        guard case .invalid = resolve(href, against: base),
              case .local(let path, let fragment) = resolveSegments(trimmed, written: href, against: base, clamp: true) else { return nil }
        return (path, fragment)
    }

    /// The usual href in one pass over its bytes: a relative path of plain segments (no `%`, `?`,
    /// `.` or `..` segment, empty segment, leading or trailing `/`) and a fragment without `%`. Its
    /// resolution is the base's folder joined to it, as `resolveSegments` would find; nil otherwise.
    private static func plainRelative(_ href: String, against base: String) -> Resolution? {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var hash: String.UTF8View.Index?
        var segmentLength = 0, segmentDots = 0
        for index in href.utf8.indices {
            let byte = href.utf8[index]
            if hash != nil {
                if byte == UInt8(ascii: "%") { return nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"):
                return nil
            case UInt8(ascii: "#"):
                hash = index
            case slash:
                // An empty, `.` or `..` segment before this slash.
                if segmentLength == segmentDots { return nil }
                segmentLength = 0
                segmentDots = 0
            default:
                segmentLength += 1
                if byte == dot { segmentDots += 1 }
            }
        }
        // The last segment: neither empty (an empty path or a trailing slash) nor dots only.
        if segmentLength == segmentDots { return nil }
        let path = String(decoding: hash.map { href.utf8[..<$0] } ?? href.utf8[...], as: UTF8.self)
        let fragment = hash.map { String(decoding: href.utf8[href.utf8.index(after: $0)...], as: UTF8.self) }
        guard let folderEnd = base.utf8.lastIndex(of: slash) else { return .local(path: path, fragment: fragment) }
        return .local(path: String(decoding: base.utf8[...folderEnd], as: UTF8.self) + path, fragment: fragment)
    }

    /// The container path for an href, or nil when it is remote or invalid.
    package static func path(_ href: String, against base: String) -> String? {
        if case .local(let path, _) = resolve(href, against: base) { return path }
        return nil
    }

    /// `singleLetter`: count a one-letter scheme (`c:`) as a scheme too, as a URL grammar does.
    package static func hasScheme(_ s: String, singleLetter: Bool = false) -> Bool {
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        guard let first = s.utf8.first, isLetter(first) else { return false }
        for (i, b) in s.utf8.enumerated() {
            if b == UInt8(ascii: ":") { return i > (singleLetter ? 0 : 1) }  // by default a one-letter "scheme" is a Windows drive, not a URL
            let ok = isLetter(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
            if !ok { return false }
        }
        return false
    }

    /// Decodes `%XX` escapes once; nil when an escape is malformed or the result is not UTF-8.
    static func percentDecode(_ s: ArraySlice<UInt8>) -> [UInt8]? {
        let percent = UInt8(ascii: "%")
        guard s.contains(percent) else { return Array(s) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.count)
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == percent {
                guard i + 2 < s.endIndex, let h = hexValue(s[i + 1]), let l = hexValue(s[i + 2]) else { return nil }
                bytes.append(h << 4 | l)
                i += 3
            } else {
                bytes.append(s[i])
                i += 1
            }
        }
        return String(validating: bytes, as: UTF8.self) == nil ? nil : bytes
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
