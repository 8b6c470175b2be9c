import EPUBContract

/// One style sheet of the publication as the style-sheet registry's rules read it: the parsed
/// sheet and what the conformance pass found in it (the same tokenizer, one pass).
struct StyleSheetInput {
    var session: PublicationSession
    var package: PackageDocument
    var item: ManifestItem
    var path: String
    var sheet: CSSStyleSheet
    var grammar: CSSGrammarFindings
}
