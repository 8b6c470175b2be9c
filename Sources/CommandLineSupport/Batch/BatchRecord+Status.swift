import EPUBContract

extension BatchRecord.Status {
    /// The status in the catalog's words (a summary's "3 with errors", a failed book's line).
    package var text: MessageText {
        switch self {
        case .clean: return .batchStatusClean
        case .warnings: return .batchStatusWarnings
        case .errors: return .batchStatusErrors
        case .unusable: return .batchStatusUnusable
        case .timeout: return .batchStatusTimeout
        case .crashed: return .batchStatusCrashed
        case .memory: return .batchStatusMemory
        }
    }
}
