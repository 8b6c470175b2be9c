/// The declarations that reach one element, keeping for each longhand the one that wins: by
/// origin and importance (user-agent normal < presentational hints < author normal < `style`
/// attribute < author `!important` < `style` `!important` < user-agent `!important`), then
/// specificity, then order. Logical longhands compete with the physical ones they map to, once
/// the element's writing mode and direction are known.
struct Cascade {
    struct Rank: Comparable {
        var level: Int
        var a: Int, b: Int, c: Int
        var order: Int

        static func < (x: Rank, y: Rank) -> Bool { (x.level, x.a, x.b, x.c, x.order) < (y.level, y.a, y.b, y.c, y.order) }
    }

    private var winners: [String: (rank: Rank, value: String)] = [:]
    private var inlineOrder = 0
    private var hintOrder = 0

    private mutating func offer(_ name: String, _ rank: Rank, _ value: String) {
        if let current = winners[name], current.rank > rank { return }
        winners[name] = (rank, value)
    }

    mutating func add(_ rule: StyleRule) {
        let (a, b, c) = rule.specificity
        for d in rule.declarations {
            let level = rule.origin == .userAgent ? (d.important ? 6 : 0) : (d.important ? 4 : 2)
            offer(d.name, Rank(level: level, a: a, b: b, c: c, order: rule.order), d.value)
        }
    }

    mutating func addHint(_ name: String, _ value: String) {
        hintOrder += 1
        offer(name, Rank(level: 1, a: 0, b: 0, c: 0, order: hintOrder), value)
    }

    mutating func addInline(_ declarations: [StyleRule.Declaration]) {
        for d in declarations {
            inlineOrder += 1
            offer(d.name, Rank(level: d.important ? 5 : 3, a: 0, b: 0, c: 0, order: inlineOrder), d.value)
        }
    }

    /// The cascaded value of each property of `StyleProperty.all` (nil: none declared).
    func values(parent: ComputedStyle?) -> [String?] {
        var physical = winners
        let mode = keyword("writing-mode", parent: parent, initial: "horizontal-tb")
        let rtl = keyword("direction", parent: parent, initial: "ltr") == "rtl"
        for (name, winner) in winners where name.contains("block-") || name.contains("inline-") {
            guard let target = Self.physical(name, mode: mode, rtl: rtl) else { continue }
            if let current = physical[target], current.rank > winner.rank { continue }
            physical[target] = winner
        }
        return StyleProperty.all.map { physical[$0.name]?.value }
    }

    /// A keyword property's computed value, needed before the rest (writing mode, direction).
    private func keyword(_ name: String, parent: ComputedStyle?, initial: String) -> String {
        let inherited = parent?[name] ?? initial
        guard let value = winners[name]?.value else { return inherited }
        switch value {
        case "inherit", "unset", "revert": return inherited
        case "initial": return initial
        case "lr", "lr-tb", "rl", "rl-tb": return "horizontal-tb"
        case "tb", "tb-rl": return "vertical-rl"
        default: return value
        }
    }

    /// The physical longhand a logical one is, for a writing mode and direction (CSS Logical
    /// Properties 1 § 4): `margin-block-start` is `margin-top` in horizontal text, `margin-right`
    /// in `vertical-rl`.
    static func physical(_ name: String, mode: String, rtl: Bool) -> String? {
        let horizontal = mode == "horizontal-tb"
        let blockStart = horizontal ? "top" : (mode == "vertical-rl" || mode == "sideways-rl") ? "right" : "left"
        let blockEnd = horizontal ? "bottom" : blockStart == "right" ? "left" : "right"
        let inlineStart = horizontal ? (rtl ? "right" : "left") : (rtl ? "bottom" : "top")
        let inlineEnd = horizontal ? (rtl ? "left" : "right") : (rtl ? "top" : "bottom")
        for (logical, side) in [("block-start", blockStart), ("block-end", blockEnd), ("inline-start", inlineStart), ("inline-end", inlineEnd)]
        where name.contains(logical) {
            return name.replacingOccurrences(of: logical, with: side)
        }
        return nil
    }
}
