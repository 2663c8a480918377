"""JSON with locations: every valid JSON text accepted, every value knowing its place.

Files a user writes as JSON (a game's moves) are read as JSON, not as YAML: tabs,
long keys and every other valid JSON are accepted, and nothing that is not JSON.
:func:`load_json` first checks the size and the nesting (before any other work), then
lets :func:`json.loads` decide what is JSON (the standard library's parser, with
``NaN`` and ``Infinity`` refused), then walks the text once more, decoding each string
and number with the same decoder, to give every value its line and column as a
:class:`~.located.Scalar`, :class:`~.located.Seq` or :class:`~.located.Map`. A key
given twice is refused at its second place (JSON leaves its meaning open).
"""

from __future__ import annotations

import bisect
import json
import re

from .diagnostics import Location, clipped
from .located import Map, Scalar, Seq, YNode

_SPACE = re.compile(r"[ \t\n\r]*")
_BRACKETS = re.compile(r'[\[\]{}"\\]')


class JsonError(ValueError):
    """Text that is not the JSON asked for; ``loc`` is where."""

    def __init__(self, loc: Location, message: str) -> None:
        super().__init__(f"{loc}: {message}")
        self.loc, self.message = loc, message


def _refuse_constant(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)


def _depth_at(text: str, limit: int) -> int | None:
    """The index of the first bracket nested deeper than ``limit`` (strings skipped),
    or None: a linear scan, so a deep text is refused before the parser recurses."""
    depth, in_string, i = 0, False, 0
    while (m := _BRACKETS.search(text, i)) is not None:
        ch, i = m.group(), m.end()
        if in_string:
            if ch == "\\":
                i += 1  # the escaped character
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return m.start()
        elif ch in "]}":
            depth -= 1
    return None


def load_json(text: str, file: str, max_chars: int, max_depth: int) -> YNode:
    """The located tree of the JSON ``text`` (``file`` names it in messages); JsonError
    when it is longer than ``max_chars``, nested deeper than ``max_depth``, or not JSON."""
    starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def loc(index: int) -> Location:
        line = bisect.bisect_right(starts, index)
        return Location(file, line, index - starts[line - 1] + 1)

    if len(text) > max_chars:
        raise JsonError(Location(file), f"{len(text):,} characters, expected at most {max_chars:,}")
    deep = _depth_at(text, max_depth)
    if deep is not None:
        raise JsonError(loc(deep), f"nested more than {max_depth} deep")
    try:
        _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise JsonError(loc(exc.pos), f"not JSON: {exc.msg}") from None
    except ValueError as exc:  # NaN, Infinity
        raise JsonError(Location(file), f"not JSON: {exc}") from None

    def space(i: int) -> int:
        return _SPACE.match(text, i).end()  # type: ignore[union-attr]

    def value(i: int) -> tuple[YNode, int]:
        i = space(i)
        here = loc(i)
        if text[i] == "[":
            items: list[YNode] = []
            i = space(i + 1)
            while text[i] != "]":
                item, i = value(i)
                items.append(item)
                i = space(i)
                i = space(i + 1) if text[i] == "," else i
            return Seq(tuple(items), here), i + 1
        if text[i] == "{":
            entries: dict = {}
            i = space(i + 1)
            while text[i] != "}":
                key_loc = loc(i)
                key, i = _DECODER.raw_decode(text, i)
                if key in entries:
                    raise JsonError(key_loc, f"key {clipped(key)} given twice")
                i = space(space(i) + 1)  # the colon
                entries[key] = (key_loc, (child := value(i))[0])
                i = space(child[1])
                i = space(i + 1) if text[i] == "," else i
            return Map(entries, here), i + 1
        scalar, end = _DECODER.raw_decode(text, i)
        return Scalar(scalar, here), end

    return value(0)[0]
