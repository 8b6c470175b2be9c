/// The reader contract: everything a reading system needs to present the publication, as one
/// versioned value. Property order is the JSON key order (DESIGN.md); the schema is in `schemas/`.
public struct ReaderContract: Sendable, Codable, Equatable {
    /// Semantic version of the contract's shape; bump the minor for additions, the major for breaks.
    public static let version = "0.4.0"

    public var contractVersion: String
    public var generator: Generator
    public var source: Source
    public var package: PackageInfo
    public var metadata: PublicationMetadata
    public var rendition: PublicationRendition
    public var pageProgression: PageProgression
    public var writingMode: WritingMode
    public var writingModeSource: WritingMode.Source
    public var inferred: InferredPresentation
    public var spine: [SpineEntry]
    public var spreads: [SpreadGroup]
    public var navDocument: String?
    public var ncx: String?
    public var tocSource: TocSource
    public var toc: [TocEntry]
    public var pageList: [TocEntry]
    public var landmarks: [Landmark]
    /// Navigation lists other than the three above (`lot`, `loi`, NCX `navList` …).
    public var navLists: [NavList]
    public var mediaOverlay: MediaOverlayMetadata?
    public var mediaOverlays: [MediaOverlayTimeline]
    public var manifest: [ManifestEntry]
    public var diagnostics: [Diagnostic]

    /// The tool that wrote the contract, so a consumer can tell which rules produced it.
    public struct Generator: Sendable, Codable, Equatable {
        public var name: String
        public var version: String
    }

    /// The input the contract was read from: path, container kind, size and digest.
    public struct Source: Sendable, Codable, Equatable {
        /// The path as given on the command line.
        public var path: String
        public var kind: ContainerKind
        /// Bytes of the `.epub` file, or the sum of the folder's files.
        public var size: UInt64
        /// SHA-256 of the `.epub` file; null for a folder.
        public var sha256: String?
    }

    /// The package document the contract describes: version, path, unique identifier.
    public struct PackageInfo: Sendable, Codable, Equatable {
        public var version: String?
        /// Container path of the OPF.
        public var path: String
        /// Value of the `dc:identifier` named by `unique-identifier`.
        public var uniqueIdentifier: String?
        /// `package/@unique-identifier` as written.
        public var uniqueIdentifierRef: String?
        public var prefixes: [PrefixMap.PrefixDeclaration]
        public var dir: String?
        public var lang: String?
    }
}
