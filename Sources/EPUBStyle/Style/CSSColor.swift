import Foundation

/// A CSS color as computed: red, green, blue (0–255) and alpha (0–1), from every syntax CSS
/// Color 4 gives sRGB (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` with numbers or
/// percentages, `hsl()`/`hsla()`, the 148 named colors, `transparent`), serialized as
/// `getComputedStyle` does: `rgb(r, g, b)`, or `rgba(r, g, b, a)` when not opaque.
package struct CSSColor: Sendable, Equatable {
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double

    package static let black = CSSColor(red: 0, green: 0, blue: 0, alpha: 1)
    package static let transparent = CSSColor(red: 0, green: 0, blue: 0, alpha: 0)
    package static let white = CSSColor(red: 255, green: 255, blue: 255, alpha: 1)

    /// This colour composited over an opaque one (source-over): what shows through a translucent
    /// text colour or background.
    package func over(_ below: CSSColor) -> CSSColor {
        CSSColor(red: red * alpha + below.red * (1 - alpha), green: green * alpha + below.green * (1 - alpha),
                 blue: blue * alpha + below.blue * (1 - alpha), alpha: 1)
    }

    /// WCAG 2's relative luminance of the sRGB colour, which contrast ratios are made of.
    package var relativeLuminance: Double {
        func channel(_ v: Double) -> Double {
            let c = v / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    package var serialized: String {
        func channel(_ v: Double) -> Int { Int(max(0, min(255, v)).rounded()) }
        let rgb = "\(channel(red)), \(channel(green)), \(channel(blue))"
        if alpha >= 1 { return "rgb(" + rgb + ")" }
        // Alpha is kept in 8 bits, as browsers keep it, and printed with the fewest decimals
        // (2, else 3) that give the same 8 bits back.
        let eight = (max(0, alpha) * 255).rounded()
        let two = (eight / 255 * 100).rounded() / 100
        let a = (two * 255).rounded() == eight ? two : (eight / 255 * 1000).rounded() / 1000
        return "rgba(" + rgb + ", " + CSSNumber.format(a) + ")"
    }

    /// Parses a color value (lowercased by the caller or not); nil for anything else (`currentcolor`
    /// is the caller's: it depends on the element).
    package static func parse(_ text: String) -> CSSColor? {
        let value = text.trimmingXMLWhitespace().lowercased()
        if value == "transparent" { return .transparent }
        if let hex = named[value] { return CSSColor(red: Double(hex >> 16), green: Double((hex >> 8) & 0xFF), blue: Double(hex & 0xFF), alpha: 1) }
        if value.hasPrefix("#") { return hex(String(value.dropFirst())) }
        guard let open = value.firstIndex(of: "("), value.hasSuffix(")") else { return nil }
        let function = value[..<open]
        let arguments = value[value.index(after: open)..<value.index(before: value.endIndex)]
            .split { $0 == "," || $0 == " " || $0 == "/" || $0 == "\t" || $0 == "\n" }.map(String.init)
        guard arguments.count == 3 || arguments.count == 4 else { return nil }
        let alpha = arguments.count == 4 ? component(arguments[3], scale: 1) : 1
        guard let alpha else { return nil }
        switch function {
        case "rgb", "rgba":
            guard let r = component(arguments[0], scale: 255), let g = component(arguments[1], scale: 255),
                  let b = component(arguments[2], scale: 255) else { return nil }
            return CSSColor(red: r, green: g, blue: b, alpha: min(1, max(0, alpha)))
        case "hsl", "hsla":
            let hueText = arguments[0].hasSuffix("deg") ? String(arguments[0].dropLast(3)) : arguments[0]
            guard let hue = Double(hueText), let s = component(arguments[1], scale: 1), let l = component(arguments[2], scale: 1) else { return nil }
            return hsl(hue, s, l, alpha: min(1, max(0, alpha)))
        default:
            return nil
        }
    }

    /// A number, or a percentage of `scale`; `none` is 0.
    private static func component(_ text: String, scale: Double) -> Double? {
        if text == "none" { return 0 }
        if text.hasSuffix("%") { return Double(text.dropLast()).map { $0 / 100 * scale } }
        return Double(text)
    }

    private static func hex(_ digits: String) -> CSSColor? {
        guard [3, 4, 6, 8].contains(digits.count), let value = UInt64(digits, radix: 16) else { return nil }
        let short = digits.count <= 4
        let count = short ? digits.count : digits.count / 2
        var channels: [Double] = []
        for i in 0..<count {
            let shift = UInt64((count - 1 - i) * (short ? 4 : 8))
            let v = short ? (value >> shift) & 0xF : (value >> shift) & 0xFF
            channels.append(Double(short ? v * 17 : v))
        }
        return CSSColor(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] / 255 : 1)
    }

    private static func hsl(_ hue: Double, _ s: Double, _ l: Double, alpha: Double) -> CSSColor {
        let h = (hue.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) / 360
        let sat = min(1, max(0, s)), light = min(1, max(0, l))
        let t2 = light <= 0.5 ? light * (sat + 1) : light + sat - light * sat
        let t1 = light * 2 - t2
        func channel(_ x: Double) -> Double {
            var h = x
            if h < 0 { h += 1 }
            if h > 1 { h -= 1 }
            if h * 6 < 1 { return t1 + (t2 - t1) * h * 6 }
            if h * 2 < 1 { return t2 }
            if h * 3 < 2 { return t1 + (t2 - t1) * (2.0 / 3 - h) * 6 }
            return t1
        }
        return CSSColor(red: channel(h + 1.0 / 3) * 255, green: channel(h) * 255, blue: channel(h - 1.0 / 3) * 255, alpha: alpha)
    }

    static let named: [String: Int] = [
        "aliceblue": 0xf0f8ff, "antiquewhite": 0xfaebd7, "aqua": 0x00ffff, "aquamarine": 0x7fffd4, "azure": 0xf0ffff,
        "beige": 0xf5f5dc, "bisque": 0xffe4c4, "black": 0x000000, "blanchedalmond": 0xffebcd, "blue": 0x0000ff,
        "blueviolet": 0x8a2be2, "brown": 0xa52a2a, "burlywood": 0xdeb887, "cadetblue": 0x5f9ea0, "chartreuse": 0x7fff00,
        "chocolate": 0xd2691e, "coral": 0xff7f50, "cornflowerblue": 0x6495ed, "cornsilk": 0xfff8dc, "crimson": 0xdc143c,
        "cyan": 0x00ffff, "darkblue": 0x00008b, "darkcyan": 0x008b8b, "darkgoldenrod": 0xb8860b, "darkgray": 0xa9a9a9,
        "darkgreen": 0x006400, "darkgrey": 0xa9a9a9, "darkkhaki": 0xbdb76b, "darkmagenta": 0x8b008b, "darkolivegreen": 0x556b2f,
        "darkorange": 0xff8c00, "darkorchid": 0x9932cc, "darkred": 0x8b0000, "darksalmon": 0xe9967a, "darkseagreen": 0x8fbc8f,
        "darkslateblue": 0x483d8b, "darkslategray": 0x2f4f4f, "darkslategrey": 0x2f4f4f, "darkturquoise": 0x00ced1,
        "darkviolet": 0x9400d3, "deeppink": 0xff1493, "deepskyblue": 0x00bfff, "dimgray": 0x696969, "dimgrey": 0x696969,
        "dodgerblue": 0x1e90ff, "firebrick": 0xb22222, "floralwhite": 0xfffaf0, "forestgreen": 0x228b22, "fuchsia": 0xff00ff,
        "gainsboro": 0xdcdcdc, "ghostwhite": 0xf8f8ff, "gold": 0xffd700, "goldenrod": 0xdaa520, "gray": 0x808080,
        "green": 0x008000, "greenyellow": 0xadff2f, "grey": 0x808080, "honeydew": 0xf0fff0, "hotpink": 0xff69b4,
        "indianred": 0xcd5c5c, "indigo": 0x4b0082, "ivory": 0xfffff0, "khaki": 0xf0e68c, "lavender": 0xe6e6fa,
        "lavenderblush": 0xfff0f5, "lawngreen": 0x7cfc00, "lemonchiffon": 0xfffacd, "lightblue": 0xadd8e6,
        "lightcoral": 0xf08080, "lightcyan": 0xe0ffff, "lightgoldenrodyellow": 0xfafad2, "lightgray": 0xd3d3d3,
        "lightgreen": 0x90ee90, "lightgrey": 0xd3d3d3, "lightpink": 0xffb6c1, "lightsalmon": 0xffa07a, "lightseagreen": 0x20b2aa,
        "lightskyblue": 0x87cefa, "lightslategray": 0x778899, "lightslategrey": 0x778899, "lightsteelblue": 0xb0c4de,
        "lightyellow": 0xffffe0, "lime": 0x00ff00, "limegreen": 0x32cd32, "linen": 0xfaf0e6, "magenta": 0xff00ff,
        "maroon": 0x800000, "mediumaquamarine": 0x66cdaa, "mediumblue": 0x0000cd, "mediumorchid": 0xba55d3,
        "mediumpurple": 0x9370db, "mediumseagreen": 0x3cb371, "mediumslateblue": 0x7b68ee, "mediumspringgreen": 0x00fa9a,
        "mediumturquoise": 0x48d1cc, "mediumvioletred": 0xc71585, "midnightblue": 0x191970, "mintcream": 0xf5fffa,
        "mistyrose": 0xffe4e1, "moccasin": 0xffe4b5, "navajowhite": 0xffdead, "navy": 0x000080, "oldlace": 0xfdf5e6,
        "olive": 0x808000, "olivedrab": 0x6b8e23, "orange": 0xffa500, "orangered": 0xff4500, "orchid": 0xda70d6,
        "palegoldenrod": 0xeee8aa, "palegreen": 0x98fb98, "paleturquoise": 0xafeeee, "palevioletred": 0xdb7093,
        "papayawhip": 0xffefd5, "peachpuff": 0xffdab9, "peru": 0xcd853f, "pink": 0xffc0cb, "plum": 0xdda0dd,
        "powderblue": 0xb0e0e6, "purple": 0x800080, "rebeccapurple": 0x663399, "red": 0xff0000, "rosybrown": 0xbc8f8f,
        "royalblue": 0x4169e1, "saddlebrown": 0x8b4513, "salmon": 0xfa8072, "sandybrown": 0xf4a460, "seagreen": 0x2e8b57,
        "seashell": 0xfff5ee, "sienna": 0xa0522d, "silver": 0xc0c0c0, "skyblue": 0x87ceeb, "slateblue": 0x6a5acd,
        "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xfffafa, "springgreen": 0x00ff7f, "steelblue": 0x4682b4,
        "tan": 0xd2b48c, "teal": 0x008080, "thistle": 0xd8bfd8, "tomato": 0xff6347, "turquoise": 0x40e0d0, "violet": 0xee82ee,
        "wheat": 0xf5deb3, "white": 0xffffff, "whitesmoke": 0xf5f5f5, "yellow": 0xffff00, "yellowgreen": 0x9acd32
    ]
}
