import CLibXML2

/// The element and attribute names content rules look at, found from libxml2's bytes through one
/// process-wide table: no per-document setup and no `String` for names nobody asks about.
enum KnownName: String, CaseIterable {
    case a, area, link, img, input, audio, video, picture, source, track, iframe, embed, object, script, form, base, rp
    case head, title, bdo, button, details, label, menu, select, textarea, map, caption, table, header, footer, address
    case progress, meter, dfn, meta, output, style, blockquote, q, del, ins, datalist, option, th, td, fieldset, mi, mo
    case optgroup, param
    case id, role, `for`, headers, xref, indenttarget, ref, observer, ph
    case ariaActivedescendant = "aria-activedescendant"
    case ariaDescribedby = "aria-describedby", ariaFlowto = "aria-flowto", ariaLabelledby = "aria-labelledby"
    case ariaOwns = "aria-owns", ariaControls = "aria-controls"
    case svg, image, feImage, use, math, annotationXML = "annotation-xml", `switch`, trigger
    case fontFaceURI = "font-face-uri", prefix, time, `case`, `default`
    case requiredNamespace = "required-namespace"
    case href, src, srcset, poster, data, type, rel, alttext
    case symbol, clipPath, linearGradient, radialGradient, pattern, fill, stroke
    case lang

    private static let all = allCases
    private static let lookup = NameTable(allCases.map(\.rawValue))

    /// The known name spelled by these bytes, if any.
    static func of(_ raw: UnsafePointer<xmlChar>?) -> KnownName? {
        guard let raw, let index = lookup.index(raw) else { return nil }
        return all[index]
    }
}
