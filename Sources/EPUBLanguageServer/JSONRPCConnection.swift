import EPUBDocument
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// JSON-RPC 2.0 over a byte stream with LSP's base protocol framing (`Content-Length: N`, a blank
/// line, N bytes of JSON). Reads block on the input; writes are whole messages under a lock, so
/// answers from the validation queue and from the main loop never interleave.
final class JSONRPCConnection: @unchecked Sendable {
    /// What one read gives: a message, text that was not JSON-RPC (answered with an error), or the end.
    enum Incoming {
        case message(JSONValue)
        case malformed(String)
        case end
    }

    private let input: FileHandle
    private let output: FileHandle
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    /// A message body larger than this is refused (and skipped), not buffered.
    static let maxBody = 64 << 20

    init(input: FileHandle = .standardInput, output: FileHandle = .standardOutput) {
        self.input = input
        self.output = output
    }

    /// The next message, waiting for it.
    func read() -> Incoming {
        var length: Int?
        // Header lines up to the blank line; only Content-Length matters (Content-Type is UTF-8 JSON).
        while true {
            guard let line = readLine() else { return .end }
            if line.isEmpty {
                if length != nil { break }
                continue
            }
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0].lowercased() == "content-length" {
                guard let n = Int(parts[1]), n >= 0 else { return .malformed("a Content-Length that is not a number: \(parts[1])") }
                length = n
            }
        }
        guard let length, length <= Self.maxBody else { return .malformed("a message over \(Self.maxBody) bytes") }
        guard let body = readBytes(length) else { return .end }
        do {
            return .message(try JSONValue.parse(body))
        } catch {
            return .malformed("not JSON at byte \(error.offset): \(error.reason.rawValue)")
        }
    }

    /// Writes one message whole.
    func send(_ message: JSONValue) {
        let body = message.utf8()
        var frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        frame += body
        lock.lock()
        defer { lock.unlock() }
        try? output.write(contentsOf: frame)
    }

    /// Whatever the input has now, waiting for at least a byte (read(2): Foundation's
    /// `read(upToCount:)` waits for the whole count, which a client never sends before an answer).
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(input.fileDescriptor, $0.baseAddress, $0.count) }
            if n > 0 {
                buffer += chunk[..<n]
                return true
            }
            if n < 0, errno == EINTR { continue }
            return false
        }
    }

    /// One header line without its CR LF (a bare LF is accepted too); nil at the end of input.
    private func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == 0x0D { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            // A header line longer than this is not a header: drop what is buffered.
            if buffer.count > 65_536 { buffer.removeAll() }
            guard fill() else { return nil }
        }
    }

    private func readBytes(_ count: Int) -> [UInt8]? {
        while buffer.count < count {
            guard fill() else { return nil }
        }
        let body = Array(buffer[..<count])
        buffer.removeSubrange(..<count)
        return body
    }
}
