import EPUBContract

/// One change a repair made: the message ID it answers, the file, and what it did in the
/// catalog's words (so the report reads in every locale).
public struct RepairRecord: Sendable, Equatable {
    public var id: String
    public var path: String
    public var change: MessageText
    /// The round it was made in: 1 answers the source's report; later rounds answer what earlier
    /// repairs revealed (a package readable once `container.xml` names it).
    public var round = 1

    init(_ id: MessageID, _ path: String, _ change: MessageText) {
        self.id = id.rawValue
        self.path = path
        self.change = change
    }
}
