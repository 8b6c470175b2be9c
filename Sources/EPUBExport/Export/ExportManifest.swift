import EPUBContract
import EPUBOutput

/// What an export wrote and left out, for `contract.json`: which file each spine item and resource
/// became, what was removed, and which references stay outside (remote) or lead nowhere.
public struct ExportManifest: Sendable, Codable, Equatable {
    /// One exported content document: its source, its output and what changed.
    public struct Document: Sendable, Codable, Equatable {
        /// Spine index; nil for a document reached only by hyperlinks (exported as `aux-NNNN.xhtml`).
        public var spineIndex: Int?
        public var href: String
        public var output: String
        /// True when the source was not well-formed and was read by the HTML parser.
        public var parsedAsHTML: Bool
    }

    /// One copied resource (image, font, audio, style sheet) and its output path.
    public struct Resource: Sendable, Codable, Equatable {
        public var href: String
        public var output: String
        public var mediaType: String?
    }

    /// A reference the export could not keep local: remote, or leading nowhere.
    public struct Reference: Sendable, Codable, Equatable {
        /// Output document (or style sheet) holding the reference.
        public var in_: String
        public var url: String

        enum CodingKeys: String, CodingKey {
            case in_ = "in"
            case url
        }
    }

    public var documents: [Document] = []
    public var resources: [Resource] = []
    public var scriptsRemoved = 0
    public var eventHandlersRemoved = 0
    public var remoteReferences: [Reference] = []
    /// Local references whose target is not in the container or the manifest: emptied.
    public var unresolvedReferences: [Reference] = []
    /// What the export had to repair or could not read (EC-EXP-001, EC-EXP-002, EC-EXP-003), and
    /// with `--styles` the CSS a browser skips (EC-EXP-004), located at the source.
    public var diagnostics: [Diagnostic] = []
    /// Source documents not exported whole (EC-EXP-003): the export is incomplete, and says so in its exit status.
    public var incomplete: [String] = []
    /// The screen the computed styles were resolved for (`--viewport`; 768 × 1024 by default), in CSS px.
    public var viewport = Viewport(width: 768, height: 1024)
    /// The default font size computed styles were resolved for (`--font-size`; 16 by default), in CSS px.
    public var fontSize = 16
    /// The file name of the user style sheet applied with user origin (`--user-css`); nil: none.
    public var userStyleSheet: String?

    /// A screen size in CSS pixels.
    public struct Viewport: Sendable, Codable, Equatable {
        public var width: Int
        public var height: Int
    }
}
