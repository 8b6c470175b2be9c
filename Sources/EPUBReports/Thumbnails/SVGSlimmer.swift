import Foundation

/// An SVG page made small enough to embed as a thumbnail, keeping what it draws: comments,
/// declarations, `metadata` and what editors leave (Inkscape's and Sodipodi's elements and
/// attributes) dropped, white space between tags removed, and coordinates cut to a tenth of a
/// unit (a thousandth below one, so scale factors in transforms keep their meaning). At a
/// thumbnail's scale none of it shows.
enum SVGSlimmer {
    private static let removals: [(String, String)] = [
        ("<!--[\\s\\S]*?-->", ""),
        ("<\\?[\\s\\S]*?\\?>", ""),
        ("<!DOCTYPE[^>\\[]*(\\[[\\s\\S]*?\\])?\\s*>", ""),
        ("<(metadata|sodipodi:namedview)\\b[\\s\\S]*?(/>|</\\1\\s*>)", ""),
        ("\\s(inkscape|sodipodi):[\\w.-]+\\s*=\\s*(\"[^\"]*\"|'[^']*')", ""),
        (">\\s+<", "><"),
        ("([1-9]\\d*\\.\\d)\\d+", "$1"),
        ("(\\b0\\.\\d{3})\\d+", "$1"),
    ]

    static func slim(_ text: String) -> String {
        var out = text
        for (pattern, replacement) in removals {
            out = out.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return out
    }
}
