/// One element's computed style: the values of `StyleProperty.all` as `getComputedStyle` prints
/// them (lengths in px from a 16 px root, colors as `rgb()`/`rgba()`; values that depend on layout,
/// such as percentages of the containing block and `auto`, in their specified form), with the
/// numbers its children compute from.
package struct ComputedStyle: Sendable, Equatable {
    package var values: [String]
    /// The font size in px, and how it was reached: a keyword (1 `xx-small` … 8 `xxx-large`, 0
    /// none) and whether from an absolute length; a monospace font scales what is not absolute.
    package var fontSize: Double
    var fontKeyword: Int
    var fontAbsolute: Bool
    /// The family is exactly the generic `monospace` (browsers size those from 13 px, not 16).
    var monospace: Bool
    var color: CSSColor
    /// A unitless `line-height`, which children inherit as the number (not the px it gave here).
    var lineHeightFactor: Double?

    /// Initial values computed: a border is not drawn (style `none`), so its width is 0.
    package static let initial = ComputedStyle(values: StyleProperty.all.map { $0.name.hasPrefix("border-") && $0.name.hasSuffix("-width") ? "0px" : $0.initial }, fontSize: 16, fontKeyword: 4, fontAbsolute: false,
                                               monospace: false, color: .black, lineHeightFactor: nil)

    package subscript(_ name: String) -> String? {
        StyleProperty.index[name].map { values[$0] }
    }

    mutating func set(_ name: String, _ value: String) {
        if let i = StyleProperty.index[name] { values[i] = value }
    }
}
