import EPUBContract
import EPUBOutput
import Foundation

/// Chapter rules in legado's TXT table-of-contents format (the rules Chinese readers already
/// have): a JSON list of `{name, rule, enable}`, each `rule` a Java regular expression that finds
/// a heading line, its matched text being the title. Java's syntax is mostly ICU's; what ICU reads
/// differently is translated (`\p{IsHan}`, `\p{InCJKUnifiedIdeographs}`), and what it cannot read
/// (`\p{javaLowerCase}` …) makes that rule unusable, with the reason said.
public struct TocRules: Sendable {
    /// One rule as the file gives it.
    public struct Rule: Sendable, Equatable {
        public var name: String
        public var pattern: String
        public var enabled: Bool
    }

    /// A rule that cannot be used, and why.
    public struct Skipped: Sendable, Equatable {
        public var name: String
        public var reason: MessageText
    }

    public var rules: [Rule]
    /// The file they came from, for messages.
    public var source: String

    /// Reads a rules file: a JSON list of rule objects (or one object), as legado exports them.
    public static func load(_ data: Data, path: String) throws(ConversionError) -> TocRules {
        let json: Any
        do { json = try JSONSerialization.jsonObject(with: data) } catch {
            throw .badTocRules(path, reason: .phrase(.tocRulesNotJSON(error.localizedDescription)))
        }
        let objects = (json as? [[String: Any]]) ?? ((json as? [String: Any]).map { [$0] })
        guard let objects else { throw .badTocRules(path, reason: .phrase(.tocRulesNotList("{\"name\", \"rule\", \"enable\"}"))) }
        let rules = objects.enumerated().compactMap { number, object -> Rule? in
            guard let pattern = object["rule"] as? String, !pattern.isEmpty else { return nil }
            return Rule(name: (object["name"] as? String) ?? "rule \(number + 1)", pattern: pattern, enabled: (object["enable"] as? Bool) ?? true)
        }
        guard !rules.isEmpty else { throw .badTocRules(path, reason: .phrase(.tocRulesNoRule("\"rule\""))) }
        guard rules.contains(where: \.enabled) else { throw .badTocRules(path, reason: .phrase(.tocRulesAllDisabled("\"enable\": false"))) }
        return TocRules(rules: rules, source: path)
    }

    /// The enabled rules compiled for ICU, and those that cannot be.
    func compiled() -> (usable: [(rule: Rule, regex: NSRegularExpression)], skipped: [Skipped]) {
        var usable: [(Rule, NSRegularExpression)] = []
        var skipped: [Skipped] = []
        for rule in rules where rule.enabled {
            if let unsupported = Self.javaOnly(rule.pattern) {
                skipped.append(Skipped(name: rule.name, reason: .tocRuleJavaSyntax(unsupported)))
                continue
            }
            do {
                usable.append((rule, try NSRegularExpression(pattern: Self.translated(rule.pattern), options: [.anchorsMatchLines])))
            } catch {
                skipped.append(Skipped(name: rule.name, reason: .tocRuleNotICU(error.localizedDescription)))
            }
        }
        return (usable, skipped)
    }

    /// The rule legado would choose: of the usable ones, the one that finds the most heading
    /// lines (the first on a tie). Throws when none can be used.
    func choose(for lines: [Substring]) throws(ConversionError) -> (rule: Rule, regex: NSRegularExpression, skipped: [Skipped]) {
        let (usable, skipped) = compiled()
        guard !usable.isEmpty else { throw .noUsableTocRule(source, reasons: skipped.map { .phrase(.tocRuleNamed($0.name, $0.reason)) }) }
        var best = usable[0], bestCount = -1
        for candidate in usable {
            var count = 0
            for line in lines where !line.isEmpty {
                let string = String(line)
                if candidate.regex.firstMatch(in: string, range: NSRange(string.startIndex..., in: string)) != nil { count += 1 }
            }
            if count > bestCount { (best, bestCount) = (candidate, count) }
        }
        return (best.rule, best.regex, skipped)
    }

    /// Java classes ICU does not know (`\p{javaLowerCase}`), when the pattern uses one.
    static func javaOnly(_ pattern: String) -> String? {
        guard let range = pattern.range(of: #"\\[pP]\{java[A-Za-z]+\}"#, options: .regularExpression) else { return nil }
        return String(pattern[range])
    }

    /// Java spellings ICU reads otherwise: script `IsX` and block `InX` property names.
    static func translated(_ pattern: String) -> String {
        var out = pattern.replacingOccurrences(of: #"\\([pP])\{Is([A-Z][A-Za-z]*)\}"#, with: #"\\$1{$2}"#, options: .regularExpression)
        out = out.replacingOccurrences(of: #"\\([pP])\{In([A-Z][A-Za-z_]*)\}"#, with: #"\\$1{Block=$2}"#, options: .regularExpression)
        return out
    }
}
