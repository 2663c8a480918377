"""The kit's files as ``manifest.json`` lists them, for a guide made after the build."""

from __future__ import annotations

import json
from pathlib import Path

from ..files import OutputError, Written


def read_manifest(out_dir: Path) -> list[Written]:
    """The files ``dinokit build`` wrote into ``out_dir``; an OutputError naming the file
    and what is wrong when there is none or it cannot be read."""
    path = out_dir / "manifest.json"
    try:
        body = json.loads(path.read_text(encoding="utf-8"))
        return [
            Written(
                out_dir / entry["file"],
                str(entry["component"]),
                str(entry["language"]),
                str(entry["paper"]),
                int(entry["pages"]),
                str(entry["sha256"]),
            )
            for entry in body["files"]
        ]
    except FileNotFoundError:
        raise OutputError(
            f"{path}: no such file; build the kit first (dinokit build --out {out_dir})"
        ) from None
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise OutputError(
            f"{path}: not a dinokit manifest ({type(exc).__name__}: {exc}); "
            f"build the kit again (dinokit build --out {out_dir})"
        ) from None
