import CLibXML2
import EPUBContract
import Foundation

/// What EPUBCheck's JSON report says of a publication besides its messages, gathered while the
/// rules read each file (so the `-j` report needs no second reading): characters of text, the fonts
/// style sheets embed or only name, and what each file references.
public struct PublicationFacts: Sendable, Equatable {
    /// Characters of text (UTF-16 units, as Java counts them) in the XHTML and SVG content documents.
    public var characters = 0
    /// `@font-face` families with a local source, as `family[,style][,weight]`, first use first.
    public var embeddedFonts: [String] = []
    /// `@font-face` families whose source is remote or missing, in the same form.
    public var referencedFonts: [String] = []
    /// Per file (container path): the URLs it references, resolved (container path with fragment,
    /// or the remote URL), sorted and each once; a file's plain reference to itself left out.
    public var referencedItems: [String: [String]] = [:]
    /// The container's files (folders left out), in its own order, as EPUBCheck's JSON lists them.
    public var files: [File] = []
    /// Whether `META-INF/encryption.xml` and `META-INF/signatures.xml` are there.
    public var hasEncryption = false
    public var hasSignatures = false

    /// One file of the container: its sizes, compression and checksum.
    public struct File: Sendable, Equatable {
        public var path: String
        public var size: UInt64
        public var compressedSize: UInt64
        public var compression: ContainerEntry.Compression
        /// SHA-256 as EPUBCheck writes it (`javaHex`); nil when the file could not be read.
        public var checksum: String?
    }

    public init() {}

    /// What the container holds, read once here so that a report never opens the container
    /// itself: each file is read one at a time and let go (the session would keep every file's bytes).
    package mutating func addFiles(of container: any OCFContainer) {
        for entry in container.entries where !entry.isDirectory {
            files.append(File(path: entry.path, size: entry.size, compressedSize: entry.compressedSize, compression: entry.compression,
                              checksum: (try? container.read(entry.path)).map(Self.javaHex)))
        }
        hasEncryption = container.entry("META-INF/encryption.xml") != nil
        hasSignatures = container.entry("META-INF/signatures.xml") != nil
    }

    /// SHA-256 as EPUBCheck writes it: each byte in hex without its leading zero (Java's
    /// `Integer.toHexString`), so the same file gives the same string in both reports.
    package static func javaHex(_ data: Data) -> String {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finalize().map { String($0, radix: 16) }.joined()
    }

    /// The fonts of one style sheet's `@font-face` rules, `@media` blocks included.
    package mutating func addFonts(of sheet: CSSStyleSheet) {
        sheet.forEachRule { _, declarations, inFontFace in
            guard inFontFace else { return }
            var family: String?, style: String?, weight: String?, source: String?
            for declaration in declarations {
                switch declaration.name {
                case "font-family": family = Self.unquoted(declaration.value)
                case "font-style": style = declaration.value
                case "font-weight": weight = declaration.value
                case "src": source = CSSStyleSheet.urls(in: declaration.value).last ?? source
                default: break
                }
            }
            guard let family else { return }
            var label = family
            for part in [style, weight] { if let part, part.lowercased() != "normal" { label += "," + part } }
            if let source, !source.hasPrefix("http") {
                if !embeddedFonts.contains(label) { embeddedFonts.append(label) }
            } else if !referencedFonts.contains(label) {
                referencedFonts.append(label)
            }
        }
    }

    /// A `font-family` value as a name: the string when it is one (`"DejaVu Sans"`), else as written.
    private static func unquoted(_ value: String) -> String {
        if case .string(let name)? = CSSTokenizer.tokenize(value).tokens.first?.kind { return name }
        return value.trimmingXMLWhitespace()
    }

    /// The text of a parsed document in UTF-16 units: every text and CDATA node, as a SAX parser
    /// reports characters (whitespace between elements included).
    package static func characters(of document: XMLDocument) -> Int {
        var count = 0
        document.forEachElementInOrder { element in
            var child = element.pointee.children
            while let c = child {
                if c.pointee.type == XML_TEXT_NODE || c.pointee.type == XML_CDATA_SECTION_NODE { count += UTF16Length.of(cString: c.pointee.content) }
                child = c.pointee.next
            }
        }
        return count
    }
}

extension PublicationFacts {
    /// Another part's facts added to these (fonts kept in order of first use).
    package mutating func merge(_ other: PublicationFacts) {
        characters += other.characters
        for font in other.embeddedFonts where !embeddedFonts.contains(font) { embeddedFonts.append(font) }
        for font in other.referencedFonts where !referencedFonts.contains(font) { referencedFonts.append(font) }
        for (path, targets) in other.referencedItems {
            referencedItems[path] = Array(Set((referencedItems[path] ?? []) + targets)).sorted()
        }
    }
}
