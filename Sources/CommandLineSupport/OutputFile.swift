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

    /// Writes a JSON value and a newline, piece by piece into the temporary file (a report of
    /// hundreds of thousands of places is never one buffer), put in place whole or not at all.
    package static func write(json value: JSONValue, pretty: Bool, to path: String, input: String) throws {
        do {
            try OutputPath.refuseOverwritingInput(input, path)
            let file = try StreamingFile(path)
            var failure: ConversionError?
            value.write(pretty: pretty) { piece in
                guard failure == nil else { return }
                do throws(ConversionError) { try file.write(piece) } catch { failure = error }
            }
            if let failure { throw failure }
            try file.write([0x0A])
            try file.finish()
        } catch let error as ConversionError {
            throw CLIFailure(.cliCannotWrite(path, error.description))
        }
    }
}
