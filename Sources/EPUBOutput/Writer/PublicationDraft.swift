import EPUBContract
/// A publication to write: documents in reading order, other resources, a table of contents
/// and the metadata EPUB 3.3 requires. The EPUB writer's input, independent of where it came from.
/// Documents may be made lazily, so that a large book is never in memory twice.
public struct PublicationDraft: Sendable {
    /// One XHTML content document of the spine, made now or when the writer needs it.
    public struct Document: Sendable {
        /// Path inside the content folder (`text/0001.xhtml`).
        public var path: String
        public var title: String
        /// Makes the document's bytes; called once, when the writer reaches it.
        public var render: @Sendable () -> [UInt8]

        public init(path: String, title: String, render: @escaping @Sendable () -> [UInt8]) {
            self.path = path
            self.title = title
            self.render = render
        }

    }

    /// Any other file (style sheet, image, font).
    public struct Resource: Sendable {
        public var path: String
        public var mediaType: String
        public var bytes: [UInt8]

        public init(path: String, mediaType: String, bytes: [UInt8]) {
            self.path = path
            self.mediaType = mediaType
            self.bytes = bytes
        }
    }

    /// A table-of-contents entry pointing at a document.
    public struct TocEntry: Sendable {
        public var title: String
        public var path: String
        public var children: [TocEntry]

        public init(title: String, path: String, children: [TocEntry] = []) {
            self.title = title
            self.path = path
            self.children = children
        }
    }

    /// `urn:uuid:…`, stable for the same input.
    public var identifier: String
    public var title: String
    public var author: String?
    public var language: String
    /// `CCYY-MM-DDThh:mm:ssZ`.
    public var modified: String
    /// `rtl` for vertical CJK books; nil leaves the default.
    public var pageProgression: String?
    public var documents: [Document]
    public var resources: [Resource]
    public var toc: [TocEntry]
    /// Title of the navigation document's heading ("目录", "Contents").
    public var tocTitle: String

    public init(identifier: String, title: String, author: String?, language: String, modified: String, pageProgression: String?,
                documents: [Document], resources: [Resource], toc: [TocEntry], tocTitle: String) {
        self.identifier = identifier
        self.title = title
        self.author = author
        self.language = language
        self.modified = modified
        self.pageProgression = pageProgression
        self.documents = documents
        self.resources = resources
        self.toc = toc
        self.tocTitle = tocTitle
    }
}
