import EPUBDocument
import EPUBMessages
import Foundation

/// Reads an EPUB Annotations 1.0 file (an `AnnotationSet`, or one `Annotation`): checks it
/// against the profile's tables (required properties, fixed types and values, dates, the
/// target's source among the manifest's hrefs) and resolves every target in the book through
/// `CFILocator` (`AnnotationTargets`). A MUST broken is an error, a SHOULD a warning.
public enum AnnotationChecker {
    /// The file is not JSON at all.
    public struct Failure: UserFacingError, Sendable, Equatable, CustomStringConvertible {
        public let text: MessageText
        public var description: String { text.rendered() }
    }

    static let context = "https://www.w3.org/ns/epub-anno.jsonld"
    static let motivations = ["bookmarking", "commenting", "highlighting"]
    static let creatorTypes = ["Person", "Organization", "Software"]
    static let colors = ["pink", "orange", "yellow", "green", "blue", "purple"]
    static let highlights = ["solid", "underline", "strikethrough", "outline"]

    public static func check(_ bytes: [UInt8], name: String, locator: CFILocator) throws(Failure) -> AnnotationReport {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw Failure(text: .annoNotJSON(name, error.reason.rawValue, error.offset))
        }
        var checker = Checker(targets: AnnotationTargets(locator: locator))
        checker.file(root)
        return checker.report
    }

    struct Checker {
        var report = AnnotationReport()
        var targets: AnnotationTargets

        mutating func error(_ pointer: String, _ message: MessageText) {
            report.findings.append(.init(severity: .error, pointer: pointer, message: message))
        }

        mutating func warning(_ pointer: String, _ message: MessageText) {
            report.findings.append(.init(severity: .warning, pointer: pointer, message: message))
        }

        mutating func file(_ root: JSONValue) {
            if root["@context"]?.stringValue != AnnotationChecker.context && !(root["@context"]?.arrayValue?.contains(.string(AnnotationChecker.context)) ?? false) {
                error("/@context", .annoContext)
            }
            switch root["type"]?.stringValue {
            case "AnnotationSet": set(root)
            case "Annotation": annotation(root, "")
            default: error("/type", .annoMustBe("/type", "\"AnnotationSet\" | \"Annotation\""))
            }
        }

        mutating func set(_ set: JSONValue) {
            _ = string(set, "id", "", required: true)
            if let about = object(set, "about", "", required: true) {
                strings(about, "dc:identifier", "/about")
                strings(about, "dc:creator", "/about")
                if let date = about["dc:date"], !(date.stringValue.map { $0.count == 4 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) } ?? false) {
                    error("/about/dc:date", .annoMustBe("/about/dc:date", "YYYY"))
                }
            }
            if let generator = set["generator"], generator.stringValue == nil {
                if let object = object(set, "generator", "", required: false) {
                    _ = string(object, "id", "/generator", required: true)
                    _ = string(object, "name", "/generator", required: true)
                    fixed(object, "type", "/generator", ["Software"], required: true)
                }
            }
            dateTime(set, "generated", "", required: false)
            guard let items = set["items"] else { return error("/items", .annoRequired("/items")) }
            guard let list = items.arrayValue else { return error("/items", .annoMustBeKind("/items", MessageText.annoKindArray)) }
            for (index, item) in list.enumerated() { annotation(item, "/items/\(index)") }
        }

        mutating func annotation(_ annotation: JSONValue, _ pointer: String) {
            guard case .object = annotation else { return error(pointer.isEmpty ? "/" : pointer, .annoMustBeKind(pointer.isEmpty ? "/" : pointer, MessageText.annoKindObject)) }
            var item = AnnotationReport.Item(pointer: pointer.isEmpty ? "/" : pointer)
            item.id = string(annotation, "id", pointer, required: true)
            fixed(annotation, "type", pointer, ["Annotation"], required: true)
            item.motivation = annotation["motivation"]?.stringValue
            fixed(annotation, "motivation", pointer, AnnotationChecker.motivations, required: false)
            dateTime(annotation, "created", pointer, required: true)
            dateTime(annotation, "modified", pointer, required: false)
            if let creator = object(annotation, "creator", pointer, required: false) {
                _ = string(creator, "id", pointer + "/creator", required: true)
                fixed(creator, "type", pointer + "/creator", AnnotationChecker.creatorTypes, required: true)
            }
            if let body = object(annotation, "body", pointer, required: false) { self.body(body, pointer + "/body") }
            if let target = object(annotation, "target", pointer, required: true) {
                item.source = string(target, "source", pointer + "/target", required: true)
                if let source = item.source, !targets.isManifestHref(source) {
                    error(pointer + "/target/source", .annoSourceNotInManifest(pointer + "/target/source", source))
                }
                var selectors: [JSONValue] = []
                if let list = target["selector"] {
                    if let array = list.arrayValue {
                        selectors = array
                    } else {
                        error(pointer + "/target/selector", .annoMustBeKind(pointer + "/target/selector", MessageText.annoKindArray))
                        if case .object = list { selectors = [list] }
                    }
                }
                for (index, selector) in selectors.enumerated() { checkSelector(selector, pointer + "/target/selector/\(index)") }
                targets.resolve(&item, selectors: selectors)
            }
            report.items.append(item)
        }

        mutating func body(_ body: JSONValue, _ pointer: String) {
            fixed(body, "type", pointer, ["TextualBody"], required: true)
            if body["value"] == nil { error(pointer + "/value", .annoRequired(pointer + "/value")) }
            if let format = body["format"], format.stringValue != "text/plain" { warning(pointer + "/format", .annoShouldBePlain(pointer + "/format")) }
            fixed(body, "color", pointer, AnnotationChecker.colors, required: false)
            fixed(body, "highlight", pointer, AnnotationChecker.highlights, required: false)
            strings(body, "tags", pointer)
        }

        /// The selector's own properties (its resolution is `AnnotationTargets`').
        mutating func checkSelector(_ selector: JSONValue, _ pointer: String) {
            guard case .object = selector else { return error(pointer, .annoMustBeKind(pointer, MessageText.annoKindObject)) }
            let type = selector["type"]?.stringValue ?? ""
            switch type {
            case "FragmentSelector":
                _ = string(selector, "value", pointer, required: true)
                if let conformsTo = selector["conformsTo"]?.stringValue, AnnotationTargets.FragmentKind(conformsTo: conformsTo)?.listed != true {
                    let kind = AnnotationTargets.FragmentKind(conformsTo: conformsTo) ?? .guess(selector["value"]?.stringValue ?? "")
                    error(pointer + "/conformsTo", .annoConformsToNotListed(pointer + "/conformsTo", conformsTo, MessageArgument.phrase(kind.name)))
                }
            case "CssSelector":
                _ = string(selector, "value", pointer, required: true)
            case "TextPositionSelector":
                let start = count(selector, "start", pointer), end = count(selector, "end", pointer)
                if let start, let end, start > end { error(pointer, .annoStartAfterEnd(pointer, start, end)) }
            case "TextQuoteSelector":
                warning(pointer + "/type", .annoSelectorNotInProfile(pointer + "/type", type))
                _ = string(selector, "exact", pointer, required: true)
            default:
                if selector["type"] == nil { error(pointer + "/type", .annoRequired(pointer + "/type")) } else { error(pointer + "/type", .annoSelectorUnknown(pointer + "/type", type)) }
            }
            if let refined = selector["refinedBy"] {
                let list = refined.arrayValue ?? [refined]
                for (index, inner) in list.enumerated() { checkSelector(inner, pointer + "/refinedBy" + (refined.arrayValue == nil ? "" : "/\(index)")) }
            }
        }

        // MARK: properties

        mutating func string(_ object: JSONValue, _ key: String, _ pointer: String, required: Bool) -> String? {
            guard let value = object[key] else {
                if required { error(pointer + "/" + key, .annoRequired(pointer + "/" + key)) }
                return nil
            }
            guard let string = value.stringValue else {
                error(pointer + "/" + key, .annoMustBeKind(pointer + "/" + key, MessageText.annoKindString))
                return nil
            }
            return string
        }

        mutating func object(_ object: JSONValue, _ key: String, _ pointer: String, required: Bool) -> JSONValue? {
            guard let value = object[key] else {
                if required { error(pointer + "/" + key, .annoRequired(pointer + "/" + key)) }
                return nil
            }
            guard case .object = value else {
                error(pointer + "/" + key, .annoMustBeKind(pointer + "/" + key, MessageText.annoKindObject))
                return nil
            }
            return value
        }

        mutating func fixed(_ object: JSONValue, _ key: String, _ pointer: String, _ allowed: [String], required: Bool) {
            guard let value = string(object, key, pointer, required: required) else { return }
            if !allowed.contains(value) {
                error(pointer + "/" + key, .annoMustBe(pointer + "/" + key, allowed.map { "\"\($0)\"" }.joined(separator: " | ")))
            }
        }

        mutating func strings(_ object: JSONValue, _ key: String, _ pointer: String) {
            guard let value = object[key] else { return }
            if !(value.arrayValue?.allSatisfy { $0.stringValue != nil } ?? false) {
                error(pointer + "/" + key, .annoMustBeKind(pointer + "/" + key, MessageText.annoKindStrings))
            }
        }

        mutating func count(_ object: JSONValue, _ key: String, _ pointer: String) -> Int? {
            guard let value = object[key] else {
                error(pointer + "/" + key, .annoRequired(pointer + "/" + key))
                return nil
            }
            guard let number = value.intValue, number >= 0 else {
                error(pointer + "/" + key, .annoMustBeKind(pointer + "/" + key, MessageText.annoKindCount))
                return nil
            }
            return number
        }

        mutating func dateTime(_ object: JSONValue, _ key: String, _ pointer: String, required: Bool) {
            guard let value = string(object, key, pointer, required: required) else { return }
            if value.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$"#, options: .regularExpression) == nil {
                error(pointer + "/" + key, .annoMustBeKind(pointer + "/" + key, MessageText.annoKindDateTime))
            }
        }
    }
}
