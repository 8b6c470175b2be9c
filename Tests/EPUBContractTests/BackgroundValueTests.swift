@testable import EPUBContract
import Foundation
import Testing

/// A value made on another core, or when first asked for when only one thread is allowed.
struct BackgroundValueTests {
    /// Counts how often work ran, from any thread.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }

    @Test func withOneThreadTheWorkWaitsForTheFirstAsk() {
        let runs = Counter()
        let value = BackgroundValue(inBackground: false) { runs.add(); return 42 }
        #expect(runs.value == 0)
        #expect(value.value == 42)
        #expect(value.value == 42)
        #expect(runs.value == 1)
    }

    @Test func inTheBackgroundTheWorkRunsOnceAndIsWaitedFor() {
        let runs = Counter()
        let values = (0..<16).map { n in BackgroundValue(inBackground: true) { () -> [Int] in runs.add(); usleep(2000); return Array(0..<n) } }
        #expect(values.map(\.value.count) == Array(0..<16))
        #expect(values.map(\.value.count) == Array(0..<16))
        #expect(runs.value == 16)
    }
}
