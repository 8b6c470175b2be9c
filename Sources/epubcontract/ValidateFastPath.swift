import CommandLineSupport
import EPUBValidator

/// `epubcontract validate BOOK` with the everyday switches, read without ArgumentParser. Scripts
/// run one process per book, and ArgumentParser's reflection over `ValidateCommand` costs about
/// 3 ms of a small book's 13. Any other command line (help, batches, -o, modes, budgets, a switch
/// given twice, `--x=v` forms) is left to ArgumentParser; `ValidateFastPathTests` holds both
/// readings of every line this accepts equal.
enum ValidateFastPath {
    /// The request for `arguments` (without the program name), or nil when ArgumentParser must read them.
    static func request(_ arguments: [String]) -> ValidateRequest? {
        guard arguments.first == "validate" else { return nil }
        var request = ValidateRequest(path: "")
        var path: String?
        var seen: [String] = []
        var index = 1
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            guard token.hasPrefix("-") else {
                guard path == nil else { return nil }
                path = token
                continue
            }
            guard let name = canonical(token), !seen.contains(name) else { return nil }
            seen.append(name)
            if setFlag(name, on: &request) { continue }
            guard index < arguments.count else { return nil }
            let value = arguments[index]
            index += 1
            guard set(name, value, on: &request) else { return nil }
        }
        guard let path, !path.hasPrefix("@"), !BatchInputs.holdsBooks(path) else { return nil }
        request.path = path
        return request
    }

    /// The long name of a switch this path reads, for each of its spellings. A switch statement, not
    /// a dictionary: a dictionary's first use costs the runtime a conformance search per process.
    private static func canonical(_ token: String) -> String? {
        switch token {
        case "-u", "--usage": return "--usage"
        case "-e", "--error": return "--error"
        case "-w", "--warn": return "--warn"
        case "-j", "--json": return "--json"
        case "--pretty", "--format", "--fail-on", "--profile", "--epub": return token
        default: return nil
        }
    }

    /// Sets a flag; false when `name` is an option that takes a value.
    private static func setFlag(_ name: String, on request: inout ValidateRequest) -> Bool {
        switch name {
        case "--usage": request.usage = true
        case "--error": request.errorsOnly = true
        case "--warn": request.warningsAndErrors = true
        case "--pretty": request.pretty = true
        default: return false
        }
        return true
    }

    /// Sets an option from its value; false when the value is one ArgumentParser should judge.
    private static func set(_ name: String, _ value: String, on request: inout ValidateRequest) -> Bool {
        switch name {
        case "--format":
            guard let format = ValidateCommand.Format(rawValue: value) else { return false }
            request.format = format
        case "--fail-on":
            guard let failOn = ValidateCommand.FailOn(rawValue: value) else { return false }
            request.failOn = failOn
        case "--profile":
            guard let profile = Profile(rawValue: value) else { return false }
            request.profile = profile
        case "--epub":
            guard let revision = EPUBRevision(rawValue: value) else { return false }
            request.revision = revision
        case "--json":
            // A number after -j is a batch's job count; a dash-led value may be a switch.
            guard value == "-" || !value.hasPrefix("-"), Int(value) == nil, !value.isEmpty else { return false }
            request.jsonFile = value
        default:
            return false
        }
        return true
    }
}
