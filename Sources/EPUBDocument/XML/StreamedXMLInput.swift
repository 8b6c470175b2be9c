import CLibXML2
import Foundation

/// Bytes that arrive in pieces as a parser asks for them: a ZIP entry inflated on demand.
package protocol ByteStream: AnyObject {
    /// Fills the start of `buffer` with the next bytes and says how many; 0 at the end, nil when
    /// the bytes cannot be read (the stream keeps why).
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int?
}

/// A document read from a `ByteStream` as the parser goes, every byte kept as it arrives. A
/// document cut by its budget (EC-XML-002) is then never inflated past the cut: a 400 MiB chapter
/// of which the parser reads its first 30 MiB costs 30 MiB, not 400 and the time to inflate them.
/// Each parse reads it from the start through its own `Cursor`: the recovering parse after a
/// strict one reads the kept bytes again, and the stream only for what neither has reached.
final class StreamedXMLInput {
    private let stream: any ByteStream
    /// Every byte received so far, in order.
    private(set) var received = Data()
    private(set) var ended = false
    private(set) var failed = false

    /// How much one pull asks of the stream: large enough that libzip's calls cost nothing beside
    /// inflating, small enough that a cut document reads little past its cut.
    static let chunk = 256 << 10

    /// `expectedSize`: what the entry says it holds, reserved (not touched) so the bytes are not
    /// copied each time they outgrow their storage.
    init(_ stream: any ByteStream, expectedSize: Int) {
        self.stream = stream
        received.reserveCapacity(max(0, expectedSize) + 1)
    }

    /// Receives until at least `count` bytes are kept or the stream ends.
    func fill(upTo count: Int) {
        while received.count < count, pull() {}
    }

    /// One more chunk from the stream; false at its end or on a failure.
    private func pull() -> Bool {
        guard !ended, !failed else { return false }
        let start = received.count
        received.count = start + Self.chunk
        let got = received.withUnsafeMutableBytes { buffer in
            stream.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[start...]))
        }
        received.count = start + (got ?? 0)
        if got == nil { failed = true }
        if got == 0 { ended = true }
        return (got ?? 0) > 0
    }

    /// One parse's place in the input: libxml2's read callback is handed it as its context.
    final class Cursor {
        let input: StreamedXMLInput
        private var offset = 0

        init(_ input: StreamedXMLInput, from offset: Int) {
            self.input = input
            self.offset = offset
        }

        /// Copies up to `length` next bytes into `buffer`: 0 at the end, -1 on a failed read.
        func read(into buffer: UnsafeMutablePointer<CChar>, length: Int) -> Int32 {
            if offset == input.received.count, !input.pull() {
                return input.failed ? -1 : 0
            }
            let count = min(length, input.received.count - offset)
            input.received.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                UnsafeMutableRawPointer(buffer).copyMemory(from: base + offset, byteCount: count)
            }
            offset += count
            return Int32(count)
        }
    }

    /// Parses the input from its start with `ctxt`, as `xmlCtxtReadMemory` parses bytes. With an
    /// `encoding` named, libxml2 switches to it before it has read a byte, and would then read a
    /// byte-order mark as a character; from memory it skips the mark, so it is skipped here.
    func parse(_ ctxt: xmlParserCtxtPtr, path: String, encoding: String?, options: Int32) -> xmlDocPtr? {
        let mark = encoding != nil && received.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let cursor = Cursor(self, from: mark)
        return withExtendedLifetime(cursor) {
            xmlCtxtReadIO(ctxt, { context, buffer, length in
                guard let context, let buffer, length > 0 else { return 0 }
                return Unmanaged<Cursor>.fromOpaque(context).takeUnretainedValue().read(into: buffer, length: Int(length))
            }, nil, Unmanaged.passUnretained(cursor).toOpaque(), path, encoding, options)
        }
    }
}
