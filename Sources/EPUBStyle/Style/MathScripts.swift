/// MathML Core's script levels (`math-depth`): the scripts of `msub`, `msup`, `msubsup`,
/// `munder`, `mover`, `munderover` and `mmultiscripts`, the index of `mroot`, and the parts of an
/// `mfrac` in compact (inline) math are one level deeper, and each level is 0.71 times the size
/// of the one above (the scale a math font's table gives by default, as Chromium uses it). At
/// user-agent level: an author's `font-size` wins.
enum MathScripts {
    static let scripted: Set<String> = ["msub", "msup", "msubsup", "munder", "mover", "munderover", "mmultiscripts"]

    static let fontSizeSlot = StyleSlot.byName["font-size"] ?? -1

    static func add(_ number: Int, _ model: ContentDocument, to cascade: inout Cascade) {
        guard model.elements[number].namespace == .mathml, cascade.keeps(slot: fontSizeSlot), let parent = model.elements[number].parent,
              model.elements[parent].namespace == .mathml else { return }
        let parentName = model.elements[parent].localName
        let first = model.children(of: parent).first == number
        let deeper: Bool
        switch parentName {
        case _ where scripted.contains(parentName): deeper = !first
        case "mroot": deeper = !first
        case "mfrac": deeper = isCompact(parent, model)
        default: deeper = false
        }
        if deeper { cascade.addUserAgent("font-size", "71%") }
    }

    /// Inline math, or inside a table, lays fractions out compact.
    private static func isCompact(_ number: Int, _ model: ContentDocument) -> Bool {
        var current: Int? = number
        while let c = current {
            let name = model.elements[c].localName
            if name == "mtable" { return true }
            if name == "math" { return model.attribute(c, "display")?.lowercased() != "block" }
            current = model.elements[c].parent
        }
        return true
    }
}
