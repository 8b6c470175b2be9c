/// The rendition facts that need the content documents: the viewport of each fixed-layout item,
/// the writing mode of each XHTML item and of the publication, and the spread pairing.
package enum ContentRendition {
    struct Result {
        var itemViewports: [Viewport?]
        var itemWritingModes: [WritingMode?]
        var writingMode: WritingMode
        var writingModeSource: WritingMode.Source
        var publicationViewport: Viewport?
    }

    static func read(_ package: PackageDocument, declared rendition: RenditionResolver.Result, loader session: any ResourceLoader) -> Result {
        var diagnostics: [Diagnostic] = []
        let globalViewport = package.entries(Vocabulary.rendition + "viewport").first.map { ViewportParser.parse($0.value).viewport }
        var viewports: [Viewport?] = []
        var modes: [WritingMode?] = []
        var declared: [WritingMode] = []
        prefetchHeads(package, loader: session)
        let documentModes = writingModes(package, loader: session)
        for (index, ref) in package.spine.enumerated() {
            guard let item = package.item(id: ref.idref), let path = item.path else {
                viewports.append(nil)
                modes.append(nil)
                continue
            }
            let isXHTML = item.mediaType == "application/xhtml+xml"
            let head = (isXHTML || item.mediaType == "image/svg+xml") ? session.head(at: path) : nil
            if isXHTML, head != nil {
                let mode = documentModes[index]
                modes.append(mode ?? .unspecified)
                if let mode, ref.linear { declared.append(mode) }
            } else {
                modes.append(isXHTML ? .unspecified : nil)
            }
            // EPUB 3.4's roll layout sizes its items as fixed layout does: from the same sources.
            guard [.prePaginated, .roll].contains(rendition.items[index].effective.layout) else {
                viewports.append(nil)
                continue
            }
            // Layout taken from vendor files is not held to the viewport rules, though its size is still read.
            let declaredFixed = rendition.publication.declaresFixedLayout(rendition.items[index].properties)
            var (viewport, found) = itemViewport(item.mediaType, at: path, head: head, loader: session)
            if !(viewport?.isComplete ?? false) {
                let refined = ref.id.flatMap { package.refinementsByTarget[$0] }?.first { $0.property == Vocabulary.rendition + "viewport" }
                if let fallback = refined.map({ ViewportParser.parse($0.value).viewport }) ?? globalViewport, fallback.isComplete {
                    viewport = fallback
                }
            }
            if declaredFixed { diagnostics += found }
            viewports.append(viewport?.isEmpty == false ? viewport : nil)
        }
        session.record(diagnostics)

        var writingMode = rendition.writingMode
        var source = rendition.writingModeSource
        if source == .none, let first = declared.first, declared.allSatisfy({ $0 == first }) {
            writingMode = first
            source = .css
        }
        // The publication's viewport: the deprecated global meta, else the one every fixed-layout item shares.
        var publicationViewport = globalViewport.flatMap { $0.isComplete ? $0 : nil }
        if publicationViewport == nil {
            let fixed = package.spine.indices.filter { rendition.items[$0].effective.layout == .prePaginated }.map { viewports[$0] }
            if let first = fixed.first, let shared = first, fixed.allSatisfy({ $0 == shared }) { publicationViewport = shared }
        }
        return Result(itemViewports: viewports, itemWritingModes: modes, writingMode: writingMode,
                      writingModeSource: source, publicationViewport: publicationViewport)
    }

    /// A fixed-layout (or roll) item's own viewport: its viewport meta, its SVG `viewBox`, or its
    /// image's size; with what is wrong in it, to report when the item declares fixed layout.
    static func itemViewport(_ mediaType: String, at path: String, head: DocumentHead?, loader session: any ResourceLoader)
        -> (viewport: Viewport?, found: [Diagnostic]) {
        var found: [Diagnostic] = []
        var viewport: Viewport?
        switch mediaType {
        case "application/xhtml+xml":
            if let metas = head?.viewportMetas, let meta = metas.first {
                let (parsed, problems) = ViewportParser.parse(meta.content)
                found += problems.map { problem in
                    var located = problem
                    located.location = .init(path: path, line: meta.line)
                    return located
                }
                viewport = parsed
                for extra in metas.dropFirst() {
                    found.append(Diagnostic(.viewportMetaIgnored(content: extra.content), location: .init(path: path, line: extra.line)))
                }
            } else if head != nil {
                found.append(Diagnostic(.viewportMetaMissing, location: .init(path: path)))
            }
        case "image/svg+xml":
            viewport = head.flatMap(svgViewport)
            if let head, head.rootAttributes["viewBox"] == nil {
                found.append(Diagnostic(.svgViewBoxMissing, location: .init(path: path)))
            }
        case let type where type.hasPrefix("image/"):
            if let size = ImageSize.of(prefixes: { session.data(at: path, prefix: $0) }) {
                viewport = Viewport(width: size.width, height: size.height, widthKeyword: nil, heightKeyword: nil)
            }
        default:
            break
        }
        return (viewport, found)
    }

    /// The writing mode of each XHTML spine item (nil: none declared, or not XHTML), by the one
    /// cascade over sheets read once for the book; on all cores for a long spine, as its heads are.
    /// Documents of one folder whose heads are alike (most of a book's) are resolved once.
    static func writingModes(_ package: PackageDocument, loader session: any ResourceLoader) -> [WritingMode?] {
        let sheets = StyleResolver.Sheets(loader: session)
        var distinct: [(path: String, standIn: String)] = []
        var known: [String: Int] = [:]
        let which = package.spine.map { ref -> Int? in
            guard let item = package.item(id: ref.idref), let path = item.path, item.mediaType == "application/xhtml+xml",
                  let head = session.head(at: path) else { return nil }
            let standIn = DocumentWritingMode.standIn(for: head)
            let key = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) + "\n" + standIn
            if let found = known[key] { return found }
            known[key] = distinct.count
            distinct.append((path, standIn))
            return distinct.count - 1
        }
        let resolve = { (d: (path: String, standIn: String)) in DocumentWritingMode.resolve(standIn: d.standIn, at: d.path, sheets: sheets) }
        let modes = distinct.count > parallelHeads ? ParallelMap.map(distinct, resolve) : distinct.map(resolve)
        return which.map { $0.flatMap { modes[$0] } }
    }

    /// Spines longer than this have their heads read on all cores first.
    static let parallelHeads = 64

    /// Reads the heads of a long spine's XHTML and SVG documents on all cores first: each costs an
    /// entry's first bytes inflated and scanned, and a book of two thousand documents would wait
    /// on them one by one. Short spines would only pay for the threads.
    static func prefetchHeads(_ package: PackageDocument, loader session: any ResourceLoader) {
        let paths = package.spine.compactMap { ref -> String? in
            guard let item = package.item(id: ref.idref), ["application/xhtml+xml", "image/svg+xml"].contains(item.mediaType) else { return nil }
            return item.path
        }
        guard paths.count > parallelHeads else { return }
        session.prefetchHeads(paths)
    }

    /// The size a `viewBox` gives (4 numbers, whitespace and/or commas; width and height positive).
    package static func viewBoxSize(_ box: String?) -> (width: Double, height: Double)? {
        guard let box else { return nil }
        let numbers = box.split { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.compactMap { Double($0) }
        guard numbers.count == 4, numbers[2] > 0, numbers[3] > 0 else { return nil }
        return (numbers[2], numbers[3])
    }

    /// The outer `svg`'s `viewBox` (4 numbers, whitespace and/or commas), else its `width`/`height`.
    static func svgViewport(_ head: DocumentHead) -> Viewport? {
        if let size = viewBoxSize(head.rootAttributes["viewBox"]) {
            return Viewport(width: size.width, height: size.height, widthKeyword: nil, heightKeyword: nil)
        }
        let width = head.rootAttributes["width"].flatMap { ViewportParser.numericPrefix($0).0 }
        let height = head.rootAttributes["height"].flatMap { ViewportParser.numericPrefix($0).0 }
        guard width != nil || height != nil else { return nil }
        return Viewport(width: width, height: height, widthKeyword: nil, heightKeyword: nil)
    }
}

extension Viewport {
    /// Nothing usable was found.
    var isEmpty: Bool {
        width == nil && height == nil && widthKeyword == nil && heightKeyword == nil
    }

    /// Both dimensions known, as numbers or device keywords.
    var isComplete: Bool {
        (width != nil || widthKeyword != nil) && (height != nil || heightKeyword != nil)
    }
}
