"""`dinokit --help` starts at once: the command line imports none of the heavy stages."""

from __future__ import annotations

import subprocess
import sys

#: What loading the commands must not import (each command imports its stages itself).
HEAVY = ("dinokit.games", "dinokit.products", "dinokit.layout", "dinokit.render",
         "yaml", "reportlab", "numpy", "fontTools", "starlette")  # fmt: skip


def test_listing_the_commands_imports_no_heavy_stage() -> None:
    code = (
        f"import sys, dinokit.cli; print(sorted(m for m in sys.modules if m.startswith({HEAVY!r})))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", f"imported at start-up: {done.stdout}"
