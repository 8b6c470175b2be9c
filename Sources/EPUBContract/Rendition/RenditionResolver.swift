/// Resolves rendering properties: publication-wide values (with vendor fallbacks) and, for each
/// itemref, the declared overrides and the effective values after inheritance.
package struct RenditionResolver {
    /// What the package declares (and vendor files say), before any content is read.
    package struct Result: Sendable {
        package var publication: PublicationRendition
        /// Parallel to `package.spine`.
        package var items: [(properties: ItemRenditionProperties, effective: EffectiveRendition)]
        package var pageProgression: PageProgression
        package var writingMode: WritingMode
        package var writingModeSource: WritingMode.Source
    }

    package static func resolve(_ package: PackageDocument, displayOptions: DisplayOptions?, diagnostics log: inout DiagnosticLog) -> Result {
        let r = Vocabulary.rendition
        func declared<T>(_ name: String, _ parse: (String) -> T?) -> T? {
            let entries = package.entries(r + name)
            var result: T?
            for (i, entry) in entries.enumerated() {
                if i > 0 {
                    log.add(.renditionRepeated(property: name, firstLine: entries[0].line), path: package.path, line: entry.line)
                    continue
                }
                if let value = parse(entry.value) {
                    result = value
                } else {
                    log.add(.renditionValueInvalid(property: name, value: entry.value), path: package.path, line: entry.line)
                }
            }
            return result
        }
        var layout = declared("layout", Layout.init(rawValue:))
        var orientation = declared("orientation", Orientation.init(rawValue:))
        let spread = declared("spread", Spread.init(declared:))
        let flow = declared("flow", Flow.init(rawValue:))
        var layoutSource = RenditionSource.metadata
        var orientationSource = RenditionSource.metadata

        let kindleFixed = package.namedEntries("fixed-layout").first?.value.lowercased()
        let kindleOrientation = package.namedEntries("orientation-lock").first?.value.lowercased()
        if layout == nil {
            if let fixed = displayOptions?.fixedLayout {
                layout = fixed ? .prePaginated : .reflowable
                layoutSource = .displayOptions
            } else if let kindleFixed {
                layout = kindleFixed == "true" ? .prePaginated : .reflowable
                layoutSource = .kindle
            } else {
                layoutSource = .default
            }
        }
        if orientation == nil {
            if let lock = displayOptions?.orientationLock.flatMap(orientationLock) {
                orientation = lock
                orientationSource = .displayOptions
            } else if let lock = kindleOrientation.flatMap(orientationLock) {
                orientation = lock
                orientationSource = .kindle
            } else {
                orientationSource = .default
            }
        }
        let publication = PublicationRendition(layout: layout ?? .reflowable, orientation: orientation ?? .auto,
                                               spread: spread ?? .auto, flow: flow ?? .auto, viewport: nil,
                                               layoutSource: layoutSource, orientationSource: orientationSource)
        let items = package.spine.map { ref -> (ItemRenditionProperties, EffectiveRendition) in
            let properties = overrides(ref.properties, prefixes: package.prefixes)
            let effectiveLayout = properties.layout ?? publication.layout
            let effective = EffectiveRendition(
                layout: effectiveLayout, orientation: properties.orientation ?? publication.orientation,
                spread: properties.spread ?? publication.spread,
                flow: effectiveLayout == .prePaginated ? nil : (properties.flow ?? publication.flow))
            return (properties, effective)
        }
        let declaredProgression = package.pageProgressionDirection.flatMap(PageProgression.init(rawValue:)) ?? .default
        // In a 2.0 or 3.0 package the validator's schemas report it; elsewhere it is said here.
        if let value = package.pageProgressionDirection, PageProgression(rawValue: value) == nil,
           !["2.0", "3.0"].contains(package.version?.trimmingXMLWhitespace() ?? "") {
            log.add(.pageProgressionInvalid(value), path: package.path)
        }
        let (mode, source) = writingMode(package)
        return Result(publication: publication, items: items, pageProgression: declaredProgression, writingMode: mode, writingModeSource: source)
    }

    /// Vendor orientation locks: `portrait-only`, `landscape-only`, `none` (Apple); `portrait`, `landscape`, `none` (Kindle).
    private static func orientationLock(_ value: String) -> Orientation? {
        switch value.lowercased() {
        case "portrait", "portrait-only": return .portrait
        case "landscape", "landscape-only": return .landscape
        case "none": return .auto
        default: return nil
        }
    }

    /// Per-itemref overrides; tokens are compared as IRIs, so any prefix bound to the rendition vocabulary works.
    static func overrides(_ tokens: [String], prefixes: PrefixMap) -> ItemRenditionProperties {
        var p = ItemRenditionProperties.none
        let r = Vocabulary.rendition
        for token in tokens {
            guard let iri = prefixes.expand(token, defaultVocabulary: Vocabulary.itemref) else { continue }
            let local: String
            if iri.hasPrefix(r) {
                local = String(iri.dropFirst(r.count))
            } else if iri == Vocabulary.itemref + "page-spread-left" || iri == Vocabulary.itemref + "page-spread-right" {
                local = String(iri.dropFirst(Vocabulary.itemref.count))
            } else {
                continue
            }
            // Conflicting layouts (an error of the package) read as pre-paginated, as EPUBCheck reads them:
            // the fixed-layout rules then apply to the document.
            if local.hasPrefix("layout-"), let v = Layout(rawValue: String(local.dropFirst(7))), p.layout == nil || v == .prePaginated { p.layout = v }
            else if local.hasPrefix("orientation-"), p.orientation == nil, let v = Orientation(rawValue: String(local.dropFirst(12))) { p.orientation = v }
            else if local.hasPrefix("spread-"), p.spread == nil, let v = Spread(declared: String(local.dropFirst(7))) { p.spread = v }
            else if local.hasPrefix("flow-"), p.flow == nil, let v = Flow(rawValue: String(local.dropFirst(5))) { p.flow = v }
            else if local.hasPrefix("page-spread-"), p.pageSpread == nil, let v = PageSpread(rawValue: String(local.dropFirst(12))) { p.pageSpread = v }
            else if local == "align-x-center" { p.alignXCenter = true }
        }
        return p
    }

    /// Writing mode declared in metadata: Kindle's `primary-writing-mode` (`horizontal-rl` is horizontal).
    static func writingMode(_ package: PackageDocument) -> (WritingMode, WritingMode.Source) {
        guard let value = primaryWritingMode(package) else { return (.unspecified, .none) }
        if value.hasPrefix("horizontal") { return (.horizontalTB, .metadata) }
        if value == "vertical-rl" { return (.verticalRL, .metadata) }
        if value == "vertical-lr" { return (.verticalLR, .metadata) }
        return (.unspecified, .none)
    }

    static func primaryWritingMode(_ package: PackageDocument) -> String? {
        let entry = package.namedEntries("primary-writing-mode").first ?? package.entries(Vocabulary.meta + "primary-writing-mode").first
        return entry?.value.lowercased()
    }
}
