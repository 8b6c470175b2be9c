"""Checks HTML reports as Chromium rendered them (--dump-dom): what scripts/html-check calls.

fixtures DIR: the three fixture reports show the pages, spreads, writing modes and clips their
books have. corpus DIR: every report is self-contained and rendered; times are summarised; in
every report with fixed-layout pages each such page shows one thumbnail, whose embedded image
says the size the tile gives it, within the per-page budget, which Chromium decodes to that
size (through Selenium), and the spine strip of each is kept as a screenshot (NAME.spine.png).
"""
import base64
import html.parser
import os
import pathlib
import re
import statistics
import sys

VOID = {"meta", "img", "br", "hr", "link", "input", "col", "source", "wbr"}


class Node:
    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    def classes(self):
        return set((self.attrs.get("class") or "").split())

    def walk(self):
        yield self
        for child in self.children:
            yield from child.walk()


class Tree(html.parser.HTMLParser):
    def __init__(self, text):
        super().__init__()
        self.root = Node("#root", [], None)
        self.current = self.root
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent


def find(root, cls=None, **attrs):
    return [n for n in root.walk() if (cls is None or cls in n.classes()) and all(n.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())]


def expect(condition, what):
    if not condition:
        sys.exit(f"html-check: {what}")


def self_contained(path):
    text = path.read_text(encoding="utf-8")
    expect("Content-Security-Policy" in text, f"{path.name}: no content security policy")
    expect(not re.search(r"<script|<link|<iframe|<object|<embed", text, re.I), f"{path.name}: a script, link or frame")
    expect(not re.search(r"""(src|href)\s*=\s*["']?(https?:|//|file:)""", text, re.I), f"{path.name}: loads something from outside")
    expect("url(" not in text.split("</style>")[0].split("<style>")[-1], f"{path.name}: the style sheet fetches a url()")


def fixtures(out):
    for name in ("manga", "overlay", "vertical"):
        self_contained(out / f"{name}.html")
    manga = Tree((out / "manga.dom.html").read_text(encoding="utf-8")).root
    strip = find(manga, "strip")
    expect(len(strip) == 1 and "rtl" in strip[0].classes(), "manga: the strip does not run right to left")
    pair = find(manga, "spread", data_indices="1 2")
    expect(len(pair) == 1, "manga: no spread of items 1 and 2")
    sides = [(p.attrs.get("data-side"), p.attrs.get("data-spine")) for p in pair[0].children]
    expect(sides == [("left", "2"), ("right", "1")], f"manga: spread 1-2 drawn as {sides}, expected item 2 left and 1 right")
    expect([p.attrs.get("data-spine") for p in find(manga, "page", data_side="center")] == ["0", "4"], "manga: centre pages are not 0 and 4")
    expect(len(find(manga, "blank")) == 2, "manga: expected two pages left blank (beside items 3 and 5)")
    expect([p.attrs.get("data-spine") for p in find(manga, "nonlinear")] == ["7"], "manga: item 7 is not drawn as non-linear")
    expect(all(p.attrs.get("style") == "width:73px" for p in find(manga, "pre-paginated")), "manga: pages not drawn at the 600x900 viewport's shape")
    overlay = Tree((out / "overlay.dom.html").read_text(encoding="utf-8")).root
    lanes = find(overlay, "lane")
    expect([l.attrs.get("data-audio") for l in lanes] == ["EPUB/audio/a.mp3", "EPUB/audio/b.mp3"], "overlay: lanes are not a.mp3 and b.mp3")
    clips = [(c.attrs.get("data-begin"), c.attrs.get("data-end")) for c in find(overlay, "clip")]
    expect(clips == [("0", "2.500"), ("2.500", "5"), ("1", "6"), ("6", "")], f"overlay: clips {clips}")
    gaps = [(g.attrs.get("data-begin"), g.attrs.get("data-end")) for g in find(overlay, "gap")]
    expect(gaps == [("0", "1")], f"overlay: gaps {gaps}, expected the silence 0-1 s in b.mp3")
    expect(len(find(overlay, "open")) == 1, "overlay: the clip without an end is not drawn open")
    vertical = Tree((out / "vertical.dom.html").read_text(encoding="utf-8")).root
    pages = find(vertical, "page")
    expect(len(pages) == 1 and "vertical" in pages[0].classes() and pages[0].attrs.get("data-writing-mode") == "vertical-rl",
           "vertical: the page is not drawn as vertical-rl")
    facts = find(vertical, "facts", data_writing_mode="vertical-rl")
    expect(len(facts) == 1, "vertical: the rendition table does not say vertical-rl")


BUDGET = 20 * 1024  # PageThumbnail.budget
BOX = (176, 220)  # PageThumbnail.box


def image_size(url):
    """The size an embedded image's own bytes give: a JPEG's frame header, an SVG's width/height or viewBox."""
    kind, data = url[5:].split(";base64,", 1)
    raw = base64.b64decode(data)
    if kind == "image/jpeg":
        i = 2
        while i + 9 < len(raw) and raw[i] == 0xFF:
            if raw[i + 1] in (0xC0, 0xC1, 0xC2):
                return raw[i + 7] << 8 | raw[i + 8], raw[i + 5] << 8 | raw[i + 6], len(raw)
            i += 2 + (raw[i + 2] << 8 | raw[i + 3])
        return None, None, len(raw)
    return None, None, len(raw)


def thumbnails(out, name, dom):
    """Every fixed-layout page of a report pictured once, in the strip's order, each within budget."""
    pages = find(dom, "pre-paginated")
    if not pages:
        return None
    spine = [p.attrs.get("data-spine") for p in pages]
    expect(len(spine) == len(set(spine)), f"{name}: a fixed-layout page drawn twice: {spine}")
    total = 0
    for page in pages:
        thumbs = [c for c in page.children if c.tag == "img" and "thumb" in c.classes()]
        expect(len(thumbs) == 1, f"{name}: page {page.attrs.get('data-spine')} has {len(thumbs)} thumbnails")
        t = thumbs[0]
        w, h, size = image_size(t.attrs["src"])
        total += size
        expect(size <= BUDGET, f"{name}: page {page.attrs.get('data-spine')}'s thumbnail is {size} bytes, over {BUDGET}")
        tw, th = int(t.attrs.get("width")), int(t.attrs.get("height"))
        expect(0 < tw <= BOX[0] and 0 < th <= BOX[1], f"{name}: page {page.attrs.get('data-spine')}'s thumbnail is {tw}x{th}, past the box")
        if w is not None:
            # A JPEG made here has the tile's size; one embedded as it is (within budget) its proportions.
            same = (w, h) == (tw, th) or abs(w / h - tw / th) < 0.02 and (w > tw or h > th or (w, h) == (tw, th))
            expect(same, f"{name}: page {page.attrs.get('data-spine')}'s JPEG is {w}x{h}, the tile says {tw}x{th}")
        expect(t.attrs.get("data-kind") == "image" or "preview" in page.classes(),
               f"{name}: page {page.attrs.get('data-spine')} is drawn, not its picture, and is not marked as a preview")
    kinds = {}
    for t in find(dom, "thumb"):
        kinds[t.attrs.get("data-kind")] = kinds.get(t.attrs.get("data-kind"), 0) + 1
    return len(pages), total, kinds


def decoded(out, names):
    """Chromium decodes every thumbnail of these reports to the size its tile says; a screenshot of each strip."""
    if not names:
        return
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import chromium_oracle
    driver = chromium_oracle.driver(1200, 900)
    try:
        for name in names:
            driver.get((out / f"{name}.html").resolve().as_uri())
            found = driver.execute_script("""return Array.from(document.querySelectorAll('img.thumb'), i =>
                [i.closest('.page').dataset.spine, i.complete, i.naturalWidth, i.naturalHeight, i.getAttribute('width'), i.getAttribute('height'), i.dataset.kind]);""")
            for spine, complete, nw, nh, w, h, kind in found:
                expect(complete and nw > 0 and nh > 0, f"{name}: Chromium did not decode page {spine}'s thumbnail")
                if kind == "image":
                    expect((str(nw), str(nh)) == (w, h) or abs(nw / nh - int(w) / int(h)) < 0.02,
                           f"{name}: page {spine}'s thumbnail decodes to {nw}x{nh}, the tile says {w}x{h}")
            strip = driver.find_element("css selector", "#spine .strip")
            driver.execute_script("arguments[0].scrollIntoView()", strip)
            strip.screenshot(str(out / f"{name}.spine.png"))
    finally:
        driver.quit()


def corpus(out):
    times = dict(line.split() for line in (out / "times").read_text().splitlines())
    pictured = {}
    for name in times:
        self_contained(out / f"{name}.html")
        dom = Tree((out / f"{name}.dom.html").read_text(encoding="utf-8")).root
        expect(find(dom, None, id="diagnostics") and find(dom, None, id="spine"), f"{name}: rendered without its sections")
        # A description with markup reads as formatted text: no tag shows as text (issue 54).
        text = (out / f"{name}.dom.html").read_text(encoding="utf-8")
        for cell in re.findall(r"<th>Description</th><td>(.*?)</td></tr>", text, re.S):
            expect(not re.search(r"&lt;/?[a-zA-Z]", cell), f"{name}: the description shows markup as text: {cell[:120]}")
        found = thumbnails(out, name, dom)
        if found:
            pictured[name] = found
    decoded(out, sorted(pictured))
    for name, (pages, total, kinds) in sorted(pictured.items()):
        size = (out / f"{name}.html").stat().st_size
        print(f"html-check: {name}: {pages} fixed-layout pages pictured ({', '.join(f'{v} {k}' for k, v in sorted(kinds.items()))}), "
              f"thumbnails {total // 1024} KB, report {size // 1024} KB; strip in {out / (name + '.spine.png')}")
    ms = sorted(int(t) for t in times.values())
    slowest = max(times, key=lambda n: int(times[n]))
    print(f"html-check: {len(times)} corpus reports self-contained and rendered; making one took median {statistics.median(ms):.0f} ms, "
          f"at most {ms[-1]} ms ({slowest}); {sum(t <= 200 for t in ms)}/{len(ms)} within 200 ms")


if __name__ == "__main__":
    {"fixtures": fixtures, "corpus": corpus}[sys.argv[1]](pathlib.Path(sys.argv[2]))
