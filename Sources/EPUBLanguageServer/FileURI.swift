import Foundation

/// `file:` URIs as editors send them, to and from paths. Other schemes (`untitled:`, `git:`) name
/// no file of a book: nil.
enum FileURI {
    static func path(_ uri: String) -> String? {
        guard uri.hasPrefix("file:") else { return nil }
        if let url = URL(string: uri), url.isFileURL {
            let path = url.standardizedFileURL.path
            return path.isEmpty ? nil : path
        }
        // A client that leaves spaces or other characters unencoded: read it as written.
        var rest = uri.dropFirst("file:".count)
        if rest.hasPrefix("//") { rest = rest.dropFirst(2).drop { $0 != "/" } }
        let decoded = String(rest).removingPercentEncoding ?? String(rest)
        return decoded.hasPrefix("/") ? URL(fileURLWithPath: decoded).standardizedFileURL.path : nil
    }

    static func uri(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }
}
