/// The revision of EPUB 3 a publication is held to (`validate --epub`). EPUB 3.3 is EPUBCheck
/// 5.3.0's and the default; EPUB 3.4 (W3C Candidate Recommendation) adds what its change log lists
/// as conformance changes: docs/epub34.md has each with its section and fixture.
public enum EPUBRevision: String, Sendable, CaseIterable, Comparable {
    case epub33 = "3.3"
    case epub34 = "3.4"

    public static func < (a: EPUBRevision, b: EPUBRevision) -> Bool {
        a.rawValue < b.rawValue
    }
}
