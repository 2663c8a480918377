"""Paths as the web app may show them: never a folder of the machine.

:func:`data_roots` lists how the data and templates folders may be spelled in a
message; :func:`show_paths` puts paths inside them relative to them (the templates
folder as ``templates/``) and cuts any other absolute path to its last part.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..source.diagnostics import printable


def show_paths(roots: list[tuple[str, str]], text: str) -> str:
    """``text`` without the machine's folders: paths inside the data folder relative
    to it, inside the templates folder as ``templates/...`` (``roots``), any other
    absolute path cut to its last part (the API never shows where things are on disk)."""
    for root, name in roots:
        text = text.replace(root, name)
    return printable(_ABSOLUTE.sub("", text))


#: An absolute path's folders (``/home/ana/kit/``): dropped, the file's name kept.
_ABSOLUTE = re.compile(r"(?<![\w.~:/-])(?:/[^\s/:'\"()\[\]]+){2,}/(?=[^\s/])")


def data_roots(data_dir: Path) -> list[tuple[str, str]]:
    """(prefix, what to show instead) for the data and templates folders, however the
    paths of a message spell them (as given, absolute, real, relative to here)."""
    from ..source import templates_dir
    from ..source.diagnostics import display_path

    found: list[tuple[str, str]] = []
    for folder, name in ((data_dir, ""), (templates_dir(), "templates/")):
        for spelled in (os.path.realpath(folder), os.path.abspath(folder), str(folder),
                        display_path(folder)):  # fmt: skip
            prefix = spelled.rstrip(os.sep) + os.sep
            if prefix != os.sep and (prefix, name) not in found:
                found.append((prefix, name))
    return sorted(found, key=lambda item: -len(item[0]))
