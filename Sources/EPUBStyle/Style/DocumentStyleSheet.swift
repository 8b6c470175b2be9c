/// One of a content document's style sheets, in document order: a `link rel=stylesheet` (XHTML)
/// or a `style` element (XHTML or SVG), with what decides whether a reader applies it. The one
/// list of a document's sheets: the cascade (`StyleResolver`) takes those a screen applies, the
/// export's layout key all of them (a reader may switch to an alternate or print).
package struct DocumentStyleSheet: Sendable, Equatable {
    package enum Source: Sendable, Equatable {
        /// A linked sheet, by its container path.
        case file(String)
        /// A `style` element, by its model index.
        case element(Int)
    }

    package let source: Source
    /// The `media` attribute as written.
    package let media: String?
    /// A `link` whose `rel` says `alternate`.
    package let alternate: Bool

    /// Whether a reading system on the assumed screen applies it, before the reader chooses.
    package var applies: Bool { !alternate && (media.map(MediaAssumptions.matches) ?? true) }

    /// The document's sheets, from its elements (or only those numbered in `candidates`).
    package static func all(in model: ContentDocument, among candidates: [Int]? = nil) -> [DocumentStyleSheet] {
        (candidates ?? Array(model.elements.indices)).compactMap { number in
            let element = model.elements[number]
            guard element.namespace == .xhtml || element.namespace == .svg, element.localName == "link" || element.localName == "style" else {
                return nil
            }
            let media = model.attribute(number, "media")
            if element.localName == "style" { return DocumentStyleSheet(source: .element(number), media: media, alternate: false) }
            let rel = (model.attribute(number, "rel") ?? "").lowercased().xmlTokens()
            guard element.namespace == .xhtml, rel.contains("stylesheet"), let href = model.attribute(number, "href"),
                  case .local(let path, _) = HrefResolver.resolve(href, against: model.path) else { return nil }
            return DocumentStyleSheet(source: .file(path), media: media, alternate: rel.contains("alternate"))
        }
    }
}
