@testable import EPUBConverter
@testable import EPUBExport
@testable import EPUBOutput
import Foundation
import Testing

/// The converter's archive entries: compressed on worker threads, handed to libzip in order.
struct DeflatePipelineTests {
    static func jobs(_ count: Int) -> [DeflatePipeline.Job] {
        (0..<count).map { i in
            DeflatePipeline.Job(store: i == 0) { Array(String(repeating: "chapter \(i) ", count: 200 + i).utf8) }
        }
    }

    @Test func entriesKeepSizeAndChecksumOfTheOriginal() throws {
        let check = Array("123456789".utf8)
        #expect(ArchiveEntry.checksum(check) == 0xCBF4_3926)  // the CRC-32 check value
        let stored = ArchiveEntry.stored(check)
        #expect(stored.stored == check && stored.size == 9 && stored.method == 0)
        let text = Array(String(repeating: "第一章 开始。", count: 1000).utf8)
        let deflated = try #require(ArchiveEntry.deflated(text))
        #expect(deflated.size == text.count && deflated.crc == ArchiveEntry.checksum(text) && deflated.method == 8)
        #expect(deflated.stored.count < text.count / 20)
        #expect(ArchiveEntry.deflated([])?.size == 0)
    }

    /// A compressed file waiting for libzip holds its compressed bytes, not zlib's bound (about the
    /// input's size): the megabytes of a long novel's package and NCX wait from the start.
    @Test func aWaitingEntryHoldsOnlyItsCompressedBytes() throws {
        let text = Array(String(repeating: "<navPoint id=\"p1\" playOrder=\"1\"/>\n", count: 20_000).utf8)
        let deflated = try #require(ArchiveEntry.deflated(text))
        #expect(deflated.stored.capacity < deflated.stored.count + 4096)
        #expect(deflated.stored.capacity < text.count / 20)
        var grown: [Int] = []
        grown.reserveCapacity(10_000)
        grown += [3, 1, 2]
        let compact = grown.compacted()
        #expect(compact == [3, 1, 2] && compact.capacity < 16)
        let full = Array(0..<100)
        #expect(full.compacted() == full)
    }

    /// Any number of workers, taken in order or backwards: the same entries, each once.
    @Test(arguments: [0, 1, 3])
    func everyEntryOnceWhateverTheWorkers(workers: Int) throws {
        let expected = Self.jobs(40).map { ArchiveEntry.checksum($0.make()) }
        let inOrder = DeflatePipeline(Self.jobs(40), workers: workers)
        let forward = (0..<40).map { inOrder.take($0) }
        inOrder.finish()
        #expect(forward.map { $0?.crc } == expected)
        #expect(forward.first??.method == 0 && forward.last??.method == 8)
        #expect(inOrder.take(3) == nil)  // taken already
        let backwards = DeflatePipeline(Self.jobs(40), workers: workers)
        let reversed = (0..<40).reversed().map { backwards.take($0)?.crc }
        backwards.finish()
        #expect(reversed == expected.reversed())
    }

    /// Finishing early (a write that failed) stops the workers without taking the rest.
    @Test func finishingEarlyStopsTheWorkers() {
        let pipeline = DeflatePipeline(Self.jobs(500), workers: 2)
        #expect(pipeline.take(0)?.size == 2000)
        pipeline.finish()
    }
}
