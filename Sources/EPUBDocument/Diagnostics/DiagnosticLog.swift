/// Collects diagnostics while a stage runs; duplicates (same ID, text and place) are kept once.
package struct DiagnosticLog: Sendable {
    package private(set) var items: [Diagnostic] = []
    private var seen: Set<Diagnostic> = []

    package init() {}

    package mutating func add(_ diagnostic: Diagnostic) {
        if seen.insert(diagnostic).inserted { items.append(diagnostic) }
    }


    package mutating func append(contentsOf other: [Diagnostic]) {
        for d in other { add(d) }
    }
}
