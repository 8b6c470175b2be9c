/// The little of BCP 47 that reading direction needs: the primary language and the script subtag.
package enum LanguageTag {
    /// Scripts written right to left (ISO 15924).
    static let rtlScripts: Set<String> = ["arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg", "mand", "samr", "mend", "yezi", "chrs", "hung", "avst", "phnx", "sogd"]
    /// Languages whose default script is right to left.
    static let rtlLanguages: Set<String> = ["ar", "arc", "azb", "bal", "bqi", "ckb", "dv", "fa", "glk", "he", "iw", "ji", "khw", "ks", "lrc", "mzn", "nqo", "pnb", "prs", "ps", "sd", "sdh", "syr", "ug", "ur", "yi"]

    /// True when the tag's explicit script, else its language's usual script, is right to left.
    static func isRightToLeft(_ tag: String) -> Bool {
        let parts = tag.trimmingXMLWhitespace().lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let primary = parts.first else { return false }
        if let script = parts.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return rtlScripts.contains(String(script))
        }
        return rtlLanguages.contains(String(primary))
    }
}

/// The syntax of a whole tag, for the rules that judge `xml:lang`, `dc:language` and `hreflang`.
extension LanguageTag {
    private static let grandfathered: Set<String> = [
        "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux", "i-mingo",
        "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de", "art-lojban",
        "cel-gaulish", "no-bok", "no-nyn", "zh-guoyu", "zh-hakka", "zh-min", "zh-min-nan", "zh-xiang",
    ]

    /// Well-formedness of BCP 47 language tags (RFC 5646 §2.1 syntax, grandfathered tags included).
    /// Well-formed is all EPUB asks (OPF-092); whether a subtag is registered is not checked.
    package static func isWellFormed(_ tag: String) -> Bool {
        if grandfathered.contains(tag.lowercased()) { return true }
        guard !tag.isEmpty, tag.utf8.allSatisfy({ $0 < 0x80 }) else { return false }
        let subtags = tag.lowercased().split(separator: "-", omittingEmptySubsequences: false).map { Array($0.utf8) }
        if subtags.first == Array("x".utf8) { return privateUse(subtags[...]) }
        return langtag(subtags[...])
    }

    private static func isAlpha(_ s: [UInt8]) -> Bool { s.allSatisfy { $0 >= 0x61 && $0 <= 0x7A } }
    private static func isDigits(_ s: [UInt8]) -> Bool { s.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
    private static func isAlnum(_ s: [UInt8]) -> Bool { s.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) } }

    /// `x-` and one or more subtags of 1–8 letters or digits.
    private static func privateUse(_ s: ArraySlice<[UInt8]>) -> Bool {
        s.count > 1 && s.dropFirst().allSatisfy { (1...8).contains($0.count) && isAlnum($0) }
    }

    /// RFC 5646 §2.1 `langtag`: language (with up to three extlangs), script, region, variants,
    /// extensions, private use, each optional after the language and in that order.
    private static func langtag(_ tags: ArraySlice<[UInt8]>) -> Bool {
        var s = tags
        guard let language = s.first, isAlpha(language), (2...8).contains(language.count) else { return false }
        s = s.dropFirst()
        if language.count <= 3 {
            var extlangs = 0
            while extlangs < 3, let next = s.first, next.count == 3, isAlpha(next) { s = s.dropFirst(); extlangs += 1 }
        }
        if let script = s.first, script.count == 4, isAlpha(script) { s = s.dropFirst() }
        if let region = s.first, (region.count == 2 && isAlpha(region)) || (region.count == 3 && isDigits(region)) { s = s.dropFirst() }
        while let variant = s.first, isAlnum(variant),
              (5...8).contains(variant.count) || (variant.count == 4 && variant[0] >= 0x30 && variant[0] <= 0x39) {
            s = s.dropFirst()
        }
        while let singleton = s.first, singleton.count == 1, isAlnum(singleton), singleton[0] != UInt8(ascii: "x") {
            s = s.dropFirst()
            var count = 0
            while let part = s.first, (2...8).contains(part.count), isAlnum(part) { s = s.dropFirst(); count += 1 }
            guard count > 0 else { return false }
        }
        if s.first == Array("x".utf8) { return privateUse(s) }
        return s.isEmpty
    }
}
