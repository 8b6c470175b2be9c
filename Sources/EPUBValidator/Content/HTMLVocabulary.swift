import EPUBContract
/// The HTML vocabulary EPUB 3 content may use, as EPUBCheck's HTML grammar (from the Nu HTML
/// checker) accepts it: which elements exist, which attributes each may carry, which elements hold
/// phrasing content only. Where the grammar is stricter than this table (ARIA by role, content
/// models beyond phrasing), the table is lenient: it must never report what EPUBCheck accepts.
enum HTMLVocabulary {
    /// Attributes every HTML element may carry (HTML global attributes, RDFa, microdata).
    static let global: Set<String> = [
        "accesskey", "autocapitalize", "autocorrect", "autofocus", "class", "contenteditable", "dir", "draggable", "enterkeyhint",
        "hidden", "id", "inert", "inputmode", "is", "itemid", "itemprop", "itemref", "itemscope", "itemtype", "lang", "nonce",
        "popover", "slot", "spellcheck", "style", "tabindex", "title", "translate", "role", "writingsuggestions",
        "about", "content", "datatype", "inlist", "prefix", "property", "rel", "resource", "rev", "typeof", "vocab",
    ]

    /// Each element and the attributes it adds to the global ones.
    static let elements: [String: Set<String>] = {
        let media: Set<String> = ["src", "crossorigin", "preload", "autoplay", "loop", "muted", "controls", "mediagroup"]
        let hyperlink: Set<String> = ["href", "target", "download", "ping", "rel", "hreflang", "type", "referrerpolicy", "media"]
        let form: Set<String> = ["form", "name", "disabled"]
        var table: [String: Set<String>] = [
            "a": hyperlink.union(["name"]),
            "area": hyperlink.union(["alt", "coords", "shape"]),
            "audio": media,
            "video": media.union(["poster", "playsinline", "width", "height"]),
            "base": ["href", "target"],
            "blockquote": ["cite"], "q": ["cite"], "del": ["cite", "datetime"], "ins": ["cite", "datetime"],
            "bdo": [],
            "button": form.union(["formaction", "formenctype", "formmethod", "formnovalidate", "formtarget", "popovertarget", "popovertargetaction", "type", "value", "command", "commandfor"]),
            "canvas": ["width", "height"],
            "col": ["span"], "colgroup": ["span"],
            "data": ["value"],
            "details": ["open", "name"], "dialog": ["open"],
            "embed": ["src", "type", "width", "height"],
            "fieldset": form,
            "form": ["accept-charset", "action", "autocomplete", "enctype", "method", "name", "novalidate", "target", "rel"],
            "html": ["manifest", "version"],
            "iframe": ["src", "srcdoc", "name", "sandbox", "allow", "allowfullscreen", "width", "height", "referrerpolicy", "loading"],
            // border: obsolete, still accepted by the grammar.
            "img": ["alt", "src", "srcset", "sizes", "crossorigin", "usemap", "ismap", "width", "height", "referrerpolicy", "decoding", "loading", "fetchpriority", "border"],
            "input": form.union(["accept", "alt", "autocomplete", "checked", "dirname", "formaction", "formenctype", "formmethod", "formnovalidate",
                                 "formtarget", "height", "list", "max", "maxlength", "min", "minlength", "multiple", "pattern", "placeholder",
                                 "popovertarget", "popovertargetaction", "readonly", "required", "size", "src", "step", "type", "value", "width"]),
            "label": ["for", "form"],
            "li": ["value"],
            "link": ["href", "crossorigin", "as", "media", "hreflang", "type", "sizes", "imagesrcset", "imagesizes", "referrerpolicy",
                     "integrity", "blocking", "color", "disabled", "fetchpriority"],
            "map": ["name"],
            "meta": ["name", "http-equiv", "content", "charset", "media"],
            "meter": ["value", "min", "max", "low", "high", "optimum"],
            "object": ["data", "type", "name", "form", "width", "height", "usemap", "typemustmatch"],
            "ol": ["reversed", "start", "type"],
            "optgroup": ["disabled", "label"],
            "option": ["disabled", "label", "selected", "value"],
            "output": ["for", "form", "name"],
            "param": ["name", "value"],
            "progress": ["value", "max"],
            "script": ["src", "type", "nomodule", "async", "defer", "crossorigin", "integrity", "referrerpolicy", "blocking", "fetchpriority", "charset", "language"],
            "select": form.union(["autocomplete", "multiple", "required", "size"]),
            "slot": ["name"],
            "source": ["src", "type", "srcset", "sizes", "media", "width", "height"],
            "style": ["media", "blocking", "type"],
            "table": ["border"],
            "td": ["colspan", "rowspan", "headers"],
            "th": ["colspan", "rowspan", "headers", "scope", "abbr"],
            "textarea": form.union(["autocomplete", "cols", "dirname", "maxlength", "minlength", "placeholder", "readonly", "required", "rows", "wrap"]),
            "time": ["datetime"],
            "track": ["default", "kind", "label", "src", "srclang"],
        ]
        for name in ["abbr", "address", "article", "aside", "b", "bdi", "body", "br", "caption", "cite", "code", "datalist", "dd", "dfn", "div",
                     "dl", "dt", "em", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr",
                     "i", "kbd", "legend", "main", "mark", "menu", "nav", "noscript", "p", "picture", "pre", "rb", "rp", "rt", "rtc", "ruby",
                     "s", "samp", "search", "section", "small", "span", "strong", "sub", "summary", "sup", "tbody", "template", "tfoot",
                     "thead", "title", "tr", "u", "ul", "var", "wbr"] where table[name] == nil {
            table[name] = []
        }
        return table
    }()

    /// Elements whose content is phrasing only.
    static let phrasingParents: Set<String> = [
        "p", "h1", "h2", "h3", "h4", "h5", "h6", "span", "em", "strong", "b", "i", "u", "s", "small", "sub", "sup", "code", "kbd",
        "samp", "var", "cite", "q", "dfn", "abbr", "time", "mark", "bdi", "bdo", "label", "pre", "data", "output", "rt", "rp", "legend",
        "button",
    ]

    /// Elements phrasing content cannot hold (flow-only, or only allowed in their own parents).
    static let notPhrasing: Set<String> = [
        "address", "article", "aside", "blockquote", "details", "dialog", "div", "dl", "fieldset", "figcaption", "figure", "footer",
        "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "main", "menu", "nav", "ol", "p", "pre", "section",
        "table", "ul", "li", "dd", "dt", "tr", "td", "th", "tbody", "thead", "tfoot", "caption", "colgroup", "col", "legend",
        "summary", "optgroup", "option", "search", "body", "head", "html", "title", "base",
    ]

    /// Elements allowed only in the document head.
    static let headOnly: Set<String> = ["style", "title", "base"]

    /// Elements that hold only certain children (besides `script` and `template`), and no text.
    static let containers: [String: Set<String>] = [
        "ul": ["li"], "ol": ["li"], "menu": ["li"],
        "dl": ["dt", "dd", "div"],
        "table": ["caption", "colgroup", "thead", "tbody", "tfoot", "tr"],
        "thead": ["tr"], "tbody": ["tr"], "tfoot": ["tr"],
        "tr": ["td", "th"],
        "colgroup": ["col"],
        "select": ["option", "optgroup", "hr"],
        "optgroup": ["option"],
        "html": ["head", "body"],
        "head": ["title", "base", "link", "meta", "style", "noscript"],
    ]

    /// Elements allowed only inside certain parents.
    static let parents: [String: Set<String>] = [
        "li": ["ul", "ol", "menu"],
        "dt": ["dl", "div"], "dd": ["dl", "div"],
        "tr": ["table", "thead", "tbody", "tfoot"],
        "td": ["tr"], "th": ["tr"],
        "thead": ["table"], "tbody": ["table"], "tfoot": ["table"], "caption": ["table"], "colgroup": ["table"],
        "col": ["colgroup"],
        "option": ["select", "datalist", "optgroup"], "optgroup": ["select"],
        "figcaption": ["figure"], "summary": ["details"], "legend": ["fieldset"],
        "source": ["video", "audio", "picture"], "track": ["video", "audio"], "param": ["object"],
        "rt": ["ruby", "rtc"], "rp": ["ruby", "rtc"], "rb": ["ruby"], "rtc": ["ruby"],
        "head": ["html"], "body": ["html"],
    ]

    /// Where a table's children may stand: caption, colgroups, thead, rows or bodies, tfoot.
    static let tableOrder: [String: Int] = ["caption": 0, "colgroup": 1, "thead": 2, "tbody": 3, "tr": 3, "tfoot": 4]

    /// Elements whose content model is their parent's (so phrasing stays phrasing through them).
    static let transparent: Set<String> = ["a", "ins", "del", "map", "object", "audio", "video", "canvas", "noscript", "slot"]

    /// Attributes whose value must be a non-negative integer, by element.
    static let integerDimensions: Set<String> = ["img", "video", "canvas", "iframe", "embed", "object", "input", "source"]

    /// The vocabulary compiled for lookups from C strings: every element's allowed attributes as a
    /// bit set over one numbering of all attribute names.
    struct Compiled: Sendable {
        /// A class, not a struct: every element of every document looks one up, and a struct of
        /// arrays and sets would be copied (and retained field by field) on each lookup.
        final class Element: Sendable {
            let name: String
            let allowed: [UInt64]
            let phrasing: Bool
            let transparent: Bool
            let notPhrasing: Bool
            let headOnly: Bool
            let integerDimensions: Bool
            /// For containers: the element indexes allowed as children (no text allowed).
            let children: Set<Int>?
            /// For elements with restricted parents: the allowed parent indexes.
            let parents: Set<Int>?
            let tableRank: Int?

            init(name: String, allowed: [UInt64], phrasing: Bool, transparent: Bool, notPhrasing: Bool, headOnly: Bool,
                 integerDimensions: Bool, children: Set<Int>?, parents: Set<Int>?, tableRank: Int?) {
                self.name = name
                self.allowed = allowed
                self.phrasing = phrasing
                self.transparent = transparent
                self.notPhrasing = notPhrasing
                self.headOnly = headOnly
                self.integerDimensions = integerDimensions
                self.children = children
                self.parents = parents
                self.tableRank = tableRank
            }
        }

        let elementTable: NameTable
        let elements: [Element]
        let attributeTable: NameTable
        let attributes: [String]
        let width: Int?
        let height: Int?
        let border: Int?
        let dl: Int?
        let div: Int?

        init() {
            var allNames = HTMLVocabulary.global
            for names in HTMLVocabulary.elements.values { allNames.formUnion(names) }
            let attributeNames = allNames.sorted()
            attributes = attributeNames
            attributeTable = NameTable(attributeNames)
            let number = Dictionary(uniqueKeysWithValues: attributeNames.enumerated().map { ($1, $0) })
            let words = (attributeNames.count + 63) / 64
            let elementNames = HTMLVocabulary.elements.keys.sorted()
            elementTable = NameTable(elementNames)
            let elementNumber = Dictionary(uniqueKeysWithValues: elementNames.enumerated().map { ($1, $0) })
            let always: Set<String> = ["script", "template"]
            // The global attributes' bits once; each element adds its own (this runs in every process).
            var globalBits = [UInt64](repeating: 0, count: words)
            for attribute in HTMLVocabulary.global {
                if let n = number[attribute] { globalBits[n / 64] |= 1 << UInt64(n % 64) }
            }
            elements = elementNames.map { name in
                var bits = globalBits
                for attribute in HTMLVocabulary.elements[name] ?? [] {
                    if let n = number[attribute] { bits[n / 64] |= 1 << UInt64(n % 64) }
                }
                return Element(name: name, allowed: bits, phrasing: HTMLVocabulary.phrasingParents.contains(name),
                               transparent: HTMLVocabulary.transparent.contains(name), notPhrasing: HTMLVocabulary.notPhrasing.contains(name),
                               headOnly: HTMLVocabulary.headOnly.contains(name), integerDimensions: HTMLVocabulary.integerDimensions.contains(name),
                               children: HTMLVocabulary.containers[name].map { Set($0.union(always).compactMap { elementNumber[$0] }) },
                               parents: HTMLVocabulary.parents[name].map { Set($0.compactMap { elementNumber[$0] }) },
                               tableRank: HTMLVocabulary.tableOrder[name])
            }
            dl = elementNumber["dl"]
            div = elementNumber["div"]
            width = number["width"]
            height = number["height"]
            border = number["border"]
        }

        func allows(_ element: Element, _ attribute: Int) -> Bool {
            element.allowed[attribute / 64] & (1 << UInt64(attribute % 64)) != 0
        }
    }

    static let compiled = Compiled()

    /// Attribute names the grammar accepts on any element by their prefix: custom data (which
    /// EPUBCheck strips before validating), ARIA (checked by role there; accepted here), ITS 2.0's local
    /// attributes (`its-*`, any name, as EPUBCheck accepts them) and event handlers.
    static func acceptedByPrefix(_ raw: UnsafePointer<UInt8>) -> Bool {
        func starts(_ prefix: StaticString) -> Bool {
            let p = prefix.utf8Start
            for i in 0..<prefix.utf8CodeUnitCount where raw[i] != p[i] { return false }
            return true
        }
        return starts("data-") || starts("aria-") || starts("its-") || (raw[0] == UInt8(ascii: "o") && raw[1] == UInt8(ascii: "n"))
    }
}
