import EPUBDocument
import EPUBMessages
import EPUBStyle
import Foundation

/// Where an annotation's target lands in the book: its source (a manifest href) to a spine item,
/// then each selector, in order (they are alternatives, best first), to a range of the item's
/// addressable text, refinements applied to what they refine. Text positions and quotes count
/// in the text with whitespace collapsed (the Web Annotation model's normalization); positions
/// count characters (code points), as the model does, and become UTF-16 offsets here.
struct AnnotationTargets {
    /// The fragment specifications EPUB Annotations 1.0 lists for `conformsTo`, and EPUB CFI,
    /// which annotation tools use there though the profile does not list it.
    enum FragmentKind: Equatable {
        case html, media, svg, text, cfi

        init?(conformsTo: String) {
            switch conformsTo {
            case "http://tools.ietf.org/rfc/rfc3236": self = .html
            case "http://www.w3.org/TR/media-frags/": self = .media
            case "http://www.w3.org/TR/SVG/": self = .svg
            case "https://wicg.github.io/scroll-to-text-fragment/": self = .text
            case let url where url.contains("epub-cfi") || url.contains("epubcfi"): self = .cfi
            default: return nil
            }
        }

        /// What a fragment with no `conformsTo` reads as, from its form.
        static func guess(_ value: String) -> FragmentKind {
            if value.hasPrefix("epubcfi(") { return .cfi }
            if value.hasPrefix(":~:") { return .text }
            if value.hasPrefix("t=") || value.hasPrefix("xywh=") || value.hasPrefix("track=") || value.hasPrefix("id=") { return .media }
            if value.hasPrefix("svgView(") { return .svg }
            return .html
        }

        var listed: Bool { self != .cfi }
        /// What the fragment is, as a phrase of the catalog.
        var name: MessageText {
            switch self {
            case .html: .annoFragmentHTML
            case .media: .annoFragmentMedia
            case .svg: .annoFragmentSVG
            case .text: .annoFragmentText
            case .cfi: .annoFragmentCFI
            }
        }
    }

    let locator: CFILocator

    init(locator: CFILocator) { self.locator = locator }

    var session: PublicationSession { locator.session }

    /// The manifest item a source names: as an item's href (relative to the package document), or
    /// as a container path (the profile's own examples write those).
    func manifestItem(_ source: String) -> ManifestItem? {
        let package = session.package
        for base in [session.containerDocument.packagePath ?? "", ""] {
            if case .local(let path, _) = HrefResolver.resolve(source, against: base), let item = package.item(path: path) { return item }
        }
        return nil
    }

    func isManifestHref(_ source: String) -> Bool { manifestItem(source) != nil }

    /// Resolves an annotation's target into `item`.
    func resolve(_ item: inout AnnotationReport.Item, selectors: [JSONValue]) {
        guard let source = item.source, let manifest = manifestItem(source), let path = manifest.path else { return }
        item.href = path
        guard let spineIndex = session.spineIndexByPath[path] else {
            item.notes.append(.annoNotInSpine(path))
            item.selectors = [.init(pointer: item.pointer + "/target", type: "resource", whole: true)]
            return
        }
        item.spineIndex = spineIndex
        let length = locator.item(spineIndex)?.text.length ?? 0
        guard !selectors.isEmpty else {
            item.range = 0..<length
            item.cfi = locator.cfiRange(spineIndex: spineIndex, 0..<length)
            return
        }
        for (index, selector) in selectors.enumerated() {
            item.selectors.append(select(selector, pointer: item.pointer + "/target/selector/\(index)", spineIndex: spineIndex,
                                         within: 0..<length, element: nil))
        }
        let ranges = item.selectors.compactMap(\.range)
        item.range = ranges.first
        if let range = item.range {
            item.cfi = range.isEmpty ? locator.cfi(spineIndex: spineIndex, offset: range.lowerBound) : locator.cfiRange(spineIndex: spineIndex, range)
        }
        if Set(ranges.map { [$0.lowerBound, $0.upperBound] }).count > 1 { item.notes.append(.annoSelectorsDisagree) }
    }

    /// One selector within a selection (the whole text, or what the selector it refines chose).
    func select(_ selector: JSONValue, pointer: String, spineIndex: Int, within: Range<Int>, element: Int?) -> AnnotationReport.SelectorResult {
        let type = selector["type"]?.stringValue ?? ""
        var result = AnnotationReport.SelectorResult(pointer: pointer, type: type)
        var chosenElement: Int?
        switch type {
        case "FragmentSelector":
            let value = selector["value"]?.stringValue ?? ""
            let kind = selector["conformsTo"]?.stringValue.flatMap(FragmentKind.init(conformsTo:)) ?? .guess(value)
            (result.range, result.whole, result.problem) = fragment(kind, value, spineIndex: spineIndex, within: within)
        case "CssSelector":
            let value = selector["value"]?.stringValue ?? ""
            (chosenElement, result.range, result.problem) = css(value, spineIndex: spineIndex, within: element)
        case "TextPositionSelector":
            (result.range, result.problem) = position(selector, spineIndex: spineIndex, within: within)
        case "TextQuoteSelector":
            let exact = selector["exact"]?.stringValue ?? ""
            (result.range, result.problem) = quote(exact, prefix: selector["prefix"]?.stringValue ?? "", suffix: selector["suffix"]?.stringValue ?? "",
                                                   spineIndex: spineIndex, within: within)
        default:
            result.problem = .annoSelectorUnknown(pointer + "/type", type)
        }
        // A refinement selects within what this selector chose; refinements are alternatives.
        if let refined = selector["refinedBy"], let range = result.range {
            let list = refined.arrayValue ?? [refined]
            let inner = list.enumerated().map { index, item in
                select(item, pointer: pointer + "/refinedBy" + (refined.arrayValue == nil ? "" : "/\(index)"), spineIndex: spineIndex,
                       within: range, element: chosenElement)
            }
            if let first = inner.first(where: { $0.range != nil }) {
                result.range = first.range
            } else {
                result.range = nil
                result.problem = inner.first?.problem
            }
        }
        return result
    }

    // MARK: selectors

    private func fragment(_ kind: FragmentKind, _ value: String, spineIndex: Int, within: Range<Int>) -> (Range<Int>?, Bool, MessageText?) {
        guard let item = locator.item(spineIndex) else { return (nil, true, nil) }
        switch kind {
        case .html:
            let id = value.removingPercentEncoding ?? value
            guard let range = item.text.idRangeIndex()[id] else { return (nil, false, .annoStaleID(id)) }
            return (range, false, nil)
        case .media, .svg:
            return (nil, true, nil)
        case .text:
            let range = textFragment(value, item: item, within: within)
            return (range, false, range == nil ? .annoStaleQuote(value) : nil)
        case .cfi:
            do {
                let location = try locator.resolve(try CFIParser.parse(value))
                guard location.spineIndex == spineIndex else {
                    return (nil, false, .annoCFIOtherItem(location.href, (try? locator.spineEntry(spineIndex).href) ?? ""))
                }
                return (location.offset..<(location.end ?? location.offset), false, nil)
            } catch let failure as CFIParser.Failure {
                return (nil, false, failure.text)
            } catch let failure as CFILocator.Failure {
                return (nil, false, failure.text)
            } catch {
                return (nil, false, nil)
            }
        }
    }

    /// `:~:text=[prefix-,]start[,end][,-suffix]` (URL Fragment Text Directives): from the start of
    /// `start` to the end of `end` (or of `start`), with the prefix before and the suffix after.
    private func textFragment(_ value: String, item: CFILocator.Item, within: Range<Int>) -> Range<Int>? {
        guard let directive = value.components(separatedBy: ":~:").last?.split(separator: "&").first(where: { $0.hasPrefix("text=") }) else { return nil }
        var parts = directive.dropFirst(5).split(separator: ",", omittingEmptySubsequences: false).map { String($0) }
        var prefix = "", suffix = ""
        if let first = parts.first, first.hasSuffix("-"), parts.count > 1 { prefix = String(first.dropLast()); parts.removeFirst() }
        if let last = parts.last, last.hasPrefix("-"), parts.count > 1 { suffix = String(last.dropFirst()); parts.removeLast() }
        func decoded(_ s: String) -> [UInt16] { CFILocator.collapsed(s.removingPercentEncoding ?? s) }
        guard let start = parts.first else { return nil }
        let units = Array(item.units[within])
        if parts.count == 1 {
            return TextQuote.find(units, exact: decoded(start), prefix: decoded(prefix), suffix: decoded(suffix)).first.map { shifted($0, by: within.lowerBound) }
        }
        for begin in TextQuote.find(units, exact: decoded(start), prefix: decoded(prefix), suffix: []) {
            let rest = Array(units[begin.upperBound...])
            if let end = TextQuote.find(rest, exact: decoded(parts[1]), prefix: [], suffix: decoded(suffix)).first {
                return shifted(begin.lowerBound..<(begin.upperBound + end.upperBound), by: within.lowerBound)
            }
        }
        return nil
    }

    private func shifted(_ range: Range<Int>, by offset: Int) -> Range<Int> { (range.lowerBound + offset)..<(range.upperBound + offset) }

    /// The first element in document order that matches, within the element refined (if any).
    private func css(_ value: String, spineIndex: Int, within element: Int?) -> (Int?, Range<Int>?, MessageText?) {
        guard let item = locator.item(spineIndex) else { return (nil, nil, .annoStaleCSS(value)) }
        guard let selector = CSSSelector.parse(value) else { return (nil, nil, .annoUnreadCSS(value)) }
        let matcher = SelectorMatcher(item.model)
        let candidates = element.map { item.model.descendants(of: $0) } ?? item.model.elements.indices
        for number in candidates where matcher.matches(selector, number) {
            if let range = item.text.elementRanges[number] { return (number, range, nil) }
        }
        return (nil, nil, .annoStaleCSS(value))
    }

    /// Characters `start..<end` of the selection's text, whitespace collapsed, counted in code points.
    private func position(_ selector: JSONValue, spineIndex: Int, within: Range<Int>) -> (Range<Int>?, MessageText?) {
        guard let item = locator.item(spineIndex), let start = selector["start"]?.intValue, let end = selector["end"]?.intValue,
              start >= 0, start <= end else { return (nil, nil) }
        let normalized = TextQuote.Normalized(Array(item.units[within]))
        // Code points of the normalized text, each with its UTF-16 offset in the selection.
        var points: [Int] = []
        var index = 0
        while index < normalized.units.count {
            points.append(normalized.origin[index])
            index += UTF16.isLeadSurrogate(normalized.units[index]) ? 2 : 1
        }
        guard end <= points.count else { return (nil, .annoPositionPast(end, points.count)) }
        let offset = { (point: Int) -> Int in point < points.count ? points[point] : within.count }
        var upper = offset(end)
        // The end of the last character chosen, not the start of the next one (which may be a collapsed run's end).
        if end > start, end - 1 < points.count {
            let last = points[end - 1]
            upper = last + (UTF16.isLeadSurrogate(item.units[within.lowerBound + last]) ? 2 : 1)
        }
        return ((within.lowerBound + offset(start))..<(within.lowerBound + upper), nil)
    }

    private func quote(_ exact: String, prefix: String, suffix: String, spineIndex: Int, within: Range<Int>) -> (Range<Int>?, MessageText?) {
        guard let item = locator.item(spineIndex) else { return (nil, .annoStaleQuote(exact)) }
        let found = TextQuote.find(Array(item.units[within]), exact: CFILocator.collapsed(exact), prefix: CFILocator.collapsed(prefix),
                                   suffix: CFILocator.collapsed(suffix))
        guard let first = found.first else { return (nil, .annoStaleQuote(exact)) }
        return (shifted(first, by: within.lowerBound), nil)
    }
}
