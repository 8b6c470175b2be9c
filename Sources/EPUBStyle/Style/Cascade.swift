/// The declarations that reach one element, keeping for each longhand the one that wins: by
/// origin and importance (user-agent normal < user normal < presentational hints < author normal
/// < `style` attribute < author `!important` < `style` `!important` < user `!important` <
/// user-agent `!important`: CSS Cascading and Inheritance 4 § 6.2), then specificity, then order. Logical longhands compete with the physical ones they map to, once
/// the element's writing mode and direction are known.
struct Cascade {
    struct Rank: Comparable {
        var level: Int
        var a: Int, b: Int, c: Int
        var order: Int

        static func < (x: Rank, y: Rank) -> Bool { (x.level, x.a, x.b, x.c, x.order) < (y.level, y.a, y.b, y.c, y.order) }
    }

    private var ranks = [Rank?](repeating: nil, count: StyleSlot.count)
    private var winners = [String?](repeating: nil, count: StyleSlot.count)
    /// The slots offered a value since the last reset, in the order first offered.
    private var touched: [Int] = []
    private var inlineOrder = 0
    private var hintOrder = 0

    /// Empties the cascade for the next element, keeping its storage (a book has a million).
    mutating func reset() {
        for slot in touched {
            ranks[slot] = nil
            winners[slot] = nil
        }
        touched.removeAll(keepingCapacity: true)
        inlineOrder = 0
        hintOrder = 0
    }

    /// The winning value of each slot that has one, by slot: with the parent's style, all that
    /// decides an element's computed style (the key under which it is computed once).
    var winningValues: [Winner] {
        touched.sorted().map { Winner(slot: $0, value: winners[$0] ?? "") }
    }

    /// The value that wins a slot so far; nil when nothing declared it.
    func winner(_ slot: Int) -> String? { winners[slot] }

    struct Winner: Hashable {
        let slot: Int
        let value: String
    }

    /// The slots this cascade keeps (nil: all): a caller that wants one property (`display`, for
    /// what is hidden) ranks only its declarations.
    private(set) var kept: [Bool]?
    /// Whether HTML's presentational hints other than `hidden` can reach a kept longhand.
    private(set) var keepsHints = true

    /// The kept slots as words ("" when all are kept): what a cache of rules for them is keyed by.
    private(set) var keptKey = ""

    /// Ranks only these longhands from now on.
    mutating func keepOnly(_ names: Set<String>) {
        var kept = [Bool](repeating: false, count: StyleSlot.count)
        for name in names { if let slot = StyleSlot.byName[name] { kept[slot] = true } }
        self.kept = kept
        keptKey = kept.indices.filter { kept[$0] }.map(String.init).joined(separator: ",")
        keepsHints = PresentationalHints.otherProperties.contains(where: keeps)
    }

    /// Whether the cascade keeps a longhand (every one when `kept` is nil).
    func keeps(_ name: String) -> Bool {
        guard let kept else { return true }
        return StyleSlot.byName[name].map { kept[$0] } ?? false
    }

    /// Whether the cascade keeps a slot (every one when `kept` is nil).
    func keeps(slot: Int) -> Bool { kept.map { $0.indices.contains(slot) && $0[slot] } ?? true }

    private mutating func offer(_ slot: Int, _ rank: Rank, _ value: String) {
        if let kept, !kept[slot] { return }
        if let current = ranks[slot] {
            if current > rank { return }
        } else {
            touched.append(slot)
        }
        ranks[slot] = rank
        winners[slot] = value
    }

    mutating func add(_ rule: StyleRule) {
        let (a, b, c) = rule.specificity
        for d in rule.declarations {
            offer(d.slot, Rank(level: Self.level(rule.origin, important: d.important), a: a, b: b, c: c, order: rule.order), d.value)
        }
    }

    /// A rule's rank by origin and importance; presentational hints are 2, `style` attributes 4
    /// and 6 (normal and `!important`).
    static func level(_ origin: StyleRule.Origin, important: Bool) -> Int {
        switch origin {
        case .userAgent: return important ? 8 : 0
        case .user: return important ? 7 : 1
        case .author: return important ? 5 : 3
        }
    }

    mutating func addHint(_ name: String, _ value: String) {
        hintOrder += 1
        if let slot = StyleSlot.byName[name] { offer(slot, Rank(level: 2, a: 0, b: 0, c: 0, order: hintOrder), value) }
    }

    /// A user-agent declaration that depends on the element's place, not on a selector (MathML
    /// script levels): after every user-agent rule, below every author one.
    mutating func addUserAgent(_ name: String, _ value: String) {
        if let slot = StyleSlot.byName[name] { offer(slot, Rank(level: 0, a: Int.max, b: 0, c: 0, order: 0), value) }
    }

    mutating func addInline(_ declarations: [StyleRule.Declaration]) {
        for d in declarations {
            inlineOrder += 1
            offer(d.slot, Rank(level: d.important ? 6 : 4, a: 0, b: 0, c: 0, order: inlineOrder), d.value)
        }
    }

    /// The cascaded value of each property of `StyleProperty.all` (nil: none declared).
    func values(parent: ComputedStyle?) -> [String?] {
        var values = Array(winners[0..<StyleSlot.physicalCount])
        guard winners[StyleSlot.physicalCount...].contains(where: { $0 != nil }) else { return values }
        var physicalRanks = Array(ranks[0..<StyleSlot.physicalCount])
        let mode = keyword(StyleProperty.index["writing-mode"] ?? 0, parent: parent, initial: "horizontal-tb")
        let rtl = keyword(StyleProperty.index["direction"] ?? 0, parent: parent, initial: "ltr") == "rtl"
        let targets = StyleSlot.mapped[StyleSlot.modeCase(mode, rtl: rtl)]
        for k in 0..<StyleSlot.logical.count {
            let slot = StyleSlot.physicalCount + k
            guard let value = winners[slot], let rank = ranks[slot] else { continue }
            let target = targets[k]
            if let current = physicalRanks[target], current > rank { continue }
            physicalRanks[target] = rank
            values[target] = value
        }
        return values
    }

    /// A keyword property's computed value, needed before the rest (writing mode, direction).
    private func keyword(_ slot: Int, parent: ComputedStyle?, initial: String) -> String {
        let inherited = parent?.values[slot] ?? initial
        guard let value = winners[slot] else { return inherited }
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
