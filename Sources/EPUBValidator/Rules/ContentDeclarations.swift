/// What the package (and the profile) declare about its content documents, which decides the
/// extension specifications' content rules each document is held to.
struct ContentDeclarations: Sendable {
    /// The documents declared to be indexes (EPUB Indexes): each must hold one.
    var indexDocuments: Set<String> = []
    /// The publication is a dictionary: EPUB Dictionaries' content model applies.
    var dictionary = false
    /// The reflowable linear spine documents of an EDUPUB publication: its outline rules apply.
    var edupubDocuments: Set<String> = []
}
