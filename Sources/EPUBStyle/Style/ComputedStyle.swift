/// One element's computed style: the values of `StyleProperty.all` as `getComputedStyle` prints
/// them (lengths in px from the default font size's root, colors as `rgb()`/`rgba()`; values that depend on layout,
/// such as percentages of the containing block and `auto`, in their specified form), with the
/// numbers its children compute from.
package struct ComputedStyle: Sendable, Equatable {
    package var values: [String]
    /// The font size in px as specified, before the minimum font size (`em` and `%` of children,
    /// and every `em` length, are taken from it, as in Chromium; the `font-size` value printed is
    /// `StyleComputer.usedFontSize` of it), and how it was reached: a keyword (1 `xx-small` … 8
    /// `xxx-large`, 0 none) and whether from an absolute length; a monospace font scales what is
    /// not absolute.
    package var fontSize: Double
    var fontKeyword: Int
    var fontAbsolute: Bool
    /// The family is exactly the generic `monospace` (browsers size those from 13 px, not the default).
    var monospace: Bool
    var color: CSSColor
    /// A unitless `line-height`, which children inherit as the number (not the px it gave here).
    var lineHeightFactor: Double?

    /// Initial values computed: a border is not drawn (style `none`), so its width is 0; the font
    /// is `medium`, the reading system's default size (`MediaAssumptions.fontSize`).
    nonisolated(unsafe) package internal(set) static var initial = makeInitial()

    static func makeInitial() -> ComputedStyle {
        var style = ComputedStyle(values: StyleProperty.all.map { $0.name.hasPrefix("border-") && $0.name.hasSuffix("-width") ? "0px" : $0.initial },
                                  fontSize: MediaAssumptions.fontSize, fontKeyword: 4, fontAbsolute: false, monospace: false, color: .black, lineHeightFactor: nil)
        style.set("font-size", CSSNumber.px(StyleComputer.usedFontSize(MediaAssumptions.fontSize, absolute: false)))
        return style
    }

    package subscript(_ name: String) -> String? {
        StyleProperty.index[name].map { values[$0] }
    }

    mutating func set(_ name: String, _ value: String) {
        if let i = StyleProperty.index[name] { values[i] = value }
    }
}
