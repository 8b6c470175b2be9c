import EPUBContract

/// The text of an HTML report being written: the document shell and the small pieces every
/// section uses. Values handed to it are already escaped (`HTMLReportFormatter.escape`).
struct HTMLPage {
    private(set) var text = ""
    /// The language the page is written in: its chrome and messages, and its `lang`, so that a
    /// browser picks Japanese or Chinese glyphs for them.
    let locale: MessageLocale

    init(locale: MessageLocale) {
        self.locale = locale
    }

    /// A text of the catalog in the page's language, escaped.
    func say(_ text: MessageText) -> String {
        HTMLReportFormatter.escape(text.rendered(in: locale))
    }

    /// The doctype, head and an opened body. The policy forbids scripts, fetches and frames:
    /// only inline styles and `data:` images load.
    mutating func open(title: String, css: String) {
        text.reserveCapacity(64 << 10)
        text += "<!DOCTYPE html>\n<html lang=\"\(locale.rawValue)\"><head><meta charset=\"utf-8\">"
        text += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:; style-src 'unsafe-inline'\">"
        text += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        text += "<meta name=\"generator\" content=\"epubcontract\">"
        text += "<title>\(HTMLReportFormatter.escape(title))</title><style>\(css)</style></head>\n<body>\n"
    }

    mutating func raw(_ html: String) {
        text += html
    }

    /// A two-column table of labels and (escaped) values.
    mutating func table(_ rows: [(label: MessageText, value: String)], attributes: String = "") {
        text += attributes.isEmpty ? "<table class=\"facts\">" : "<table class=\"facts\" \(attributes)>"
        for row in rows {
            text += "<tr><th>\(say(row.label))</th><td>\(row.value)</td></tr>"
        }
        text += "</table>"
    }

    mutating func close() {
        text += "</body></html>\n"
    }
}
