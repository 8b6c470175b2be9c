import Foundation

/// axe-core 4.12.1's `no-autoplay-audio` (WCAG 1.4.2), read from its build (the rule,
/// `no-autoplay-audio-matches` and its evaluate): an `audio` or `video` with `autoplay`, hidden
/// or not, that has a source (`src`, else a `source` child's) and neither `muted` nor `paused`,
/// needs a control mechanism: with `loop`, its `controls`; without, `controls` or a play of at
/// most three seconds (the media's duration, less the start of a `#t=` fragment, or the
/// fragment's span). axe reports every failure for review ("needs review"), as this does.
///
/// axe reads the duration from the loaded media; here it is read from the file's header where its
/// format says it (`MediaDuration`: WAV, MP4): a file whose duration cannot be read, without
/// `controls`, is reported for review (axe: for review when the media does not load; a clip of
/// three seconds or less in another format passes in axe).
extension ContentAccessibilityRules {
    static let allowedAutoplaySeconds = 3.0

    func autoplayingAudio() -> [Found] {
        var out: [Found] = []
        for number in model.elements.indices where localNames[number] == "audio" || localNames[number] == "video" {
            guard attribute(number, "autoplay") != nil, attribute(number, "muted") == nil, attribute(number, "paused") == nil,
                  let source = mediaSource(number) else { continue }
            let controls = attribute(number, "controls") != nil
            if attribute(number, "loop") != nil {
                if !controls { out.append((.noAutoplayAudio, number)) }
                continue
            }
            if controls { continue }
            guard let duration = mediaDuration(source) else {
                out.append((.noAutoplayAudio, number))
                continue
            }
            // A span that is no number (a fragment axe cannot read) is not at most three seconds.
            if !(Self.playedSeconds(of: source, duration: duration) <= Self.allowedAutoplaySeconds) { out.append((.noAutoplayAudio, number)) }
        }
        return out
    }

    /// What the element plays (its `currentSrc`, as written): a non-empty `src`, else the first
    /// `source` child's non-empty `src`.
    private func mediaSource(_ number: Int) -> String? {
        if let src = attribute(number, "src") { return src.trimmingXMLWhitespace().isEmpty ? nil : src }
        for child in children(number) where localNames[child] == "source" {
            if let src = attribute(child, "src"), !src.trimmingXMLWhitespace().isEmpty { return src }
        }
        return nil
    }

    /// axe's reading of a media fragment (`#t=start` or `#t=start,end`, each seconds or
    /// `[hh:]mm:ss`): the span played (not a number when a time is none); without one, the whole duration.
    static func playedSeconds(of source: String, duration: Double) -> Double {
        guard let range = source.range(of: "#t=") else { return duration }
        let times = source[range.upperBound...].split(separator: ",", omittingEmptySubsequences: false).map { part -> Double in
            guard part.contains(":") else { return parseFloat(String(part)) ?? .nan }
            var seconds = 0.0, unit = 1.0
            for field in part.split(separator: ":", omittingEmptySubsequences: false).reversed() {
                seconds += unit * (leadingInteger(String(field)).map(Double.init) ?? .nan)
                unit *= 60
            }
            return seconds
        }
        return times.count == 1 ? abs(duration - times[0]) : abs(times[1] - times[0])
    }
}
