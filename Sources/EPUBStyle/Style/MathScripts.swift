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
        // Elements are in document order: a first child comes right after its parent.
        let first = number == parent + 1
        let deeper: Bool
        switch parentName {
        case _ where scripted.contains(parentName): deeper = !first && !isAccent(number, of: parent, parentName, model)
        case "mroot": deeper = !first
        case "mfrac": deeper = isCompact(parent, model)
        default: deeper = false
        }
        if deeper { cascade.addUserAgent("font-size", "71%") }
    }

    /// An accent over or under its base keeps the base's size (MathML Core's user-agent sheet:
    /// `mover[accent="true" i] > :nth-child(2) { font-size: inherit }`, and `accentunder` for the
    /// script under).
    private static func isAccent(_ number: Int, of parent: Int, _ name: String, _ model: ContentDocument) -> Bool {
        func flag(_ attribute: String) -> Bool { model.attribute(parent, attribute)?.lowercased() == "true" }
        // The child's place (1-based), counted by stepping over the subtrees of those before it.
        var place = 1, child = parent + 1
        while child < number {
            child = model.subtreeEnd(of: child)
            place += 1
        }
        switch name {
        case "munder": return place == 2 && flag("accentunder")
        case "mover": return place == 2 && flag("accent")
        case "munderover": return (place == 2 && flag("accentunder")) || (place == 3 && flag("accent"))
        default: return false
        }
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
