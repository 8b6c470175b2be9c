import EPUBContract
import Foundation

/// The locale a report is written in: `--locale`, else the environment's (`LC_ALL`,
/// `LC_MESSAGES`, `LANG`), else English. Asking for one we do not have is a usage error.
package enum ReportLocale {
    package static func resolve(_ asked: String?) throws -> MessageLocale {
        if let asked {
            guard let locale = MessageLocale(identifier: asked) else {
                let available = MessageLocale.allCases.map(\.rawValue).joined(separator: ", ")
                throw CLIFailure(message: "--locale '\(asked)': no such locale; available: \(available)")
            }
            return locale
        }
        // getenv, not ProcessInfo.environment: that builds the whole environment (a cost per run).
        var environment: [String: String] = [:]
        for name in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return MessageLocale.fromEnvironment(environment)
    }
}
