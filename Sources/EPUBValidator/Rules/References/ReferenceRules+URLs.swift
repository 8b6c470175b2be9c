import EPUBContract
import Foundation

extension ReferenceRules {
    /// A URL's scheme, lower-cased (`https`, `data` …). A scheme-relative URL (`//host/x`) takes
    /// its document's, which EPUBCheck takes for `https` (and so do we).
    static func scheme(_ url: String) -> String {
        url.hasPrefix("//") ? "https" : url.prefix { $0 != ":" }.lowercased()
    }

    /// The host of an http(s) URL: letters, digits and the few punctuation marks hosts allow.
    static func validHost(_ url: String) -> Bool {
        guard let start = url.range(of: "//") else { return false }
        let rest = url[start.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last.map(String.init) ?? ""
        return !host.isEmpty && host.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x7F || CharacterSet.alphanumerics.contains(scalar) || ".-:[]%_~".unicodeScalars.contains(scalar)
        }
    }

    /// URI schemes a hyperlink may use without HTM-025 (the registered ones publications meet).
    /// The scheme of a remote hyperlink that IANA has not registered (HTM-025); nil otherwise.
    /// `data:` and `file:` have rules of their own.
    static func unregisteredScheme(_ ref: Reference) -> String? {
        guard ref.kind == .hyperlink, case .remote(let url) = ref.resolution else { return nil }
        let scheme = scheme(url)
        return scheme == "data" || scheme == "file" || registeredSchemes.contains(scheme) ? nil : scheme
    }

    static let registeredSchemes: Set<String> = [
        "http", "https", "mailto", "tel", "sms", "ftp", "ftps", "sftp", "urn", "data", "file", "geo", "irc", "ircs", "news",
        "nntp", "telnet", "xmpp", "sip", "sips", "ws", "wss", "git", "ssh", "magnet", "market", "itms", "itms-apps",
        "javascript", "about", "blob", "cid", "mid", "fax", "im", "ldap", "rtsp", "spotify", "skype", "webcal", "bitcoin", "callto",
    ]

    /// Whether a URL holds a character it must percent-encode (RSC-020); read byte by byte, since
    /// it runs for every reference.
    enum URIFault { case excludedCharacter, badEscape }

    /// Why Java's URI parser (RFC 2396, which EPUBCheck's Schematron processor uses) refuses a
    /// relative URL, for the faults it was seen to refuse: an excluded ASCII character
    /// (`"` `<` `>` `\` `^` `` ` `` `{` `|` `}`), or a `%` not followed by two hexadecimal digits. Nil otherwise.
    static func uriFault(_ url: String) -> URIFault? {
        // One pass over the bytes: most hrefs are plain ASCII paths and leave at once.
        var excluded = false
        var previous: UInt8 = 0
        var escape = 0  // hex digits still owed to a `%`
        for byte in url.trimmingXMLWhitespace().utf8 {
            if escape > 0 {
                guard (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte) else { return .badEscape }
                escape -= 1
            } else {
                switch byte {
                case 0x25: escape = 2  // %
                case 0x22, 0x3C, 0x3E, 0x5C, 0x5E, 0x60, 0x7B, 0x7C, 0x7D: excluded = true  // " < > \ ^ ` { | }
                case 0x00..<0x20, 0x7F: excluded = true  // C0 controls, DEL
                case 0x80...0x9F where previous == 0xC2: excluded = true  // C1 controls (U+0080…U+009F in UTF-8)
                default: break
                }
            }
            previous = byte
        }
        if escape > 0 { return .badEscape }
        return excluded ? .excludedCharacter : nil
    }

    static func hasUnsafeURLByte(_ url: String) -> Bool {
        url.utf8.contains { byte in
            switch byte {
            case 0x20, 0x5B, 0x5D, 0x7B, 0x7D, 0x7C, 0x5C, 0x5E, 0x3C, 0x3E, 0x22, 0x60: return true  // space [ ] { } | \ ^ < > " `
            default: return false
            }
        }
    }

    /// The first code point of a URL that the URL standard does not allow anywhere in one (§4.1,
    /// "URL code points"): DEL and the C1 controls U+0080–U+009F (a document read in the wrong
    /// encoding is full of them) and the noncharacters. EPUBCheck reports such a URL as invalid
    /// (RSC-020) and still resolves it, percent-encoded, as the parser does. Only non-ASCII bytes
    /// and DEL can start one, so most URLs are passed over in a byte scan.
    static func nonURLCodePoint(_ url: String) -> Unicode.Scalar? {
        guard url.utf8.contains(where: { $0 >= 0x7F }) else { return nil }
        return url.unicodeScalars.first { scalar in
            let v = scalar.value
            return (0x7F...0x9F).contains(v) || (0xFDD0...0xFDEF).contains(v) || v & 0xFFFE == 0xFFFE
        }
    }

    /// RSC-020's text for a URL that holds a code point no URL holds, nil for one that holds none:
    /// one finding for a content document's, an NCX's, an overlay's and a manifest item's URLs,
    /// in a publication or alone.
    static func codePointFault(_ url: String, element: String, attribute: String) -> MessageText? {
        nonURLCodePoint(url).map { .notValidUrlNoCodePoint(url, element, attribute, hex($0)) }
    }

    /// A code point as U+ writes it: four hex digits at least.
    static func hex(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// What a reference's URL alone says, with no package or container to look in: the checks a
    /// content document gets when it is validated on its own (`--mode xhtml|svg`).
    static func standalone(_ ref: Reference) -> [(MessageID, MessageText)] {
        // A code point no URL holds (a document read in the wrong encoding is full of them), as in a publication.
        var out: [(MessageID, MessageText)] = []
        if case .invalid = ref.resolution {} else if let fault = codePointFault(ref.url, element: ref.element, attribute: ref.attribute) {
            out.append((.RSC_020, fault))
        }
        return out + standaloneForm(ref)
    }

    /// The rest of what a lone document's reference can be judged on: its form.
    private static func standaloneForm(_ ref: Reference) -> [(MessageID, MessageText)] {
        switch ref.resolution {
        case .invalid(let reason):
            // Alone, a document's place in a container is unknown: a path that climbs out of it is no fault.
            guard case .invalid = HrefResolver.resolve(ref.url, against: HrefResolver.detachedBase("document")) else { return [] }
            return [(.RSC_020, .notValidUrl(ref.url, ref.element, ref.attribute, reason))]
        case .remote(let url):
            let scheme = scheme(url)
            if scheme == "data" {
                return ref.kind == .hyperlink ? [(.RSC_029, .dataUrlCannotHyperlinkTargetLink)] : []
            }
            if scheme == "file" { return [(.RSC_030, .fileUrlWhichPointsReaderS(url))] }
            if (scheme == "http" || scheme == "https") && !validHost(url) {
                return [(.RSC_020, .notValidUrlHostHasCharacters(url, ref.element, ref.attribute))]
            }
            if let unregistered = unregisteredScheme(ref) {
                return [(.HTM_025, .hyperlinkUsesUriSchemeWhichNot(url, unregistered))]
            }
            return []
        case .local:
            if hasUnsafeURLByte(ref.url) {
                return [(.RSC_020, .notValidUrlCharactersSuchPercent(ref.url, ref.element, ref.attribute))]
            }
            if ref.url.utf8.contains(UInt8(ascii: "?")) {
                return [(.RSC_033, .hasQueryWhichFilePublicationCannot(ref.url))]
            }
            return []
        }
    }
}
