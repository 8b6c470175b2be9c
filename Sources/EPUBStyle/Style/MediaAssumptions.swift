/// What a reading system's screen is taken to be when `@media` and `@supports` are evaluated: a
/// colour screen of 768 × 1024 CSS pixels at 1 dppx (a portrait tablet, its page filling the
/// screen), light colour scheme, no hover and no pointer (as headless Chromium reports), scripting
/// enabled, a 16 px default font (13 px for `monospace`); `MediaFeature` lists every feature's value. `scripts/style-check` opens Chromium with the same viewport
/// (and with `--viewport WxH` the one `export --viewport` sets).
package enum MediaAssumptions {
    /// The screen's size in CSS pixels: 768 × 1024 unless a command sets another (`export
    /// --viewport`) once, before it reads any book: style sheets evaluate their `@media` rules as
    /// they are read, so the size must not change while a session lives.
    nonisolated(unsafe) private static var screen = (width: 768.0, height: 1024.0)
    package static var width: Double { screen.width }
    package static var height: Double { screen.height }

    /// The default screen, which the accessibility checker and the contract always use.
    package static let defaultSize = (width: 768.0, height: 1024.0)

    /// Sets the screen for this process (a reading system's viewport); call before any book is read.
    package static func use(width: Double, height: Double) {
        screen = (width, height)
    }

    /// The reading system's default font size in px, what `medium` is (a browser's "font size"
    /// setting, Chromium's `default_font_size` preference): 16 unless a command sets another
    /// (`export --font-size`) once, before it reads any book. `em` in media queries and the root's
    /// `rem` are taken from it.
    nonisolated(unsafe) private(set) package static var fontSize = 16.0
    /// The default size of the generic `monospace` family (Chromium's `default_fixed_font_size`),
    /// which a font size setting leaves alone, as a browser's does.
    package static let monospaceFontSize = 13.0

    /// Sets the default font size for this process; call before any book is read.
    package static func use(fontSize: Double) {
        self.fontSize = fontSize
        ComputedStyle.initial = ComputedStyle.makeInitial()
    }

    /// Whether a media query list (`screen and (min-width: 600px), print`) matches this screen:
    /// `MediaQuery`, the one evaluator.
    package static func matches(_ list: String) -> Bool { MediaQuery.matches(list) }

    /// Whether an `@supports` condition holds: a declaration is supported when it is one this
    /// engine reads and its value is valid, or a property it does not compute (most of CSS, which
    /// the browser supports); vendor prefixes other than `-webkit-` are not.
    package static func supports(_ condition: String) -> Bool {
        var text = condition.trimmingXMLWhitespace().lowercased()
        if text.hasPrefix("not ") || text.hasPrefix("not(") {
            text.removeFirst(3)
            return !supports(text)
        }
        if let or = text.range(of: ") or (") {
            return supports(String(text[..<or.lowerBound]) + ")") || supports("(" + String(text[or.upperBound...]))
        }
        if let and = text.range(of: ") and (") {
            return supports(String(text[..<and.lowerBound]) + ")") && supports("(" + String(text[and.upperBound...]))
        }
        while text.hasPrefix("("), text.hasSuffix(")") { text = String(text.dropFirst().dropLast()).trimmingXMLWhitespace() }
        if text.hasPrefix("selector") { return true }
        let parts = text.split(separator: ":", maxSplits: 1).map { $0.trimmingXMLWhitespace() }
        guard parts.count == 2 else { return false }
        let name = StyleDeclarations.alias(parts[0])
        if name.hasPrefix("-") && !name.hasPrefix("-webkit-") { return false }
        let known = StyleProperty.index[StyleDeclarations.physicalKind(of: name)] != nil || StyleDeclarations.longhands(of: name) != [name]
        return known ? !StyleDeclarations.expand(name, parts[1]).isEmpty : true
    }
}
