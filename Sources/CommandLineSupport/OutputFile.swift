import EPUBContract
import EPUBOutput
import Foundation

/// Writes report files whole or not at all, through the writers' one temporary-file-and-rename.
package enum OutputFile {
    /// `input`: what the command read, which the file must neither be nor lie inside.
    package static func write(_ text: String, to path: String, input: String) throws {
        do {
            try OutputPath.refuseOverwritingInput(input, path)
            try OutputPath.writeFile(Array(text.utf8), to: path)
        } catch {
            throw CLIFailure(.cliCannotWrite(path, error.description))
        }
    }
}
