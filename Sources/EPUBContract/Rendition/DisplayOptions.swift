/// Vendor display-options files (Apple Books, Kobo): the fixed-layout and orientation fallbacks
/// older fixed-layout books rely on when they carry no `rendition:*` metadata.
public struct DisplayOptions: Sendable, Equatable {
    public static let applePath = "META-INF/com.apple.ibooks.display-options.xml"
    public static let koboPath = "META-INF/com.kobobooks.display-options.xml"

    public var fixedLayout: Bool?
    public var orientationLock: String?
    public var openToSpread: Bool?

    /// Reads `<display_options><platform name="…"><option name="…">value</option>`; the `*` platform wins.
    package static func parse(_ document: XMLDocument) -> DisplayOptions {
        var values: [String: String] = [:]
        let platforms = document.select("//platform")
        let ordered = platforms.filter { $0.attribute("name") == "*" } + platforms.filter { $0.attribute("name") != "*" }
        for platform in ordered {
            for option in platform.children(named: "option", in: nil) {
                guard let name = option.attribute("name"), values[name] == nil else { continue }
                values[name] = option.text.trimmingXMLWhitespace()
            }
        }
        return DisplayOptions(fixedLayout: values["fixed-layout"].map { $0.lowercased() == "true" },
                              orientationLock: values["orientation-lock"],
                              openToSpread: values["open-to-spread"].map { $0.lowercased() == "true" })
    }
}
