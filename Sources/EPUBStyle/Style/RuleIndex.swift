/// Rules filed by what their subject must be (an id, a class, a type, or anything), so that an
/// element is matched only against the rules that could apply to it, in cascade order.
struct RuleIndex {
    private var byID: [String: [Int]] = [:]
    private var byClass: [String: [Int]] = [:]
    private var byType: [String: [Int]] = [:]
    private var universal: [Int] = []

    init(_ rules: [StyleRule]) {
        for (i, rule) in rules.enumerated() {
            let subject = rule.selector.compounds.first ?? []
            if let id = subject.lazy.compactMap({ if case .id(let v) = $0 { return v } else { return nil } }).first {
                byID[id, default: []].append(i)
            } else if let name = subject.lazy.compactMap({ if case .className(let v) = $0 { return v } else { return nil } }).first {
                byClass[name, default: []].append(i)
            } else if let type = subject.lazy.compactMap({ if case .type(let v) = $0 { return v } else { return nil } }).first {
                byType[type, default: []].append(i)
            } else {
                universal.append(i)
            }
        }
    }

    /// The rules that may match the element, in order, into `out` (emptied first, its storage
    /// kept: a book has a million elements); its id and classes as the matcher read them.
    func candidates(_ number: Int, _ model: ContentDocument, _ matcher: SelectorMatcher, into out: inout [Int]) {
        out.removeAll(keepingCapacity: true)
        out += universal
        let typed = byType[model.elements[number].localName]
        out += typed ?? []
        guard model.hasAttributes(number), !(byID.isEmpty && byClass.isEmpty) else {
            if !universal.isEmpty && typed != nil { out.sort() }
            return
        }
        if !byID.isEmpty, let id = matcher.id(of: number), let found = byID[id] { out += found }
        if !byClass.isEmpty {
            let names = matcher.classNames(of: number)
            for i in names.indices where !names[names.startIndex..<i].contains(names[i]) { out += byClass[names[i]] ?? [] }
        }
        out.sort()
    }
}
