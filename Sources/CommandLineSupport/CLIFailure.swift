import EPUBContract

/// A failure the user can act on: one line in the catalog's words, with its exit status.
package struct CLIFailure: UserFacingError {
    package var text: MessageText
    package var status: Int32 = 2

    package init(_ text: MessageText, status: Int32 = 2) {
        self.text = text
        self.status = status
    }

    /// The line in the run's locale (`ReportLocale.current`).
    package var message: String { text.rendered(in: ReportLocale.current) }
}
