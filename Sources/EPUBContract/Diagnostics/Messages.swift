// The reader library speaks through the shared message catalog; its users see `Diagnostic`,
// `MessageID` and `MessageText` as part of this module, as they always have.
@_exported import EPUBMessages
