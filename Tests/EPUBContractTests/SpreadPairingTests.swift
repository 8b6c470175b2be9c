@testable import EPUBContract
@testable import EPUBDocument
@testable import EPUBStyle
import Foundation
import Testing

struct SpreadPairingTests {
    /// Compact page description: `f` fixed, `r` reflowable, then `L`/`R`/`C` page-spread, `N` spread none, `-` non-linear.
    private func pages(_ spec: [String]) -> [SpreadPairing.Page] {
        spec.enumerated().map { i, s in
            SpreadPairing.Page(index: i, linear: !s.contains("-"), layout: s.hasPrefix("r") ? .reflowable : .prePaginated,
                               spread: s.contains("N") ? Spread.none : .auto,
                               pageSpread: s.contains("L") ? .left : s.contains("R") ? .right : s.contains("C") ? .center : nil)
        }
    }

    /// Compact groups: `C0` alone in the centre, `2|1` left|right, `_|3` a blank left slot.
    private func describe(_ groups: [SpreadGroup]) -> [String] {
        groups.map { g in
            if let c = g.center { return "C\(c)" }
            return "\(g.left.map(String.init) ?? "_")|\(g.right.map(String.init) ?? "_")"
        }
    }

    @Test(arguments: [
        // ltr: the cover alone, then pairs left|right, a trailing odd page alone on the left.
        (["f", "f", "f", "f"], "ltr", ["C0", "1|2", "3|_"]),
        // rtl manga: pairs read right to left.
        (["f", "f", "f", "f", "f"], "rtl", ["C0", "2|1", "4|3"]),
        // A cover that names its side takes part.
        (["fR", "f", "f"], "ltr", ["_|0", "1|2"]),
        (["fL", "f", "f"], "rtl", ["0|_", "2|1"]),
        // Centre plates and spread none stand alone and restart the slots.
        (["f", "f", "fC", "f", "f"], "ltr", ["C0", "1|_", "C2", "3|4"]),
        (["f", "f", "fN", "f"], "ltr", ["C0", "1|_", "C2", "3|_"]),
        // Explicit runs: a leading side closes the pending page; a trailing side with nothing pending stands alone.
        (["f", "fL", "fR", "fR", "fL", "fL"], "ltr", ["C0", "1|2", "_|3", "4|_", "5|_"]),
        (["f", "fR", "fR", "fL"], "rtl", ["C0", "_|1", "3|2"]),
        // Reflowable items stand alone; non-linear items are left out.
        (["f", "f", "r", "f", "f-", "f"], "ltr", ["C0", "1|_", "C2", "3|5"]),
        // A single page.
        (["f"], "ltr", ["C0"]),
        ([], "ltr", []),
    ] as [([String], String, [String])])
    func table(spec: [String], direction: String, expected: [String]) {
        let groups = SpreadPairing.pair(pages(spec), direction: direction == "rtl" ? .rtl : .ltr)
        #expect(describe(groups) == expected)
        #expect(groups.flatMap(\.indices).sorted() == pages(spec).filter(\.linear).map(\.index))
    }

    @Test func tenThousandPagesInLinearTime() {
        let many = (0..<10_000).map { SpreadPairing.Page(index: $0, linear: true, layout: .prePaginated, spread: .auto, pageSpread: nil) }
        let start = Date()
        let groups = SpreadPairing.pair(many, direction: .rtl)
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(groups.count == 5001)
        #expect(groups[1] == SpreadGroup(indices: [1, 2], left: 2, right: 1, center: nil))
        #expect(groups.last == SpreadGroup(indices: [9999], left: nil, right: 9999, center: nil))
    }
}
