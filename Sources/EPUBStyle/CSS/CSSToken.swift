/// One token of CSS Syntax Level 3, with where it came from.
package struct CSSToken: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case ident(String)
        case function(String)
        case atKeyword(String)
        case hash(String)
        case string(String)
        /// A string broken by a newline.
        case badString
        case url(String)
        case badURL
        case number(Double)
        case percentage(Double)
        case dimension(Double, unit: String)
        case delim(Unicode.Scalar)
        case whitespace
        case cdo, cdc
        case colon, semicolon, comma
        case openSquare, closeSquare, openParen, closeParen, openCurly, closeCurly
    }

    package var kind: Kind
    /// Scalar offsets into the source: `source[range]` is the token as written.
    package var range: Range<Int>
    /// 1-based line of the token's first character.
    package var line: Int
    /// 1-based column (in Unicode scalars) of the token's first character.
    package var column: Int
}
