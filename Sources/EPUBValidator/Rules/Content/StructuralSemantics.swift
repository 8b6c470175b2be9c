import EPUBContract

/// The EPUB 3 Structural Semantics Vocabulary 1.1: the unprefixed `epub:type` terms, and the
/// deprecated ones with what replaces them. Where EPUBCheck 5.3.0 knows a term differently (it does
/// not know `keywords`, `label`, `ordinal`, `question`, and deprecates `bridgehead`), it is followed.
package enum StructuralSemantics {
    /// Elements `epub:type` may not be on (the head and metadata content): the attribute is a
    /// grammar fault there (RSC-005), and its values are not judged.
    static let disallowedHosts: Set<String> = ["head", "title", "meta", "link", "style", "script", "base"]
    /// The SVG elements `epub:type` may stand on, as EPUBCheck 5.3.0's grammar for SVG in XHTML
    /// reads them (no `defs`, `tref`, `altGlyph`, `title`, `desc`, `foreignObject`, paint servers,
    /// filters, masks, markers, metadata, views): found by `scripts/grammar-mutate`, family `svg-models`.
    static let svgHosts: Set<String> = ["svg", "g", "symbol", "use", "switch", "a", "image", "path", "rect", "circle", "ellipse",
                                        "line", "polyline", "polygon", "text", "tspan", "textPath"]

    package static let terms: Set<String> = [
        // Partitions, divisions, sections and components.
        "cover", "frontmatter", "bodymatter", "backmatter", "volume", "part", "chapter", "subchapter", "division",
        "abstract", "foreword", "preface", "prologue", "introduction", "preamble", "conclusion", "epilogue", "afterword", "epigraph",
        // Navigation and reference sections.
        "toc", "toc-brief", "landmarks", "loa", "loi", "lot", "lov", "appendix", "colophon", "credits",
        // Indexes, glossaries, bibliographies.
        "index", "index-headnotes", "index-legend", "index-group", "index-entry-list", "index-entry", "index-term",
        "index-editor-note", "index-locator", "index-locator-list", "index-locator-range", "index-xref-preferred",
        "index-xref-related", "index-term-category", "index-term-categories",
        "glossary", "glossterm", "glossdef", "bibliography", "biblioentry",
        // Preliminary sections.
        "titlepage", "halftitlepage", "copyright-page", "seriespage", "acknowledgments", "imprint", "imprimatur",
        "contributors", "other-credits", "errata", "dedication", "revision-history",
        // Complementary content, titles and headings.
        "case-study", "help", "marginalia", "notice", "pullquote", "sidebar", "tip", "warning",
        "halftitle", "fulltitle", "covertitle", "title", "subtitle", "bridgehead",
        // Educational content.
        "learning-objective", "learning-objectives", "learning-outcome", "learning-outcomes", "learning-resource",
        "learning-resources", "learning-standard", "learning-standards", "answer", "answers", "assessment", "assessments",
        "feedback", "fill-in-the-blank-problem", "general-problem", "qna", "match-problem", "multiple-choice-problem",
        "true-false-problem",
        // EPUB Dictionaries and Glossaries (EPUBCheck knows them in every publication).
        "antonym-group", "condensed-entry", "def", "dictentry", "dictionary", "etymology", "example", "gram-info", "idiom",
        "part-of-speech", "part-of-speech-group", "part-of-speech-list", "phonetic-transcription", "phrase-group", "phrase-list",
        "sense-group", "sense-list", "synonym-group", "tran", "tran-info",
        // Comics.
        "panel", "panel-group", "balloon", "text-area", "sound-area",
        // Notes, references, text, pagination, tables, lists, figures, asides.
        "annotation", "note", "footnote", "endnote", "rearnote", "footnotes", "endnotes", "rearnotes",
        "annoref", "biblioref", "glossref", "noteref", "backlink",
        "credit", "keyword", "topic-sentence", "concluding-sentence", "pagebreak", "page-list",
        "table", "table-row", "table-cell", "list", "list-item", "figure", "aside",
    ]

    /// Deprecated terms (OPF-086b) and the advice given for each.
    package static let deprecated: [String: MessageText] = [
        "annoref": .useNoteref, "bridgehead": .usePrefixedValueYourOwn, "annotation": .useFootnoteEndnoteAside, "help": .useTipAside,
        "marginalia": .useAside, "note": .useFootnoteEndnote, "rearnote": .useEndnote,
        "rearnotes": .useEndnotes, "sidebar": .useAside, "warning": .useNotice,
        "biblioentry": .markEntriesBibliographyList, "endnote": .markNotesEndnotesSectionList,
        "subchapter": .useSectionChapter,
    ]

    /// Terms for documents without such semantics of their own (SVG): HTML has elements for them,
    /// so in XHTML they are discouraged (OPF-087).
    static let notForXHTML: Set<String> = ["aside", "figure", "list", "list-item", "table", "table-cell", "table-row"]

    /// The prefixes a content document or overlay knows before its `epub:prefix`: the reserved ones.
    static let reservedPrefixes = PrefixMap(reserved: Vocabulary.reservedContentPrefixes, defaultVocabularies: Vocabulary.defaultContentVocabularies)

    /// OPF-028 for a prefixed token whose prefix is neither declared (in `map`) nor reserved.
    static func undeclaredPrefix(_ token: String, _ map: PrefixMap) -> (id: MessageID, message: MessageText)? {
        guard let colon = token.firstIndex(of: ":") else { return nil }
        let prefix = String(token[..<colon])
        if map.isKnown(prefix) { return nil }
        return (.OPF_028, .prefixEpubTypeNotDeclaredEpub(prefix, token))
    }

    /// What is wrong with one unprefixed `epub:type` token, if anything: deprecated (OPF-086b) or
    /// not a term of the vocabulary (OPF-088). Prefixed tokens are judged by their prefix.
    static func judge(_ token: String) -> (id: MessageID, message: MessageText)? {
        if token.utf8.contains(UInt8(ascii: ":")) || token == "region-based" { return nil }
        if let advice = deprecated[token] {
            return (.OPF_086b, .epubTypeDeprecated(token, advice))
        }
        if !terms.contains(token) {
            return (.OPF_088, .epubTypeNotTermStructuralSemantics(token))
        }
        return nil
    }
}
