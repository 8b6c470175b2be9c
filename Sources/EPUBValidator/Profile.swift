/// EPUBCheck's validation profiles (`--profile`): the extension specifications a publication is
/// also held to. A package whose `dc:type` names one is checked with it even under `default`.
public enum Profile: String, Sendable, CaseIterable {
    case `default`
    /// EPUB Dictionaries and Glossaries 1.0.
    case dict
    /// EDUPUB (EPUB for Education).
    case edupub
    /// EPUB Indexes 1.0.
    case idx
    /// EPUB Previews 1.0.
    case preview

    /// The `dc:type` value that declares this profile.
    var declaringType: String? {
        switch self {
        case .default: return nil
        case .dict: return "dictionary"
        case .edupub: return "edupub"
        case .idx: return "index"
        case .preview: return "preview"
        }
    }

    /// EPUBCheck's name for it in OPF-064.
    var displayName: String {
        switch self {
        case .default: return "DEFAULT"
        case .dict: return "DICT"
        case .edupub: return "EDUPUB"
        case .idx: return "IDX"
        case .preview: return "PREVIEW"
        }
    }
}
