import Foundation
import CLibXML2
import EPUBContract

/// axe-core's `color-contrast` (WCAG 1.4.3) from the one cascade: an element's own visible text
/// against what lies behind it. axe finds the background by layout (the elements stacked under
/// the text); a book's text lies on its ancestors' boxes, so the background is their
/// `background-color`s from the element up, composited until one is opaque, over the white page.
/// Where layout alone could tell (a background image or gradient on the way, a translucent
/// element), the verdict is "needs review" and no violation is reported, as axe reports those
/// incomplete; so are one-character texts that fail and colours of equal luminance.
extension ContentAccessibilityRules {
    /// axe's thresholds: 4.5:1, or 3:1 for large text (18 pt, or 14 pt and bold: weight 700 and up);
    /// `color-contrast-enhanced` (WCAG 1.4.6, AAA): 7:1 and 4.5:1, judged only from the AA
    /// thresholds up (axe's `minThreshold`: lower contrasts are `color-contrast`'s to report).
    static let normalRatio = 4.5, largeRatio = 3.0
    static let enhancedNormalRatio = 7.0, enhancedLargeRatio = 4.5

    /// Positioned elements (absolute or fixed) that paint something opaque where they stand: the
    /// page-covering ones (`pageCoverers`), images and other replaced content, and boxes with a
    /// background. Where they stand needs layout; text they may lie over is left for review.
    func paintedOver() -> [Int] {
        let replaced: Set<String> = ["img", "video", "canvas", "object", "embed", "picture", "iframe"]
        var out = Set(pageCoverers)
        for number in model.elements.indices where !hidden[number] {
            let p = paint[styleIndex[number]]
            guard p.outOfFlow else { continue }
            // `svg` is in its own namespace, where `localNames` has no name.
            if replaced.contains(localNames[number]) || model.elements[number].localName == "svg" || p.background != nil || p.hasImage { out.insert(number) }
        }
        return out.sorted()
    }

    /// Whether a positioned element that paints (`paintedOver`) is painted over the element's
    /// text: it is not the element's ancestor, and the text is in the page's flow, or the painter
    /// comes after the text's positioned box in the document, inside it or out (positioned boxes
    /// paint over the flow of the box they are in, later ones over earlier ones; `z-index` is not
    /// computed). axe then finds another element under the
    /// text, and leaves its contrast for review.
    func isCovered(_ number: Int, by coverers: [Int]) -> Bool {
        guard !coverers.isEmpty else { return false }
        var ancestors: Set<Int> = []
        var positioned: Int?
        var at: Int? = number
        while let e = at {
            ancestors.insert(e)
            if positioned == nil, paint[styleIndex[e]].positioned { positioned = e }
            at = model.elements[e].parent
        }
        return coverers.contains { c in
            guard !ancestors.contains(c) else { return false }
            guard let p = positioned else { return true }
            // Inside the text's positioned box, positioned descendants paint over its flow;
            // outside it, positioned boxes later in the document paint over it.
            return c > p
        }
    }

    /// Elements whose children are fallback content, not drawn while the element is.
    static let fallbackHosts: Set<String> = ["video", "audio", "canvas", "iframe", "object", "embed", "noscript", "template"]

    /// What the check reads of a computed style, parsed once per distinct style of a document.
    struct Paint {
        let visible: Bool
        let color: CSSColor?
        /// The background colour when it shows (alpha above 0).
        let background: CSSColor?
        let hasImage: Bool
        /// `position` other than `static`; `outOfFlow`: `absolute` or `fixed`.
        let positioned: Bool
        let outOfFlow: Bool
        let opacity: Double
        let fontSize: Double
        let bold: Bool

        init(_ style: ComputedStyle) {
            visible = style["visibility"] == "visible"
            color = style["color"].flatMap(CSSColor.parse)
            background = style["background-color"].flatMap(CSSColor.parse).flatMap { $0.alpha > 0 ? $0 : nil }
            hasImage = style["background-image"] != "none"
            let position = style["position"] ?? "static"
            positioned = position != "static"
            outOfFlow = position == "absolute" || position == "fixed"
            opacity = Double(style["opacity"] ?? "1") ?? 1
            fontSize = Double(style["font-size"]?.dropLast(2) ?? "16") ?? 16
            bold = (Double(style["font-weight"] ?? "400") ?? 400) >= 700
        }
    }

    /// What the check decides for one element.
    enum ContrastVerdict: Equatable {
        /// Nothing to judge: the text is not painted.
        case passes
        /// The colours' contrast ratio, and whether the text is large.
        case measured(ratio: Double, large: Bool)
        /// Only layout could tell: an image, a translucent layer, equal luminance.
        case needsReview

        /// Whether the text fails a rule's thresholds: below `normal` (`large` for large text), and,
        /// where the rule has one, not below `floor` (`largeFloor`).
        func fails(normal: Double, large largeRatio: Double, floor: (normal: Double, large: Double)? = nil) -> Bool {
            guard case .measured(let ratio, let large) = self else { return false }
            if let floor, ratio < (large ? floor.large : floor.normal) { return false }
            return !(ratio > (large ? largeRatio : normal))
        }
    }

    /// Elements whose own text fails, in document order: `color-contrast`, and the AAA band of
    /// `color-contrast-enhanced`.
    func colorContrast() -> [Found] {
        var out: [Found] = []
        // The fallback content of media, canvases, frames and objects is not drawn while they are.
        var undrawn = [Bool](repeating: false, count: model.elements.count)
        for number in model.elements.indices {
            guard let parent = model.elements[number].parent else { continue }
            undrawn[number] = undrawn[parent] || Self.fallbackHosts.contains(localNames[parent])
        }
        let coverers = paintedOver()
        // The colours first: most text passes on them, and its text is then never read.
        for number in model.elements.indices where localNames[number] != "" && !hidden[number] && !undrawn[number] {
            let verdict = contrastVerdict(number)
            let aa = verdict.fails(normal: Self.normalRatio, large: Self.largeRatio)
            let aaa = verdict.fails(normal: Self.enhancedNormalRatio, large: Self.enhancedLargeRatio, floor: (Self.normalRatio, Self.largeRatio))
            guard aa || aaa, let text = ownText(number), text.utf16.count > 1, !isCovered(number, by: coverers) else { continue }
            // At exactly 4.5:1 (3:1 large) both fail, as in axe.
            if aa { out.append((.colorContrast, number)) }
            if aaa { out.append((.colorContrastEnhanced, number)) }
        }
        return out
    }

    /// The element's own text as axe's rule reads it (its text nodes, not its descendants'), when
    /// something is left after white space, punctuation and emoji; nil otherwise, and for
    /// elements axe does not test (options, disabled controls, text inputs without a text node).
    func ownText(_ number: Int) -> String? {
        let name = localNames[number]
        if name == "option" || name == "select" || name == "textarea" || name == "input" { return nil }
        if ["button", "fieldset", "optgroup"].contains(name), attribute(number, "disabled") != nil { return nil }
        var text = ""
        var child = model.elements[number].node.pointee.children
        while let c = child {
            if c.pointee.type == XML_TEXT_NODE || c.pointee.type == XML_CDATA_SECTION_NODE { text += LibXMLNode.content(c) }
            child = c.pointee.next
        }
        // axe tests text with anything left once punctuation and emoji are taken out (the spaces
        // between them count: "… — !" is tested, "!" is not).
        let visible = text.collapsingXMLWhitespace()
        return visible.unicodeScalars.contains { !Self.isAxePunctuation($0) && !$0.properties.isEmojiPresentation } ? visible : nil
    }

    /// axe-core's punctuation (`getPunctuationRegExp`): ASCII's, the General and Supplemental
    /// Punctuation blocks, and `£¢¥§€±`.
    static func isAxePunctuation(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2000...0x206F, 0x2E00...0x2E7F: return true
        default: return "\\'!\"#$%&£¢¥§€()*+,-./:;<=>?@[]^_`{|}~±".unicodeScalars.contains(s)
        }
    }

    /// The verdict on the element's colours, whatever its text; a failing text of one character
    /// (one UTF-16 unit, as axe counts) is left for review by the caller.
    func contrastVerdict(_ number: Int) -> ContrastVerdict {
        let style = paint[styleIndex[number]]
        guard style.visible, var foreground = style.color else { return .passes }
        // The page behind the text: each box from the element up, until one is opaque.
        // A translucent element between the text and its first background fades the text alone
        // (its alpha times the opacity, as axe takes it); one that fades a background too, or the
        // text and its backgrounds together over the page, needs layout.
        var layers: [CSSColor] = []
        var textOpacity = 1.0
        var opaque = false
        var at: Int? = number
        while let e = at {
            let s = paint[styleIndex[e]]
            let opacity = s.opacity
            if !opaque, s.hasImage { return .needsReview }
            if !opaque, let color = s.background {
                if opacity < 1 { return .needsReview }
                layers.append(color)
                opaque = color.alpha >= 1
            } else if layers.isEmpty {
                textOpacity *= opacity
            } else if opacity < 1 {
                return .needsReview
            }
            at = model.elements[e].parent
        }
        if textOpacity <= 0 { return .passes }
        var background = CSSColor.white
        for layer in layers.reversed() { background = layer.over(background) }
        foreground.alpha *= textOpacity
        if foreground.alpha < 1 { foreground = foreground.over(background) }
        let ratio = Self.contrast(foreground, background)
        let points = (style.fontSize * 72).rounded(.up) / 96
        let large = points >= (style.bold ? 14 : 18)
        if (ratio * 100).rounded(.down) / 100 == 1 { return .needsReview }
        return .measured(ratio: ratio, large: large)
    }

    /// WCAG 2's contrast ratio of two opaque colours: (L1 + 0.05) / (L2 + 0.05).
    static func contrast(_ a: CSSColor, _ b: CSSColor) -> Double {
        let (la, lb) = (a.relativeLuminance, b.relativeLuminance)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}
