// EPUB CFI 1.1 steps applied to the DOM Chromium built (issue 50's oracle, our own walker):
// even steps to element children (0 and n+2 the virtual ones), odd steps to chunks of character
// data (text and CDATA between two element children, comments skipped), ':N' in UTF-16 units.
// Returns the text that follows the point, as a reader sees it: head, scripts, styles, ruby
// annotations, media and page-break markers skipped; up to `limit` characters that are not space.
// Arguments: steps (array of integers), offset (integer or null), limit.
const [steps, offset, limit] = arguments;
const SKIP = new Set(["head", "script", "style", "template", "rp", "noscript", "title", "rt",
                      "img", "svg", "audio", "video", "math", "object", "embed", "iframe", "canvas"]);
const EPUB = "http://www.idpf.org/2007/ops";
function hidden(node) {
  for (let e = node.nodeType === 1 ? node : node.parentNode; e && e.nodeType === 1; e = e.parentNode) {
    if (SKIP.has(e.localName)) return true;
    const types = (e.getAttributeNS(EPUB, "type") || "").split(/\s+/);
    const roles = (e.getAttribute("role") || "").split(/\s+/);
    if (types.includes("pagebreak") || roles.includes("doc-pagebreak")) return true;
  }
  return false;
}
const texts = [];
const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_CDATA_SECTION);
for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n);
// The first text node at or after a boundary (`after(t)` true for nodes that come after it).
function firstFrom(after) {
  let low = 0, high = texts.length;
  while (low < high) { const mid = (low + high) >> 1; if (after(texts[mid])) high = mid; else low = mid + 1; }
  return low;
}
const F = Node.DOCUMENT_POSITION_FOLLOWING, C = Node.DOCUMENT_POSITION_CONTAINED_BY;
function collect(index, first) {
  let out = first || "", seen = out.replace(/\s/g, "").length;
  for (let i = index; i < texts.length && seen < limit; i++) {
    if (hidden(texts[i])) continue;
    out += texts[i].data;
    seen += texts[i].data.replace(/\s/g, "").length;
  }
  return out;
}
let el = document.documentElement;
for (let i = 0; i < steps.length; i++) {
  const s = steps[i], kids = Array.from(el.children), last = i === steps.length - 1;
  if (s % 2 === 1) {
    const k = (s - 1) / 2;
    let node = k === 0 ? el.firstChild : (kids[k - 1] ? kids[k - 1].nextSibling : null);
    const chunk = [];
    while (node && node.nodeType !== 1) { if (node.nodeType === 3 || node.nodeType === 4) chunk.push(node); node = node.nextSibling; }
    let rest = offset || 0;
    for (const t of chunk) {
      if (rest <= t.data.length) {
        if (hidden(t)) return {hidden: true};
        return {text: collect(texts.indexOf(t) + 1, t.data.slice(rest))};
      }
      rest -= t.data.length;
    }
    if (rest > 0) return {error: "offset past the chunk"};
    // An empty chunk: the place before the next element child (or after the last one).
    const next = node;
    return {text: collect(next ? firstFrom(t => next === t || (next.compareDocumentPosition(t) & (F | C)) !== 0)
                               : firstFrom(t => (el.compareDocumentPosition(t) & F) !== 0 && (el.compareDocumentPosition(t) & C) === 0))};
  }
  if (s === 0) {
    const at = el;
    return {text: collect(firstFrom(t => (at.compareDocumentPosition(t) & (F | C)) !== 0))};
  }
  if (s === 2 * kids.length + 2) {
    const at = el;
    return {text: collect(firstFrom(t => (at.compareDocumentPosition(t) & F) !== 0 && (at.compareDocumentPosition(t) & C) === 0))};
  }
  el = kids[s / 2 - 1];
  if (!el) return {error: "no element child " + s};
}
if (hidden(el)) return {hidden: true};
const at = el;
return {text: collect(firstFrom(t => (at.compareDocumentPosition(t) & (F | C)) !== 0))};
