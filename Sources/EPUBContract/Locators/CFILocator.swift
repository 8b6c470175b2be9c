import CLibXML2
import EPUBDocument
import EPUBMessages
import Foundation

/// Turns EPUB CFIs into places in a publication's addressable texts and back (EPUB CFI 1.1 §3):
/// package steps through the spine of the session's package document, an indirection into the
/// spine item, element and character-data steps through the item's own tree (the session's,
/// never re-parsed), character offsets through the layout's chunk map. Id and text assertions are
/// checked, and a place they no longer hold for is found again by them (§3.6), with a note.
///
/// Each spine item's layout is made once and kept while the locator lives.
public final class CFILocator {
    /// Why a CFI leads nowhere: the message names the step or the text that failed.
    public struct Failure: UserFacingError, Sendable, Equatable, CustomStringConvertible {
        public let text: MessageText
        public var description: String { text.rendered() }
    }

    /// One spine item's tree model, text and chunk map.
    struct Item {
        let model: ContentDocument
        let text: AddressableText
        let chunks: TextChunkMap
        /// The text as UTF-16 units, for slices and text assertions.
        let units: [UInt16]
        /// Each element's element children, in order (steps index them; one pass, not a scan a step).
        let children: [[Int]]
    }

    let session: PublicationSession
    private var items: [Int: Item?] = [:]
    /// The spine's steps from the package element (`/6`), and each itemref's step and id.
    private var spineSteps: [CFI.Step] = []
    private var itemrefSteps: [CFI.Step] = []
    private var itemrefNodes: [xmlNodePtr] = []
    /// The package element of the session's package document; nil when it could not be read.
    private var packageRoot: XMLElement? { packageTree?.root }
    private let packageTree: XMLDocument?
    /// Readium's positions list and each spine index's range of positions, made on first use.
    lazy var positions: (list: PositionList, ranges: [Int: SpineEntry.Positions]) = ContractBuilder.positionsWithRanges(session)

    public init(session: PublicationSession) {
        self.session = session
        packageTree = session.containerDocument.packagePath.flatMap { session.xml(at: $0)?.document }
        readSpine()
    }

    /// The spine's path in the package document and each itemref's step, read once.
    private func readSpine() {
        guard let root = packageRoot else { return }
        for (place, child) in root.children.enumerated() where child.name == "spine" {
            spineSteps = [CFI.Step(2 * (place + 1), assertion: Self.idAssertion(child))]
            for (place, ref) in child.children.enumerated() where ref.name == "itemref" {
                itemrefSteps.append(CFI.Step(2 * (place + 1), assertion: Self.idAssertion(ref)))
                itemrefNodes.append(ref.node)
            }
            return
        }
    }

    // MARK: CFI to place

    /// The place a CFI names: its start, and for a range its end too.
    public func resolve(_ cfi: CFI) throws(Failure) -> CFILocation {
        var location = try resolve(path: cfi.start)
        if cfi.range != nil {
            let end = try resolve(path: cfi.end)
            location.end = end.spineIndex == location.spineIndex ? max(end.offset, location.offset) : location.length
            location.notes += end.notes
            location.corrected = location.corrected || end.corrected
        }
        // A CFI that held is given back as written (canonically printed); a corrected one is
        // made anew for the place it was found at.
        location.cfi = location.corrected
            ? location.end.map { cfiRange(spineIndex: location.spineIndex, location.offset..<$0) } ?? self.cfi(spineIndex: location.spineIndex, offset: location.offset)
            : cfi
        return location
    }

    private func resolve(path: CFI.Path) throws(Failure) -> CFILocation {
        guard let root = packageRoot else { throw Failure(text: .locatePackageUnreadable) }
        let packageSteps = path.segments.first ?? []
        var notes: [MessageText] = []
        var corrected = false
        var node = root
        for step in packageSteps {
            node = try packageChild(of: node, step, corrected: &corrected, notes: &notes)
        }
        guard let spineIndex = itemrefNodes.firstIndex(of: node.node) else {
            throw Failure(text: .locateNotItemref(node.name))
        }
        let entry = try spineEntry(spineIndex)
        guard let item = item(spineIndex) else {
            // A spine item that is no document (an image page): its start, and what the CFI says in it.
            guard !ManifestItem.isContentDocument(entry.mediaType) else { throw Failure(text: .locateDocumentUnreadable(entry.href)) }
            var location = CFILocation(spineIndex: spineIndex, href: entry.href, mediaType: entry.mediaType, offset: 0, length: 0)
            if case .character = path.offset {} else { location.mediaOffset = path.offset }
            location.notes = notes
            location.corrected = corrected
            return location
        }
        var location = CFILocation(spineIndex: spineIndex, href: entry.href, mediaType: entry.mediaType, offset: 0, length: item.text.length)
        if path.segments.count < 2 {
            location.notes = notes + [.locateNoteItemStart]
            return location
        }
        var target = try ContentWalk(item: item, locator: self).walk(path.segments[1], offset: path.offset, more: path.segments.count > 2)
        target.notes = notes + target.notes
        location.offset = target.offset
        location.notes = target.notes
        location.corrected = corrected || target.corrected
        location.side = path.offsetAssertion?.side ?? path.segments.last?.last?.assertion?.side
        if case .character = path.offset {} else { location.mediaOffset = path.offset }
        if let assertion = path.offsetAssertion, assertion.textBefore != nil || assertion.textAfter != nil {
            try checkText(assertion, item: item, location: &location)
        }
        return location
    }

    /// The element a package step names, checked against its id assertion (and found by it when moved).
    private func packageChild(of node: XMLElement, _ step: CFI.Step, corrected: inout Bool, notes: inout [MessageText]) throws(Failure) -> XMLElement {
        let children = node.children
        guard step.isElement, step.index >= 2, step.index / 2 <= children.count else {
            throw Failure(text: .locateStepOutOfRange(step.index, node.name, children.count))
        }
        let child = children[step.index / 2 - 1]
        guard let id = step.assertion?.id, child.attribute("id") != id else { return child }
        guard let moved = children.first(where: { $0.attribute("id") == id }) else {
            throw Failure(text: .locateIDMissing(id, step.index))
        }
        corrected = true
        notes.append(.locateNoteCorrectedID(step.index, id))
        return moved
    }

    /// A text assertion checked at the place, whitespace collapsed as the spec says; a place it no
    /// longer holds for is looked for in the item, nearest first.
    private func checkText(_ assertion: CFI.Assertion, item: Item, location: inout CFILocation) throws(Failure) {
        let before = Self.collapsed(assertion.textBefore ?? ""), after = Self.collapsed(assertion.textAfter ?? "")
        let units = item.units
        if TextQuote.holds(units, at: location.offset, before: before, after: after) { return }
        guard let found = TextQuote.nearest(units, to: location.offset, before: before, after: after) else {
            throw Failure(text: .locateTextMissing(assertion.textBefore ?? "", assertion.textAfter ?? "", location.href))
        }
        location.offset = found
        location.corrected = true
        location.notes.append(.locateNoteCorrectedText)
    }

    /// Text as assertions and quotes are matched: whitespace collapsed (§3.1.8), in UTF-16 units.
    static func collapsed(_ text: String) -> [UInt16] {
        Array(text.collapsingXMLWhitespace().utf16)
    }

    // MARK: place to CFI

    /// The canonical CFI of a point in a spine item's text; nil outside the spine or the text.
    public func cfi(spineIndex: Int, offset: Int) -> CFI? {
        guard spineIndex < itemrefSteps.count else { return nil }
        let prefix = spineSteps + [itemrefSteps[spineIndex]]
        // An image page has no text: the itemref names it.
        if offset == 0, let entry = try? spineEntry(spineIndex), !ManifestItem.isContentDocument(entry.mediaType) { return CFI(path: CFI.Path(segments: [prefix])) }
        guard let item = item(spineIndex), offset >= 0, offset <= item.text.length else { return nil }
        for kind in Candidate.allCases {
            guard let candidate = candidate(kind, item, offset) else { continue }
            if let walked = try? ContentWalk(item: item, locator: self).walk(candidate.steps, offset: candidate.offset, more: false),
               walked.offset == offset, walked.notes.isEmpty {
                return CFI(path: CFI.Path(segments: [prefix, candidate.steps], offset: candidate.offset))
            }
        }
        return nil
    }

    /// The canonical CFI of an element of a spine item (`/6/4[ref]!/4[body]/10[para05]`).
    public func cfi(spineIndex: Int, element: Int) -> CFI? {
        guard let item = item(spineIndex), item.model.elements.indices.contains(element), spineIndex < itemrefSteps.count else { return nil }
        return CFI(path: CFI.Path(segments: [spineSteps + [itemrefSteps[spineIndex]], steps(to: element, in: item.model)]))
    }

    /// A range in one spine item, with the deepest common parent path (§3.4).
    public func cfiRange(spineIndex: Int, _ range: Range<Int>) -> CFI? {
        guard let start = cfi(spineIndex: spineIndex, offset: range.lowerBound), let end = cfi(spineIndex: spineIndex, offset: range.upperBound) else { return nil }
        let a = start.path.segments[1], b = end.path.segments[1]
        var common = 0
        while common < a.count - 1, common < b.count - 1, a[common] == b[common] { common += 1 }
        let parent = CFI.Path(segments: [start.path.segments[0], Array(a[..<common])])
        return CFI(path: parent, range: (CFI.Path(segments: [Array(a[common...])], offset: start.path.offset),
                                        CFI.Path(segments: [Array(b[common...])], offset: end.path.offset)))
    }

    /// Paths that may name a point, best first: the character there, the end of the character
    /// before, the element that starts there, the text after the element that ends there.
    private enum Candidate: CaseIterable {
        case characterAt, afterCharacter, elementStart, afterElement, rootStart, rootEnd
    }

    private func candidate(_ kind: Candidate, _ item: Item, _ offset: Int) -> (steps: [CFI.Step], offset: CFI.Offset?)? {
        func chunkPath(_ chunk: Int, _ raw: Int) -> ([CFI.Step], CFI.Offset?) {
            let c = item.chunks.chunks[chunk]
            return (steps(to: c.element, in: item.model) + [CFI.Step(c.index)], .character(raw))
        }
        let ranges = item.text.elementRanges
        switch kind {
        case .characterAt:
            return item.chunks.unit(atText: offset).map { chunkPath($0.chunk, $0.raw) }
        case .afterCharacter:
            return item.chunks.unit(before: offset).map { chunkPath($0.chunk, $0.rawAfter) }
        case .elementStart:
            return ranges.indices.last(where: { $0 > 0 && ranges[$0]?.lowerBound == offset }).map { (steps(to: $0, in: item.model), nil) }
        case .rootStart:
            // The root's own start and end are its virtual first and last steps (§3.1.1: 0 and n+2).
            return ([CFI.Step(0)], nil)
        case .rootEnd:
            return item.children.isEmpty ? nil : ([CFI.Step(2 * item.children[0].count + 2)], nil)
        case .afterElement:
            guard let element = ranges.indices.last(where: { ranges[$0]?.upperBound == offset }),
                  let parent = item.model.elements[element].parent else { return nil }
            let step = Int(item.model.elements[element].step)
            return (steps(to: parent, in: item.model) + [CFI.Step(step + 1)], .character(0))
        }
    }

    /// Element steps from the document's root to an element, each with the element's id asserted.
    func steps(to element: Int, in model: ContentDocument) -> [CFI.Step] {
        model.cfiChain(to: element).map { CFI.Step(Int(model.elements[$0].step), assertion: model.id(of: $0).map { CFI.Assertion(values: [$0]) }) }
    }

    // MARK: items

    func spineEntry(_ index: Int) throws(Failure) -> (href: String, mediaType: String) {
        let spine = session.package.spine
        guard spine.indices.contains(index), let item = session.package.item(id: spine[index].idref), let path = item.path else {
            throw Failure(text: .locateSpineOutside(spine.count, index))
        }
        return (path, item.mediaType)
    }

    /// A spine item's model, text and chunk map, made once.
    func item(_ index: Int) -> Item? {
        if let cached = items[index] { return cached }
        var made: Item?
        if let entry = try? spineEntry(index), ManifestItem.isContentDocument(entry.mediaType), let model = session.contentDocument(at: entry.href) {
            let laid = TextLayout.textWithChunks(of: model, language: session.metadata.languages.first)
            var children = [[Int]](repeating: [], count: model.elements.count)
            for number in model.elements.indices { if let parent = model.elements[number].parent { children[parent].append(number) } }
            made = Item(model: model, text: laid.text, chunks: laid.chunks, units: Array(laid.text.text.utf16), children: children)
        }
        items[index] = made
        return made
    }

    /// The addressable text of a spine item, as the locator lays it out (the export's text).
    public func text(spineIndex: Int) -> AddressableText? { item(spineIndex)?.text }

    static func idAssertion(_ element: XMLElement) -> CFI.Assertion? {
        element.attribute("id").map { CFI.Assertion(values: [$0]) }
    }
}
