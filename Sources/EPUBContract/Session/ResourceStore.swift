import Foundation

/// The session's resource cache: reads each container entry once, keeps every parsed document,
/// and collects the diagnostics of everything read, in the order found. Thread-safe, so
/// validators may read through it from several threads.
package final class ResourceStore: ResourceLoader, @unchecked Sendable {
    package let container: any OCFContainer
    private let lock = NSLock()
    private var log: DiagnosticLog
    private var dataCache: [String: Data?]
    private var xmlCache: [String: XMLParser.Result?]
    private var idCache: [String: ElementIDs?] = [:]
    /// Documents whose tree was let go once their checks were done: read again, they record nothing twice.
    private var released: Set<String> = []
    private var headCache: [String: DocumentHead?] = [:]
    /// Each sheet with what the conformance checker found in it (nil without a checker).
    private var styleCache: [String: (sheet: CSSStyleSheet, findings: (any Sendable)?)?] = [:]
    private var packageCache: [String: PackageDocument?] = [:]

    /// Bytes a document head almost always fits in; the scan falls back to the whole file. 1 KiB
    /// holds 98.7% of the corpus's heads (the median ends at byte 337), and every byte more is inflated for nothing.
    static let headPrefixBytes = 1024

    /// `data` and `xml`: what the session read before the store existed (container.xml, the OPF).
    init(container: any OCFContainer, log: DiagnosticLog, data: [String: Data?], xml: [String: XMLParser.Result?],
         cssChecker: CSSGrammarChecker? = nil) {
        self.cssChecker = cssChecker
        self.container = container
        self.log = log
        self.dataCache = data
        self.xmlCache = xml
    }

    /// Everything recorded so far, in the order found.
    package var diagnostics: [Diagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return log.items
    }

    package func record(_ diagnostics: [Diagnostic]) {
        lock.lock()
        defer { lock.unlock() }
        log.append(contentsOf: diagnostics)
    }

    /// The value cached under `path`, computed outside the lock the first time it is asked for.
    private func memoized<T>(_ cache: ReferenceWritableKeyPath<ResourceStore, [String: T]>, _ path: String, _ compute: () -> T) -> T {
        lock.lock()
        if let hit = self[keyPath: cache][path] {
            lock.unlock()
            return hit
        }
        lock.unlock()
        let value = compute()
        lock.lock()
        self[keyPath: cache][path] = value
        lock.unlock()
        return value
    }

    package func data(at path: String) -> Data? {
        memoized(\.dataCache, path) {
            do throws(ContainerError) {
                return try container.read(path)
            } catch {
                readFailed(path, error)
                return nil
            }
        }
    }

    /// The first bytes of an entry; the full entry when it was read already.
    package func data(at path: String, prefix count: Int) -> Data? {
        lock.lock()
        let cached = dataCache[path]
        lock.unlock()
        if let cached { return cached?.prefix(count) }
        do {
            return try container.read(path, prefix: count)
        } catch {
            readFailed(path, error)
            return nil
        }
    }

    /// A missing file is reported where it is referenced (RSC-001 for manifest items), not where it is read.
    private func readFailed(_ path: String, _ error: ContainerError) {
        if case .noSuchEntry = error { return }
        record([Diagnostic(.unreadableEntry(error), location: .init(path: path))])
    }

    package func xml(at path: String) -> XMLParser.Result? {
        memoized(\.xmlCache, path) {
            let result: XMLParser.Result
            if let streamed = streamedParse(path) {
                guard let parsed = streamed else { return nil }
                result = parsed
            } else {
                guard let bytes = data(at: path) else { return nil }
                result = XMLParser.parse(bytes, path: path, limits: container.limits.document)
            }
            lock.lock()
            let again = released.contains(path)
            lock.unlock()
            if !again { record(result.diagnostics) }
            return result
        }
    }

    /// Entries larger than this are parsed as they are inflated: an element budget may cut such a
    /// document early, and what follows the cut is then never inflated (a 400 MiB chapter cut at
    /// 30 MiB cost every command 400 MiB more memory and seconds of inflating). Real chapters are a
    /// few MiB at most, so every ordinary document keeps the faster whole-bytes path.
    static let streamedAbove: UInt64 = 16 << 20

    /// A large ZIP entry not yet read, parsed as it is inflated, its bytes kept (to where the
    /// parse stopped) as `data(at:)` would have kept them; `.some(nil)` when it cannot be read
    /// (recorded as a whole read's failure is), nil when the entry is read whole instead.
    private func streamedParse(_ path: String) -> XMLParser.Result?? {
        lock.lock()
        let isRead = dataCache[path] != nil
        lock.unlock()
        guard !isRead, let zip = container as? ZipContainer, let entry = zip.entry(path), entry.size > Self.streamedAbove else { return nil }
        let stream: ZipEntryStream
        do throws(ContainerError) {
            stream = try zip.stream(path)
        } catch {
            readFailed(path, error)
            return .some(nil)
        }
        let streamed = XMLParser.parse(streaming: stream, expectedSize: Int(entry.size), path: path, limits: container.limits.document)
        if streamed.failed, let failure = stream.failure {
            readFailed(path, failure)
            lock.lock()
            dataCache[path] = .some(nil)
            lock.unlock()
            return .some(nil)
        }
        lock.lock()
        if dataCache[path] == nil { dataCache[path] = streamed.bytes }
        lock.unlock()
        return streamed.result
    }

    /// Lets go of a document's tree and bytes once everything that reads it has run, keeping what later
    /// rules ask of it (its ids and their order): a book's trees need not all be alive at once.
    /// `keepIDs: false` when nothing will ask (the ids are then read again if something does).
    package func release(_ path: String, ids given: ElementIDs? = nil, keepIDs: Bool = true) {
        lock.lock()
        let tree = xmlCache[path] ?? nil
        let hasIDs = idCache[path] != nil
        lock.unlock()
        guard let tree, let document = tree.document else { return }
        let ids = hasIDs || !keepIDs ? nil : given ?? ElementIDs(order: document.elementIDOrder(upToLine: tree.fatalLine))
        lock.lock()
        if let ids { idCache[path] = ids }
        released.insert(path)
        xmlCache[path] = nil
        // Its bytes go too (read again if a later rule asks, which none does today).
        dataCache[path] = nil
        lock.unlock()
    }

    /// Lets go of an entry's bytes, keeping its parsed tree: for a reader of the tree alone (the
    /// accessibility checker), whose peak memory is then the tree's and not also the source's.
    /// The bytes are read again if anything asks.
    package func releaseBytes(at path: String) {
        lock.lock()
        dataCache[path] = nil
        lock.unlock()
    }

    /// Each id of a document with its place in document order (the first element that has it).
    package func contentDocument(at path: String) -> ContentDocument? {
        guard let bytes = data(at: path) else { return nil }
        lock.lock()
        let cached = xmlCache[path] ?? nil
        lock.unlock()
        guard let tree = cached?.document ?? XMLParser.parse(bytes, path: path, limits: container.limits.document).document else { return nil }
        return ContentDocument(tree, source: bytes)
    }

    package func elementIDOrder(in path: String) -> [String: Int] {
        elementIDs(in: path)?.order ?? [:]
    }

    package func head(at path: String) -> DocumentHead? {
        memoized(\.headCache, path) { scanHead(path) }
    }

    /// Reads the heads of `paths` on all cores into the cache, for a long spine's rendition scan.
    /// An entry that cannot be read is left to the ordered pass, which reads and reports it, so the
    /// session's diagnostics keep their order.
    package func prefetchHeads(_ paths: [String]) {
        // Each head goes straight into the cache: a list of twenty thousand heads would only add to the peak.
        _ = ParallelMap.map(paths) { path -> Bool in
            guard let head = scanHead(path, reporting: false) else { return false }
            lock.lock()
            if headCache[path] == nil { headCache[path] = head }
            lock.unlock()
            return true
        }
    }

    /// Scans a head from the first bytes of the entry when that reaches the body, else from all of it.
    /// Not `reporting`: a failed read is neither recorded nor remembered.
    private func scanHead(_ path: String, reporting: Bool = true) -> DocumentHead? {
        lock.lock()
        let cached = dataCache[path]
        lock.unlock()
        if let cached { return cached.flatMap { DocumentHeadScanner.scan($0, path: path) } }
        guard let entry = container.entry(path) else { return nil }
        // A small entry is read whole but not kept: a book of thousands of small documents would
        // otherwise hold them all from the rendition scan until each is checked.
        let prefix = reporting ? data(at: path, prefix: Self.headPrefixBytes) : try? container.read(path, prefix: Self.headPrefixBytes)
        if let prefix, let head = DocumentHeadScanner.scan(prefix, path: path),
           entry.size <= UInt64(Self.headPrefixBytes) || head.bodyAttributes != nil || head.rootName != "html" {
            return head
        }
        if reporting { return data(at: path).flatMap { DocumentHeadScanner.scan($0, path: path) } }
        guard let whole = try? container.read(path) else { return nil }
        lock.lock()
        if dataCache[path] == nil { dataCache[path] = whole }
        lock.unlock()
        return DocumentHeadScanner.scan(whole, path: path)
    }

    /// Parsed as UTF-8, a byte-order mark dropped.
    package func styleSheet(at path: String) -> CSSStyleSheet? {
        parsedStyleSheet(at: path)?.sheet
    }

    /// What the session's conformance checker found in a sheet, read in the parse's own pass; nil
    /// without a checker or a readable sheet. The checker's own type: its owner casts it back.
    package func styleSheetFindings(at path: String) -> (any Sendable)? {
        parsedStyleSheet(at: path)?.findings
    }

    private func parsedStyleSheet(at path: String) -> (sheet: CSSStyleSheet, findings: (any Sendable)?)? {
        memoized(\.styleCache, path) {
            data(at: path).map { bytes in
                let text = String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...], as: UTF8.self)
                guard let cssChecker else { return (CSSParser.parse(text), nil) }
                let parsed = CSSParser.parse(text, checking: cssChecker)
                return (parsed.sheet, parsed.findings)
            }
        }
    }

    /// The conformance checker style sheets are also read with (the validator's); nil for a reader.
    private let cssChecker: CSSGrammarChecker?

    /// A document that could not be parsed at all (a fatal error before its root, such as an
    /// encoding no parser reads) has no ids: a fragment into it names nothing, as a reading
    /// system and EPUBCheck 5.3.0 find. Nil when the file cannot be read.
    package func elementIDs(in path: String) -> ElementIDs? {
        memoized(\.idCache, path) {
            xml(at: path).map { parsed in parsed.document.map { ElementIDs(order: $0.elementIDOrder(upToLine: parsed.fatalLine)) } ?? ElementIDs(order: [:]) }
        }
    }

    /// Another package document of the container (a rendition), parsed once; its problems recorded.
    func package(at path: String) -> PackageDocument? {
        memoized(\.packageCache, path) {
            guard let tree = xml(at: path)?.document else { return nil }
            var log = DiagnosticLog()
            let parsed = PackageParser.parse(tree, diagnostics: &log)
            record(log.items)
            return parsed
        }
    }
}
