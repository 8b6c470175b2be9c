/// What the package or one document fails, compactly (see `AccessibilityPlaceList`): each place,
/// and its rule as an index of the few rules that failed there. Parts are gathered into one
/// violation per rule with `AccessibilityFindings.Groups`.
struct AccessibilityFindings: Sendable {
    var rules: [AccessibilityRule] = []
    var ruleOf: [Int32] = []
    var places = AccessibilityPlaceList()

    mutating func append(_ rule: AccessibilityRule, _ place: AccessibilityReport.Place) {
        let index = rules.firstIndex { $0.id == rule.id } ?? {
            rules.append(rule)
            return rules.count - 1
        }()
        ruleOf.append(Int32(index))
        places.append(place)
    }

    /// One violation per rule, its places in the order added; rules in order of first failure.
    struct Groups {
        private(set) var violations: [AccessibilityReport.Violation] = []
        private var slot: [String: Int] = [:]

        /// Adds a part's places to their rules' violations (a rule met first here gets one).
        mutating func add(_ part: AccessibilityFindings) {
            let slots = part.rules.map { rule in
                slot[rule.id] ?? {
                    violations.append(.init(rule: rule.id, impact: rule.impact, tags: rule.tags, help: rule.help, needsReview: rule.needsReview, places: []))
                    slot[rule.id] = violations.count - 1
                    return violations.count - 1
                }()
            }
            for (position, index) in part.ruleOf.enumerated() { violations[slots[Int(index)]].places.append(from: part.places, at: position) }
        }

        /// These groups after `first`'s: as if `first`'s parts had been added before this one's.
        func after(_ first: Groups) -> [AccessibilityReport.Violation] {
            var out = first.violations
            let known = first.slot
            for violation in violations {
                if let at = known[violation.rule] {
                    for position in violation.places.indices { out[at].places.append(from: violation.places, at: position) }
                } else {
                    out.append(violation)
                }
            }
            return out
        }
    }
}
