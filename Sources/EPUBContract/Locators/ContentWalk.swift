import EPUBDocument
import EPUBMessages

/// The steps of a CFI inside one spine item (after its `!`), walked through the item's model:
/// even steps to element children (0 and n+2 the virtual ones before and after them), an odd
/// step to a chunk of character data, the character offset through the layout's chunk map.
struct ContentWalk {
    struct Target {
        var offset: Int
        var notes: [MessageText] = []
        var corrected = false
    }

    let item: CFILocator.Item
    let locator: CFILocator

    private var model: ContentDocument { item.model }

    func walk(_ steps: [CFI.Step], offset: CFI.Offset?, more: Bool) throws(CFILocator.Failure) -> Target {
        guard !model.elements.isEmpty else { return Target(offset: 0) }
        var element = 0
        var notes: [MessageText] = []
        var corrected = false
        for (number, step) in steps.enumerated() {
            let last = number == steps.count - 1
            let children = item.children[element]
            if !step.isElement {
                guard last else { throw CFILocator.Failure(text: .locateTextStepNotLast(step.index)) }
                guard step.index <= 2 * children.count + 1 else {
                    throw CFILocator.Failure(text: .locateStepOutOfRange(step.index, model.elements[element].localName, children.count))
                }
                var target = try chunk(element, step.index, children, offset: offset)
                target.notes = notes + target.notes
                target.corrected = corrected
                return target
            }
            if step.index == 0 || step.index == 2 * children.count + 2 {
                guard last else { throw CFILocator.Failure(text: .locateStepOutOfRange(step.index, model.elements[element].localName, children.count)) }
                var target = step.index == 0 ? start(of: element) : contentEnd(of: element, children)
                target.notes = notes + target.notes
                target.corrected = corrected
                return target
            }
            guard step.index / 2 <= children.count else {
                throw CFILocator.Failure(text: .locateStepOutOfRange(step.index, model.elements[element].localName, children.count))
            }
            var child = children[step.index / 2 - 1]
            if let id = step.assertion?.id, model.id(of: child) != id {
                guard let moved = model.element(id: id) else { throw CFILocator.Failure(text: .locateIDMissing(id, step.index)) }
                child = moved
                corrected = true
                notes.append(.locateNoteCorrectedID(step.index, id))
            }
            element = child
        }
        var target = start(of: element)
        if more {
            let reference = model.attribute(element, "src") ?? model.attribute(element, "data")
                ?? LibXMLNode.attribute(model.elements[element].node, "href", namespace: "http://www.w3.org/1999/xlink") ?? ""
            target.notes.append(.locateNoteEmbedded(reference, model.elements[element].localName))
        }
        target.notes = notes + target.notes
        target.corrected = corrected
        return target
    }

    /// A point in a chunk of character data (an odd step), `:0` when no offset is given.
    private func chunk(_ element: Int, _ index: Int, _ children: [Int], offset: CFI.Offset?) throws(CFILocator.Failure) -> Target {
        var raw = 0
        if case .character(let n)? = offset { raw = n }
        if let outside = notLaidOut(element) {
            var target = start(of: element)
            target.notes.append(.locateNoteNotLaidOut(model.elements[outside].localName))
            return target
        }
        guard let chunk = item.chunks.chunk(element: element, index: index) else {
            // No character data there at all: the place between the element children around it.
            guard raw == 0 else { throw CFILocator.Failure(text: .locatePastEnd(raw, 0)) }
            return index == 1 ? start(of: element) : end(of: children[index / 2 - 1])
        }
        let length = item.chunks.chunks[chunk].length
        guard raw <= length else { throw CFILocator.Failure(text: .locatePastEnd(raw, length)) }
        return Target(offset: item.chunks.textOffset(chunk: chunk, raw: raw))
    }

    /// The element or ancestor whose content the layout does not walk (head, scripts, styles,
    /// media and their fallbacks, ruby annotations, page-break markers, which are places, not
    /// text); nil when its text is laid out.
    private func notLaidOut(_ element: Int) -> Int? {
        var current: Int? = element
        var found: Int?
        while let e = current {
            let name = model.elements[e].localName
            if TextLayout.skipped.contains(name) || TextLayout.media.contains(name) || name == "rt" || model.isPageBreak(e) { found = e }
            current = model.elements[e].parent
        }
        return found
    }

    /// Where an element's content starts; for one not laid out, where it stands (after the last
    /// laid-out element before it, or at the start of its laid-out ancestor).
    private func start(of element: Int) -> Target {
        if let range = item.text.elementRanges[element] { return Target(offset: range.lowerBound) }
        return Target(offset: standing(element), notes: [.locateNoteNotLaidOut(model.elements[element].localName)])
    }

    private func end(of element: Int) -> Target {
        if let range = item.text.elementRanges[element] { return Target(offset: range.upperBound) }
        return Target(offset: standing(element), notes: [.locateNoteNotLaidOut(model.elements[element].localName)])
    }

    /// After the last character data of an element (the virtual n+2 step): before the line
    /// break that ends a block, which belongs to no chunk.
    private func contentEnd(of element: Int, _ children: [Int]) -> Target {
        // After everything in the root is the end of the text (past the last line break).
        if model.elements[element].parent == nil { return Target(offset: item.text.length) }
        if let outside = notLaidOut(element) {
            // A drawing or media object laid out whole (an SVG document's root): after its object.
            if outside == element, let range = item.text.elementRanges[element] { return Target(offset: range.upperBound) }
            return start(of: element)
        }
        if let chunk = item.chunks.chunk(element: element, index: 2 * children.count + 1) {
            return Target(offset: item.chunks.chunks[chunk].end)
        }
        if let last = children.last { return end(of: last) }
        return start(of: element)
    }

    private func standing(_ element: Int) -> Int {
        var ancestors: Set<Int> = []
        var current = model.elements[element].parent
        while let e = current {
            ancestors.insert(e)
            current = model.elements[e].parent
        }
        var e = element - 1
        while e >= 0 {
            if let range = item.text.elementRanges[e] { return ancestors.contains(e) ? range.lowerBound : range.upperBound }
            e -= 1
        }
        return 0
    }
}
