/// Where a longhand sits in the cascade: the physical properties of `StyleProperty.all` by their
/// index, then the logical ones (`margin-block-start` …), which become a physical slot once the
/// element's writing mode and direction are known. Integers, so that the cascade of each element
/// compares and stores without hashing names.
enum StyleSlot {
    static let physicalCount = StyleProperty.all.count
    /// The logical longhands, each as its name's parts around the side: (`margin-`, side, ``).
    static let logical: [(prefix: String, side: Int, suffix: String)] = {
        var out: [(String, Int, String)] = []
        for box in ["margin-", "padding-"] {
            for side in 0..<4 { out.append((box, side, "")) }
        }
        for part in ["-width", "-style", "-color"] {
            for side in 0..<4 { out.append(("border-", side, part)) }
        }
        return out
    }()
    static let logicalSides = ["block-start", "block-end", "inline-start", "inline-end"]
    static let count = physicalCount + logical.count

    /// The longhand names of the slots marked in `kept`.
    static func names(_ kept: [Bool]) -> [String] {
        byName.filter { kept.indices.contains($0.value) && kept[$0.value] }.map(\.key)
    }

    /// Slot of a longhand name; nil for one we do not compute.
    static let byName: [String: Int] = {
        var out = StyleProperty.index
        for (k, l) in logical.enumerated() { out[l.prefix + logicalSides[l.side] + l.suffix] = physicalCount + k }
        return out
    }()

    /// For each writing-mode/direction case (horizontal ltr, horizontal rtl, vertical-rl ltr/rtl,
    /// vertical-lr ltr/rtl), the physical slot of each logical one.
    static let mapped: [[Int]] = {
        let modes = [("horizontal-tb", false), ("horizontal-tb", true), ("vertical-rl", false), ("vertical-rl", true),
                     ("vertical-lr", false), ("vertical-lr", true)]
        return modes.map { mode, rtl in
            logical.map { l in
                let name = l.prefix + logicalSides[l.side] + l.suffix
                return Cascade.physical(name, mode: mode, rtl: rtl).flatMap { StyleProperty.index[$0] } ?? 0
            }
        }
    }()

    static func modeCase(_ mode: String, rtl: Bool) -> Int {
        let base: Int
        switch mode {
        case "vertical-rl", "sideways-rl": base = 2
        case "vertical-lr", "sideways-lr": base = 4
        default: base = 0
        }
        return base + (rtl ? 1 : 0)
    }
}
