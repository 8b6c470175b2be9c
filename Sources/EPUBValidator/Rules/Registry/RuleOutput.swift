import EPUBContract

/// What rules yield as they run: their findings, and the references they meet, which
/// `ReferenceRules` judges afterwards in one place.
struct RuleOutput {
    var diagnostics: [Diagnostic] = []
    var references = ReferenceRegistry()

    mutating func add(_ found: [Diagnostic]) { diagnostics += found }
}

/// A rule of one input kind. Every registry (`RuleRegistry`) holds rules of this one shape: the
/// validator runs them all the same way, in a publication and in the single-file modes.
typealias Rule<Input> = @Sendable (Input, inout RuleOutput) -> Void

extension Array {
    /// Runs each rule of a registry on one input.
    func run<Input>(_ input: Input, into out: inout RuleOutput) where Element == Rule<Input> {
        for rule in self { rule(input, &out) }
    }
}
