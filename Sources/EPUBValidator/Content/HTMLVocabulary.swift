import CLibXML2
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
                     "i", "kbd", "legend", "main", "mark", "menu", "nav", "p", "picture", "pre", "rb", "rp", "rt", "rtc", "ruby",
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
        "thead": ["tr"], "tbody": ["tr"], "tfoot": ["tr"],
        "tr": ["td", "th"],
        "select": ["option", "optgroup", "hr"],
        "optgroup": ["option"],
        "html": ["head", "body"],
        "head": ["title", "base", "link", "meta", "style"],
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

    /// The `input` types each of its type-specific attributes applies to, as EPUBCheck's grammar
    /// has them (`web-forms.rnc`, `web-forms2.rnc`: one `input` pattern per type, looser than HTML's
    /// table: the shared text-field attributes go with every type but `hidden`); an attribute not
    /// here applies to every type. A missing or unknown type is `text`.
    static let inputAttributeTypes: [String: Set<String>] = {
        let dates: Set<String> = ["date", "month", "week", "time", "datetime-local"]
        let shared = inputTypes.subtracting(["hidden"])
        return [
            "accept": ["file"], "alt": ["image"], "src": ["image"], "width": ["image"], "height": ["image"],
            "checked": ["checkbox", "radio"], "multiple": ["email", "file"],
            "formaction": ["submit", "image"], "formenctype": ["submit", "image"], "formmethod": ["submit", "image"],
            "formnovalidate": ["submit", "image"], "formtarget": ["submit", "image"],
            "maxlength": shared, "minlength": shared, "pattern": shared, "placeholder": shared, "readonly": shared,
            "required": shared, "list": shared, "size": shared.subtracting(["number", "range"]), "dirname": ["text", "search"],
            "max": dates.union(["number", "range"]), "min": dates.union(["number", "range"]), "step": dates.union(["number", "range"]),
        ]
    }()

    /// An `input`'s type as the grammar picks its pattern: `text` when missing or unknown.
    static func inputType(_ node: xmlNodePtr) -> String {
        guard let value = LibXMLNode.take(xmlGetNoNsProp(node, "type")) else { return "text" }
        let type = value.trimmingXMLWhitespace().lowercased()
        return inputTypes.contains(type) ? type : "text"
    }

    /// The content-model variants by element (`parent>element`, `element[attribute]` keys).
    static func variants(_ elementNumber: [String: Int]) -> [String: [(parent: Int?, attribute: String?, model: ContentModel)]] {
        var out: [String: [(parent: Int?, attribute: String?, model: ContentModel)]] = [:]
        for (key, pattern) in models {
            let model = ContentModel(pattern, numbers: elementNumber)
            if let arrow = key.firstIndex(of: ">") {
                out[String(key[key.index(after: arrow)...]), default: []].append((elementNumber[String(key[..<arrow])], nil, model))
            } else if let open = key.firstIndex(of: "["), key.hasSuffix("]") {
                out[String(key[..<open]), default: []].append((nil, String(key[key.index(after: open)..<key.index(before: key.endIndex)]), model))
            }
        }
        return out
    }

    /// The `input` types.
    static let inputTypes: Set<String> = [
        "hidden", "text", "search", "tel", "url", "email", "password", "date", "month", "week", "time", "datetime-local", "number",
        "range", "color", "checkbox", "radio", "file", "submit", "image", "reset", "button",
    ]

    /// Content models of the elements whose children come in an order, or not at all (`ContentModel`
    /// patterns, from `mod/html5/*.rnc`); a variant for a context is keyed `parent>element` or
    /// `element[attribute]`. Text in a model that has no `#text` is rejected with the rest.
    static let models: [String: String] = {
        var models = [
            "dl": "(dt+ dd+)* | div+", "dl>div": "dt+ dd+",
            "table": "caption? colgroup* thead? (tbody* | tr+) tfoot?",
            "colgroup": "col*", "colgroup[span]": "",
            "figure": "figcaption (#text | !figcaption)* | (#text | !figcaption)* figcaption?",
            "picture": "source* img",
            "object": "param* (#text | !param)*",
            "video": "source* track* (#text | !source,track)*", "video[src]": "track* (#text | !source,track)*",
            "audio": "source* track* (#text | !source,track)*", "audio[src]": "track* (#text | !source,track)*",
            "details": "summary (#text | !summary)*",
            "hgroup": "p* h1,h2,h3,h4,h5,h6 p*",
            "fieldset": "legend? (#text | !legend)*",
            "title": "#text*", "textarea": "#text*", "option": "#text*",
        ]
        // Void elements hold nothing.
        for name in ["area", "base", "br", "col", "embed", "hr", "iframe", "img", "input", "link", "meta", "param", "source", "track", "wbr"] {
            models[name] = ""
        }
        return models
    }()

    /// Elements whose content model is their parent's (so phrasing stays phrasing through them).
    static let transparent: Set<String> = ["a", "ins", "del", "map", "object", "audio", "video", "canvas", "slot"]

    /// The value grammar of each attribute that has one, by element (`*`: every element), from the
    /// attribute definitions of EPUBCheck's HTML grammar (`mod/html5/*.rnc`); an attribute not here
    /// takes any string. `docs/assertion-inventory.tsv` (family `html-values`) has a row for each.
    static let datatypes: [String: [String: HTMLDatatype]] = {
        let referrer = HTMLDatatype.exact(["", "no-referrer", "no-referrer-when-downgrade", "same-origin", "origin", "strict-origin",
                                               "origin-when-cross-origin", "strict-origin-when-cross-origin", "unsafe-url"])
        let crossorigin = HTMLDatatype.keywords(["", "anonymous", "use-credentials"])
        let fetchpriority = HTMLDatatype.tokens(["high", "low", "auto"])
        let size: [String: HTMLDatatype] = ["width": .nonNegativeInteger, "height": .nonNegativeInteger]
        let hyperlink: [String: HTMLDatatype] = ["hreflang": .languageTag, "type": .mimeType, "target": .browsingContextOrKeyword,
                                                 "referrerpolicy": referrer]
        let media: [String: HTMLDatatype] = ["autoplay": .boolean("autoplay"), "preload": .keywords(["", "none", "metadata", "auto"]),
                                             "controls": .boolean("controls"), "loop": .boolean("loop"), "muted": .boolean("muted"),
                                             "crossorigin": crossorigin]
        let formMethod = HTMLDatatype.tokens(["get", "post", "dialog"])
        let formEnctype = HTMLDatatype.tokens(["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"])
        return [
            "*": ["id": .token, "hidden": .keywords(["", "hidden", "until-found"]), "dir": .keywords(["ltr", "rtl", "auto"]),
                  "translate": .keywords(["", "yes", "no"]), "contenteditable": .keywords(["", "true", "false", "plaintext-only"]),
                  "draggable": .keywords(["true", "false"]), "spellcheck": .keywords(["", "true", "false"]),
                  "autocapitalize": .keywords(["off", "none", "on", "sentences", "words", "characters"]), "tabindex": .integer,
                  "autofocus": .boolean("autofocus"), "inert": .exact(["", "inert"]),
                  "inputmode": .tokens(["none", "text", "tel", "url", "email", "numeric", "decimal", "search"]),
                  "enterkeyhint": .tokens(["enter", "done", "go", "next", "previous", "search", "send"]),
                  "popover": .tokens(["", "auto", "manual", "hint"])],
            "a": hyperlink, "area": hyperlink.merging(["shape": .exact(["rect", "circle", "poly", "default"])]) { a, _ in a },
            "link": ["hreflang": .languageTag, "type": .mimeType, "referrerpolicy": referrer, "crossorigin": crossorigin,
                     "disabled": .boolean("disabled"), "fetchpriority": fetchpriority],
            "img": size.merging(["usemap": .hashName, "ismap": .boolean("ismap"), "decoding": .exact(["sync", "async", "auto"]),
                                 "loading": .exact(["lazy", "eager"]), "fetchpriority": fetchpriority, "border": .zero,
                                 "referrerpolicy": referrer, "crossorigin": crossorigin]) { a, _ in a },
            "source": size.merging(["type": .mimeType]) { a, _ in a },
            "embed": size.merging(["type": .mimeType]) { a, _ in a },
            "object": size.merging(["type": .mimeType, "usemap": .hashName, "name": .browsingContext]) { a, _ in a },
            "iframe": size.merging(["loading": .tokens(["lazy", "eager"]), "sandbox": .sandbox, "allowfullscreen": .boolean("allowfullscreen"),
                                    "referrerpolicy": referrer, "name": .browsingContext]) { a, _ in a },
            "canvas": size, "input": ["type": .keywords(HTMLVocabulary.inputTypes), "width": .nonNegativeInteger, "height": .nonNegativeInteger, "maxlength": .nonNegativeInteger, "minlength": .nonNegativeInteger, "size": .positiveInteger,
                                                   "checked": .boolean("checked"), "disabled": .boolean("disabled"), "multiple": .boolean("multiple"),
                                                   "readonly": .boolean("readonly"), "required": .boolean("required"),
                                                   "formnovalidate": .boolean("formnovalidate"), "formmethod": formMethod,
                                                   "formenctype": formEnctype, "formtarget": .browsingContextOrKeyword],
            "audio": media, "video": media.merging(size.merging(["playsinline": .boolean("playsinline")]) { a, _ in a }) { a, _ in a },
            "track": ["kind": .keywords(["subtitles", "captions", "descriptions", "chapters", "metadata"]), "srclang": .languageTag,
                      "default": .boolean("default")],
            "ol": ["start": .integer, "reversed": .boolean("reversed"), "type": .keywords(["1", "a", "i"])],
            "li": ["value": .integer],
            "td": ["colspan": .positiveInteger, "rowspan": .nonNegativeInteger],
            "th": ["colspan": .positiveInteger, "rowspan": .nonNegativeInteger, "scope": .keywords(["row", "col", "rowgroup", "colgroup"])],
            "col": ["span": .positiveInteger], "colgroup": ["span": .positiveInteger],
            "table": ["border": .keywords(["", "1"])],
            "script": ["async": .boolean("async"), "defer": .boolean("defer"), "nomodule": .boolean("nomodule"), "crossorigin": crossorigin,
                       "referrerpolicy": referrer, "fetchpriority": fetchpriority],
            "time": ["datetime": .timeValue], "del": ["datetime": .dateOrDateTime], "ins": ["datetime": .dateOrDateTime],
            "details": ["open": .boolean("open")], "dialog": ["open": .boolean("open")],
            "meter": ["value": .float, "min": .float, "max": .float, "low": .float, "high": .float, "optimum": .float],
            "progress": ["value": .float, "max": .float],
            "button": ["type": .keywords(["submit", "reset", "button"]), "disabled": .boolean("disabled"), "formmethod": formMethod,
                       "formenctype": formEnctype, "formnovalidate": .boolean("formnovalidate"), "formtarget": .browsingContextOrKeyword,
                       "popovertargetaction": .tokens(["toggle", "show", "hide"])],
            "form": ["method": formMethod, "enctype": formEnctype, "novalidate": .boolean("novalidate"), "autocomplete": .keywords(["on", "off"]),
                     "target": .browsingContextOrKeyword],
            "select": ["size": .positiveInteger, "multiple": .boolean("multiple"), "required": .boolean("required"), "disabled": .boolean("disabled")],
            "textarea": ["rows": .positiveInteger, "cols": .positiveInteger, "maxlength": .nonNegativeInteger, "minlength": .nonNegativeInteger,
                         "wrap": .keywords(["soft", "hard"]), "readonly": .boolean("readonly"), "required": .boolean("required"),
                         "disabled": .boolean("disabled")],
            "fieldset": ["disabled": .boolean("disabled")], "optgroup": ["disabled": .boolean("disabled")],
            "option": ["disabled": .boolean("disabled"), "selected": .boolean("selected")],
            "base": ["target": .browsingContextOrKeyword],
        ]
    }()

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
            /// The value grammar of each attribute that has one (by attribute number, nil for none),
            /// the global ones included: an array, as every attribute of every element looks here.
            let datatypes: [HTMLDatatype?]
            /// For containers: the element indexes allowed as children (no text allowed).
            let children: Set<Int>?
            /// For elements with restricted parents: the allowed parent indexes.
            let parents: Set<Int>?
            /// The content model, and its variants by context: under a parent (by index), or with an attribute.
            let model: ContentModel?
            let variants: [(parent: Int?, attribute: String?, model: ContentModel)]

            init(name: String, allowed: [UInt64], phrasing: Bool, transparent: Bool, notPhrasing: Bool, headOnly: Bool,
                 datatypes: [HTMLDatatype?], children: Set<Int>?, parents: Set<Int>?, model: ContentModel?,
                 variants: [(parent: Int?, attribute: String?, model: ContentModel)]) {
                self.name = name
                self.allowed = allowed
                self.phrasing = phrasing
                self.transparent = transparent
                self.notPhrasing = notPhrasing
                self.headOnly = headOnly
                self.datatypes = datatypes
                self.children = children
                self.parents = parents
                self.model = model
                self.variants = variants
            }
        }

        let elementTable: NameTable
        let elements: [Element]
        let attributeTable: NameTable
        let attributes: [String]
        /// The input types each attribute number applies to (nil: every type).
        let inputAttributeTypes: [Set<String>?]
        let input: Int?
        let dl: Int?
        let li: Int?
        let script: Int?
        let template: Int?
        /// The attribute number of `value`.
        let value: Int?
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
            var globalTypes = [HTMLDatatype?](repeating: nil, count: attributeNames.count)
            for (attribute, type) in HTMLVocabulary.datatypes["*"] ?? [:] {
                if let n = number[attribute] { globalTypes[n] = type }
            }
            let variants = HTMLVocabulary.variants(elementNumber)
            elements = elementNames.map { name in
                var types = globalTypes
                for (attribute, type) in HTMLVocabulary.datatypes[name] ?? [:] {
                    if let n = number[attribute] { types[n] = type }
                }
                var bits = globalBits
                for attribute in HTMLVocabulary.elements[name] ?? [] {
                    if let n = number[attribute] { bits[n / 64] |= 1 << UInt64(n % 64) }
                }
                return Element(name: name, allowed: bits, phrasing: HTMLVocabulary.phrasingParents.contains(name),
                               transparent: HTMLVocabulary.transparent.contains(name), notPhrasing: HTMLVocabulary.notPhrasing.contains(name),
                               headOnly: HTMLVocabulary.headOnly.contains(name), datatypes: types,
                               children: HTMLVocabulary.containers[name].map { Set($0.union(always).compactMap { elementNumber[$0] }) },
                               parents: HTMLVocabulary.parents[name].map { Set($0.compactMap { elementNumber[$0] }) },
                               model: HTMLVocabulary.models[name].map { ContentModel($0, numbers: elementNumber) },
                               variants: variants[name] ?? [])
            }
            var inputTypes = [Set<String>?](repeating: nil, count: attributeNames.count)
            for (attribute, types) in HTMLVocabulary.inputAttributeTypes {
                if let n = number[attribute] { inputTypes[n] = types }
            }
            inputAttributeTypes = inputTypes
            input = elementNumber["input"]
            dl = elementNumber["dl"]
            li = elementNumber["li"]
            script = elementNumber["script"]
            template = elementNumber["template"]
            value = number["value"]
            div = elementNumber["div"]
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
