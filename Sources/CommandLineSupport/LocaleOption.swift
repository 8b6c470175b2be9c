import ArgumentParser
import EPUBContract

/// `--locale`: the language a command writes its text output, failures and summaries in.
package struct LocaleOption: ParsableArguments {
    package init() {}

    @Option(name: .long, help: ArgumentHelp("The language of the text output and messages: en, zh-Hans or ja (default: the environment's, else English).",
                                            valueName: "LOCALE"))
    package var locale: String?

    /// The locale asked for; an unknown one is a failure that names those there are.
    package func resolved() throws -> MessageLocale { try ReportLocale.resolve(locale) }
}
