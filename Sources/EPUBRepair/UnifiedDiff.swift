/// A unified diff (`diff -u`, three lines of context) of a text file before and after a repair,
/// for the report: what a person reviews before shipping the repaired book. Repairs change a few
/// lines of a file, so the common head and tail are set aside first and only the middle is
/// compared line by line (longest common subsequence; a middle too large for that is shown as
/// replaced whole).
enum UnifiedDiff {
    static let context = 3
    static let largestMiddle = 4_000_000

    static func of(_ before: [UInt8]?, _ after: [UInt8]?, name: String) -> String {
        let a = lines(before), b = lines(after)
        var head = 0
        while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
        var tail = 0
        while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
        let middle = script(Array(a[head..<(a.count - tail)]), Array(b[head..<(b.count - tail)]))
        var ops: [Op] = (0..<head).map { .same(a[$0]) } + middle + (0..<tail).map { .same(a[a.count - tail + $0]) }
        if ops.allSatisfy({ if case .same = $0 { return true } else { return false } }) { ops = [] }
        let from = before == nil ? "/dev/null" : "a/" + name, to = after == nil ? "/dev/null" : "b/" + name
        return "--- \(from)\n+++ \(to)\n" + hunks(ops)
    }

    enum Op: Equatable {
        case same(String), removed(String), added(String)
    }

    private static func lines(_ bytes: [UInt8]?) -> [String] {
        guard let bytes, !bytes.isEmpty else { return [] }
        // Any line break: CR LF, LF, or CR alone (old Mac files).
        var out = String(decoding: bytes, as: UTF8.self).split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).map(String.init)
        if out.last == "" { out.removeLast() }
        return out
    }

    private static func script(_ a: [String], _ b: [String]) -> [Op] {
        guard !a.isEmpty, !b.isEmpty, a.count * b.count <= largestMiddle else { return a.map(Op.removed) + b.map(Op.added) }
        // lcs[i][j]: the longest common subsequence of a[i...] and b[j...].
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var ops: [Op] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                ops.append(.same(a[i])); i += 1; j += 1
            } else if j < b.count, i == a.count || lcs[i][j + 1] > lcs[i + 1][j] {
                ops.append(.added(b[j])); j += 1
            } else {
                ops.append(.removed(a[i])); i += 1
            }
        }
        return ops
    }

    /// Groups changes with their context into `@@ -l,n +l,n @@` hunks.
    private static func hunks(_ ops: [Op]) -> String {
        let changed = ops.indices.filter { if case .same = ops[$0] { return false } else { return true } }
        guard !changed.isEmpty else { return "" }
        var groups: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(ops.count - 1, index + context)
            if let last = groups.last, range.lowerBound <= last.upperBound + 1 {
                groups[groups.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                groups.append(range)
            }
        }
        var out = ""
        for group in groups {
            let (oldStart, newStart) = positions(ops, before: group.lowerBound)
            var body = "", oldCount = 0, newCount = 0
            for op in ops[group] {
                switch op {
                case .same(let line): body += " \(line)\n"; oldCount += 1; newCount += 1
                case .removed(let line): body += "-\(line)\n"; oldCount += 1
                case .added(let line): body += "+\(line)\n"; newCount += 1
                }
            }
            out += "@@ -\(oldCount == 0 ? oldStart : oldStart + 1),\(oldCount) +\(newCount == 0 ? newStart : newStart + 1),\(newCount) @@\n" + body
        }
        return out
    }

    /// Lines of the old and new file before operation `index`.
    private static func positions(_ ops: [Op], before index: Int) -> (Int, Int) {
        var old = 0, new = 0
        for op in ops[..<index] {
            switch op {
            case .same: old += 1; new += 1
            case .removed: old += 1
            case .added: new += 1
            }
        }
        return (old, new)
    }
}
