"""The kit's named colours, as the print-shop products draw with them: the colours the
shipped data gives (eras, species, player colours) and the named colours of the code
that draws tiles, tokens, the player aid and the pad sheets. The preflight reports how
each of them prints (:mod:`.preflight`); colours mixed from two of them are not named.
"""

from __future__ import annotations

import functools
from types import ModuleType

import yaml

from ...source import DEFAULT_DATA_DIR

GAME = "digging-for-dinos"


def _constants(module: ModuleType, prefix: str) -> list[tuple[str, str]]:
    return [
        (f"{prefix}{name}", value.lower())
        for name, value in vars(module).items()
        if name.isupper() and isinstance(value, str) and value.startswith("#") and len(value) == 7
    ]


@functools.cache
def kit_palette() -> dict[str, str]:
    """Name -> '#rrggbb' of every named colour (a colour named twice: the first name)."""
    from ..dinos import aid, colours
    from ..paleo.sheet import style

    folder = DEFAULT_DATA_DIR / GAME
    named: list[tuple[str, str]] = []
    eras = yaml.safe_load((folder / "eras.yaml").read_text(encoding="utf-8"))["eras"]
    named += [(f"era {era['era']}", str(era["colour"]).lower()) for era in eras]
    species = yaml.safe_load((folder / "species.yaml").read_text(encoding="utf-8"))["species"]
    named += [(str(s["id"]), str(s["colour"]).lower()) for s in species]
    rules = yaml.safe_load((folder / "rules.yaml").read_text(encoding="utf-8"))
    named += [(f"player {n}", str(c).lower()) for n, c in enumerate(rules["player_colours"], 1)]
    named += _constants(colours, "")
    named += _constants(aid, "aid ")
    named += _constants(style, "pad ")
    palette: dict[str, str] = {}
    for name, hex_colour in named:
        if hex_colour not in palette.values():
            palette[name] = hex_colour
    return palette
