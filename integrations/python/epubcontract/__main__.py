"""The ``epubcontract`` command that the wheel installs: it becomes the bundled binary (exec), so
exit statuses, signals and standard streams are the binary's own."""

from __future__ import annotations

import os
import sys

from ._binary import EpubContractError, binary_path


def main() -> None:
    try:
        binary = binary_path()
    except EpubContractError as error:
        sys.stderr.write(f"epubcontract: {error.message}\n")
        sys.exit(2)
    os.execv(binary, [binary] + sys.argv[1:])


if __name__ == "__main__":
    main()
