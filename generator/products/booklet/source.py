"""Booklet sources: the structure of each game's booklet and each language's texts.

templates/booklets/<game>.yaml holds the blocks (shared by all languages);
templates/booklets/<game>/<lang>.yaml holds that language's texts. Both are read
with locations, so every problem can be reported with file and line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...source import message, templates_dir
from ...source import schema as s
from ...source.diagnostics import Diagnostics, Location, display_path
from ...source.located import Map, Scalar, Seq, YNode, load_file

BLOCK_KINDS = (
    "cover",
    "heading",
    "subheading",
    "text",
    "bullets",
    "numbered",
    "table",
    "diagram",
    "example",
    "pagebreak",
    "optional",
)
#: The texts an ``optional`` block may print (its rules come from the data: what
#: :mod:`.optional` prints, only for the variants the data marks ``booklet: true``).
OPTIONAL_KEYS = {
    "variants": (
        "optional_title", "optional_intro",
        "optional_placement_title", "optional_placement",
        "optional_first_forward", "optional_first_reverse",
        "optional_second_forward", "optional_second_reverse",
        "optional_points_title", "optional_points",
        "optional_points_two", "optional_points_three", "optional_points_four",
    ),
}  # fmt: skip
TABLE_HEADERS = {
    "species": ("table_species", "table_positions", "table_complete"),
    "dice": ("table_face", "table_shapes", "table_dig_type"),
    "bonuses": ("table_bonus", "table_limit", "table_effect"),
}
FIXED_KEYS = ("contents_title",)  # texts every booklet uses besides its blocks
PLACEHOLDER_RE = re.compile(r"\{([a-z_]+)\}")


@dataclass(frozen=True)
class Block:
    kind: str
    keys: tuple[str, ...] = ()  # text keys it shows
    ref: str = ""  # table or diagram id
    loc: Location = field(default=Location(""), compare=False)


@dataclass(frozen=True)
class Structure:
    game: str
    blocks: tuple[Block, ...]
    path: Path

    def text_keys(self) -> list[str]:
        keys: list[str] = list(FIXED_KEYS)
        for block in self.blocks:
            keys += block.keys
            if block.kind == "table":
                keys += TABLE_HEADERS.get(block.ref, ())
        return list(dict.fromkeys(keys))


@dataclass(frozen=True)
class Texts:
    game: str
    lang: str
    texts: dict[str, str]
    locs: dict[str, Location]
    path: Path
    loc: Location


def booklets_dir() -> Path:
    """templates/booklets of the templates folder in use (``--templates``)."""
    return templates_dir() / "booklets"


def __getattr__(name: str) -> Path:
    if name == "TEMPLATES":  # the folder in use, read when asked for
        return booklets_dir()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def placeholders(text: str) -> set[str]:
    """The placeholders ``text`` uses, plainly or as a plural's count (see
    :mod:`generator.source.message`)."""
    return message.names(text)


def _stamp(path: Path) -> tuple[Path, int, int] | None:
    """What identifies a file's content cheaply: path, modification time and size."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (path, info.st_mtime_ns, info.st_size)


#: Files read cleanly, by :func:`_stamp`: every booklet job reads the same texts
#: (worker processes are forked after validate read them, so they start with these).
_CLEAN: dict[tuple[Path, int, int], Any] = {}


def _cached(path: Path, diags: Diagnostics, read: Callable[[Diagnostics], Any]) -> Any:
    """``read(diags)``, or what it gave last time for this very file when that was clean."""
    stamp = _stamp(path)
    if stamp is not None and stamp in _CLEAN:
        return _CLEAN[stamp]
    mine = Diagnostics()
    value = read(mine)
    diags.extend(mine)
    if stamp is not None and not list(mine) and value is not None:
        _CLEAN[stamp] = value
    return value


def load_structure(game: str, diags: Diagnostics, root: Path | None = None) -> Structure | None:
    """The blocks of a game's booklet (``root``: default the booklets folder in use)."""
    path = (root or booklets_dir()) / f"{game}.yaml"
    return _cached(path, diags, lambda mine: _read_structure(game, path, mine))


def _read_structure(game: str, path: Path, diags: Diagnostics) -> Structure | None:
    node = load_file(path, diags)
    if node is None:
        return None
    rec = s.read_record(node, f"booklet {game}", (s.Field("blocks", s.seq_of(s.any_node)),), diags)
    if rec is None:
        return None
    blocks = [b for b in (_block(n, game, diags) for n, _ in rec["blocks"]) if b is not None]
    return Structure(game, tuple(blocks), path)


def _block(node: YNode, game: str, diags: Diagnostics) -> Block | None:
    if not isinstance(node, Map) or not node.entries:
        diags.error("E-TYPE", node.loc, f"booklet {game}: a block is a mapping like 'text: key'")
        return None
    kind = next(iter(node.entries))
    value = node.entries[kind][1]
    if kind not in BLOCK_KINDS:
        diags.error(
            "E-CHOICE",
            node.key_loc(kind),
            f"booklet {game}: unknown block {kind!r}, expected one of: {', '.join(BLOCK_KINDS)}",
        )
        return None
    if kind in ("heading", "subheading", "text", "example"):
        key = s.ident_key(value, f"booklet {game}: {kind}", diags)
        return Block(kind, (key,), loc=node.loc) if key else None
    if kind in ("bullets", "numbered"):
        if not isinstance(value, Seq):
            diags.error("E-TYPE", value.loc, f"booklet {game}: {kind} is a list of text keys")
            return None
        listed = [s.ident_key(v, f"booklet {game}: {kind}", diags) for v in value.items]
        return Block(kind, tuple(k for k in listed if k), loc=node.loc)
    if kind in ("table", "diagram"):
        ref = s.ident_key(value, f"booklet {game}: {kind}", diags)
        caption = node.get("caption")
        keys: tuple[str, ...] = ()
        if caption is not None:
            cap = s.ident_key(caption, f"booklet {game}: caption", diags)
            keys = (cap,) if cap else ()
        return Block(kind, keys, ref or "", loc=node.loc) if ref else None
    if kind == "optional":
        ref = s.ident_key(value, f"booklet {game}: optional", diags)
        if ref is not None and ref not in OPTIONAL_KEYS:
            diags.error(
                "E-CHOICE",
                value.loc,
                f"booklet {game}: optional {ref!r}, expected one of: {', '.join(OPTIONAL_KEYS)}",
            )
            return None
        return Block(kind, OPTIONAL_KEYS[ref], ref, loc=node.loc) if ref else None
    if kind == "cover":
        cover: list[str] = []
        if isinstance(value, Map):
            for part in ("tagline", "facts", "credit"):  # in this order, under the art
                if part in value:
                    key = s.ident_key(
                        value.entries[part][1], f"booklet {game}: cover {part}", diags
                    )
                    if key:
                        cover.append(key)
        return Block(kind, tuple(cover), loc=node.loc)
    return Block(kind, loc=node.loc)  # pagebreak


def load_texts(game: str, lang: str, diags: Diagnostics, root: Path | None = None) -> Texts | None:
    """One language's texts of a game's booklet (``root`` as in :func:`load_structure`)."""
    path = (root or booklets_dir()) / game / f"{lang}.yaml"
    return _cached(path, diags, lambda mine: _read_texts(game, lang, path, mine))


def _read_texts(game: str, lang: str, path: Path, diags: Diagnostics) -> Texts | None:
    if not path.exists():
        diags.error(
            "E-BOOK-MISSING",
            Location(display_path(path)),
            f"language {lang} has no booklet texts for {game} (expected this file; "
            f"copy templates/booklets/{game}/en.yaml and translate it)",
        )
        return None
    node = load_file(path, diags)
    if node is None:
        return None
    rec = s.read_record(
        node, f"booklet texts {game}/{lang}", (s.Field("texts", s.any_node),), diags
    )
    mapping = s.as_map(rec["texts"], "texts", diags) if rec else None
    if mapping is None:
        return None
    texts: dict[str, str] = {}
    locs: dict[str, Location] = {}
    for key, child in mapping.items():
        value = s.text(child, f"{game}/{lang}: {key}", diags)
        if value is not s.INVALID:
            texts[str(key)] = value
            locs[str(key)] = child.loc
    assert rec is not None  # a record is read whenever its mapping is
    return Texts(game, lang, texts, locs, path, rec.key_where("texts"))


__all__ = [
    "Block",
    "booklets_dir",
    "Structure",
    "Texts",
    "load_structure",
    "load_texts",
    "placeholders",
    "PLACEHOLDER_RE",
    "Scalar",
]
