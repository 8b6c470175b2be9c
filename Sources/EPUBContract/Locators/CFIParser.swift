import EPUBMessages
import Foundation

/// Reads an EPUB CFI by the grammar of EPUB CFI 1.1 §2.1, leniently where nothing is ambiguous:
/// surrounding whitespace, a bare path without `epubcfi(…)`, an IRI (`book.epub#epubcfi(…)`,
/// percent-escapes decoded), leading zeros, and numbers like `.5`; the value prints canonically.
/// Anything else is refused with the character it stopped at and what it expected there.
public enum CFIParser {
    /// Why a string is not a CFI: the message names the place and what was expected.
    public struct Failure: UserFacingError, Sendable, Equatable, CustomStringConvertible {
        public let text: MessageText
        public var description: String { text.rendered() }
    }

    public static func parse(_ input: String) throws(Failure) -> CFI {
        var body = input.trimmingCharacters(in: .whitespacesAndNewlines)
        if let hash = body.range(of: "#epubcfi(") {
            let fragment = String(body[body.index(after: hash.lowerBound)...])
            body = fragment.removingPercentEncoding ?? fragment
        }
        let wrapped = body.hasPrefix("epubcfi(")
        if wrapped {
            guard body.hasSuffix(")"), body.count > 9 else {
                throw Failure(text: .locateCFIExpected(input, body.count + 1, MessageText.locateCFIClose))
            }
            body = String(body.dropFirst(8).dropLast())
        } else if !body.hasPrefix("/") {
            throw Failure(text: .locateNotCFI(input))
        }
        var reader = Reader(scalars: Array(body.unicodeScalars), input: input, base: wrapped ? 8 : 0)
        return try reader.fragment()
    }

    /// A cursor over the expression's characters.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        let input: String
        /// Characters before the body in the expression (`epubcfi(`), for places in messages.
        let base: Int
        var at = 0

        var peek: Unicode.Scalar? { at < scalars.count ? scalars[at] : nil }

        func fail(_ expected: MessageText) -> Failure {
            Failure(text: .locateCFIExpected(input, base + at + 1, expected))
        }

        mutating func fragment() throws(Failure) -> CFI {
            let path = try self.path(local: false)
            var range: (CFI.Path, CFI.Path)?
            if peek == "," {
                at += 1
                let start = try self.path(local: true)
                guard peek == "," else { throw fail(.locateCFIRangeComma) }
                at += 1
                range = (start, try self.path(local: true))
            }
            guard peek == nil else { throw fail(range == nil ? .locateCFIStepOrEnd : .locateCFIClose) }
            return CFI(path: path, range: range)
        }

        /// A path (§2.1 `path`), or a range's local path, which may have no step at all.
        mutating func path(local: Bool) throws(Failure) -> CFI.Path {
            var path = CFI.Path(segments: [[]])
            while true {
                while peek == "/" { path.segments[path.segments.count - 1].append(try step()) }
                if !local, path.segments[0].isEmpty { throw fail(.locateCFIStep) }
                if peek == "!" {
                    at += 1
                    path.segments.append([])
                    if peek == "/" { continue }
                    guard let offset = try offset() else { throw fail(.locateCFIStep) }
                    path.offset = offset
                } else if let offset = try offset() {
                    path.offset = offset
                }
                break
            }
            if path.offset != nil, peek == "[" { path.offsetAssertion = try assertion() }
            return path
        }

        mutating func step() throws(Failure) -> CFI.Step {
            at += 1  // "/"
            var step = CFI.Step(try integer())
            if peek == "[" { step.assertion = try assertion() }
            return step
        }

        mutating func offset() throws(Failure) -> CFI.Offset? {
            switch peek {
            case ":":
                at += 1
                return .character(try integer())
            case "@":
                at += 1
                return try spatial().map { .spatial(x: $0.x, y: $0.y) }
            case "~":
                at += 1
                let time = try number()
                if peek == "@" {
                    at += 1
                    return .temporal(time, spatial: try spatial())
                }
                return .temporal(time, spatial: nil)
            default:
                return nil
            }
        }

        mutating func spatial() throws(Failure) -> (x: CFINumber, y: CFINumber)? {
            let x = try number()
            guard peek == ":" else { throw fail(.locateCFIColon) }
            at += 1
            return (x, try number())
        }

        mutating func integer() throws(Failure) -> Int {
            let start = at
            while let c = peek, c.properties.numericType == .decimal, c.isASCII { at += 1 }
            guard at > start, at - start <= 9, let value = Int(String(String.UnicodeScalarView(scalars[start..<at]))) else {
                at = start
                throw fail(.locateCFIInteger)
            }
            return value
        }

        mutating func number() throws(Failure) -> CFINumber {
            let start = at
            while let c = peek, c.isASCII, c == "." || c.properties.numericType == .decimal { at += 1 }
            guard at - start <= 20, let value = CFINumber(Substring(String(String.UnicodeScalarView(scalars[start..<at])))) else {
                at = start
                throw fail(.locateCFINumber)
            }
            return value
        }

        /// `[values;name=csv…]`: values split at unescaped commas, parameters at unescaped semicolons.
        mutating func assertion() throws(Failure) -> CFI.Assertion {
            at += 1  // "["
            var assertion = CFI.Assertion()
            var values: [String] = [try value()]
            while peek == "," {
                at += 1
                values.append(try value())
            }
            assertion.values = values == [""] ? [] : values
            while peek == ";" {
                at += 1
                let name = try value()
                guard !name.isEmpty, !name.contains(" "), peek == "=" else { throw fail(.locateCFIParameter) }
                at += 1
                var parameterValues = [try value()]
                while peek == "," {
                    at += 1
                    parameterValues.append(try value())
                }
                assertion.parameters.append(CFI.Parameter(name: name, values: parameterValues))
            }
            guard peek == "]" else { throw fail(.locateCFIAssertionEnd) }
            at += 1
            return assertion
        }

        /// Characters up to the next unescaped special character; `^x` is `x`.
        mutating func value() throws(Failure) -> String {
            var out = String.UnicodeScalarView()
            while let c = peek {
                if c == "^" {
                    at += 1
                    guard let escaped = peek else { throw fail(.locateCFIEscaped) }
                    out.append(escaped)
                    at += 1
                    continue
                }
                if CFI.special.contains(Character(c)) { break }
                out.append(c)
                at += 1
            }
            return String(out)
        }
    }
}
