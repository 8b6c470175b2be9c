import EPUBContract

/// Each media overlay as a timeline: one lane per audio file, a bar per clip at its place in the
/// file, the silences between clips drawn as gaps, clips without an end hatched to the lane's end.
extension HTMLReportFormatter {
    static func overlays(_ contract: ReaderContract, into page: inout HTMLPage) {
        page.raw("<section id=\"overlays\"><h2>\(page.say(.htmlMediaOverlays))</h2>")
        if contract.mediaOverlays.isEmpty { page.raw("<p>\(page.say(.htmlNoneSentence))</p>") }
        if let total = contract.mediaOverlay?.duration {
            page.raw("<p class=\"note\">\(page.say(.htmlDeclaredTotal(number(total))))</p>")
        }
        for overlay in contract.mediaOverlays { timeline(overlay, into: &page) }
        page.raw("</section>\n")
    }

    private static func timeline(_ overlay: MediaOverlayTimeline, into page: inout HTMLPage) {
        let documents = MessageArgument.list(overlay.spineIndices.map { .phrase(.htmlSpineIndex($0)) }, .none)
        var facts: [MessageArgument] = [.phrase(.htmlClips(overlay.pars.count))]
        if let declared = overlay.declaredDuration { facts.append(.phrase(.htmlClipsDeclared(number(declared)))) }
        if let computed = overlay.computedDuration { facts.append(.phrase(.htmlClipsCover(number(computed)))) }
        if overlay.openEndedClips > 0 { facts.append(.phrase(.htmlClipsOpenEnded(overlay.openEndedClips))) }
        let spoken = overlay.pars.filter { $0.audio == nil }.count
        if spoken > 0 { facts.append(.phrase(.htmlClipsTTS(spoken))) }
        page.raw("<div class=\"overlay\" data-overlay=\"\(escape(overlay.href))\"><h3>\(escape(overlay.href))</h3>")
        page.raw("<p class=\"note\">\(page.say(.htmlForDocuments(overlay.spineIndices.isEmpty ? MessageText.htmlNoSpineItem.messageArgument : documents, MessageArgument.list(facts, .none))))</p>")
        var lanes: [(audio: String, pars: [MediaOverlayTimeline.Par])] = []
        for par in overlay.pars {
            guard let audio = par.audio else { continue }
            if let i = lanes.firstIndex(where: { $0.audio == audio }) { lanes[i].pars.append(par) } else { lanes.append((audio, [par])) }
        }
        for lane in lanes { self.lane(lane.audio, lane.pars, into: &page) }
        page.raw("</div>")
    }

    /// One audio file's clips in time order, scaled to the lane's width.
    private static func lane(_ audio: String, _ pars: [MediaOverlayTimeline.Par], into page: inout HTMLPage) {
        let clips = pars.sorted { $0.clipBegin < $1.clipBegin }
        let latest = clips.map { $0.clipEnd ?? $0.clipBegin }.max() ?? 0
        let open = clips.contains { $0.clipEnd == nil }
        let end = max(open ? latest * 1.1 + 1 : latest, 0.001)
        func percent(_ seconds: Double) -> String { String(format: "%.3f", min(max(seconds / end * 100, 0), 100)) }
        page.raw("<div class=\"lane\" data-audio=\"\(escape(audio))\"><span class=\"file\">\(escape(audio))</span>"
            + "<span class=\"scale\">\(page.say(.htmlScale(number(latest))))</span><div class=\"track\">")
        var reached = 0.0
        for clip in clips {
            if clip.clipBegin > reached + 0.0005 {
                page.raw("<div class=\"gap\" data-begin=\"\(number(reached))\" data-end=\"\(number(clip.clipBegin))\" "
                    + "style=\"left:\(percent(reached))%;width:\(percent(clip.clipBegin - reached))%\" title=\"\(page.say(.htmlSilence(number(reached), number(clip.clipBegin))))\"></div>")
            }
            let stop = clip.clipEnd ?? end
            let label = MessageText.htmlClipLabel(clip.text, number(clip.clipBegin), clip.clipEnd.map { MessageArgument.text(number($0)) } ?? MessageText.htmlClipEnd.messageArgument).rendered(in: page.locale)
            page.raw("<div class=\"clip\(clip.clipEnd == nil ? " open" : "")\" data-begin=\"\(number(clip.clipBegin))\" data-end=\"\(clip.clipEnd.map(number) ?? "")\" "
                + "data-text=\"\(escape(clip.text))\" style=\"left:\(percent(clip.clipBegin))%;width:\(percent(max(stop - clip.clipBegin, 0)))%\" title=\"\(escape(label))\"></div>")
            reached = max(reached, stop)
        }
        page.raw("</div></div>")
    }
}
