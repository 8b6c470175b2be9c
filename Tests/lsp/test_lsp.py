"""End-to-end tests of `epubcontract lsp`, driven as an editor drives it (pytest-lsp).

The server is $EPUBCONTRACT (default: the debug build). Each test works on its own copy of
Fixtures/lsp/two-chapters, a clean two-chapter book, so edits and deletions touch nothing shared.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("EPUBCONTRACT", os.path.join(ROOT, ".build", "debug", "epubcontract"))
FIXTURE = os.path.join(ROOT, "Fixtures", "lsp", "two-chapters")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp"]))
async def client(lsp_client: LanguageClient, request):
    book = request.getfixturevalue("tmp_path") / "book"
    shutil.copytree(FIXTURE, book)
    lsp_client.book = str(book)
    locale = getattr(request, "param", None) or "en"
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=client_capabilities("neovim"), root_uri=uri(book), locale=locale))
    yield
    await lsp_client.shutdown_session()


def uri(path):
    """A file URI as editors send it, percent-encoded."""
    return pathlib.Path(path).as_uri()


def chapter(client, name="chapter1.xhtml"):
    return os.path.join(client.book, "EPUB", name)


async def open_file(client, path):
    text = open(path, encoding="utf-8", errors="replace").read()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        text_document=types.TextDocumentItem(uri=uri(path), language_id="xhtml", version=1, text=text)))
    return await diagnostics_for(client, uri(path))


async def diagnostics_for(client, target):
    """Waits for the next diagnostics published for `target`."""
    while True:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        if target in client.diagnostics:
            return list(client.diagnostics.pop(target))


async def edit(client, path, version, line, text):
    """Inserts `text` at the start of `line`, as an editor sends an incremental change."""
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
        content_changes=[types.TextDocumentContentChangePartial(
            range=types.Range(start=types.Position(line=line, character=0), end=types.Position(line=line, character=0)), text=text)]))
    return await diagnostics_for(client, uri(path))


async def test_a_clean_book_has_no_diagnostics(client):
    assert await open_file(client, chapter(client)) == []


async def test_an_edit_breaks_and_the_code_action_repairs(client):
    path = chapter(client)
    await open_file(client, path)
    found = await edit(client, path, 2, 8, "<p>Part of <acronym>NATO</acronym>.</p>\n")
    assert [(d.code, d.severity, d.range.start.line, d.range.start.character, d.range.end.character) for d in found] == \
        [("RSC-005", types.DiagnosticSeverity.Error, 8, 11, 20)]
    assert found[0].message == "The element acronym is not HTML that EPUB allows."
    assert found[0].source == "epubcontract"
    assert found[0].code_description.href == "https://w3c.github.io/epubcheck/docs/messages"

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)), range=found[0].range,
        context=types.CodeActionContext(diagnostics=found)))
    assert len(actions) == 1
    action = actions[0]
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.title.startswith("RSC-005: renamed 1 obsolete acronym element(s) to abbr")
    (target, edits), = action.edit.changes.items()
    assert target == uri(path) and len(edits) == 1
    new_text = edits[0].new_text
    assert "<p>Part of <abbr>NATO</abbr>.</p>" in new_text and "acronym" not in new_text

    # Applied as an editor applies it: the whole text replaced, then diagnostics cleared.
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=3),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=new_text)]))
    assert await diagnostics_for(client, uri(path)) == []


async def test_a_rename_comes_as_resource_operations(client):
    """PKG-010 (a space in a file name): the code action renames the file and rewrites every reference."""
    epub = os.path.join(client.book, "EPUB")
    os.rename(os.path.join(epub, "chapter2.xhtml"), os.path.join(epub, "chapter 2.xhtml"))
    for name in ("package.opf", "nav.xhtml"):
        text = open(os.path.join(epub, name)).read().replace('href="chapter2.xhtml"', 'href="chapter%202.xhtml"')
        open(os.path.join(epub, name), "w").write(text)
    spaced = os.path.join(epub, "chapter 2.xhtml")
    found = await open_file(client, spaced)
    assert [d.code for d in found] == ["PKG-010"]
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(spaced)), range=found[0].range,
        context=types.CodeActionContext(diagnostics=found)))
    assert len(actions) == 1
    changes = actions[0].edit.document_changes
    renames = [c for c in changes if isinstance(c, types.RenameFile)]
    assert [(os.path.basename(r.old_uri), os.path.basename(r.new_uri)) for r in renames] == [("chapter%202.xhtml", "chapter_2.xhtml")]
    assert renames[0].old_uri == uri(spaced)
    edited = sorted(os.path.basename(c.text_document.uri) for c in changes if isinstance(c, types.TextDocumentEdit))
    assert edited == ["nav.xhtml", "package.opf"]
    assert all('chapter_2.xhtml' in c.edits[0].new_text for c in changes if isinstance(c, types.TextDocumentEdit))


async def test_the_buffer_wins_over_the_file_on_disk(client):
    path = chapter(client)
    await open_file(client, path)
    found = await edit(client, path, 2, 9, "<p><b>unclosed</p>\n")
    assert [d.code for d in found] == ["RSC-016"]
    # Nothing was saved: the file on disk is still clean.
    assert subprocess.run([BINARY, "validate", client.book], capture_output=True).returncode == 0


async def test_diagnostics_on_another_file_of_the_book(client):
    """An edit of the package puts the message where it belongs, in the package's own file."""
    package = os.path.join(client.book, "EPUB", "package.opf")
    await open_file(client, package)
    # line 15 (0-based 15) is `    <itemref idref="c2"/>`: a second reference to c1 instead.
    found = await edit(client, package, 2, 16, '    <itemref idref="c9"/>\n')
    codes = sorted((d.code, d.range.start.line) for d in found)
    assert ("OPF-049", 16) in codes


async def test_definition_across_files(client):
    nav = os.path.join(client.book, "EPUB", "nav.xhtml")
    await open_file(client, nav)
    # `  <li><a href="chapter1.xhtml#c1h">`: the cursor inside the href's value.
    result = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(nav)), position=types.Position(line=9, character=20)))
    location = result[0] if isinstance(result, list) else result
    assert location.uri == uri(chapter(client))
    # `<h1 id="c1h">` on line 7: the id's value.
    assert (location.range.start.line, location.range.start.character, location.range.end.character) == (7, 8, 11)


async def test_definition_of_an_idref(client):
    package = os.path.join(client.book, "EPUB", "package.opf")
    await open_file(client, package)
    result = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(package)), position=types.Position(line=15, character=21)))
    location = result[0] if isinstance(result, list) else result
    assert location.uri == uri(package)
    assert (location.range.start.line, location.range.start.character) == (11, 14)


async def test_references_to_a_fragment_id(client):
    path = chapter(client)
    await open_file(client, path)
    result = await client.text_document_references_async(types.ReferenceParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)), position=types.Position(line=7, character=9),
        context=types.ReferenceContext(include_declaration=False)))
    assert sorted((os.path.basename(r.uri), r.range.start.line) for r in result) == [("chapter2.xhtml", 8), ("nav.xhtml", 9)]


async def test_hover_on_vocabulary_terms(client):
    package = os.path.join(client.book, "EPUB", "package.opf")
    await open_file(client, package)
    # `    <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>`, on "nav" of properties.
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri(package)), position=types.Position(line=9, character=85)))
    assert hover.contents.value.startswith("**nav**: the EPUB Navigation Document")
    assert (hover.range.start.character, hover.range.end.character) == (83, 86)
    nav = os.path.join(client.book, "EPUB", "nav.xhtml")
    await open_file(client, nav)
    # `<nav epub:type="toc">`: a Structural Semantics term, with its definition's link.
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri(nav)), position=types.Position(line=7, character=17)))
    assert hover.contents.value == "**toc**: a term of the EPUB 3 Structural Semantics Vocabulary 1.1 ([definition](https://www.w3.org/TR/epub-ssv-11/#toc))"


async def test_hover_on_a_rendition_value(client):
    package = os.path.join(client.book, "EPUB", "package.opf")
    await open_file(client, package)
    # Line 7 (0-based) becomes `    <meta property="rendition:layout">pre-paginated</meta>` in the buffer.
    await edit(client, package, 2, 7, '    <meta property="rendition:layout">pre-paginated</meta>\n')
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri(package)), position=types.Position(line=7, character=45)))
    assert hover.contents.value.startswith("**pre-paginated** (rendition:layout): each document is one fixed page")
    assert (hover.range.start.character, hover.range.end.character) == (38, 51)


async def test_completion_of_manifest_ids_terms_and_files(client):
    package = os.path.join(client.book, "EPUB", "package.opf")
    await open_file(client, package)
    # Inside `idref="c2"` of the second itemref: the manifest's ids.
    ids = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(package)), position=types.Position(line=15, character=21)))
    items = ids.items if hasattr(ids, "items") else ids
    # The manifest's items only: the identifier's id (uid) is no item.
    assert sorted(i.label for i in items) == ["c1", "c2", "nav"]
    # Inside `href="chapter1.xhtml"` of an item: the book's other files, relative to the package.
    files = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(package)), position=types.Position(line=10, character=26)))
    labels = sorted(i.label for i in (files.items if hasattr(files, "items") else files))
    assert labels == ["chapter1.xhtml", "chapter2.xhtml", "nav.xhtml"]
    # Inside `properties="nav"`: the item properties, each with its meaning.
    terms = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(package)), position=types.Position(line=9, character=85)))
    by_label = {i.label: i for i in (terms.items if hasattr(terms, "items") else terms)}
    assert "cover-image" in by_label and by_label["scripted"].detail == "a document with scripts or HTML forms"
    assert (by_label["svg"].text_edit.range.start.character, by_label["svg"].text_edit.range.end.character) == (83, 86)


async def test_cancelled_request_leaves_the_server_serving(client):
    path = chapter(client)
    await open_file(client, path)
    found = await edit(client, path, 2, 8, "<p><acronym>X</acronym></p>\n")
    params = types.CodeActionParams(text_document=types.TextDocumentIdentifier(uri=uri(path)), range=found[0].range,
                                    context=types.CodeActionContext(diagnostics=found))
    # Cancelled at once: the answer is the result or RequestCancelled (-32800), never nothing.
    future = client.protocol.send_request_async(types.TEXT_DOCUMENT_CODE_ACTION, params, msg_id="to-cancel")
    client.protocol.notify(types.CANCEL_REQUEST, types.CancelParams(id="to-cancel"))
    try:
        answered = await future
        assert len(answered) == 1
    except Exception as error:
        assert "-32800" in str(error) or "cancelled" in str(error).lower(), error
    # Still serving.
    actions = await client.text_document_code_action_async(params)
    assert len(actions) == 1


async def test_a_binary_file_opened_as_text_changes_nothing(client):
    image = os.path.join(client.book, "EPUB", "cover.png")
    with open(image, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe")
    report = json.loads(subprocess.run([BINARY, "validate", client.book, "-u", "--json", "-"], capture_output=True).stdout)
    on_disk = sorted(m["ID"] for m in report["messages"] if m["locations"] and m["locations"][0]["path"] == "EPUB/cover.png")
    found = await open_file(client, image)
    # What the file on disk gets (it is in no manifest), not what its text decoding would.
    assert sorted(d.code for d in found) == on_disk
    assert any("is not text" in m.message for m in client.log_messages)


async def test_a_deleted_folder_is_logged_not_fatal(client):
    path = chapter(client)
    await open_file(client, path)
    shutil.rmtree(client.book)
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(path), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text="<html/>")]))
    await client.wait_for_notification(types.WINDOW_LOG_MESSAGE)
    assert any("no longer exists" in m.message for m in client.log_messages)
    # Still serving.
    result = await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=uri(path)), position=types.Position(line=0, character=0)))
    assert result is None


@pytest.mark.parametrize("client", ["ja"], indirect=True)
async def test_messages_in_the_clients_locale(client):
    path = chapter(client)
    await open_file(client, path)
    found = await edit(client, path, 2, 8, "<p><acronym>X</acronym></p>\n")
    assert found[0].message == "要素 acronym は EPUB で使える HTML ではありません。"


def raw(messages):
    """Runs the server on raw bytes; returns its answers and exit status."""
    run = subprocess.run([BINARY, "lsp"], input=messages, capture_output=True, timeout=30)
    answers, out = [], run.stdout
    while out:
        header, _, rest = out.partition(b"\r\n\r\n")
        length = int(header.split(b":")[1])
        answers.append(json.loads(rest[:length]))
        out = rest[length:]
    return answers, run.returncode


def frame(body):
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def test_malformed_messages_get_errors_not_a_crash():
    answers, status = raw(frame(b"{not json") + frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
                          + frame({"jsonrpc": "2.0", "id": 2, "method": "no/such/method"}) + frame(b"[1, 2")
                          + frame({"jsonrpc": "2.0", "id": 3, "method": "shutdown"}) + frame({"jsonrpc": "2.0", "method": "exit"}))
    assert [a.get("id") for a in answers] == [None, 1, 2, None, 3]
    assert answers[0]["error"]["code"] == -32700
    assert answers[2]["error"]["code"] == -32601
    assert answers[3]["error"]["code"] == -32700
    assert status == 0


def test_requests_before_initialize_and_a_closed_stream():
    answers, status = raw(frame({"jsonrpc": "2.0", "id": 7, "method": "textDocument/definition", "params": {}}))
    assert answers[0]["error"]["code"] == -32002
    # The stream ended without shutdown: exit status 1, as LSP asks.
    assert status == 1


def test_a_burst_of_edits_is_validated_for_the_latest_version(tmp_path):
    """Twenty edits sent at once: diagnostics come for the last version, and stale runs are not published."""
    book = tmp_path / "book"
    shutil.copytree(FIXTURE, book)
    path = book / "EPUB" / "chapter1.xhtml"
    text = path.read_text()
    messages = frame({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}})
    messages += frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri(path), "languageId": "xhtml", "version": 1, "text": text}}})
    for version in range(2, 22):
        messages += frame({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri(path), "version": version},
            "contentChanges": [{"range": {"start": {"line": 8, "character": 0}, "end": {"line": 8, "character": 0}},
                                "text": "<p><acronym>X</acronym></p>\n" if version == 21 else " "}]}})
    process = subprocess.Popen([BINARY, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    process.stdin.write(messages)
    process.stdin.flush()
    published = []
    while not published or published[-1]["version"] != 21:
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += process.stdout.read(1)
        body = json.loads(process.stdout.read(int(header.split(b":")[1].split(b"\r\n")[0])))
        if body.get("method") == "textDocument/publishDiagnostics":
            published.append(body["params"])
    process.stdin.write(frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}) + frame({"jsonrpc": "2.0", "method": "exit"}))
    process.stdin.close()
    assert process.wait(timeout=10) == 0
    assert [d["code"] for d in published[-1]["diagnostics"]] == ["RSC-005"]
    # One run for the open, at most one that the burst overtook: never one per edit.
    assert len(published) <= 3, [p["version"] for p in published]
