"""The Python API on the repository's fixtures and, when ../shared is beside the repository, on
corpus and real books. Run from a virtual environment where the wheel is installed:

    python -m pytest integrations/python/tests
"""
import glob
import hashlib
import os
import shutil
import subprocess

import pytest

import epubcontract

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
FIXTURES = os.path.join(ROOT, "Fixtures")
SHARED = os.path.join(ROOT, "..", "shared")
REAL_BOOKS = os.path.join(SHARED, "real-books")
CORPUS = os.path.join(SHARED, "corpus", "samples")
needs_shared = pytest.mark.skipif(not os.path.isdir(REAL_BOOKS), reason="../shared is not beside the repository")


def test_binary_is_the_bundled_one_unless_told():
    if "EPUBCONTRACT_BINARY" in os.environ:
        pytest.skip("EPUBCONTRACT_BINARY is set")
    path = epubcontract.binary_path()
    assert path.endswith(os.path.join("epubcontract", "_bin", "epubcontract"))
    assert os.path.dirname(os.path.dirname(path)) == os.path.dirname(epubcontract.__file__)


def test_version_follows_the_tool():
    assert epubcontract.version() == epubcontract.__version__
    assert epubcontract.__version__.count(".") == 2


def test_inspect_fixture():
    contract = epubcontract.inspect(os.path.join(FIXTURES, "epub3-minimal"))
    assert contract["metadata"]["title"] == "A Minimal Book"
    assert contract["source"]["kind"] == "directory"


def test_validate_reports_ids_and_places():
    report = epubcontract.validate(os.path.join(FIXTURES, "validate", "css-001-direction"))
    assert report["valid"] is False
    assert report["counts"]["error"] == 2
    places = [(m["id"], loc["path"], loc["line"]) for m in report["messages"] for loc in m["locations"]]
    assert places == [("CSS-001", "EPUB/style.css", 1), ("CSS-001", "EPUB/style.css", 2)]


def test_validate_locale_adds_localized_text():
    report = epubcontract.validate(os.path.join(FIXTURES, "validate", "css-001-direction"), locale="ja")
    assert all(m["id"] == "CSS-001" and m["localizedMessage"] != m["message"] for m in report["messages"])


def test_missing_book_raises_with_the_tools_line(tmp_path):
    missing = str(tmp_path / "gone.epub")
    with pytest.raises(epubcontract.UnusableInputError) as caught:
        epubcontract.inspect(missing)
    assert caught.value.returncode == 2
    assert caught.value.message.startswith(missing + ": ")
    assert "\n" not in caught.value.message


def test_not_a_zip_is_a_report_not_an_exception(tmp_path):
    book = tmp_path / "text.epub"
    book.write_text("not a zip")
    report = epubcontract.validate(str(book))
    # Nine bytes: too short for a ZIP header (PKG-003), then the archive cannot be opened (PKG-008).
    assert [m["id"] for m in report["messages"]] == ["PKG-003", "PKG-008"]
    assert report["counts"]["fatal"] == 1


def test_bad_switch_raises_usage_error():
    with pytest.raises(epubcontract.EpubContractError) as caught:
        epubcontract.validate(os.path.join(FIXTURES, "epub3-minimal"), profile="nonsense")
    assert "nonsense" in caught.value.message


def test_convert_finds_the_chapters(tmp_path):
    out = tmp_path / "alice.epub"
    found = epubcontract.convert(os.path.join(FIXTURES, "convert", "english-gutenberg.txt"), str(out))
    assert found["title"] == "Alice's Adventures in Wonderland" and found["author"] == "Lewis Carroll"
    titles = [s["title"] for s in found["sections"] if s["kind"] == "chapter"]
    assert titles == ["CHAPTER I. Down the Rabbit-Hole", "CHAPTER II. The Pool of Tears", "Chapter Twenty-One: The End", "Epilogue"]
    assert epubcontract.inspect(str(out))["metadata"]["title"] == "Alice's Adventures in Wonderland"
    assert epubcontract.validate(str(out))["valid"] is True


def test_convert_of_a_missing_text_raises(tmp_path):
    with pytest.raises(epubcontract.UnusableInputError):
        epubcontract.convert(str(tmp_path / "none.txt"), str(tmp_path / "none.epub"))
    assert not (tmp_path / "none.epub").exists()


@needs_shared
def test_real_books_titles_and_clean_reports():
    titles = {}
    for book in sorted(glob.glob(os.path.join(REAL_BOOKS, "*.epub"))):
        contract = epubcontract.inspect(book)
        titles[os.path.basename(book)] = contract["metadata"]["title"]
        report = epubcontract.validate(book, usage=True)
        assert report["valid"] is True and report["counts"]["error"] == 0 and report["counts"]["warning"] == 0, book
    assert titles["charles-dickens_a-christmas-carol.epub"] == "A Christmas Carol"
    assert titles["jane-austen_emma.epub"] == "Emma"
    assert len(titles) == 6


@needs_shared
def test_validate_bytes_equals_validate_of_the_file():
    book = os.path.join(REAL_BOOKS, "sun-tzu_the-art-of-war_lionel-giles.epub")
    with open(book, "rb") as f:
        data = f.read()
    from_bytes = epubcontract.validate_bytes(data, "s3://bucket/art-of-war.epub", usage=True)
    from_file = epubcontract.validate(book, usage=True)
    assert from_bytes["source"] == "s3://bucket/art-of-war.epub"
    assert from_bytes["messages"] == from_file["messages"]
    assert [m["id"] for m in from_file["messages"]] == ["OPF-097"] and from_file["counts"]["usage"] == 1


@needs_shared
def test_validate_many_one_record_per_book_with_digests():
    books = sorted(glob.glob(os.path.join(CORPUS, "*.epub")))[:8]
    records = {r["path"]: r for r in epubcontract.validate_many(books, jobs=2)}
    assert sorted(records) == books
    for book in books:
        with open(book, "rb") as f:
            assert records[book]["sha256"] == hashlib.sha256(f.read()).hexdigest()
        single = epubcontract.validate(book)
        assert records[book]["messages"] == single["messages"], book
        assert records[book]["exitCode"] == (0 if single["valid"] else 1)


def test_validate_many_of_nothing_yields_nothing():
    assert list(epubcontract.validate_many([])) == []


def test_the_command_is_the_binary():
    command = shutil.which("epubcontract")
    assert command is not None
    run = subprocess.run([command, "inspect", os.path.join(FIXTURES, "epub3-minimal")], capture_output=True, text=True)
    assert run.returncode == 0 and "A Minimal Book" in run.stdout
    run = subprocess.run([command, "inspect", "/nonexistent.epub"], capture_output=True, text=True)
    assert run.returncode == 2 and run.stderr.startswith("epubcontract: /nonexistent.epub: ")
