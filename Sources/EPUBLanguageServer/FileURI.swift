import Foundation

/// `file:` URIs as editors send them, to and from paths. Other schemes (`untitled:`, `git:`) name
/// no file of a book: nil.
enum FileURI {
    static func path(_ uri: String) -> String? {
        guard uri.hasPrefix("file:"), let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.standardizedFileURL.path
        return path.isEmpty ? nil : path
    }

    static func uri(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }
}
