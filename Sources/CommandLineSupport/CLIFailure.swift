

/// A failure the user can act on: printed as one line, with its exit status.
package struct CLIFailure: Error {
    package var message: String
    package var status: Int32 = 2

    package init(message: String, status: Int32 = 2) {
        self.message = message
        self.status = status
    }
}
