import Dispatch
import EPUBContract

/// Builds, on a second core, the compiled grammars and tables that every publication's check
/// needs, while the first core opens the container and reads the package: for a small book these
/// once-per-process costs are a fifth of the run, and the second core would otherwise sit idle.
struct RuleWarmUp {
    private let group = DispatchGroup()

    /// Starts the work; nothing when the process may use one thread only (a batch worker).
    static func start() -> RuleWarmUp {
        let warmUp = RuleWarmUp()
        guard ParallelMap.allowed else { return warmUp }
        // libxml2 is set up on this thread first: its error silencing is kept per thread (the main
        // thread's must hold), and setting up fills type tables that two threads must not fill at once.
        XMLParser.initialize()
        DispatchQueue.global().async(group: warmUp.group) {
            // In the order the rules first need them; a rule that gets there first waits on the same once.
            _ = SchemaRules.container
            _ = SchemaRules.package30
            _ = HTMLVocabulary.compiled
            _ = MarkupRules.markupElements
            _ = MessageID.RSC_005.suggestion  // the report's advice table
        }
        return warmUp
    }

    /// Waits for the work: libxml2 cleans up at exit, which must not meet a compile on another thread.
    func finish() {
        group.wait()
    }
}
