/// Reads every SMIL document of the publication into timelines, with the media-overlay metadata,
/// declared durations checked against the timelines and text targets checked against their documents.
enum MediaOverlayReader {
    static let smilMediaType = "application/smil+xml"
    /// EPUBCheck's tolerance when comparing durations.
    static let tolerance = 1.0

    static func read(_ package: PackageDocument, spineIndexByPath: [String: Int], loader session: any ResourceLoader)
        -> (metadata: MediaOverlayMetadata?, timelines: [MediaOverlayTimeline]) {
        let media = Vocabulary.media
        let target = SpineTargetResolver(spineIndexByPath: spineIndexByPath)
        var diagnostics: [Diagnostic] = []
        /// The checks compare only values the grammar allows (as EPUBCheck does); the contract gives
        /// the time reading systems read (`1:00` is a minute to them), reported as a syntax error.
        func clock(_ entry: MetadataEntry?) -> (strict: Double?, read: Double?) {
            guard let entry else { return (nil, nil) }
            guard let seconds = ClockValue.seconds(entry.value) else {
                diagnostics.append(Diagnostic(.durationSyntax(value: entry.value), location: .init(path: package.path, line: entry.line)))
                return (nil, ClockValue.lenientSeconds(entry.value))
            }
            return (seconds, seconds)
        }
        let globalDuration = package.entries(media + "duration").first
        let narrator = package.entries(media + "narrator").first?.value
        let smilItems = package.manifest.filter { $0.mediaType == smilMediaType }
        let usesOverlays = package.manifest.contains { $0.mediaOverlay != nil }
        var timelines: [MediaOverlayTimeline] = []
        /// Each timeline's declared duration when the grammar allows it, for the sum check.
        var strictDurations: [Double?] = []
        for item in smilItems {
            guard let path = item.path else { continue }
            // The package's own duration metadata first: it is judged even when the overlay cannot be read.
            let refinements = package.refinementsByTarget[item.id] ?? []
            let durationEntry = refinements.first { $0.property == media + "duration" }
            let (declared, declaredAsRead) = clock(durationEntry)
            let spineIndices = package.spine.enumerated().compactMap { index, ref in
                package.item(id: ref.idref)?.mediaOverlay == item.id ? index : nil
            }
            let parsed = session.xml(at: path)
            guard let document = parsed?.document else {
                // An overlay in the container that cannot be parsed still has its declared duration,
                // which EPUBCheck 5.3.0 counts: the sum is not known to differ.
                if parsed != nil { strictDurations.append(nil) }
                continue
            }
            var parser = SMILParser(path: path, target: target)
            let structure = parser.parse(document)
            diagnostics.append(contentsOf: parser.diagnostics)
            let computed = computedDuration(parser.pars)
            let openEnded = parser.pars.reduce(0) { $0 + ($1.audio != nil && $1.clipEnd == nil ? 1 : 0) }
            // With open-ended clips the span is a lower bound: only a span past the declared time disagrees.
            if let declared, let computed, openEnded == 0 ? abs(declared - computed) > tolerance : computed - declared > tolerance {
                diagnostics.append(Diagnostic(.overlayDurationDiffers(id: item.id, declared: declared, span: computed),
                                              location: .init(path: package.path, line: item.line)))
            }
            diagnostics.append(contentsOf: missingFragments(parser.pars, lines: parser.textLines, package: package, session: session, smilPath: path))
            // An overlay that declares no duration adds nothing to the sum (EPUBCheck sums those there
            // are); one whose value cannot be read leaves the sum unknown.
            strictDurations.append(durationEntry == nil ? 0 : declared)
            timelines.append(MediaOverlayTimeline(
                href: path, spineIndices: spineIndices, declaredDuration: declaredAsRead, computedDuration: computed,
                openEndedClips: openEnded, narrator: refinements.first { $0.property == media + "narrator" }?.value ?? narrator,
                pars: parser.pars, structure: structure))
        }
        // Each item that names an overlay needs that overlay's duration (EPUB 3.3 §D.4.1): said at
        // each naming item, whatever the named item is, as the package Schematron says it.
        for item in package.manifest {
            // An overlay that is no item at all is the validator's to say (it names nothing to refine).
            guard let named = item.mediaOverlay, package.item(id: named) != nil else { continue }
            if !(package.refinementsByTarget[named] ?? []).contains(where: { $0.property == media + "duration" }) {
                diagnostics.append(Diagnostic(.overlayDurationMissing(id: named), location: .init(path: package.path, line: item.line)))
            }
        }
        let (total, totalAsRead) = clock(globalDuration)
        if usesOverlays && globalDuration == nil {
            diagnostics.append(Diagnostic(.globalDurationMissing, location: .init(path: package.path)))
        }
        // Compared unless an overlay's duration cannot be read (a missing one counts as nothing).
        let declaredParts = strictDurations.compactMap { $0 }
        if let total, !declaredParts.isEmpty, declaredParts.count == strictDurations.count, abs(total - declaredParts.reduce(0, +)) > tolerance {
            diagnostics.append(Diagnostic(.globalDurationDiffers(total: total, sum: declaredParts.reduce(0, +)),
                                          location: .init(path: package.path, line: globalDuration?.line)))
        }
        session.record(diagnostics)
        let activeClass = package.entries(media + "active-class").first?.value
        let playbackActiveClass = package.entries(media + "playback-active-class").first?.value
        let hasMetadata = globalDuration != nil || activeClass != nil || playbackActiveClass != nil || narrator != nil
        let metadata = (hasMetadata || !timelines.isEmpty)
            ? MediaOverlayMetadata(duration: totalAsRead, activeClass: activeClass, playbackActiveClass: playbackActiveClass, narrator: narrator)
            : nil
        return (metadata, timelines)
    }

    /// Per audio file the span its clips cover (largest `clipEnd` less smallest `clipBegin`), summed.
    /// A span rather than the largest `clipEnd` alone, because chapters often share one audio file
    /// (moby-dick-mo's second chapter starts 885 s into it). Nil when no clip has an end.
    static func computedDuration(_ pars: [MediaOverlayTimeline.Par]) -> Double? {
        var spans: [String: (begin: Double, end: Double)] = [:]
        for par in pars {
            guard let audio = par.audio, let end = par.clipEnd else { continue }
            let span = spans[audio] ?? (par.clipBegin, end)
            spans[audio] = (min(span.begin, par.clipBegin), max(span.end, end))
        }
        return spans.isEmpty ? nil : spans.values.reduce(0) { $0 + ($1.end - $1.begin) }
    }

    /// RSC-012 (as EPUBCheck reports it) for each par whose fragment names no element of its XHTML target.
    private static func missingFragments(_ pars: [MediaOverlayTimeline.Par], lines: [Int], package: PackageDocument, session: any ResourceLoader, smilPath: String) -> [Diagnostic] {
        var out: [Diagnostic] = []
        for (par, line) in zip(pars, lines) {
            guard let fragment = par.fragment, !fragment.contains("("),  // media fragments and xpointers are not ids
                  let path = par.text.split(separator: "#", maxSplits: 1).first.map(String.init),
                  package.item(path: path)?.mediaType == "application/xhtml+xml",
                  let ids = session.elementIDs(in: path), !ids.contains(fragment) else { continue }
            out.append(Diagnostic(.overlayTextTargetMissing(text: par.text, parID: par.id),
                                  location: .init(path: smilPath, line: line)))
        }
        return out
    }
}
