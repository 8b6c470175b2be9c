import EPUBContract
import EPUBReports
import Foundation

/// Validates a publication: the session's own diagnostics (what it could not read) plus the rules
/// here, merged into one report. Rules read the session; nothing is parsed twice.
public enum Validator {
    /// A report, or the reason the input could not be used at all (exit status 2).
    public enum Outcome: Sendable {
        case report(ValidationReport)
        case unusable(MessageText)
    }

    /// What the input is: a whole publication (packed or unpacked), one package document
    /// (`--mode opf`), or one EPUB 3 content document (`--mode xhtml|svg`).
    public enum Input: Sendable {
        case publication
        case packageDocument
        case contentDocument
        /// A navigation document alone (`--mode nav`): a content document, and a nav.
        case navigationDocument
        /// A media overlay alone (`--mode mo`): its grammar, ids and clock values.
        case mediaOverlay
    }

    /// `epub2`: a content document checked alone is an EPUB 2 (OPS 2.0.1) one (`--version 2.0`);
    /// a publication and a package document say their version themselves.
    /// `profile`: the extension specification to hold the publication to as well (a package's
    /// `dc:type` may select one itself). `revision`: EPUB 3.3 (EPUBCheck 5.3.0's) or EPUB 3.4.
    /// `facts`: also gather what EPUBCheck's JSON report says of the files (text, fonts,
    /// references) into `ValidationReport.facts`; it costs a few percent, so only that report asks.
    public static func validate(path: String, limits: ContainerLimits = .default, input: Input = .publication, epub2: Bool = false,
                                profile: Profile = .default, revision: EPUBRevision = .epub33, facts collectFacts: Bool = false,
                                unsaved: [String: Data] = [:]) -> Outcome {
        let start = Date()
        func elapsed() -> Int { Int(Date().timeIntervalSince(start) * 1000) }
        if input == .mediaOverlay {
            return mediaOverlay(path: path, limits: limits, elapsed: elapsed)
        }
        if input == .contentDocument || input == .navigationDocument {
            return contentDocument(path: path, limits: limits, navigation: input == .navigationDocument, epub3: !epub2, profile: profile,
                                   revision: revision, elapsed: elapsed)
        }
        let warmUp = RuleWarmUp.start()
        defer { warmUp.finish() }
        let session: PublicationSession
        do {
            switch input {
            // Style sheets are read as a conformance checker reads them too, in the same pass.
            case .publication, .contentDocument, .navigationDocument, .mediaOverlay:
                session = try PublicationSession(path: path, limits: limits, digest: false, cssChecker: CSSGrammarCheck.checker, unsaved: unsaved)
            case .packageDocument: session = try PublicationSession(packageDocumentAt: path, limits: limits, cssChecker: CSSGrammarCheck.checker)
            }
        } catch {
            let found = structuralFaults(error, path: path, limits: limits, alone: input == .packageDocument, unsaved: unsaved)
            guard !found.isEmpty else { return .unusable(error.text) }
            return .report(ValidationReport(sourcePath: path, diagnostics: found, session: nil, elapsedMilliseconds: elapsed()))
        }
        // Rules before the session's diagnostics are taken: documents the rules read record their parse problems there.
        // The report sorts messages by place, so the order the rules run in does not show.
        if input == .publication, stopsAtVersion(session) {
            // EPUBCheck stops at a package whose version it cannot read: what the container said
            // stands, and the version; no rule of either EPUB version is applied to the rest.
            let said = session.diagnostics.filter { d in
                d.messageID == .OPF_001 || d.location.map { $0.path.hasPrefix("META-INF/") || $0.path == "mimetype" } ?? false
            }
            return .report(ValidationReport(sourcePath: path, diagnostics: OCFRules.check(session) + said, session: session,
                                            elapsedMilliseconds: elapsed()))
        }
        var found = RuleOutput()
        var facts: PublicationFacts? = collectFacts ? PublicationFacts() : nil
        switch input {
        case .publication:
            RuleRegistry.container.run(session, into: &found)
            for package in [session.package] + session.otherRenditionPackages {
                found.add(packageRules(session, package, profile: profile, revision: revision, facts: &facts))
            }
        case .packageDocument:
            found.add(packageRules(session, session.package, profile: profile, revision: revision, facts: &facts))
        case .contentDocument, .navigationDocument, .mediaOverlay:
            break  // returned above: a lone document has no session
        }
        if input == .publication { facts?.addFiles(of: session.container) }
        var read = session.diagnostics
        if input == .packageDocument {
            // Alone, a package's version is not detected (no OPF-001): its grammar says what is wrong with it.
            read.removeAll { $0.messageID == .OPF_001 && $0.location?.path == session.package.path }
        }
        let diagnostics = PackageRules.droppingUncheckedItems(read, session) + found.diagnostics
        var report = ValidationReport(sourcePath: path, diagnostics: diagnostics, session: session, elapsedMilliseconds: elapsed())
        report.facts = facts
        return .report(report)
    }

    /// A file checked alone, read through the container stage as every other input: the same
    /// limits and the same errors.
    static func loneFile(_ path: String, limits: ContainerLimits) -> Result<(name: String, data: Data), ContainerError> {
        do throws(ContainerError) {
            let container = try SingleFileContainer(path: path, limits: limits)
            return .success((container.name, try container.read(container.name)))
        } catch {
            return .failure(error)
        }
    }

    /// One content document on its own, as EPUBCheck's xhtml and svg modes check it: its markup,
    /// ids and semantics; nothing that needs a package or other files (references, properties).
    static func contentDocument(path: String, limits: ContainerLimits, navigation: Bool = false, epub3: Bool = true, profile: Profile = .default,
                                revision: EPUBRevision = .epub33, elapsed: () -> Int) -> Outcome {
        let name: String, data: Data
        switch loneFile(path, limits: limits) {
        case .failure(let reason): return .unusable(reason.text)
        case .success(let file): (name, data) = file
        }
        let isXHTML = !name.lowercased().hasSuffix(".svg")
        let parsed = XMLParser.parse(data, path: name, limits: limits.document)
        var diagnostics = parsed.diagnostics
        diagnostics += XMLFormRules.document(path: name, head: data.prefix(256), mediaType: isXHTML ? "application/xhtml+xml" : "image/svg+xml", epub3: epub3, tree: parsed.document, source: { data })
        if let document = parsed.document, !document.isRecovered {
            let index = DocumentIndexer.index(document, source: data)
            // Alone, a document has no fixed layout: a viewport meta is one reading systems ignore.
            let context = ContentContext(isXHTML: isXHTML, ids: { ElementIDs(order: index.content.ids) }, dataNav: false,
                                         declaredIndex: profile == .idx, dictionary: profile == .dict, edupub: profile == .edupub,
                                         revision: revision, head: { DocumentHeadScanner.scan(data, path: name) })
            diagnostics += ContentRules.documentRules(index, context, epub3: epub3)
            if !epub3, isXHTML { diagnostics += ContentRules.epub2Grammar(document, path: name) }
            func report(_ id: MessageID, _ message: MessageText, _ line: Int?, _ column: Int?) {
                diagnostics.append(Diagnostic(id, message: message, location: .init(path: name, line: line, column: column)))
            }
            for ref in index.references where ref.kind != .citation {
                for (id, message) in ReferenceRules.standalone(ref) { report(id, message, ref.line, ref.position.flatMap(index.column)) }
            }
            if navigation && isXHTML {
                var found = RuleOutput()
                RuleRegistry.navigation.run(DocumentInput(path: name, tree: document, source: { data }), into: &found)
                diagnostics += found.diagnostics
            }
        }
        return .report(ValidationReport(sourcePath: path, diagnostics: diagnostics, session: nil, elapsedMilliseconds: elapsed()))
    }

    /// One media overlay on its own, as EPUBCheck's mo mode checks it: well-formedness, the SMIL
    /// grammar, unique ids and clip times; nothing that needs the package or the documents it reads.
    static func mediaOverlay(path: String, limits: ContainerLimits, elapsed: () -> Int) -> Outcome {
        let name: String, data: Data
        switch loneFile(path, limits: limits) {
        case .failure(let reason): return .unusable(reason.text)
        case .success(let file): (name, data) = file
        }
        let parsed = XMLParser.parse(data, path: name, limits: limits.document)
        var diagnostics = parsed.diagnostics
        diagnostics += XMLFormRules.document(path: name, head: data.prefix(256), mediaType: "application/smil+xml", epub3: true,
                                             tree: parsed.document, source: { data })
        if let document = parsed.document, !document.isRecovered {
            var found = RuleOutput()
            RuleRegistry.overlay.run(DocumentInput(path: name, tree: document, source: { data }), into: &found)
            diagnostics += found.diagnostics
            // Clock values: in a publication the session's overlay reader reports them, with this parser.
            var smil = SMILParser(path: name)
            smil.parse(document)
            diagnostics += smil.diagnostics
            // A code point no URL holds in a clip's src (an overlay read in the wrong encoding), as in a publication.
            for element in document.elements(named: "text", in: XMLNamespace.smil) + document.elements(named: "audio", in: XMLNamespace.smil) {
                guard let src = element.attribute("src"), let fault = ReferenceRules.codePointFault(src, element: element.name, attribute: "src") else { continue }
                diagnostics.append(Diagnostic(.RSC_020, message: fault, location: .init(path: name, line: element.line)))
            }
        }
        return .report(ValidationReport(sourcePath: path, diagnostics: diagnostics, session: nil, elapsedMilliseconds: elapsed()))
    }

    /// The rules of one package document (each rendition's, in a multiple-rendition book), from
    /// the registry in four steps: the package's own rules, which register the references they
    /// meet; each content document on its own (`ContentRules.check`); the rules across documents;
    /// the references, judged in one place; the rules that need that judgement. When `facts` is
    /// there, what the rules learn of the files on the way is added to it.
    static func packageRules(_ session: PublicationSession, _ package: PackageDocument, profile: Profile = .default,
                             revision: EPUBRevision = .epub33, facts: inout PublicationFacts?) -> [Diagnostic] {
        var input = PackageInput(session: session, package: package, profile: profile, revision: revision,
                                 isDefault: package.path == session.package.path)
        var found = RuleOutput()
        RuleRegistry.package.run(input, into: &found)
        // Content first: it reads whole documents and checks their XML form; the XML-form rules then see to the rest.
        let content = ContentRules.check(session, package, registering: &found.references,
                                         declarations: ProfileRules.declarations(session, package, profile), revision: revision,
                                         facts: facts != nil)
        input.documents = content.documents
        found.add(content.diagnostics)
        RuleRegistry.acrossDocuments.run(input, into: &found)
        if var gathered = facts {
            for document in content.documents { gathered.merge(document.facts) }
            if input.readsPublicationFiles {
                for item in package.manifest where item.mediaType == "text/css" {
                    if let sheet = item.path.flatMap(session.styleSheet(at:)) { gathered.addFonts(of: sheet) }
                }
            }
            gathered.addReferences(of: found.references)
            facts = gathered
        }
        RuleRegistry.lateReferences.run(input, into: &found)
        input.verdict = ReferenceRules.check(found.references, session, package, revision: revision)
        found.add(input.verdict.diagnostics)
        RuleRegistry.afterReferences.run(input, into: &found)
        return found.diagnostics
    }

    /// True when the session could not read the package's version (its OPF-001, from the parser
    /// that decides which versions exist): the check stops there.
    static func stopsAtVersion(_ session: PublicationSession) -> Bool {
        session.diagnostics.contains { $0.messageID == .OPF_001 && $0.location?.path == session.package.path }
    }

    /// Faults EPUBCheck reports as messages about a publication it could open, rather than as a
    /// failure to run; everything else (missing file, limits, hostile names) is unusable input.
    /// `alone`: a package document checked on its own (`--mode opf`), read as one file.
    /// `unsaved`: an editor's buffers over a folder's files, read here as the session read them.
    static func structuralFaults(_ error: SessionError, path: String, limits: ContainerLimits, alone: Bool = false,
                                 unsaved: [String: Data] = [:]) -> [Diagnostic] {
        switch error {
        case .missingContainerXML:
            return archiveChecks(path, limits: limits, alone: alone, unsaved: unsaved)
                + [Diagnostic(.RSC_002, message: .metaInfContainerXmlMissingSo, location: .init(path: "META-INF/container.xml"))]
        case .noPackageRootfile(let found):
            // What container.xml said on the way (OPF-016, OPF-017, its XML form) stands beside RSC-003,
            // and its encoding when that is what kept it from being read.
            return archiveChecks(path, limits: limits, alone: alone, unsaved: unsaved) + found.filter { $0.messageID != .RSC_003 }
                + [Diagnostic(.RSC_003, message: .containerXmlNamesNoRootfileType, location: .init(path: "META-INF/container.xml"))]
                + unreadableEncoding(of: ContainerDocument.path, in: path, limits: limits, unsaved: unsaved)
        case .missingPackage(let opf):
            return archiveChecks(path, limits: limits, alone: alone, unsaved: unsaved)
                + [Diagnostic(.OPF_002, message: .packageDocumentNamedContainerXmlNot(opf), location: .init(path: "META-INF/container.xml"))]
        case .unreadablePackage(let opf, let reason):
            let encoding = alone ? loneFileEncoding(path, as: opf, limits: limits) : unreadableEncoding(of: opf, in: path, limits: limits, unsaved: unsaved)
            // Unreadable for its encoding, its version is unknown too (EPUBCheck reads it first, in a book).
            let version = encoding.isEmpty || alone ? [] : [Diagnostic(.OPF_001, message: .packageVersionUnreadableForEncoding, location: .init(path: opf))]
            return [Diagnostic(.RSC_016, message: .packageDocumentCannotParsed(reason), location: .init(path: opf))] + version + encoding
        case .unsafeXML(let file, let reason):
            return [Diagnostic(.HTM_003, message: reason, location: .init(path: file))]
        case .container(.notAnEPUB(_, let reason)):
            return unopenableArchive(path: path, reason: reason)
        case .container:
            return []
        }
    }

    /// The container is still a ZIP or a folder when its package cannot be found: what its
    /// mimetype and its file names say is said too (EPUBCheck checks both before the package).
    private static func archiveChecks(_ path: String, limits: ContainerLimits, alone: Bool, unsaved: [String: Data]) -> [Diagnostic] {
        guard !alone, let container = try? ContainerOpener.open(path, limits: limits, unsaved: unsaved) else { return [] }
        return OCFRules.mimetypeChecks(container, sourcePath: path) { try? container.read($0) } + OCFRules.nameChecks(container)
    }

    /// What a file's encoding is, when its encoding alone keeps it from being read (its RSC-027 or
    /// RSC-028): said beside the failure to read it, as EPUBCheck says both.
    static func unreadableEncoding(of file: String, in path: String, limits: ContainerLimits, unsaved: [String: Data] = [:]) -> [Diagnostic] {
        guard let container = try? ContainerOpener.open(path, limits: limits, unsaved: unsaved), let data = try? container.read(file) else { return [] }
        return unreadableEncoding(data, as: file)
    }

    /// The same for a file checked alone.
    static func loneFileEncoding(_ path: String, as name: String, limits: ContainerLimits) -> [Diagnostic] {
        guard case .success(let file) = loneFile(path, limits: limits) else { return [] }
        return unreadableEncoding(file.data, as: name)
    }

    private static func unreadableEncoding(_ data: Data, as name: String) -> [Diagnostic] {
        guard XMLParser.unreadableForEncoding(data) else { return [] }
        return XMLFormRules.encoding(path: name, head: data.prefix(256), isXHTML: false).found
    }

    /// A file no ZIP reader can open. Its first local header is judged as any book's is (PKG-003
    /// when there are not the 58 bytes of a header and the `mimetype` name, PKG-004 when neither of
    /// its first two bytes is the signature's, else PKG-006 when the first name is not `mimetype`),
    /// then opening it fails (PKG-008, fatal): EPUBCheck 5.3.0's two steps, each reported.
    static func unopenableArchive(path: String, reason: MessageArgument) -> [Diagnostic] {
        let handle = FileHandle(forReadingAtPath: path)
        defer { try? handle?.close() }
        let head = [UInt8]((try? handle?.read(upToCount: 58)) ?? Data())
        let at = Diagnostic.Location(path: path)
        // An empty file has no header at all, which EPUBCheck words apart.
        if head.isEmpty {
            return [Diagnostic(.PKG_003, message: .fileEmptyThereNoZipHeader, location: at),
                    Diagnostic(.PKG_008, message: .fileCannotReadPublicationEmpty, location: at)]
        }
        var out: [Diagnostic] = []
        if head.count < 58 {
            out.append(Diagnostic(.PKG_003, message: .fileTooShortHoldMimetypeEntry, location: at))
        } else if head[0] != 0x50 && head[1] != 0x4B {
            out.append(Diagnostic(.PKG_004, message: .fileNotZipContainer(reason), location: at))
        } else if head[30..<38] != ArraySlice(Array("mimetype".utf8)) {
            let name = String(decoding: head[30..<38].map { $0 < 0x20 || $0 == 0x7F ? UInt8(ascii: "?") : $0 }, as: UTF8.self)
            out.append(Diagnostic(.PKG_006, message: .firstEntryZipMimetype(name), location: at))
        }
        return out + [Diagnostic(.PKG_008, message: .fileCannotOpenedZipArchive(reason), location: at)]
    }
}
