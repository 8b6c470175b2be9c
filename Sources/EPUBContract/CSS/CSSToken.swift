/// One token of CSS Syntax Level 3, with where it came from.
public struct CSSToken: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
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

    public var kind: Kind
    /// Scalar offsets into the source: `source[range]` is the token as written.
    public var range: Range<Int>
    /// 1-based line of the token's first character.
    public var line: Int
    /// 1-based column (in Unicode scalars) of the token's first character.
    public var column: Int
}
