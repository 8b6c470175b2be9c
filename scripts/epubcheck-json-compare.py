"""Compares EPUBCheck's --json reports (folder 1) with ours (folder 2), book by book."""
import collections
import json
import os
import pathlib
import sys
import urllib.parse

# Fields whose values must be equal on every book (a regression fails the run).
EXACT = {
    "checker": ["path", "filename", "nFatal", "nWarning"],
    "publication": ["publisher", "title", "creator", "subject", "rights", "identifier", "language", "nSpines",
                    "checkSum", "renditionLayout", "renditionOrientation", "renditionSpread", "ePubVersion", "hasFixedFormat",
                    "isBackwardCompatible", "hasAudio", "hasVideo", "charsCount", "hasEncryption", "hasSignatures", "contributors"],
    "item": ["id", "media_type", "compressedSize", "uncompressedSize", "compressionMethod", "checkSum", "isSpineItem", "spineIndex",
             "isLinear", "isFixedFormat", "renditionLayout", "renditionOrientation", "renditionSpread"],
}
# Compared and counted, not required: sets whose members depend on how each tool resolves URLs.
# nError and nUsage count messages, and EPUBCheck merges messages whose text is the same where ours
# name what differs (OPF-028 for dc:date and dc:publisher is one message there, two here); files:
# EPUBCheck also lists content documents with non-ASCII names a second time, percent-encoded.
COUNTED = {"checker": ["nError", "nUsage"], "publication": ["date", "description", "isScripted", "embeddedFonts", "refFonts"],
           "item": ["isScripted", "referencedItems"]}
SKIPPED = "checkDate, elapsedTime, checkerVersion (the run's own)"
# The most disagreements a counted field may have per 43 corpus books, at 8b0a325's figures (the
# counts found then; a rise fails the run): checker.nError 42/43, nUsage 25/43, files 40/43,
# publication.description 42/43, item.referencedItems 4108/4246. Scaled to the books given.
COUNTED_CEILING = {"checker.nError": 1, "checker.nUsage": 18, "files": 3, "publication.description": 1,
                   "item.referencedItems": 138}
CEILING_BOOKS = 43


def shape(value, path="", out=None):
    out = set() if out is None else out
    if isinstance(value, dict):
        for key, child in value.items():
            out.add(f"{path}.{key}")
            shape(child, f"{path}.{key}", out)
    elif isinstance(value, list):
        for child in value:
            shape(child, f"{path}[]", out)
    return out


def normal(field, value):
    if field == "path" and isinstance(value, str):
        # EPUBCheck writes the path relative to its working directory (`./../x.epub`), we as given.
        return os.path.abspath(value)
    return sorted(value) if field in ("embeddedFonts", "refFonts") and isinstance(value, list) else value


def main(theirs_dir, ours_dir, given):
    agree, total, failures = collections.Counter(), collections.Counter(), []
    # The books given, not the reports found: a book EPUBCheck (or we) wrote nothing for fails.
    books = sorted(pathlib.Path(b).name[:-5] if b.endswith(".epub") else pathlib.Path(b).name for b in given)
    if not books:
        failures.append("no books given")
    for book in books:
        theirs_path = pathlib.Path(theirs_dir) / f"{book}.json"
        if not theirs_path.exists():
            failures.append(f"{book}: no report from EPUBCheck")
            continue
        theirs = json.loads(theirs_path.read_text())
        ours_path = pathlib.Path(ours_dir) / f"{book}.json"
        if not ours_path.exists():
            failures.append(f"{book}: no report from us")
            continue
        ours = json.loads(ours_path.read_text())
        if shape(theirs) != shape(ours):
            failures.append(f"{book}: shape differs: only EPUBCheck {sorted(shape(theirs) - shape(ours))[:5]}, only ours {sorted(shape(ours) - shape(theirs))[:5]}")
        for part in ("checker", "publication"):
            fields = EXACT[part] + COUNTED[part]
            for field in fields:
                key = f"{part}.{field}"
                total[key] += 1
                if normal(field, theirs[part].get(field)) == normal(field, ours[part].get(field)):
                    agree[key] += 1
                elif field in EXACT[part]:
                    failures.append(f"{book}: {key}: EPUBCheck {theirs[part].get(field)!r}, ours {ours[part].get(field)!r}")
        mine = {item["fileName"]: item for item in ours["items"]}
        total["files"] += 1
        if set(mine) == {item["fileName"] for item in theirs["items"]}:
            agree["files"] += 1
        for item in theirs["items"]:
            other = mine.get(item["fileName"])
            if other is None:
                # EPUBCheck lists a content document with a non-ASCII name a second time,
                # percent-encoded; any other item missing from our report is a failure.
                if urllib.parse.unquote(item["fileName"]) not in mine:
                    failures.append(f"{book}: {item['fileName']}: in EPUBCheck's items, not in ours")
                continue
            for field in EXACT["item"] + COUNTED["item"]:
                key = f"item.{field}"
                total[key] += 1
                if item.get(field) == other.get(field):
                    agree[key] += 1
                elif field in EXACT["item"]:
                    failures.append(f"{book}: {item['fileName']}: {field}: EPUBCheck {item.get(field)!r}, ours {other.get(field)!r}")
    for key in sorted(total):
        ceiling = COUNTED_CEILING.get(key)
        allowed = None if ceiling is None else ceiling * max(1, round(len(books) / CEILING_BOOKS + 0.4999))
        print(f"  {key:34} {agree[key]}/{total[key]}" + ("" if allowed is None else f"  (at most {allowed} differ)"))
        if allowed is not None and total[key] - agree[key] > allowed:
            failures.append(f"{key}: {total[key] - agree[key]} differ, more than {allowed}")
    compared = total["checker.path"]
    if compared < len(books):
        failures.append(f"compared {compared} of {len(books)} books")
    print(f"epubcheck-json-compare: {compared} of {len(books)} books compared; shape and exact fields {'identical' if not failures else 'DIFFER'}; not compared: {SKIPPED}")
    for line in failures[:40]:
        print("  " + line)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3:])
