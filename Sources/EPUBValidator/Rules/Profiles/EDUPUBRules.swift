import EPUBContract

/// EDUPUB (EPUB for Education) in the package: the `edupub` type (in the package and, for
/// multiple renditions, in `META-INF/metadata.xml`), accessibility features, a teacher's edition
/// naming its student edition, the metadata recommended for school audiences (RSC-017), and,
/// over the publication, where its pagination comes from (OPF-066, NAV-003) and Microdata
/// without RDFa (HTM-051). Properties are read as written, as EPUBCheck's EDUPUB rules read them.
enum EDUPUBRules {
    /// Content elements and the nav list each asks for.
    static let lists: [(element: String, nav: String, id: MessageID)] = [
        ("audio", "loa", .NAV_005), ("figure", "loi", .NAV_006), ("table", "lot", .NAV_007), ("video", "lov", .NAV_008),
    ]

    static let schoolMetadata = ["schema:educationalAlignment", "schema:educationalRole", "schema:educationalUse", "schema:interactivityType",
                                 "schema:isBasedOnUrl", "schema:learningResourceType", "schema:typicalAgeRange"]

    static func package(_ package: PackageDocument) -> [Diagnostic] {
        guard let metadataLine = package.metadataLine else { return [] }
        let path = package.path
        var out: [Diagnostic] = []
        func report(_ id: MessageID, _ message: MessageText, _ line: Int = metadataLine) {
            out.append(Diagnostic(id, message: message, location: .init(path: path, line: line)))
        }
        let metadata = package.declaredMetadata
        let types = metadata.filter { $0.isDublinCore("type") }
        if !types.contains(where: { $0.value == "edupub" }) { report(.RSC_005, .dcTypeIdentifierEdupubRequired) }
        func has(_ property: String) -> [MetadataEntry] { metadata.filter { $0.propertyWritten == property } }
        let features = has("schema:accessibilityFeature")
        if features.isEmpty { report(.RSC_005, .leastOneSchemaAccessibilityfeatureDeclarationRequired) }
        if features.contains(where: { $0.value == "none" }) {
            report(.RSC_005, .schemaAccessibilityfeaturePropertyValueNoneNot)
        }
        let sources = metadata.filter { $0.isDublinCore("source") }
        for type in types where type.value == "teacher-edition" && sources.isEmpty {
            report(.RSC_017, .teacherSEditionIdentifyCorrespondingStudent, type.line)
        }
        // EPUBCheck's audience test matches "schools" only (written in lower case).
        if has("schema:audienceType").contains(where: { $0.value == "schools" }) {
            for property in schoolMetadata where has(property).isEmpty {
                report(.RSC_017, .whenTargetingSchoolsIncludingPropertyRecommended(property))
            }
        }
        return out
    }

    /// Multiple renditions: the publication's own metadata (`META-INF/metadata.xml`) says edupub too.
    static func publicationMetadata(_ session: PublicationSession) -> [Diagnostic] {
        let path = "META-INF/metadata.xml"
        guard session.container.contains(path), let document = session.wellFormedTree(at: path),
              let metadata = document.root, metadata.is("metadata", in: "http://www.idpf.org/2013/metadata") else { return [] }
        if metadata.children(named: "type", in: XMLNamespace.dc).contains(where: { $0.text.collapsingXMLWhitespace() == "edupub" }) { return [] }
        return [Diagnostic(.RSC_005, message: .dcTypeElementValueEdupubRequired, location: .init(path: path, line: metadata.line))]
    }

    /// Paginated content needs a page list (NAV-003) and a `dc:source` that is the source of the
    /// pagination (OPF-066); Microdata without RDFa anywhere is HTM-051, once for the publication.
    static func publication(_ session: PublicationSession, _ package: PackageDocument, _ documents: [ContentRules.Document]) -> [Diagnostic] {
        var out: [Diagnostic] = []
        if documents.contains(where: { $0.features.contains(.pagebreak) }) {
            let pageList = session.navigation.navDocument.flatMap { session.xml(at: $0)?.document }.map {
                !navs($0, "page-list").isEmpty
            } ?? false
            if !pageList {
                out.append(Diagnostic(.NAV_003, message: .contentHasPageBreaksButNavigation, location: .init(path: package.path)))
            }
            let paginationSource = package.entries(Vocabulary.dc + "source").contains { source in
                source.refinements.contains { $0.property == Vocabulary.meta + "source-of" && $0.value == "pagination" }
            }
            if !paginationSource {
                out.append(Diagnostic(.OPF_066, message: .contentHasPageBreaksButNo,
                                      location: .init(path: package.path)))
            }
        }
        out += navigation(session, package, documents.compactMap(\.outline))
        if !documents.contains(where: { $0.features.contains(.rdfa) }), let document = documents.first(where: { $0.features.contains(.microdata) }) {
            out.append(Diagnostic(.HTM_051, message: .documentUsesMicrodataEdupubRecommendsRdfa, location: .init(path: document.path)))
        }
        return out
    }

    /// The navigation document's `nav` elements of one `epub:type`.
    private static func navs(_ document: XMLDocument, _ type: String) -> [XMLElement] {
        document.elements { $0.is("nav", in: XMLNamespace.xhtml) && $0.epubTypes.contains(type) }
    }

    /// Usage: the toc has as many links as the content has sections (NAV-004), and a list of
    /// audio, figures, tables or video where the content has them (NAV-005 … NAV-008).
    private static func navigation(_ session: PublicationSession, _ package: PackageDocument, _ outlines: [EDUPUBOutline.Summary]) -> [Diagnostic] {
        guard let path = session.navigation.navDocument, let nav = session.xml(at: path)?.document else { return [] }
        var out: [Diagnostic] = []
        // Every link inside a toc nav, once (a nav nested in another is not counted twice).
        let links = nav.elements { element in
            guard element.is("a", in: XMLNamespace.xhtml), element.attribute("href") != nil else { return false }
            return sequence(first: element, next: \.parent).dropFirst().contains { $0.is("nav", in: XMLNamespace.xhtml) && $0.epubTypes.contains("toc") }
        }
        if outlines.map(\.sections).reduce(0, +) != links.count {
            out.append(Diagnostic(.NAV_004, message: .navigationDocumentContainFullDocumentHeading,
                                  location: .init(path: links.isEmpty ? package.path : path, line: links.first?.line)))
        }
        let media = outlines.reduce(into: Set<String>()) { $0.formUnion($1.media) }
        for list in lists where media.contains(list.element) && navs(nav, list.nav).isEmpty {
            out.append(Diagnostic(list.id, message: .contentDocumentsContainElementsButNavigation(list.element, list.nav),
                                  location: .init(path: path)))
        }
        return out
    }
}
