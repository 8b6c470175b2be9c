/// Groups linear spine items into the spreads a two-page display shows, as a pure function of the
/// spine's effective rendition and the reading direction. Linear time.
package enum SpreadPairing {
    package struct Page: Sendable, Equatable {
        package var index: Int
        package var linear: Bool
        package var layout: Layout
        package var spread: Spread
        package var pageSpread: PageSpread?

        package init(index: Int, linear: Bool, layout: Layout, spread: Spread, pageSpread: PageSpread?) {
            self.index = index
            self.linear = linear
            self.layout = layout
            self.spread = spread
            self.pageSpread = pageSpread
        }
    }

    package static func pair(_ pages: [Page], direction: InferredPresentation.Direction) -> [SpreadGroup] {
        let leading: PageSpread = direction == .rtl ? .right : .left
        let trailing: PageSpread = direction == .rtl ? .left : .right
        var groups: [SpreadGroup] = []
        var pending: Int?
        func group(_ slots: [(Int, PageSpread)]) -> SpreadGroup {
            var g = SpreadGroup(indices: slots.map(\.0), left: nil, right: nil, center: nil)
            for (index, side) in slots {
                if side == .left { g.left = index } else { g.right = index }
            }
            g.indices.sort()
            return g
        }
        func flush() {
            if let p = pending { groups.append(group([(p, leading)])) }
            pending = nil
        }
        var first = true
        for page in pages where page.linear {
            defer { first = false }
            let alone = page.layout != .prePaginated || page.spread == .none || page.pageSpread == .center
                || (first && page.pageSpread == nil)
            if alone {
                flush()
                groups.append(SpreadGroup(indices: [page.index], left: nil, right: nil, center: page.index))
                continue
            }
            switch page.pageSpread {
            case .some(let side) where side == leading:
                flush()
                pending = page.index
            case .some(let side) where side == trailing:
                if let p = pending {
                    groups.append(group([(p, leading), (page.index, trailing)]))
                    pending = nil
                } else {
                    groups.append(group([(page.index, trailing)]))
                }
            default:
                if let p = pending {
                    groups.append(group([(p, leading), (page.index, trailing)]))
                    pending = nil
                } else {
                    pending = page.index
                }
            }
        }
        flush()
        return groups
    }
}
