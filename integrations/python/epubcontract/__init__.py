"""epubcontract from Python: read EPUB publications as a reading system must, and check them with
EPUBCheck's message IDs.

The wheel carries the ``epubcontract`` binary and the shared libraries it needs; these functions
run it and return its JSON as Python values::

    import epubcontract
    contract = epubcontract.inspect("book.epub")
    contract["metadata"]["title"]
    report = epubcontract.validate("book.epub", usage=True)
    [m["id"] for m in report["messages"]]
    for record in epubcontract.validate_many(["a.epub", "b.epub"], jobs=4):
        print(record["path"], record["status"])
    epubcontract.convert("novel.txt", "novel.epub")

An input the tool cannot use at all (a missing file, an unreadable folder, a text that cannot be
converted) raises :class:`UnusableInputError` with the tool's one-line error. A book that is
merely broken is no error here: ``validate`` reports what is wrong with it, as EPUBCheck does.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from typing import Any, Dict, Iterable, Iterator, List, Optional, Union

from ._binary import BinaryNotFoundError, EpubContractError, binary_path

try:
    from ._version import __version__  # written into the wheel from the binary's own version
except ImportError:  # pragma: no cover - a source checkout without a built wheel
    __version__ = "0+unknown"

__all__ = [
    "EpubContractError",
    "UnusableInputError",
    "BinaryNotFoundError",
    "binary_path",
    "version",
    "inspect",
    "validate",
    "validate_bytes",
    "validate_many",
    "convert",
]

PathLike = Union[str, "os.PathLike[str]"]


class UnusableInputError(EpubContractError):
    """The input could not be used at all (exit status 2): missing, unreadable, not a book or text."""


def version() -> str:
    """The binary's version, which is also this package's."""
    return _run(["--version"]).stdout.strip()


def inspect(path: PathLike) -> Dict[str, Any]:
    """The reader contract of a ``.epub`` file or an unpacked EPUB folder (``inspect --json``).

    A broken but readable book still has a contract, with what could not be read under
    ``"diagnostics"``.
    """
    return json.loads(_run(["inspect", os.fspath(path), "--json"]).stdout)


def validate(
    path: PathLike,
    *,
    usage: bool = False,
    profile: str = "default",
    mode: Optional[str] = None,
    errors_only: bool = False,
    locale: Optional[str] = None,
) -> Dict[str, Any]:
    """Checks one book (``validate --format json``) and returns the report.

    The report holds ``valid``, ``counts`` by severity and ``messages`` (EPUBCheck's IDs, with
    severity, text and places). ``usage`` includes USAGE messages; ``profile`` is one of
    ``default``, ``dict``, ``edupub``, ``idx``, ``preview``; ``mode`` EPUBCheck's ``--mode``
    (``exp``, ``opf``, ``xhtml``, ``svg``, ``nav``, ``mo``); ``locale`` ``en``, ``zh-Hans`` or ``ja``
    for the messages' ``localizedMessage``.
    """
    arguments = ["validate", os.fspath(path), "--format", "json"] + _switches(usage, profile, mode, errors_only, locale)
    return json.loads(_run(arguments, ok=(0, 1)).stdout)


def validate_bytes(
    data: bytes,
    name: str,
    *,
    usage: bool = False,
    profile: str = "default",
    errors_only: bool = False,
    locale: Optional[str] = None,
) -> Dict[str, Any]:
    """Checks one ``.epub`` given as bytes (``validate --stdin-book NAME``), reported as ``name``.

    For books that are no local file: object storage, a database, Spark's ``binaryFiles``.
    """
    arguments = ["validate", "--stdin-book", name, "--format", "json"] + _switches(usage, profile, None, errors_only, locale)
    return json.loads(_run(arguments, ok=(0, 1), data=data).stdout)


def validate_many(
    paths: Iterable[PathLike],
    *,
    jobs: Optional[int] = None,
    usage: bool = False,
    profile: str = "default",
    recursive: bool = False,
    timeout: Optional[float] = None,
    locale: Optional[str] = None,
) -> Iterator[Dict[str, Any]]:
    """Checks many books, each in a worker process (``validate @LIST --jsonl -``), and yields one
    record per book as it finishes (not in input order).

    A path may be a book or a folder of books (``recursive`` looks in subfolders). Each record has
    ``path``, ``size``, ``sha256``, ``status`` (``clean``, ``warnings``, ``errors``, ``unusable``,
    ``timeout``, ``crashed``, ``memory``), ``exitCode``, ``counts`` and ``messages``; a book that
    hangs past ``timeout`` seconds or crashes is recorded and the run goes on.
    """
    listed = [os.fspath(p) for p in paths]
    if any("\n" in p for p in listed):
        raise ValueError("a path with a line break cannot be checked in a batch")
    if not listed:
        return
    with tempfile.NamedTemporaryFile("w", suffix=".txt", encoding="utf-8", delete=False) as listing:
        listing.write("".join(p + "\n" for p in listed))
    try:
        arguments = ["validate", "@" + listing.name, "--jsonl", "-", "-q"] + _switches(usage, profile, None, False, locale)
        if jobs is not None:
            arguments += ["--jobs", str(jobs)]
        if recursive:
            arguments.append("-r")
        if timeout is not None:
            arguments += ["--timeout", str(timeout)]
        yield from _stream(arguments)
    finally:
        os.unlink(listing.name)


def convert(
    txt: PathLike,
    out: PathLike,
    *,
    title: Optional[str] = None,
    author: Optional[str] = None,
    language: Optional[str] = None,
    encoding: Optional[str] = None,
    vertical: bool = False,
    to: str = "epub",
) -> Dict[str, Any]:
    """Turns a plain-text novel into an EPUB 3 file (or, with ``to="xhtml"``, a folder) at ``out``.

    Returns what was found (``convert --json``): the encoding and how sure the guess was, the
    language, title, author and chapters. The output is written whole or not at all.
    """
    arguments = ["convert", os.fspath(txt), "-o", os.fspath(out), "--to", to, "--json"]
    for option, value in (("--title", title), ("--author", author), ("--language", language), ("--encoding", encoding)):
        if value is not None:
            arguments += [option, value]
    if vertical:
        arguments.append("--vertical")
    return json.loads(_run(arguments).stdout)


def _switches(usage: bool, profile: str, mode: Optional[str], errors_only: bool, locale: Optional[str]) -> List[str]:
    switches = ["--profile", profile]
    if usage:
        switches.append("-u")
    if mode is not None:
        switches += ["--mode", mode]
    if errors_only:
        switches.append("-e")
    if locale is not None:
        switches += ["--locale", locale]
    return switches


def _run(arguments: List[str], ok: Iterable[int] = (0,), data: Optional[bytes] = None) -> "subprocess.CompletedProcess[str]":
    command = [binary_path()] + arguments
    run = subprocess.run(command, input=data, capture_output=True)
    if run.returncode not in tuple(ok):
        raise _failure(command, run.returncode, run.stderr.decode("utf-8", "replace"))
    return subprocess.CompletedProcess(command, run.returncode, run.stdout.decode("utf-8"), run.stderr.decode("utf-8", "replace"))


def _stream(arguments: List[str]) -> Iterator[Dict[str, Any]]:
    command = [binary_path()] + arguments
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        seen = 0
        for line in process.stdout:
            if line.strip():
                seen += 1
                yield json.loads(line)
        error = process.stderr.read().decode("utf-8", "replace")
        returncode = process.wait()
    # 0, 1 and 2 are the books' verdicts; a run with no record at all was refused as a whole.
    if seen == 0 and returncode != 0:
        raise _failure(command, returncode, error)


def _failure(command: List[str], returncode: int, stderr: str) -> EpubContractError:
    # The tool's one line ("epubcontract: …", or the argument parser's "Error: …" before its usage).
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    message = next((l for l in lines if l.startswith(("epubcontract: ", "Error: "))), lines[0] if lines else "")
    message = message.split(": ", 1)[1] if message.startswith(("epubcontract: ", "Error: ")) else message
    message = message or f"epubcontract exited with status {returncode}"
    kind = UnusableInputError if returncode == 2 else EpubContractError
    return kind(message, returncode, command)
