import CLibXML2
import EPUBContract

/// One document's part of `AccessibilityInventory`, read from the model the rules read: images
/// with their alternatives, audio and video with their tracks, scripts, MathML, `epub:switch`,
/// and the headings shown (`display: none` ones are in no outline).
extension ContentAccessibilityRules {
    func inventory(path: String) -> AccessibilityInventory {
        var out = AccessibilityInventory()
        func place(_ number: Int) -> AccessibilityInventory.Place {
            .init(path: path, line: model.elements[number].line, cfi: model.cfiPath(of: number))
        }
        for number in model.elements.indices {
            let element = model.elements[number]
            switch (element.namespace, element.localName) {
            case (.xhtml, "img"), (.svg, "svg"), (.svg, "image"):
                out.images.append(image(number, place(number)))
            case (.xhtml, "input") where attribute(number, "type")?.lowercased() == "image":
                out.images.append(image(number, place(number)))
            case (.xhtml, "audio"), (.xhtml, "video"):
                let tracks = children(number).filter { localNames[$0] == "track" }.map { attribute($0, "kind")?.lowercased() ?? "subtitles" }
                let source = attribute(number, "src") ?? children(number).first { localNames[$0] == "source" }.flatMap { attribute($0, "src") }
                out.media.append(.init(place: place(number), element: element.localName, src: source, controls: attribute(number, "controls") != nil, tracks: tracks))
            case (.xhtml, "script"), (.svg, "script"):
                out.scripts.append(.init(place: place(number), src: attribute(number, "src")
                    ?? LibXMLNode.attribute(element.node, "href", namespace: XMLNamespace.xlink)))
            case (.mathml, "math"):
                out.mathML.append(place(number))
            case (.epub, "switch"):
                out.switches.append(place(number))
            default:
                break
            }
            if !hidden[number], element.namespace == .xhtml, let level = headingLevel(number) {
                out.headings.append(.init(place: place(number), level: level, text: LibXMLNode.content(element.node).collapsingXMLWhitespace()))
            }
        }
        return out
    }

    /// An image and what describes it: `alt`, the text `aria-describedby` names, the caption of
    /// the figure it is in (`figcaption`), its role.
    private func image(_ number: Int, _ place: AccessibilityInventory.Place) -> AccessibilityInventory.Image {
        let element = model.elements[number]
        let described = attribute(number, "aria-describedby").map { ids in
            ids.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
                .compactMap { model.element(id: String($0)).map { LibXMLNode.content(model.elements[$0].node).collapsingXMLWhitespace() } }
                .joined(separator: " ")
        }
        var figure = element.parent
        while let f = figure, localNames[f] != "figure" { figure = model.elements[f].parent }
        let caption = figure.flatMap { f in children(f).first { localNames[$0] == "figcaption" } }
            .map { LibXMLNode.content(model.elements[$0].node).collapsingXMLWhitespace() }
        let src = element.namespace == .svg
            ? LibXMLNode.attribute(element.node, "href", namespace: XMLNamespace.xlink) ?? attribute(number, "href")
            : attribute(number, "src")
        return .init(place: place, element: element.localName, src: src, alt: element.namespace == .xhtml ? attribute(number, "alt") : nil,
                     describedBy: described.flatMap { $0.isEmpty ? nil : $0 }, figcaption: caption, role: attribute(number, "role"))
    }
}
