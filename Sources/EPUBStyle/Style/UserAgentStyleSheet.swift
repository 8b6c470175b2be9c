/// The defaults a browser brings before any author style: the rendering section of the HTML
/// standard as Chromium's `html.css` writes it (the oracle `scripts/style-check` compares with),
/// in the selector subset `CSSSelector` reads (`:is()` lists spelled out). Parsed once.
enum UserAgentStyleSheet {
    static let rules: [CSSStyleSheet.Rule] = CSSParser.parse(text).rules
    /// Chromium's `svg.css`, the part that sets what we compute.
    static let svgRules: [CSSStyleSheet.Rule] = CSSParser.parse(svgText).rules

    /// Chromium's `mathml.css`, the part that sets what we compute.
    static let mathRules: [CSSStyleSheet.Rule] = CSSParser.parse(mathText).rules

    static let mathText = """
    math { display: math; font-family: math; font-style: normal; font-weight: normal; line-height: normal; direction: ltr;
      text-indent: 0; letter-spacing: normal; text-transform: none }
    math[display="block" i] { display: block math }
    maction, merror, mfrac, mi, mmultiscripts, mn, mo, mover, mpadded, mphantom, mprescripts, mroot, mrow, ms, mspace, msqrt, mstyle,
    msub, msubsup, msup, mtext, munder, munderover, none, semantics, mfenced, menclose, annotation, annotation-xml { display: block math }
    mtable { display: inline-table }
    mtr { display: table-row }
    mtd { display: table-cell; text-align: -webkit-center; padding: 0.5ex 0.4em }
    mfrac { padding-inline: 1px }
    mi { text-transform: math-auto }
    mphantom { visibility: hidden }
    merror { border: 1px solid red; background-color: lightyellow }
    annotation, annotation-xml { display: none }
    semantics > :not(:first-child) { display: none }
    """

    static let svgText = """
    text, foreignObject { display: block }
    text { white-space: nowrap }
    """

    /// Form controls' font (`-webkit-small-control`): the default size less 2 pt, whatever their
    /// parent's (13.3333px for 16px), as Chromium sizes it. Read when the sheet is first parsed,
    /// after a command has set the default size.
    static var controlFontSize: String { CSSNumber.px(Double(Float(MediaAssumptions.fontSize) - Float(8) / 3)) }

    static let text = """
    html, address, blockquote, body, center, div, figure, figcaption, footer, form, header, hr, legend, listing, main, p, plaintext,
    pre, search, xmp, article, aside, h1, h2, h3, h4, h5, h6, hgroup, nav, section, details, summary, dialog, dd, dl, dt, menu, dir,
    ul, ol, fieldset, optgroup, frameset, frame { display: block }
    head, link, meta, script, style, title, base, datalist, param, template, area, noscript, rp, noframes { display: none }
    body { margin: 8px }
    p { margin-block: 1em }
    blockquote, figure { margin-block: 1em; margin-inline: 40px }
    address { font-style: italic }
    center { text-align: -webkit-center }
    hr { color: gray; border-style: inset; border-width: 1px; margin-block: 0.5em; margin-inline: auto }
    h1 { font-size: 2em; margin-block: 0.67em; font-weight: bold }
    h2 { font-size: 1.5em; margin-block: 0.83em; font-weight: bold }
    h3 { font-size: 1.17em; margin-block: 1em; font-weight: bold }
    h4 { margin-block: 1.33em; font-weight: bold }
    h5 { font-size: 0.83em; margin-block: 1.67em; font-weight: bold }
    h6 { font-size: 0.67em; margin-block: 2.33em; font-weight: bold }
    table { display: table; text-indent: initial }
    thead { display: table-header-group; vertical-align: middle; border-color: inherit }
    tbody { display: table-row-group; vertical-align: middle; border-color: inherit }
    tfoot { display: table-footer-group; vertical-align: middle; border-color: inherit }
    table > tr { vertical-align: middle }
    col { display: table-column }
    colgroup { display: table-column-group }
    tr { display: table-row; vertical-align: inherit; border-color: inherit }
    td, th { display: table-cell; vertical-align: inherit; padding: 1px }
    th { font-weight: bold; text-align: center }
    caption { display: table-caption; text-align: -webkit-center }
    ul, menu, dir { list-style-type: disc; margin-block: 1em; padding-inline-start: 40px }
    ol { list-style-type: decimal; margin-block: 1em; padding-inline-start: 40px }
    li { display: list-item; text-align: match-parent }
    ul ul, ol ul, menu ul, dir ul, ul menu, ol menu, menu menu, dir menu, ul dir, ol dir, menu dir, dir dir { list-style-type: circle }
    ul ul ul, ol ul ul, ul ol ul, ol ol ul { list-style-type: square }
    ul ul, ul ol, ul dl, ol ul, ol ol, ol dl, dl ul, dl ol, dl dl, menu ul, menu ol, dir ul, dir ol { margin-block: 0 }
    dd { margin-inline-start: 40px }
    dl { margin-block: 1em }
    fieldset { margin-inline: 2px; padding-block: 0.35em 0.625em; padding-inline: 0.75em; border: 2px groove rgb(239, 239, 239) }
    legend { padding-inline: 2px }
    b, strong { font-weight: bolder }
    i, cite, em, var, dfn { font-style: italic }
    tt, code, kbd, samp { font-family: monospace }
    pre, xmp, plaintext, listing { font-family: monospace; white-space: pre; margin-block: 1em }
    mark { background-color: yellow; color: black }
    big { font-size: larger }
    small { font-size: smaller }
    s, strike, del { text-decoration: line-through }
    sub { vertical-align: sub; font-size: smaller }
    sup { vertical-align: super; font-size: smaller }
    u, ins { text-decoration: underline }
    abbr[title], acronym[title] { text-decoration: underline }
    nobr { white-space: nowrap }
    a[href] { color: #0000ee; text-decoration: underline }
    ruby { display: ruby }
    ruby { text-indent: 0 }
    rt { display: ruby-text; line-height: normal; font-size: 50%; text-align: start; text-indent: 0 }
    address, blockquote, center, div, figure, figcaption, footer, form, header, hr, legend, listing, main, p, plaintext, pre, summary,
    xmp, article, aside, h1, h2, h3, h4, h5, h6, hgroup, nav, section, table, caption, colgroup, col, thead, tbody, tfoot, tr, td, th,
    dir, dd, dl, dt, menu, ol, ul, li, bdi, output, search { unicode-bidi: isolate }
    bdo { unicode-bidi: isolate-override }
    audio:not([controls]) { display: none }
    audio { width: 300px; height: 54px }
    iframe { border: 2px inset }
    math { display: math }
    button, input, select, textarea { display: inline-block; margin: 0em; font-size: \(controlFontSize); font-family: Arial; font-weight: normal;
      line-height: normal; letter-spacing: normal; word-spacing: normal; text-transform: none; text-indent: 0; text-align: start; color: rgb(0, 0, 0) }
    input { padding-block: 1px; padding-inline: 2px; border: 2px inset rgb(118, 118, 118); background-color: rgb(255, 255, 255) }
    input[type="hidden" i] { display: none; padding: 0; border: none; background-color: transparent }
    input[type="checkbox" i], input[type="radio" i] { padding: 0; border: none; background-color: transparent; margin: 3px 3px 3px 4px }
    input[type="radio" i] { margin: 3px 3px 0px 5px }
    button, input[type="button" i], input[type="submit" i], input[type="reset" i] { padding-block: 1px; padding-inline: 6px;
      border: 2px outset rgb(0, 0, 0); background-color: rgb(239, 239, 239); text-align: center }
    input[type="button" i], input[type="submit" i], input[type="reset" i] { white-space: pre }
    select { border: 1px solid rgb(118, 118, 118); white-space: pre; background-color: rgb(239, 239, 239) }
    textarea { font-family: monospace; border: 1px solid rgb(118, 118, 118); padding: 2px; white-space: pre-wrap; background-color: rgb(255, 255, 255) }
    option { display: block; padding-inline: 2px; padding-block-end: 1px; white-space: nowrap; font-weight: normal }
    optgroup { font-weight: bolder; white-space: normal }
    progress, meter { display: inline-block; vertical-align: -0.2em }
    input:disabled, textarea:disabled { color: rgb(84, 84, 84); background-color: rgba(239, 239, 239, 0.3); border-color: rgba(118, 118, 118, 0.3) }
    button:disabled, input[type="button" i]:disabled, input[type="submit" i]:disabled, input[type="reset" i]:disabled {
      color: rgba(16, 16, 16, 0.3); background-color: rgba(239, 239, 239, 0.3); border-color: rgba(118, 118, 118, 0.3) }
    select:disabled { color: rgb(128, 128, 128); border-color: rgba(118, 118, 118, 0.3); opacity: 0.7 }
    optgroup:disabled { color: rgb(128, 128, 128) }
    """
}
