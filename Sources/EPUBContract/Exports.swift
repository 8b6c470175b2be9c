// The reader library is built on the document model and the style engine; an app that links it
// sees their public values (`Diagnostic`, `DocumentLimits`, `ElementIDs`, …) as part of this module.
@_exported import EPUBStyle
