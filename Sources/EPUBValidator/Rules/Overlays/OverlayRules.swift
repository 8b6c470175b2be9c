import EPUBContract
import Foundation

/// Media overlays against the package: which documents an overlay serves (MED_010 … MED_013),
/// text targets in reading order across the overlays (MED_015, MED_017) and unique ids. The audio
/// each `audio` names is registered for `ReferenceRules`. Read from the session's parsed SMIL documents.
enum OverlayRules {
    /// Its structural semantics and unique ids (placed by column, so the source is read only when
    /// an id repeats).
    static func semantics(_ input: DocumentInput, into found: inout RuleOutput) {
        found.add(OverlaySemanticsRules.check(input.tree, path: input.path))
        let duplicates = input.tree.duplicateIDs()
        guard !duplicates.isEmpty else { return }
        let locator = input.source().map(SourceLocator.init)
        for duplicate in duplicates {
            found.add([input.diagnostic(.RSC_005, .idUsedMoreThanOnceOverlay(duplicate.id), line: duplicate.position.line,
                                        column: locator?.column(duplicate.position))])
        }
    }

    /// MED-014: clip times belong in `clipBegin` and `clipEnd`, not in the audio's URL: any
    /// fragment, local or remote audio alike.
    static func audioFragments(_ input: DocumentInput, into found: inout RuleOutput) {
        for audio in input.tree.elements(named: "audio", in: XMLNamespace.smil) {
            // A byte test first: an overlay has thousands of audio elements, nearly all without one.
            guard let raw = audio.attribute("src"), raw.utf8.contains(UInt8(ascii: "#")) else { continue }
            found.add([input.diagnostic(.MED_014, .audioUrlHasFragmentClipTimes(raw.trimmingXMLWhitespace()), line: audio.line)])
        }
    }

    /// Across the package's overlays: each overlay's own rules (the overlay registry), then which
    /// documents each serves and in what order, and the audio each plays, registered.
    static func check(_ input: PackageInput, into found: inout RuleOutput) {
        let session = input.session, package = input.package
        guard package.isEPUB3, session.scope == .publication else { return }
        var out: [Diagnostic] = []
        var servedBy: [String: String] = [:]          // content document → first overlay id pointing into it
        var referenced: [String: Set<String>] = [:]   // overlay id → content documents it points into
        var order = ReadingOrder()
        for overlay in package.manifest where overlay.mediaType == "application/smil+xml" {
            guard let path = overlay.path, let document = session.wellFormedTree(at: path) else { continue }
            func report(_ id: MessageID, _ message: MessageText, _ line: Int) {
                out.append(Diagnostic(id, message: message, location: .init(path: path, line: line)))
            }
            RuleRegistry.overlay.run(DocumentInput(path: path, tree: document, source: { session.data(at: path) }, publication: (session, package)),
                                     into: &found)
            // A `body` or `seq`'s `epub:textref` points into a content document as a `text` does:
            // EPUBCheck's OverlayHandler registers both, in document order, for MED_011 and MED_015.
            for element in document.elements(where: { element in
                guard element.namespace == XMLNamespace.smil else { return false }
                switch element.name {
                case "text", "audio": return element.attribute("src") != nil
                case "body", "seq": return element.attribute("textref", namespace: XMLNamespace.epub) != nil
                default: return false
                }
            }) {
                let isTextref = element.name == "body" || element.name == "seq"
                let src = ((isTextref ? element.attribute("textref", namespace: XMLNamespace.epub) : element.attribute("src")) ?? "").trimmingXMLWhitespace()
                let resolution = HrefResolver.resolve(src, against: path)
                if element.name == "audio" {
                    var reference = Reference(origin: .overlay, kind: .audio, url: src, resolution: resolution, line: element.line, column: nil)
                    reference.element = "audio"
                    reference.attribute = "src"
                    found.references.register(reference, from: overlay, path: path)
                    continue
                }
                guard case .local(let target, let fragment) = resolution else { continue }
                // A text target: which documents this overlay serves, and in what order.
                referenced[overlay.id, default: []].insert(target)
                var orderFragment = fragment
                if let given = fragment, !given.isEmpty, package.item(path: target)?.mediaType == "application/xhtml+xml",
                   !(given.removingPercentEncoding ?? given).isXMLNCName {
                    report(.MED_017, .textTargetNameElementIdNot(src, given), element.line)
                    orderFragment = nil  // read as the start of its document, as EPUBCheck does
                }
                if let first = servedBy[target], first != overlay.id {
                    report(.MED_011, .alreadyServedOverlayDocumentHasOne(target, first), element.line)
                } else {
                    servedBy[target] = overlay.id
                }
                if order.stepsBack(session, to: target, fragment: orderFragment) == true {
                    report(.MED_015, .textTargetComesBeforePreviousOne(target, fragment.map { "#" + $0 } ?? ""), element.line)
                }
            }
        }
        for item in package.manifest {
            guard let path = item.path else { continue }
            if let named = item.mediaOverlay {
                if let serving = servedBy[path], serving != named {
                    out.append(Diagnostic(.MED_012, message: .itemNamesOverlayButOneThat(item.id, named, serving), location: .init(path: package.path, line: item.line)))
                } else if package.item(id: named) != nil, !(referenced[named]?.contains(path) ?? false) {
                    // Whatever the named item is: one that is no overlay never points into the document either.
                    out.append(Diagnostic(.MED_013, message: .itemNamesOverlayWhichNeverPoints(item.id, named), location: .init(path: package.path, line: item.line)))
                }
            } else if servedBy[path] != nil {
                out.append(Diagnostic(.MED_010, message: .mediaOverlayPointsIntoSoManifest(path, item.id), location: .init(path: package.path, line: item.line)))
            }
        }
        found.add(out)
    }

    /// A `seq` or `body`'s `epub:textref`, and a `text`'s `src`, name the part of a document they
    /// read: registered for `ReferenceRules`, which judges them as EPUBCheck judges its overlay
    /// text links: a declared file (RSC-007, RSC-008), and an element for a fragment (RSC-012).
    static func registerTextrefs(_ session: PublicationSession, _ package: PackageDocument, into registry: inout ReferenceRegistry) {
        guard package.isEPUB3, session.scope == .publication else { return }
        for overlay in package.manifest where overlay.mediaType == "application/smil+xml" {
            guard let path = overlay.path, let document = session.wellFormedTree(at: path) else { continue }
            for element in document.elements(where: { $0.attribute("textref", namespace: XMLNamespace.epub) != nil || ($0.is("text", in: XMLNamespace.smil) && $0.attribute("src") != nil) }) {
                let written = element.name == "text" ? element.attribute("src") : element.attribute("textref", namespace: XMLNamespace.epub)
                let textref = (written ?? "").trimmingXMLWhitespace()
                var reference = Reference(origin: .overlay, kind: .textref, url: textref, resolution: HrefResolver.resolve(textref, against: path),
                                          line: element.line, column: nil)
                reference.element = element.name
                reference.attribute = element.name == "text" ? "src" : "epub:textref"
                registry.register(reference, from: overlay, path: path)
            }
        }
    }
}
