/// The values of the accessibility metadata, from the W3C's Schema.org Accessibility Properties
/// for Discoverability vocabulary and EPUB Accessibility 1.1 §2 (conformance) and §4 (exemptions).
package enum AccessibilityVocabulary {
    package static let accessMode: Set<String> = [
        "auditory", "chartOnVisual", "chemOnVisual", "colorDependent", "diagramOnTactile", "diagramOnVisual", "mathOnVisual",
        "musicOnVisual", "tactile", "textOnVisual", "textual", "visual",
    ]
    package static let accessModeSufficient: Set<String> = ["auditory", "tactile", "textual", "visual"]
    package static let accessibilityFeature: Set<String> = [
        "alternativeText", "annotations", "ARIA", "audioDescription", "bookmarks", "braille", "captions", "ChemML", "citations",
        "closedCaptions", "describedMath", "displayTransformability", "fullRubyAnnotations", "highContrastAudio",
        "highContrastDisplay", "horizontalWriting", "index", "largePrint", "latex", "latex-chemistry", "longDescription",
        "MathML", "MathML-chemistry", "none", "openCaptions", "pageBreakMarkers", "pageNavigation", "printPageNumbers",
        "readingOrder", "rubyAnnotations", "signLanguage", "structuralNavigation", "synchronizedAudioText", "tableOfContents",
        "taggedPDF", "tactileGraphic", "tactileObject", "timingControl", "transcript", "ttsMarkup", "unknown", "unlocked",
        "verticalWriting", "withAdditionalWordSegmentation", "withoutAdditionalWordSegmentation",
    ]
    package static let accessibilityHazard: Set<String> = [
        "flashing", "motionSimulation", "noFlashingHazard", "noMotionSimulationHazard", "noSoundHazard", "none", "sound",
        "unknown", "unknownFlashingHazard", "unknownMotionSimulationHazard", "unknownSoundHazard",
    ]
    /// EAA exemptions (EPUB Accessibility 1.1's exemption property).
    package static let exemption: Set<String> = ["eaa-disproportionate-burden", "eaa-fundamental-alteration", "eaa-microenterprise"]

    /// The fixed words of an EPUB Accessibility 1.1 conformance statement, before the WCAG version.
    package static let claimPrefix = "EPUB Accessibility 1.1 - WCAG "

    /// Whether a `dcterms:conformsTo` value names EPUB Accessibility with a WCAG level: 1.1's
    /// "EPUB Accessibility 1.1 - WCAG 2.x Level A|AA|AAA", or 1.0's IRI with `#wcag-a|aa|aaa`.
    package static func isConformance(_ value: String) -> Bool {
        let v = value.trimmingCharacters(in: .whitespaces)
        for version in ["2.0", "2.1", "2.2"] {
            for level in ["A", "AA", "AAA"] where v == "EPUB Accessibility 1.1 - WCAG \(version) Level \(level)" { return true }
        }
        for level in ["a", "aa", "aaa"] where v == "http://www.idpf.org/epub/a11y/accessibility-20170105.html#wcag-\(level)" { return true }
        return false
    }
}
