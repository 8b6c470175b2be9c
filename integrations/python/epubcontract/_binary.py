"""Where the ``epubcontract`` binary is: in this package (the wheel puts it in ``_bin/``, with the
shared libraries it needs beside the package, found through its RPATH), or where
``EPUBCONTRACT_BINARY`` points (a build of your own)."""

from __future__ import annotations

import os
from typing import List


class EpubContractError(Exception):
    """The tool could not do what was asked. ``message`` is its one-line error, ``returncode`` its exit status."""

    def __init__(self, message: str, returncode: int, command: List[str]) -> None:
        super().__init__(message)
        self.message = message
        self.returncode = returncode
        self.command = command


class BinaryNotFoundError(EpubContractError):
    """The ``epubcontract`` binary is neither in this package nor where ``EPUBCONTRACT_BINARY`` points."""


def binary_path() -> str:
    """The path of the ``epubcontract`` binary this package runs."""
    chosen = os.environ.get("EPUBCONTRACT_BINARY")
    path = chosen or os.path.join(os.path.dirname(os.path.abspath(__file__)), "_bin", "epubcontract")
    if not os.access(path, os.X_OK):
        where = "EPUBCONTRACT_BINARY" if chosen else "this package"
        raise BinaryNotFoundError(f"{path}: no epubcontract binary here ({where}); install the wheel, or set "
                                  "EPUBCONTRACT_BINARY to a build of your own", 127, [path])
    return path
