/// The values the `role` attribute may take in EPUB content documents, as EPUBCheck 5.3.0's XHTML
/// grammar lists them: the roles of WAI-ARIA 1.2 (abstract roles excluded) and of DPUB-ARIA 1.0
/// (`doc-…`). A value outside the list is RSC-005.
package enum ARIARoles {
    package static let known: Set<String> = [
        "alert", "alertdialog", "application", "article", "banner", "button", "cell", "checkbox", "columnheader", "combobox",
        "complementary", "contentinfo", "definition", "dialog", "directory", "doc-abstract", "doc-acknowledgments",
        "doc-afterword", "doc-appendix", "doc-backlink", "doc-biblioentry", "doc-bibliography", "doc-biblioref", "doc-chapter",
        "doc-colophon", "doc-conclusion", "doc-cover", "doc-credit", "doc-credits", "doc-dedication", "doc-endnote",
        "doc-endnotes", "doc-epigraph", "doc-epilogue", "doc-errata", "doc-example", "doc-footnote", "doc-foreword",
        "doc-glossary", "doc-glossref", "doc-index", "doc-introduction", "doc-noteref", "doc-notice", "doc-pagebreak",
        "doc-pagelist", "doc-part", "doc-preface", "doc-prologue", "doc-pullquote", "doc-qna", "doc-subtitle", "doc-tip",
        "doc-toc", "document", "feed", "figure", "form", "graphics-document", "graphics-object", "graphics-symbol", "grid",
        "gridcell", "group", "heading", "img", "link", "list", "listbox", "listitem", "log", "main", "marquee", "math", "menu",
        "menubar", "menuitem", "menuitemcheckbox", "menuitemradio", "navigation", "none", "note", "option", "presentation",
        "progressbar", "radio", "radiogroup", "region", "row", "rowgroup", "rowheader", "scrollbar", "search", "searchbox",
        "separator", "slider", "spinbutton", "status", "switch", "tab", "table", "tablist", "tabpanel", "term", "textbox",
        "timer", "toolbar", "tooltip", "tree", "treegrid", "treeitem",
    ]
}
