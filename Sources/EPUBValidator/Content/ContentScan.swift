import EPUBContract
/// What one XHTML or SVG content document contains that the package must declare or that other
/// checks need: its references, and features that call for manifest properties.
public struct ContentScan: Sendable {
    /// Features that correspond to manifest item properties (`scripted`, `svg`, `mathml`, `switch`).
    public enum Feature: String, Sendable, Hashable {
        case scripted
        case svg
        case mathml
        case `switch`
    }

    /// An element found for a check, by name and place.
    public struct Element: Sendable, Equatable {
        public var name: String
        public var position: TagPosition
    }

    /// One `epub:type` token and the element it is on.
    public struct TypeToken: Sendable, Equatable {
        public var token: String
        /// Local name of the element carrying it.
        public var element: String
        public var position: TagPosition
    }

    /// A style sheet `link`, for the alternate-style-sheet rules.
    public struct StyleLink: Sendable, Equatable {
        public var rel: [String]
        public var classes: [String]
        public var title: String?
        public var position: TagPosition
    }

    public var references: [ContentReference] = []
    public var features: Set<Feature> = []
    /// Deprecated EPUB elements (`epub:switch`, `epub:trigger`).
    public var deprecatedElements: [Element] = []
    /// Discouraged HTML elements (`base`, `embed`, `rp`).
    public var discouragedElements: [Element] = []
    /// Every `epub:type` token.
    public var types: [TypeToken] = []
    /// Hyperlinks with an empty `href` (a reference to the document itself).
    public var emptyHyperlinks: [TagPosition] = []
    /// `data-*` attribute names that are not valid custom data attributes.
    public var badDataAttributes: [(name: String, position: TagPosition)] = []
    public var styleLinks: [StyleLink] = []
    /// Whether the document has any CSS: a style sheet link, a `style` element or `<?xml-stylesheet?>`.
    public var hasStyleSheet = false
    /// Attributes in a custom namespace on a W3C or IDPF host (reserved for their specifications).
    public var reservedNamespaceAttributes: [(namespace: String, position: TagPosition)] = []
    /// Declarations of the `epub` prefix for a namespace other than EPUB's.
    public var unusualEPUBNamespaces: [(namespace: String, position: TagPosition)] = []
    /// `bdo` elements without `dir`.
    public var bdoWithoutDir: [TagPosition] = []
    /// The head's `title`: nil when there is none, else whether it has text, and where it is.
    public var title: (hasText: Bool, position: TagPosition)?
    /// Where the `head` is (a missing title is reported there).
    public var head: TagPosition?
    /// Content-model faults of the HTML Schematron rules EPUBCheck applies (nesting, ancestors,
    /// the encoding declaration), each with EPUBCheck's meaning in our words.
    public var markupProblems: [(message: String, position: TagPosition)] = []
    /// Elements whose id is not unique (every bearer of a repeated id, in document order).
    public var duplicateIDs: [(id: String, position: TagPosition)] = []
    /// `a` elements inside another `a` (also among `markupProblems`; EPUB 2 reports only these).
    public var nestedLinks: [TagPosition] = []
    /// Elements and attributes the HTML grammar does not allow (unknown or misplaced elements,
    /// attributes an element cannot carry, malformed dimensions), as EPUBCheck's RSC-005.
    public var vocabularyProblems: [(message: String, position: TagPosition)] = []
    /// Schematron warnings of the same rules (deprecated ARIA roles), reported as RSC-017.
    public var markupWarnings: [(message: String, position: TagPosition)] = []
    /// ID-reference attributes (`aria-describedby` …, `output/@for`) and the ids they name.
    public var idReferences: [(attribute: String, ids: [String], position: TagPosition)] = []
    /// Lines of MathML `math` elements with no text alternative (`alttext` or `annotation-xml`).
    public var mathWithoutAlternative: [Int] = []
    /// Turns positions into columns, from the document's bytes; nil when they were not at hand.
    public var locator: SourceLocator?

    /// The column of a position, when the source is known.
    public func column(_ position: TagPosition) -> Int? {
        locator?.column(position)
    }
}
