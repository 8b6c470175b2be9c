import EPUBContract
import Foundation

/// Opens a fixture as the CLI would and returns its contract.
enum Inspect {
    static func session(_ fixture: String, packed: Bool = false) throws -> PublicationSession {
        let folder = FixturePaths.folder(fixture)
        let path = packed ? try FixturePacker.pack(folder: folder) : folder
        return try PublicationSession(path: path)
    }

    static func contract(_ fixture: String, packed: Bool = false) throws -> ReaderContract {
        ContractBuilder.build(try session(fixture, packed: packed))
    }

    /// The contract as parsed JSON text, exactly as `inspect --json` prints it.
    static func json(_ fixture: String, packed: Bool = false) throws -> JSONValue {
        try JSONText.parse(ContractBuilder.json(try contract(fixture, packed: packed), pretty: false))
    }
}
