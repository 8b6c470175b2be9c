import EPUBDocument
import Foundation

/// Where a book's files name each other, for go-to-definition and references: every `id`
/// (manifest ids in the package, element ids in documents) and every reference to one (`idref`,
/// `fallback`, `media-overlay`, the spine's `toc`, `refines`) or to a file and fragment (`href`,
/// `src`, `xlink:href`, `poster`, `data`). Read from the files as the editor holds them, with
/// `XMLSourceMap` (a lexical scan: a file being edited need not be well-formed).
struct ReferenceIndex {
    /// A place in a file: a byte range of an attribute's value.
    struct Place: Hashable {
        var path: String
        var range: Range<Int>
    }

    /// What a reference names: an id in a file (a manifest id is an id in the package), or a file.
    struct Target: Hashable {
        var path: String
        var id: String?
    }

    private(set) var definitions: [Target: Place] = [:]
    private(set) var references: [(place: Place, target: Target)] = []
    private(set) var texts: [String: SourceText] = [:]
    /// The ids of each package document's manifest items (what `idref` and `fallback` may name).
    private(set) var itemIDs: [String: [String]] = [:]

    static let markupExtensions: Set<String> = ["opf", "xhtml", "html", "htm", "ncx", "smil", "svg", "xml"]
    static let idReferences: Set<String> = ["idref", "fallback", "media-overlay", "toc"]
    static let fileReferences: Set<String> = ["href", "src", "xlink:href", "poster", "data"]

    /// Indexes every markup file under `root`, `unsaved` buffers in place of the files.
    init(root: String, unsaved: [String: Data]) {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        var paths = Set(unsaved.keys)
        if let walker = FileManager.default.enumerator(atPath: root) {
            for case let relative as String in walker { paths.insert(relative) }
        }
        for path in paths.sorted() where Self.markupExtensions.contains((path as NSString).pathExtension.lowercased()) {
            guard let bytes = unsaved[path] ?? FileManager.default.contents(atPath: prefix + path), bytes.count < 16 << 20 else { continue }
            add(path, Array(bytes))
        }
    }

    private mutating func add(_ path: String, _ bytes: [UInt8]) {
        texts[path] = SourceText(bytes)
        let map = XMLSourceMap(bytes)
        let isPackage = path.lowercased().hasSuffix(".opf")
        for element in map.elements {
            for attribute in element.attributes {
                let value = String(decoding: bytes[attribute.value], as: UTF8.self)
                let place = Place(path: path, range: attribute.value)
                switch attribute.name {
                case "id":
                    let target = Target(path: path, id: value.trimmingXMLWhitespace())
                    if definitions[target] == nil { definitions[target] = place }
                    if isPackage, element.localName == "item", let id = target.id { itemIDs[path, default: []].append(id) }
                case let name where isPackage && Self.idReferences.contains(name):
                    references.append((place, Target(path: path, id: value.trimmingXMLWhitespace())))
                case "refines" where value.hasPrefix("#"):
                    references.append((place, Target(path: path, id: String(value.dropFirst()))))
                case let name where Self.fileReferences.contains(name):
                    guard case .local(let file, let fragment) = HrefResolver.resolve(value.trimmingXMLWhitespace(), against: path) else { continue }
                    references.append((place, Target(path: file, id: fragment.flatMap { $0.isEmpty ? nil : $0 })))
                default: continue
                }
            }
        }
    }

    /// The id or reference whose value holds `offset` in `path`, as the target it stands for.
    func target(at offset: Int, in path: String) -> Target? {
        if let found = references.first(where: { $0.place.path == path && ($0.place.range.contains(offset) || $0.place.range.upperBound == offset) }) {
            return found.target
        }
        return definitions.first { $0.value.path == path && ($0.value.range.contains(offset) || $0.value.range.upperBound == offset) }?.key
    }

    /// Where a target is defined: its id's value, or the top of the file.
    func definition(of target: Target) -> Place? {
        if let id = target.id { return definitions[Target(path: target.path, id: id)] }
        return texts[target.path] != nil || target.id == nil ? Place(path: target.path, range: 0..<0) : nil
    }

    /// Every reference to the target (to its file too, when it is an id: `chapter.xhtml#x` names `x`).
    func references(to target: Target) -> [Place] {
        references.filter { $0.target == target }.map(\.place)
    }
}
