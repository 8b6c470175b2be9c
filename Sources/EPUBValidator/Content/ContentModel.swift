/// An element's content model as a sequence of its children (elements by name, and text), checked
/// the way Jing checks EPUBCheck's RELAX NG grammar: child by child, reporting each child the model
/// does not allow there, and the element as incomplete when its content ends too soon. After a child
/// it rejects, Jing goes on as if that child had come where the model takes it (so `details` with a
/// `p` before its `summary` reports both the `p` and, then, the `summary`); a child the model never
/// takes leaves the state as it was.
///
/// Written as a small pattern (from `mod/html5/*.rnc`): names and name lists (`dt`, `h1,h2`), `!`
/// for any element but the listed ones, `#text` for text, `*` for any element, groups in
/// parentheses, `|` between alternatives and the postfix `?`, `*`, `+`. `script` and `template`
/// children are never part of it (the grammar allows them everywhere).
struct ContentModel: Sendable {
    /// What one transition takes.
    private enum Test: Sendable, Equatable {
        case names(Set<Int>)
        case except(Set<Int>)
        case text
    }

    /// A set of automaton states: the patterns are ours and small (at most 128 states).
    private struct States: Equatable {
        var low: UInt64 = 0, high: UInt64 = 0
        var isEmpty: Bool { low == 0 && high == 0 }
        func contains(_ s: Int) -> Bool { s < 64 ? low & (1 << UInt64(s)) != 0 : high & (1 << UInt64(s - 64)) != 0 }
        /// Inserts; true when it was not there.
        mutating func insert(_ s: Int) -> Bool {
            if contains(s) { return false }
            if s < 64 { low |= 1 << UInt64(s) } else { high |= 1 << UInt64(s - 64) }
            return true
        }
        var members: [Int] {
            var out: [Int] = []
            var bits = low
            while bits != 0 { out.append(bits.trailingZeroBitCount); bits &= bits - 1 }
            bits = high
            while bits != 0 { out.append(64 + bits.trailingZeroBitCount); bits &= bits - 1 }
            return out
        }
    }

    /// Thompson automaton: transitions on a test, and free moves.
    private var moves: [[(Test, Int)]] = []
    private var free: [[Int]] = []
    private var start = 0
    private var accept = 0

    /// Whether no children at all is content enough (void elements, optional content): then an
    /// element without children needs no run.
    private(set) var acceptsEmpty = false

    /// What checking the children found.
    struct Outcome {
        /// The indexes (among the children given) the model rejects.
        var rejected: [Int] = []
        /// Whether the content ends before the model is complete.
        var incomplete = false
    }

    /// A child as the model sees it: an element by its number in the vocabulary (nil for one
    /// outside it), or text.
    enum Child {
        case element(Int?)
        case text
    }

    /// `numbers` gives each element name its number in the vocabulary the children are read with.
    init(_ pattern: String, numbers: [String: Int]) {
        var tokens = Self.tokenize(pattern)[...]
        let (s, a) = parseAlternatives(&tokens, numbers)
        start = s
        accept = a
        // The patterns are ours, written in HTMLVocabulary: each fits `States`.
        precondition(moves.count <= 128)
        var only = States()
        _ = only.insert(start)
        acceptsEmpty = closure(only).contains(accept)
    }

    func check(_ children: [Child]) -> Outcome {
        var outcome = Outcome()
        var initial = States()
        _ = initial.insert(start)
        var states = closure(initial)
        for (i, child) in children.enumerated() {
            let next = closure(step(states, child))
            if !next.isEmpty {
                states = next
                continue
            }
            outcome.rejected.append(i)
            // Recovery: as if the child had come wherever the model takes it from here on.
            let recovered = closure(step(reachable(states), child))
            if !recovered.isEmpty { states = recovered }
        }
        outcome.incomplete = !states.contains(accept)
        return outcome
    }

    // MARK: building

    private mutating func node() -> Int {
        moves.append([])
        free.append([])
        return moves.count - 1
    }

    /// The pattern's words and operators (bytes: it is built once per process, for every model).
    private static func tokenize(_ pattern: String) -> [String] {
        var out: [String] = []
        var word: [UInt8] = []
        for byte in pattern.utf8 {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "|"), UInt8(ascii: "?"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: " "):
                if !word.isEmpty { out.append(String(decoding: word, as: UTF8.self)); word.removeAll(keepingCapacity: true) }
                if byte != UInt8(ascii: " ") { out.append(String(UnicodeScalar(byte))) }
            default:
                word.append(byte)
            }
        }
        if !word.isEmpty { out.append(String(decoding: word, as: UTF8.self)) }
        return out
    }

    private mutating func parseAlternatives(_ tokens: inout ArraySlice<String>, _ numbers: [String: Int]) -> (Int, Int) {
        var branches = [parseSequence(&tokens, numbers)]
        while tokens.first == "|" {
            tokens.removeFirst()
            branches.append(parseSequence(&tokens, numbers))
        }
        if branches.count == 1 { return branches[0] }
        let s = node(), a = node()
        for (bs, ba) in branches {
            free[s].append(bs)
            free[ba].append(a)
        }
        return (s, a)
    }

    private mutating func parseSequence(_ tokens: inout ArraySlice<String>, _ numbers: [String: Int]) -> (Int, Int) {
        let s = node()
        var end = s
        while let token = tokens.first, token != "|", token != ")" {
            var (as_, aa) = parseAtom(&tokens, numbers)
            if let q = tokens.first, q == "?" || q == "*" || q == "+" {
                tokens.removeFirst()
                let qs = node(), qa = node()
                free[qs].append(as_)
                free[aa].append(qa)
                if q != "+" { free[qs].append(qa) }
                if q != "?" { free[aa].append(as_) }
                (as_, aa) = (qs, qa)
            }
            free[end].append(as_)
            end = aa
        }
        return (s, end)
    }

    private mutating func parseAtom(_ tokens: inout ArraySlice<String>, _ numbers: [String: Int]) -> (Int, Int) {
        let token = tokens.removeFirst()
        if token == "(" {
            let group = parseAlternatives(&tokens, numbers)
            if tokens.first == ")" { tokens.removeFirst() }
            return group
        }
        let test: Test
        func named<S: StringProtocol>(_ list: S) -> Set<Int> { Set(list.split(separator: ",").compactMap { numbers[String($0)] }) }
        if token == "#text" { test = .text }
        else if token == "*" { test = .except([]) }
        else if token.hasPrefix("!") { test = .except(named(token.dropFirst())) }
        else { test = .names(named(token)) }
        let s = node(), a = node()
        moves[s].append((test, a))
        return (s, a)
    }

    // MARK: running

    private func closure(_ states: States) -> States {
        var out = states
        var stack = states.members
        while let s = stack.popLast() {
            for t in free[s] where out.insert(t) { stack.append(t) }
        }
        return out
    }

    /// Every state reachable from these, over any transition.
    private func reachable(_ states: States) -> States {
        var out = states
        var stack = states.members
        while let s = stack.popLast() {
            for t in free[s] + moves[s].map(\.1) where out.insert(t) { stack.append(t) }
        }
        return out
    }

    private func step(_ states: States, _ child: Child) -> States {
        var out = States()
        for s in states.members {
            for (test, target) in moves[s] where Self.takes(test, child) { _ = out.insert(target) }
        }
        return out
    }

    private static func takes(_ test: Test, _ child: Child) -> Bool {
        switch (test, child) {
        case (.text, .text): return true
        case (.names(let names), .element(let number)): return number.map(names.contains) ?? false
        case (.except(let names), .element(let number)): return number.map { !names.contains($0) } ?? true
        default: return false
        }
    }
}
