/// XML names as XSD's patterns define them, `[\p{L}_:][\p{L}\p{N}\p{M}._:\-\u00B7]*` (no colon for
/// an NCName), checked scalar by scalar: names are checked by the thousand, and a regular
/// expression costs a compilation per process and a bridge per call.
package enum XMLName {
    package static func isValid<S: StringProtocol>(_ value: S, colons: Bool) -> Bool {
        var first = true
        for scalar in value.unicodeScalars {
            if first {
                guard isLetter(scalar) || scalar == "_" || colons && scalar == ":" else { return false }
                first = false
            } else if !isNameScalar(scalar, colons: colons) {
                return false
            }
        }
        return !first
    }

    /// `[\p{L}\p{N}\p{M}._:\-\u00B7]+`.
    package static func isToken(_ value: String) -> Bool {
        !value.isEmpty && value.unicodeScalars.allSatisfy { isNameScalar($0, colons: true) }
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar, colons: Bool) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-", "\u{00B7}": return true
        case ":": return colons
        default:
            guard !scalar.isASCII else { return false }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z": return true
        default:
            guard !scalar.isASCII else { return false }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
            default: return false
            }
        }
    }
}

extension StringProtocol {
    /// Whether the string is an XML name without colons (the syntax of an `id` or a prefix).
    package var isXMLNCName: Bool {
        XMLName.isValid(self, colons: false)
    }
}
