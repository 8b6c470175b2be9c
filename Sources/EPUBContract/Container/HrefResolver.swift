/// Turns an href found in a document into a container path: fragment split off, percent-decoded
/// once, resolved against the referring document's folder, `.` and `..` removed.
public enum HrefResolver {
    public enum Resolution: Sendable, Equatable {
        /// A file inside the container, with the fragment (without `#`) if one was given.
        case local(path: String, fragment: String?)
        /// An absolute URL with a scheme (`https:`, `mailto:` …); left as written.
        case remote(String)
        /// Not a usable reference: escapes the root, bad percent-encoding, or empty.
        case invalid(String)
    }

    /// Resolves `href` as written in the document stored at container path `base`.
    public static func resolve(_ href: String, against base: String) -> Resolution {
        let trimmed = href.trimmingXMLWhitespace()
        if hasScheme(trimmed) { return .remote(trimmed) }
        var reference = Substring(trimmed)
        var fragment: String?
        if let hash = reference.firstIndex(of: "#") {
            fragment = String(reference[reference.index(after: hash)...])
            reference = reference[..<hash]
        }
        if let query = reference.firstIndex(of: "?") {
            reference = reference[..<query]
        }
        guard let decoded = percentDecode(reference) else { return .invalid(href) }
        let decodedFragment = fragment.flatMap { percentDecode(Substring($0)) } ?? fragment
        if decoded.isEmpty {
            // A same-document reference (`#id` or empty): the referring document itself.
            return .local(path: base, fragment: decodedFragment)
        }
        var segments: [Substring]
        if decoded.hasPrefix("/") {
            segments = []
        } else {
            segments = base.split(separator: "/", omittingEmptySubsequences: false)
            segments.removeLast()
        }
        for part in decoded.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".", "": continue
            case "..":
                if segments.isEmpty { return .invalid(href) }
                segments.removeLast()
            default:
                segments.append(part)
            }
        }
        if segments.isEmpty { return .invalid(href) }
        var path = segments.joined(separator: "/")
        if decoded.hasSuffix("/") { path += "/" }
        return .local(path: path, fragment: decodedFragment)
    }

    /// The container path for an href, or nil when it is remote or invalid.
    public static func path(_ href: String, against base: String) -> String? {
        if case .local(let path, _) = resolve(href, against: base) { return path }
        return nil
    }

    static func hasScheme(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, ("a"..."z").contains(first) || ("A"..."Z").contains(first) else { return false }
        for (i, c) in s.unicodeScalars.enumerated() {
            if c == ":" { return i > 1 }  // a one-letter "scheme" is a Windows drive, not a URL
            let ok = ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "+" || c == "-" || c == "."
            if !ok { return false }
        }
        return false
    }

    /// Decodes `%XX` escapes once; nil when an escape is malformed or the result is not UTF-8.
    static func percentDecode(_ s: Substring) -> String? {
        guard s.contains("%") else { return String(s) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count)
        var it = s.utf8.makeIterator()
        while let b = it.next() {
            if b == UInt8(ascii: "%") {
                guard let h = it.next(), let l = it.next(), let hv = hexValue(h), let lv = hexValue(l) else { return nil }
                bytes.append(hv << 4 | lv)
            } else {
                bytes.append(b)
            }
        }
        return String(validating: bytes, as: UTF8.self)
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
