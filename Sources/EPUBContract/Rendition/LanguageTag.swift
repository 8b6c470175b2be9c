/// The little of BCP 47 that reading direction needs: the primary language and the script subtag.
enum LanguageTag {
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
