// Every module says things through the shared message catalog; whoever reads documents sees
// `Diagnostic`, `MessageID` and `MessageText` as part of this module.
@_exported import EPUBMessages
