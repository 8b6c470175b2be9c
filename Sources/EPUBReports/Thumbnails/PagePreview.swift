import CLibXML2
import EPUBContract
import Foundation

/// A fixed-layout page drawn as SVG from its model and computed styles, in the page's own CSS
/// pixels (the viewport as the SVG's `viewBox`): block boxes stacked as normal flow stacks them
/// (margins, padding, declared widths and heights, backgrounds), their text broken into lines at
/// its font size, alignment, weight and colour, replaced elements as grey boxes. No real layout:
/// glyph widths are estimated (half an em, a full em for CJK), floats and positioning are read
/// as flow, vertical writing as horizontal. It shows what a page holds and where its weight is,
/// and the report marks it as a preview.
struct PagePreview {
    let model: ContentDocument
    let styles: [ComputedStyle]
    let width: Double
    let height: Double
    /// An image element's picture: its intrinsic size, and a `data:` URL when it is to be drawn
    /// (else a grey box of that shape).
    let pictures: (Int) -> (size: (Double, Double), url: String?)?
    private var shapes: [String] = []
    private var y = 0.0
    private var indexOfNode: [UnsafeMutableRawPointer: Int] = [:]

    static let replaced: Set<String> = ["img", "svg", "video", "object", "embed", "canvas", "iframe", "image", "math"]
    static let inline: Set<String> = ["inline", "inline-block", "inline-table", "contents", "ruby", "ruby-text"]

    init(model: ContentDocument, styles: [ComputedStyle], width: Double, height: Double, pictures: @escaping (Int) -> (size: (Double, Double), url: String?)? = { _ in nil }) {
        self.pictures = pictures
        self.model = model
        self.styles = styles
        self.width = width
        self.height = height
        for (number, element) in model.elements.enumerated() { indexOfNode[UnsafeMutableRawPointer(element.node)] = number }
    }

    func svg() -> String {
        var copy = self
        let body = model.elements.firstIndex { $0.localName == "body" && $0.namespace == .xhtml }
        let background = body.flatMap { paint(styles[$0]["background-color"]) } ?? paint(styles.first?["background-color"]) ?? "#fff"
        if let body {
            copy.block(body, x: 0, width: width)
        } else if let root = model.elements.first, root.namespace == .svg {
            // An SVG page too large to embed: said, not drawn.
            copy.shapes.append("<text x=\"50%\" y=\"50%\" text-anchor=\"middle\" font-size=\"\(n(width / 12))\" fill=\"#888\">SVG</text>")
        }
        let w = CSSNumber.format(width), h = CSSNumber.format(height)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(w) \(h)\" width=\"\(w)\" height=\"\(h)\">"
            + "<rect width=\"100%\" height=\"100%\" fill=\"\(background)\"/>" + copy.shapes.joined() + "</svg>"
    }

    /// A picture that cannot be shown small (too large, or of a kind not read): its proportions
    /// and what it is, written on a grey page.
    static func placeholder(width: Double, height: Double, label: String) -> String {
        let w = CSSNumber.format(width), h = CSSNumber.format(height)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(w) \(h)\" width=\"\(w)\" height=\"\(h)\">"
            + "<rect width=\"100%\" height=\"100%\" fill=\"#e4e4e4\"/><text x=\"50%\" y=\"50%\" text-anchor=\"middle\" "
            + "font-size=\"\(CSSNumber.format(min(width, height) / 10))\" fill=\"#666\">\(HTMLReportFormatter.escape(label))</text></svg>"
    }

    private func px(_ value: String?) -> Double? {
        value.flatMap(CSSNumber.dimension).flatMap { $0.unit == "px" ? $0.value : nil }
    }

    /// Characters drawn a full em wide: CJK and the other wide scripts from U+2E80, and the
    /// supplementary ideographic planes.
    static func isWide(_ c: Character) -> Bool {
        guard let scalar = c.unicodeScalars.first else { return false }
        return (0x2E80...0xFFEF).contains(scalar.value) || scalar.value >= 0x20000
    }

    /// A colour to paint with; nil for none (transparent).
    private func paint(_ value: String?) -> String? {
        guard let value, value != "rgba(0, 0, 0, 0)", value != "transparent" else { return nil }
        return value
    }

    private func isBlock(_ number: Int) -> Bool {
        let display = styles[number]["display"] ?? "inline"
        return display != "none" && !Self.inline.contains(display)
    }

    private mutating func block(_ number: Int, x: Double, width available: Double) {
        let s = styles[number]
        guard s["display"] != "none", y < height else { return }
        let margin = (top: px(s["margin-top"]) ?? 0, right: px(s["margin-right"]) ?? 0, bottom: px(s["margin-bottom"]) ?? 0, left: px(s["margin-left"]) ?? 0)
        let padding = (top: px(s["padding-top"]) ?? 0, right: px(s["padding-right"]) ?? 0, bottom: px(s["padding-bottom"]) ?? 0, left: px(s["padding-left"]) ?? 0)
        y += margin.top
        let outer = px(s["width"]).map { $0 + padding.left + padding.right } ?? max(0, available - margin.left - margin.right)
        let left = x + margin.left, top = y
        let slot = shapes.count
        shapes.append("")  // the background, once the height is known
        y += padding.top
        let inner = max(0, outer - padding.left - padding.right)
        let name = model.elements[number].localName
        if Self.replaced.contains(name) {
            replacedBox(number, x: left + padding.left, width: inner)
        } else {
            content(number, x: left + padding.left, width: inner)
        }
        y += padding.bottom
        if let declared = px(s["height"]) { y = max(y, top + declared + padding.top + padding.bottom) }
        if let fill = paint(s["background-color"]) {
            shapes[slot] = "<rect x=\"\(n(left))\" y=\"\(n(top))\" width=\"\(n(outer))\" height=\"\(n(y - top))\" fill=\"\(fill)\"/>"
        }
        y += margin.bottom
    }

    /// An element's children: block children in turn, the inline content between them as lines.
    private mutating func content(_ number: Int, x: Double, width: Double) {
        var run = ""
        var child = model.elements[number].node.pointee.children
        while let node = child {
            defer { child = node.pointee.next }
            switch node.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                run += LibXMLNode.content(node)
            case XML_ELEMENT_NODE:
                guard let index = indexOfNode[UnsafeMutableRawPointer(node)], styles[index]["display"] != "none" else { continue }
                if isBlock(index) {
                    lines(run, styles[number], x: x, width: width)
                    run = ""
                    block(index, x: x, width: width)
                } else {
                    run += LibXMLNode.content(node)  // inline: drawn in the block's own style
                }
            default: continue
            }
        }
        lines(run, styles[number], x: x, width: width)
    }

    private mutating func replacedBox(_ number: Int, x: Double, width: Double) {
        let s = styles[number]
        let declaredWidth = px(s["width"]) ?? model.attribute(number, "width").flatMap(Double.init)
        let declaredHeight = px(s["height"]) ?? model.attribute(number, "height").flatMap(Double.init)
        let picture = pictures(number)
        let intrinsic = picture?.size ?? (width, width * 0.66)
        var w = min(width, declaredWidth ?? intrinsic.0)
        if declaredWidth == nil, let declaredHeight { w = min(width, declaredHeight * intrinsic.0 / max(1, intrinsic.1)) }
        let h = declaredHeight ?? w * intrinsic.1 / max(1, intrinsic.0)
        if let url = picture?.url {
            shapes.append("<image x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\" preserveAspectRatio=\"xMidYMid meet\" href=\"\(url)\"/>")
        } else {
            shapes.append("<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"#d8d8d8\" stroke=\"#999\"/>")
        }
        y += h
    }

    /// Text broken into lines at an estimated advance per character.
    private mutating func lines(_ raw: String, _ s: ComputedStyle, x: Double, width: Double) {
        let text = raw.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !text.isEmpty, width > 0, y < height else { return }
        let size = px(s["font-size"]) ?? 16
        let lineHeight = px(s["line-height"]) ?? size * 1.2
        let anchor: (String, Double) = switch s["text-align"] {
        case "center", "-webkit-center": ("middle", x + width / 2)
        case "right", "end", "-webkit-right": ("end", x + width)
        default: ("start", x)
        }
        var attributes = "font-size=\"\(n(size))\" fill=\"\(paint(s["color"]) ?? "#000")\""
        if let weight = s["font-weight"], let number = Int(weight), number >= 600 { attributes += " font-weight=\"bold\"" }
        if s["font-style"] == "italic" { attributes += " font-style=\"italic\"" }
        if anchor.0 != "start" { attributes += " text-anchor=\"\(anchor.0)\"" }
        var line = "", used = 0.0
        func advance(_ c: Character) -> Double { Self.isWide(c) ? size : size * 0.5 }
        func flush() {
            guard !line.isEmpty, y < height else { line = ""; used = 0; return }
            shapes.append("<text x=\"\(n(anchor.1))\" y=\"\(n(y + size))\" \(attributes)>\(HTMLReportFormatter.escape(line))</text>")
            y += lineHeight
            line = ""
            used = 0
        }
        for word in Self.words(text) {
            let w = word.reduce(0) { $0 + advance($1) }
            if used + w > width, !line.isEmpty { flush(); if word == " " { continue } }
            line += word
            used += w
        }
        flush()
    }

    /// Break opportunities: spaces, and between CJK characters.
    private static func words(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        for c in text {
            if c == " " || isWide(c) {
                if !current.isEmpty { out.append(current) }
                out.append(String(c))
                current = ""
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { out.append(current) }
        return out
    }

    private func n(_ value: Double) -> String { CSSNumber.format((value * 10).rounded() / 10) }
}
