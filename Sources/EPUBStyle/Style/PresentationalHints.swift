/// HTML's presentational hints (HTML § 15, "Rendering"): attributes that act as author style of
/// specificity zero before every author rule: `hidden`, `dir`, `align`, `valign`, `width` and
/// `height` on images and tables, list `type`, `nowrap`, `bgcolor`, and `font`'s `color` and `face`;
/// and those of MathML Core § 2.1.3 (`mathsize`, `mathcolor`, `mathbackground`, `dir`, `mathvariant`
/// on `mi`) and SVG's `xml:space` on text content elements, as Chromium maps them.
enum PresentationalHints {
    /// The longhands the hints below set, `display` aside.
    static let otherProperties = ["direction", "unicode-bidi", "text-align", "float", "vertical-align", "width", "height", "list-style-type",
                                  "white-space", "background-color", "color", "font-family", "font-size", "text-transform"]
        + StyleDeclarations.sides.flatMap { ["border-\($0)-width", "border-\($0)-style"] }

    static func add(_ number: Int, _ model: ContentDocument, to cascade: inout Cascade) {
        switch model.elements[number].namespace {
        case .xhtml: addHTML(number, model, to: &cascade)
        case .mathml where cascade.keepsHints: addMathML(number, model, to: &cascade)
        case .svg where cascade.keepsHints: addSVG(number, model, to: &cascade)
        default: return
        }
    }

    /// MathML Core's attributes that act as style (Chromium's MathMLElement): `mathsize` a length
    /// or percentage (not the legacy `big`, `small`, nor a bare number), colours, `dir`, and
    /// `mathvariant="normal"` on `mi`, which stops its italic.
    private static func addMathML(_ number: Int, _ model: ContentDocument, to cascade: inout Cascade) {
        func attribute(_ a: String) -> String? { model.attribute(number, a)?.trimmingXMLWhitespace() }
        if let size = attribute("mathsize"), let (n, unit) = CSSNumber.dimension(size), n >= 0, !unit.isEmpty,
           unit == "%" || StyleComputer.px(1, unit, fontSize: 1, rootFontSize: 1) != nil {
            cascade.addHint("font-size", size.lowercased())
        }
        if let color = attribute("mathcolor"), CSSColor.parse(color) != nil { cascade.addHint("color", color.lowercased()) }
        if let color = attribute("mathbackground"), CSSColor.parse(color) != nil { cascade.addHint("background-color", color.lowercased()) }
        if let dir = attribute("dir")?.lowercased(), dir == "ltr" || dir == "rtl" { cascade.addHint("direction", dir) }
        if model.elements[number].localName == "mi", attribute("mathvariant")?.lowercased() == "normal" { cascade.addHint("text-transform", "none") }
    }

    /// SVG's `xml:space` on a text content element (`text`, `tspan`, `textPath`): `preserve`
    /// keeps spaces (`white-space: pre`), anything else collapses them without wrapping (`nowrap`).
    private static func addSVG(_ number: Int, _ model: ContentDocument, to cascade: inout Cascade) {
        guard ["text", "tspan", "textPath"].contains(model.elements[number].localName),
              let space = SelectorMatcher.namespacedAttribute(model.elements[number].node, "space") else { return }
        cascade.addHint("white-space", space == "preserve" ? "pre" : "nowrap")
    }

    /// The elements the hints after `hidden` and `dir` belong to (`align`, `valign`, `width`,
    /// `height`, list `type`, `nowrap`, `border`, `bgcolor`, `font`'s attributes).
    private static let hinted: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "div", "td", "th", "tr", "thead", "tbody", "tfoot", "caption", "legend",
        "img", "object", "embed", "iframe", "table", "col", "colgroup", "video", "canvas", "hr", "ol", "ul", "li", "body", "font",
    ]

    private static func addHTML(_ number: Int, _ model: ContentDocument, to cascade: inout Cascade) {
        let name = model.elements[number].localName
        func attribute(_ a: String) -> String? { model.attribute(number, a)?.trimmingXMLWhitespace().lowercased() }
        if model.attribute(number, "hidden") != nil { cascade.addHint("display", "none") }
        // A cascade of `display` alone (what is hidden) reads no other attribute.
        guard cascade.keepsHints else { return }
        if let dir = attribute("dir"), ["ltr", "rtl", "auto"].contains(dir) {
            if dir != "auto" { cascade.addHint("direction", dir) }
            if name != "bdi" && name != "bdo" { cascade.addHint("unicode-bidi", "isolate") }
        }
        // Every hint below belongs to a few elements: the others (most of a book) ask no more.
        guard hinted.contains(name) else { return }
        if let align = attribute("align") {
            switch name {
            case "p", "h1", "h2", "h3", "h4", "h5", "h6":
                if ["left", "right", "center", "justify"].contains(align) { cascade.addHint("text-align", align) }
            case "div", "td", "th", "tr", "thead", "tbody", "tfoot", "caption", "legend":
                let map = ["left": "-webkit-left", "right": "-webkit-right", "center": "-webkit-center", "middle": "-webkit-center", "justify": "justify"]
                if let value = map[align] { cascade.addHint("text-align", value) }
            case "img", "object", "embed", "iframe", "table":
                if align == "left" || align == "right" { cascade.addHint("float", align) }
            default: break
            }
        }
        if ["td", "th", "tr", "thead", "tbody", "tfoot", "col", "colgroup"].contains(name), let valign = attribute("valign"),
           ["top", "middle", "bottom", "baseline"].contains(valign) {
            cascade.addHint("vertical-align", valign)
        }
        if ["img", "table", "td", "th", "col", "video", "canvas", "iframe", "object", "embed", "hr"].contains(name) {
            for dimension in ["width", "height"] {
                guard let raw = attribute(dimension), let (n, unit) = CSSNumber.dimension(raw), n >= 0, unit.isEmpty || unit == "%" || unit == "px" else { continue }
                if dimension == "height" && name == "td" && n == 0 { continue }
                cascade.addHint(dimension, unit == "%" ? CSSNumber.format(n) + "%" : CSSNumber.px(n))
            }
        }
        if let type = model.attribute(number, "type"), ["ol", "ul", "li"].contains(name) {
            let map = ["1": "decimal", "a": "lower-alpha", "A": "upper-alpha", "i": "lower-roman", "I": "upper-roman",
                       "disc": "disc", "circle": "circle", "square": "square", "none": "none"]
            if let value = map[type] ?? map[type.lowercased()].flatMap({ ["disc", "circle", "square", "none"].contains($0) ? $0 : nil }) {
                cascade.addHint("list-style-type", value)
            }
        }
        if (name == "td" || name == "th"), model.attribute(number, "nowrap") != nil { cascade.addHint("white-space", "nowrap") }
        tableBorders(number, name, model, &cascade)
        if ["body", "table", "td", "th", "tr"].contains(name), let color = attribute("bgcolor"), CSSColor.parse(color) != nil {
            cascade.addHint("background-color", color)
        }
        if name == "font" {
            if let color = attribute("color"), CSSColor.parse(color) != nil { cascade.addHint("color", color) }
            if let face = model.attribute(number, "face") { cascade.addHint("font-family", face) }
        }
    }

    /// A table's `border` attribute: the table's border that wide and `outset`, its cells' 1px `inset`.
    private static func tableBorders(_ number: Int, _ name: String, _ model: ContentDocument, _ cascade: inout Cascade) {
        func width(_ table: Int) -> Int? {
            guard let raw = model.attribute(table, "border")?.trimmingXMLWhitespace() else { return nil }
            if raw.isEmpty { return 1 }
            return Int(raw.prefix { $0.isASCII && $0.isNumber }) ?? 1
        }
        let sides = StyleDeclarations.sides
        if name == "table", let n = width(number) {
            for side in sides {
                cascade.addHint("border-\(side)-width", "\(n)px")
                if n > 0 { cascade.addHint("border-\(side)-style", "outset") }
            }
        } else if name == "td" || name == "th" {
            var ancestor = model.elements[number].parent
            while let a = ancestor, model.elements[a].localName != "table" { ancestor = model.elements[a].parent }
            guard let table = ancestor, let n = width(table), n > 0 else { return }
            for side in sides {
                cascade.addHint("border-\(side)-width", "1px")
                cascade.addHint("border-\(side)-style", "inset")
            }
        }
    }
}
