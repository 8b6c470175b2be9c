import Foundation

/// Well-formedness of BCP 47 language tags (RFC 5646 §2.1 syntax, grandfathered tags included).
/// Well-formed is all EPUB asks (OPF-092); whether a subtag is registered is not checked.
enum LanguageTag {
    private static let grandfathered: Set<String> = [
        "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux", "i-mingo",
        "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de", "art-lojban",
        "cel-gaulish", "no-bok", "no-nyn", "zh-guoyu", "zh-hakka", "zh-min", "zh-min-nan", "zh-xiang",
    ]

    private static let syntax: NSRegularExpression? = try? NSRegularExpression(pattern: """
        ^(?:(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4}|[a-z]{5,8})\
        (?:-[a-z]{4})?\
        (?:-(?:[a-z]{2}|[0-9]{3}))?\
        (?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*\
        (?:-[0-9a-wy-z](?:-[a-z0-9]{2,8})+)*\
        (?:-x(?:-[a-z0-9]{1,8})+)?\
        |x(?:-[a-z0-9]{1,8})+)$
        """, options: [.caseInsensitive])

    static func isWellFormed(_ tag: String) -> Bool {
        if grandfathered.contains(tag.lowercased()) { return true }
        guard let syntax, tag.allSatisfy(\.isASCII) else { return false }
        return syntax.firstMatch(in: tag, range: NSRange(tag.startIndex..., in: tag)) != nil
    }
}
