import EPUBMessages

/// The rules `accessibility` applies: each with its ID, impact, tags and help text, as axe-core
/// 4.x and Ace by DAISY name them (publication rules of our own are `epub-a11y-…`).
struct AccessibilityRule: Sendable {
    let id: String
    let impact: AccessibilityReport.Impact
    let tags: [String]
    let help: MessageText
    /// axe-core reports a failure of this rule as "needs review" (incomplete), not as a violation.
    var needsReview = false

    // MARK: content rules (axe-core)

    static let documentTitle = Self(id: "document-title", impact: .serious, tags: ["cat.text-alternatives", "wcag2a", "wcag242"],
                                    help: .a11yHelpDocumentTitle)
    static let htmlHasLang = Self(id: "html-has-lang", impact: .serious, tags: ["cat.language", "wcag2a", "wcag311"],
                                  help: .a11yHelpHtmlHasLang)
    static let htmlLangValid = Self(id: "html-lang-valid", impact: .serious, tags: ["cat.language", "wcag2a", "wcag311"],
                                    help: .a11yHelpHtmlLangValid)
    static let validLang = Self(id: "valid-lang", impact: .serious, tags: ["cat.language", "wcag2aa", "wcag312"],
                                help: .a11yHelpValidLang)
    static let imageAlt = Self(id: "image-alt", impact: .critical, tags: ["cat.text-alternatives", "wcag2a", "wcag111", "section508"],
                               help: .a11yHelpImageAlt)
    static let inputImageAlt = Self(id: "input-image-alt", impact: .critical, tags: ["cat.text-alternatives", "wcag2a", "wcag111", "wcag412"],
                                    help: .a11yHelpInputImageAlt)
    static let areaAlt = Self(id: "area-alt", impact: .critical, tags: ["cat.text-alternatives", "wcag2a", "wcag244", "wcag412"],
                              help: .a11yHelpAreaAlt)
    static let roleImgAlt = Self(id: "role-img-alt", impact: .serious, tags: ["cat.text-alternatives", "wcag2a", "wcag111"],
                                 help: .a11yHelpRoleImgAlt)
    static let svgImgAlt = Self(id: "svg-img-alt", impact: .serious, tags: ["cat.text-alternatives", "wcag2a", "wcag111"],
                                help: .a11yHelpSvgImgAlt)
    static let linkName = Self(id: "link-name", impact: .serious, tags: ["cat.name-role-value", "wcag2a", "wcag244", "wcag412"],
                               help: .a11yHelpLinkName)
    static let buttonName = Self(id: "button-name", impact: .critical, tags: ["cat.name-role-value", "wcag2a", "wcag412"],
                                 help: .a11yHelpButtonName)
    static let frameTitle = Self(id: "frame-title", impact: .serious, tags: ["cat.text-alternatives", "wcag2a", "wcag412"],
                                 help: .a11yHelpFrameTitle)
    static let emptyHeading = Self(id: "empty-heading", impact: .minor, tags: ["cat.name-role-value", "best-practice"],
                                   help: .a11yHelpEmptyHeading)
    static let list = Self(id: "list", impact: .serious, tags: ["cat.structure", "wcag2a", "wcag131"],
                           help: .a11yHelpList)
    static let listitem = Self(id: "listitem", impact: .serious, tags: ["cat.structure", "wcag2a", "wcag131"],
                               help: .a11yHelpListitem)
    static let definitionList = Self(id: "definition-list", impact: .serious, tags: ["cat.structure", "wcag2a", "wcag131"],
                                     help: .a11yHelpDefinitionList)
    static let dlitem = Self(id: "dlitem", impact: .serious, tags: ["cat.structure", "wcag2a", "wcag131"],
                             help: .a11yHelpDlitem)
    static let duplicateIDAria = Self(id: "duplicate-id-aria", impact: .critical, tags: ["cat.parsing", "wcag2a", "wcag412"],
                                      help: .a11yHelpDuplicateIdAria, needsReview: true)
    static let ariaRoles = Self(id: "aria-roles", impact: .critical, tags: ["cat.aria", "wcag2a", "wcag412"],
                                help: .a11yHelpAriaRoles)

    static let objectAlt = Self(id: "object-alt", impact: .serious, tags: ["cat.text-alternatives", "wcag2a", "wcag111"],
                                help: .a11yHelpObjectAlt)
    static let ariaValidAttr = Self(id: "aria-valid-attr", impact: .critical, tags: ["cat.aria", "wcag2a", "wcag412"],
                                    help: .a11yHelpAriaValidAttr)
    static let headingOrder = Self(id: "heading-order", impact: .moderate, tags: ["cat.semantics", "best-practice"],
                                   help: .a11yHelpHeadingOrder)
    static let tdHeadersAttr = Self(id: "td-headers-attr", impact: .serious, tags: ["cat.tables", "wcag2a", "wcag131"],
                                    help: .a11yHelpTdHeadersAttr)

    static let ariaValidAttrValue = Self(id: "aria-valid-attr-value", impact: .critical, tags: ["cat.aria", "wcag2a", "wcag412"],
                                         help: .a11yHelpAriaValidAttrValue)
    static let ariaAllowedAttr = Self(id: "aria-allowed-attr", impact: .critical, tags: ["cat.aria", "wcag2a", "wcag412"],
                                      help: .a11yHelpAriaAllowedAttr)
    static let ariaAllowedRole = Self(id: "aria-allowed-role", impact: .minor, tags: ["cat.aria", "best-practice"],
                                      help: .a11yHelpAriaAllowedRole)
    static let thHasDataCells = Self(id: "th-has-data-cells", impact: .serious, tags: ["cat.tables", "wcag2a", "wcag131"],
                                     help: .a11yHelpThHasDataCells, needsReview: true)
    static let ariaRequiredParent = Self(id: "aria-required-parent", impact: .critical, tags: ["cat.aria", "wcag2a", "wcag131"],
                                         help: .a11yHelpAriaRequiredParent)
    static let ariaRequiredChildren = Self(id: "aria-required-children", impact: .critical, tags: ["cat.aria", "wcag2a", "wcag131"],
                                           help: .a11yHelpAriaRequiredChildren)
    static let ariaRequiredAttr = Self(id: "aria-required-attr", impact: .critical, tags: ["cat.aria", "wcag2a", "wcag412"],
                                       help: .a11yHelpAriaRequiredAttr)

    // MARK: EPUB rules (Ace)

    static let epubTypeHasMatchingRole = Self(id: "epub-type-has-matching-role", impact: .minor, tags: ["best-practice"],
                                              help: .a11yHelpEpubTypeHasMatchingRole)
    static let pagebreakLabel = Self(id: "pagebreak-label", impact: .moderate, tags: ["best-practice"],
                                     help: .a11yHelpPagebreakLabel)
    static let epubLang = Self(id: "epub-lang", impact: .serious, tags: ["wcag2a", "wcag311"],
                               help: .a11yHelpEpubLang)
    static let epubTitle = Self(id: "epub-title", impact: .serious, tags: ["wcag2a", "wcag242"],
                                help: .a11yHelpEpubTitle)
    static let epubPageSource = Self(id: "epub-pagesource", impact: .serious, tags: ["EPUB"],
                                     help: .a11yHelpEpubPageSource)

    /// A missing discovery property (Ace: `metadata-accessmode` …).
    static func missingMetadata(_ property: String, impact: AccessibilityReport.Impact) -> Self {
        Self(id: "metadata-" + property.lowercased(), impact: impact, tags: ["EPUB"],
             help: .a11yHelpMissingMetadata(property))
    }

    // MARK: publication rules of our own

    static let invalidMetadata = Self(id: "epub-a11y-metadata-invalid", impact: .serious, tags: ["EPUB"],
                                      help: .a11yHelpInvalidMetadata)
    static let unreadMetadata = Self(id: "epub-a11y-metadata-refines-nothing", impact: .moderate, tags: ["EPUB"],
                                     help: .a11yHelpRefinesNothing)
    static let conformanceMissing = Self(id: "epub-a11y-conformance", impact: .serious, tags: ["EPUB"],
                                         help: .a11yHelpConformance)
    static let claimContradicted = Self(id: "epub-a11y-claim-contradicted", impact: .serious, tags: ["EPUB"],
                                        help: .a11yHelpClaimContradicted)
    static let tocReachability = Self(id: "epub-a11y-toc-reading-order", impact: .moderate, tags: ["EPUB", "wcag2a", "wcag241"],
                                      help: .a11yHelpTocReadingOrder)
}
