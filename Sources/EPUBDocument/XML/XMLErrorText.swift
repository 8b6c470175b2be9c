import CLibXML2

/// libxml2's error, said in the catalog's words: for the errors books meet most, a template whose
/// English is libxml2's own wording, filled with the names libxml2 gives beside its text (so a
/// Japanese or Chinese report says it in its language); any other error, or one whose English
/// would not come out exactly as libxml2 wrote it, stays libxml2's text, shown as a value.
enum XMLErrorText {
    static func argument(_ error: xmlError, message raw: String) -> MessageArgument {
        let s1 = error.str1.map { String(cString: $0) }, s2 = error.str2.map { String(cString: $0) }
        let s3 = error.str3.map { String(cString: $0) }
        for candidate in candidates(Int(error.code), s1, s2, s3, Int(error.int1)) where candidate.rendered() == raw {
            return .phrase(candidate)
        }
        return .text(raw)
    }

    /// The templates libxml2 words an error code with (some codes have more than one wording).
    private static func candidates(_ code: Int, _ s1: String?, _ s2: String?, _ s3: String?, _ i1: Int) -> [MessageText] {
        switch code {
        case 4: return [.xmlDocumentEmpty, .xmlStartTagExpected]
        case 5: return [.xmlExtraContent]
        case 6: return [.xmlInvalidHexCharRef]
        case 9: return [.xmlInvalidCharRef(i1)]
        case 23: return [.xmlEntityRefSemicolon]
        case 26: return s1.map { [.xmlEntityNotDefined($0)] } ?? []
        case 38: return [.xmlLessThanInAttribute]
        case 39: return [.xmlAttValueQuote]
        case 41: return s1.map { [.xmlAttributeWithoutValue($0)] } ?? []
        case 42: return s1.map { [.xmlAttributeRedefined($0)] } ?? []
        case 45: return [.xmlCommentNotTerminated]
        case 62: return [.xmlCDataEndInContent]
        case 64: return [.xmlDeclarationNotAtStart]
        case 65: return [.xmlAttributesConstruct]
        case 68: return [.xmlEntityRefNoName, .xmlInvalidElementName]
        case 76: return s1.flatMap { a in s2.map { b in [.xmlTagMismatch(a, i1, b)] } } ?? []
        case 77: return s1.map { [.xmlPrematureEnd($0, i1)] } ?? []
        case 201:
            guard let s1, let s2 else { return [] }
            return s3.map { [.xmlNamespaceUndefinedAttribute(s1, s2, $0)] } ?? [.xmlNamespaceUndefined(s1, s2)]
        default: return []
        }
    }
}
