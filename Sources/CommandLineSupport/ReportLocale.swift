import ArgumentParser
import EPUBContract
import Foundation

/// The locale a report is written in: `--locale`, else the environment's (`LC_ALL`,
/// `LC_MESSAGES`, `LANG`), else English. Asking for one we do not have is a usage error.
package enum ReportLocale {
    /// The run's locale, for what is said before or beside a command's own output (usage errors,
    /// failures, batch summaries): `--locale` as given on the command line (a locale we do not have
    /// counts as none: the command itself says so), else the environment's.
    package static let current: MessageLocale = {
        let arguments = CommandLine.arguments
        var asked: String?
        for (i, argument) in arguments.enumerated() {
            if argument == "--locale", i + 1 < arguments.count { asked = arguments[i + 1] }
            if argument.hasPrefix("--locale=") { asked = String(argument.dropFirst("--locale=".count)) }
        }
        return asked.flatMap(MessageLocale.init(identifier:)) ?? (try? resolve(nil)) ?? .english
    }()

    /// `--locale`'s help, the same on every command. A plain option rather than an option group:
    /// each type ArgumentParser reflects costs every run a scan of the conformance tables.
    package static let optionHelp = ArgumentHelp(
        "The language of the text output and messages: en, zh-Hans or ja (default: the environment's, else English).", valueName: "LOCALE")

    /// A usage error (exit 64, with ArgumentParser's usage line) in the run's locale.
    package static func usage(_ text: MessageText) -> ValidationError {
        ValidationError(text.rendered(in: current))
    }

    package static func resolve(_ asked: String?) throws -> MessageLocale {
        if let asked {
            guard let locale = MessageLocale(identifier: asked) else {
                let available = MessageLocale.allCases.map(\.rawValue).joined(separator: ", ")
                throw CLIFailure(.cliNoSuchLocale(asked, available))
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
