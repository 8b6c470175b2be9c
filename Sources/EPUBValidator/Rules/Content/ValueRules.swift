import EPUBContract

/// Values of HTML attributes with a fixed form (RSC-005 when another is written): the global
/// enumerated attributes (`hidden`, `dir`, `translate`, …, compared as HTML does, ignoring ASCII
/// case and surrounding whitespace), `tabindex` (an integer) and the `datetime` of `time`, `del`, `ins`.
enum ValueRules {
    static let enumerated: [KnownName: Set<String>] = [
        .hidden: ["", "hidden", "until-found"],
        .dir: ["ltr", "rtl", "auto"],
        .translate: ["", "yes", "no"],
        .contenteditable: ["", "true", "false", "plaintext-only"],
        .draggable: ["true", "false"],
        .spellcheck: ["", "true", "false"],
        .autocapitalize: ["off", "none", "on", "sentences", "words", "characters"],
    ]

    static func check(_ index: DocumentIndex, _ context: ContentContext, _ findings: inout ContentFindings) {
        for (number, element) in index.elements.enumerated() where element.space == .xhtml {
            for i in element.attributes where index.attributes[i].space == nil {
                let attribute = index.attributes[i]
                // Only these attributes have a fixed form: no other value is read (made a string).
                guard let name = attribute.name, hasFixedForm(name) else { continue }
                let value = attribute.value
                guard let problem = problem(name, value, on: element.name) else { continue }
                findings.report(.RSC_005, .valueAttributeInvalid(value, name.rawValue, problem), at: index.position(number))
            }
        }
    }

    /// The attributes `problem` judges.
    static func hasFixedForm(_ name: KnownName) -> Bool {
        switch name {
        case .hidden, .dir, .translate, .contenteditable, .draggable, .spellcheck, .autocapitalize, .tabindex, .datetime: return true
        default: return false
        }
    }

    /// What the value should have been, when it is not a value the attribute takes.
    static func problem(_ name: KnownName, _ value: String, on element: KnownName?) -> MessageText? {
        if let allowed = enumerated[name] {
            return allowed.contains(value.trimmingXMLWhitespace().lowercased())
                ? nil : .mustBeOneOf(allowed.sorted().map { "\"\($0)\"" }.joined(separator: ", "))
        }
        switch (name, element) {
        case (.tabindex, _):
            let trimmed = value.trimmingXMLWhitespace()
            let digits = trimmed.first == "-" || trimmed.first == "+" ? trimmed.dropFirst() : trimmed[...]
            return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber } ? nil : .mustBeInteger
        case (.datetime, .time?):
            return DateTimeSyntax.isTimeValue(value) ? nil : .mustBeTimeValue
        case (.datetime, .del?), (.datetime, .ins?):
            return DateTimeSyntax.isDateOrDateTime(value) ? nil : .mustBeDateOrDateTime
        default:
            return nil
        }
    }
}
