import EPUBAccessibility
import EPUBContract
import EPUBMessages
import Foundation

extension HTMLReportFormatter {
    /// The images the inventory lists, by container path, as the page can embed them: each
    /// embeddable type up to `largestInventoryImage` (a large JPEG as an eighth-size thumbnail),
    /// and no more than `inventoryImageBudget` in all, so a report of an illustrated book stays
    /// small enough to mail. Images past the budget are named, not shown.
    public static func inventoryImages(of session: PublicationSession, _ inventory: AccessibilityInventory) -> [String: Image] {
        var out: [String: Image] = [:]
        var total = 0
        let types = Dictionary(session.package.manifest.compactMap { item in item.path.map { ($0, item.mediaType.lowercased()) } },
                               uniquingKeysWith: { first, _ in first })
        for image in inventory.images {
            guard let src = image.src, let path = HrefResolver.path(src, against: image.place.path), out[path] == nil,
                  let type = types[path], embeddable.contains(type),
                  let size = session.container.entry(path)?.size, size <= largestEmbeddedImage,
                  let bytes = session.data(at: path) else { continue }
            var shown = Image(mediaType: type, bytes: bytes)
            if type == "image/jpeg", bytes.count > largestInventoryImage, let eighth = try? JPEGDecoder.eighth(Array(bytes)) {
                shown = Image(mediaType: type, bytes: JPEGEncoder.encode(eighth.scaled(toFit: 160, 160), quality: 75))
            }
            guard shown.bytes.count <= largestInventoryImage, total + shown.bytes.count <= inventoryImageBudget else { continue }
            total += shown.bytes.count
            out[path] = shown
        }
        return out
    }

    static let largestInventoryImage = 96 << 10
    static let inventoryImageBudget = 6 << 20

    /// The inventory as tables (images with their thumbnails and alternatives, audio and video,
    /// scripts) and the heading outline as a tree.
    static func inventory(_ inventory: AccessibilityInventory, images: [String: Image], into page: inout HTMLPage) {
        page.raw("<h3>\(page.say(.htmlInventory))</h3>")
        page.raw("<p>\(page.say(.htmlMathAndSwitches(inventory.mathML.count, inventory.switches.count)))</p>")
        func at(_ place: AccessibilityInventory.Place) -> String {
            "<code>\(escape(place.path + (place.line.map { ":\($0)" } ?? "")))</code>" + (place.cfi.map { " <span class=\"cfi\">\(escape($0))</span>" } ?? "")
        }
        if !inventory.images.isEmpty {
            page.raw("<h4>\(page.say(.htmlImages)) (\(inventory.images.count))</h4><table class=\"inventory\"><tr>")
            for label in [MessageText.htmlImageShown, .htmlAltText, .htmlDescribedBy, .htmlFigureCaption, .htmlRole, .htmlPlace] {
                page.raw("<th>\(page.say(label))</th>")
            }
            page.raw("</tr>")
            for image in inventory.images {
                let path = image.src.flatMap { HrefResolver.path($0, against: image.place.path) }
                let picture = path.flatMap { images[$0] }.map {
                    "<img class=\"thumb\" alt=\"\" src=\"data:\($0.mediaType);base64,\($0.bytes.base64EncodedString())\">"
                } ?? escape(image.src ?? "<\(image.element)>")
                let alt = image.alt.map { $0.isEmpty ? page.say(.htmlEmptyAlt) : escape($0) } ?? (image.lacksAlternative ? "<strong>\(page.say(.htmlNoAlt))</strong>" : "")
                page.raw("<tr><td>\(picture)</td><td>\(alt)</td><td>\(escape(image.describedBy ?? ""))</td><td>\(escape(image.figcaption ?? ""))</td>")
                page.raw("<td>\(escape(image.role ?? ""))</td><td>\(at(image.place))</td></tr>")
            }
            page.raw("</table>")
        }
        if !inventory.media.isEmpty {
            page.raw("<h4>\(page.say(.htmlAudioVideo)) (\(inventory.media.count))</h4><table class=\"inventory\"><tr>")
            for label in [MessageText.htmlSource, .htmlControls, .htmlTracks, .htmlPlace] { page.raw("<th>\(page.say(label))</th>") }
            page.raw("</tr>")
            for media in inventory.media {
                page.raw("<tr><td>&lt;\(escape(media.element))&gt; \(escape(media.src ?? ""))</td><td>\(page.say(media.controls ? .htmlYes : .htmlNo))</td>")
                page.raw("<td>\(escape(media.tracks.joined(separator: ", ")))</td><td>\(at(media.place))</td></tr>")
            }
            page.raw("</table>")
        }
        if !inventory.scripts.isEmpty {
            page.raw("<h4>\(page.say(.htmlScripts)) (\(inventory.scripts.count))</h4><ul>")
            for script in inventory.scripts { page.raw("<li>\(script.src.map(escape) ?? page.say(.htmlInlineScript)) \(at(script.place))</li>") }
            page.raw("</ul>")
        }
        if !inventory.headings.isEmpty {
            page.raw("<h4>\(page.say(.htmlHeadingOutline)) (\(inventory.headings.count))</h4>")
            outline(inventory.headings, into: &page)
        }
    }

    /// Headings as nested lists: a deeper heading opens a list inside the item before it (a
    /// skipped level nests one list, not several), a heading at a level already open is its
    /// sibling, and a shallower one closes lists back to its level.
    static func outline(_ headings: [AccessibilityInventory.Heading], into page: inout HTMLPage) {
        var open: [Int] = []  // the levels of the open items, outermost first
        var lists = 1  // open lists: the outline's, and one inside each item that has children
        page.raw("<ul class=\"outline\">")
        func close(while keep: (Int) -> Bool) {
            while let last = open.last, keep(last) {
                open.removeLast()
                page.raw("</li>")
                if let parent = open.last, keep(parent) {
                    page.raw("</ul>")
                    lists -= 1
                }
            }
        }
        for heading in headings {
            close { $0 >= heading.level }
            if !open.isEmpty && lists == open.count {
                page.raw("<ul>")
                lists += 1
            }
            open.append(heading.level)
            page.raw("<li><span class=\"level\">h\(heading.level)</span> \(escape(heading.text))")
        }
        close { _ in true }
        page.raw("</ul>")
    }
}
