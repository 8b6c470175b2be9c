"""A styled export (`export --format json --styles`, export version 3) read back into one dict per
element, for the scripts that compare styles: each document's `elements` are arrays of the
export's `elementFields` pointing into its `styles` table (styleProperties order)."""


def elements(export, doc):
    """The document's elements as dicts: cfi (its EPUB CFI step path from the root element), name,
    id, range ([start, end] or None) and style (property -> computed value)."""
    props, styles, fields = export.get("styleProperties", []), export.get("styles", []), export.get("elementFields", [])
    out, cfis = [], []
    for entry in doc.get("elements", []):
        e = dict(zip(fields, entry))
        step = "" if e["step"] == 0 else f"/{e['step']}"
        cfi = step if e["parent"] < 0 else cfis[e["parent"]] + step
        cfis.append(cfi)
        out.append({"cfi": cfi, "name": e["name"], "id": e["id"], "range": None if e["start"] is None else [e["start"], e["end"]],
                    "style": dict(zip(props, styles[e["style"]]))})
    return out
