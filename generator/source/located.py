"""YAML with locations: safe_load semantics, but every value knows where it came from.

PyYAML's ``safe_load`` forgets positions and lets a duplicate key silently win. Here
the document is composed into nodes with :class:`yaml.SafeLoader` (so only the safe
tags exist) and turned into a small tree of :class:`Scalar`, :class:`Seq` and
:class:`Map`, each carrying its :class:`Location`. Duplicate keys, unknown tags,
recursive aliases and alias "billion laughs" expansions become diagnostics, and so
does anything hostile: a file that is not a regular file or is too large, bytes that
are not UTF-8, characters YAML forbids (even in comments), nesting too deep for a
person to write, explicit tags whose value does not parse, and texts that carry
control characters or lone surrogates (they would break SVG and terminals).
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import ConstructorError
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .confine import OutsideFolder, check_inside
from .diagnostics import Diagnostics, Location, clipped, display_path

#: Most nodes one document may expand to once aliases are followed. The shipped
#: data has a few thousand; anything near this limit is an alias bomb, not data.
MAX_NODES = 100_000

#: The largest data file read; the shipped ones are at most 31 KB (the sign-offs). A
#: bound well above them that stops early: an era of 90,000 tiles (2.4 MB) took 8 CPU
#: seconds to parse before its length was refused.
MAX_FILE_BYTES = 1024 * 1024
#: Deepest nesting of lists and mappings; the shipped data needs 5.
MAX_DEPTH = 40

#: Characters a YAML stream may not contain (YAML 1.1 "printable" excluded).
_NOT_YAML = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
#: Characters refused inside a text value: controls other than tab and newline,
#: DEL and C1 controls, lone surrogates, and the two non-characters U+FFFE/U+FFFF.
_NOT_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")
_BOMS = ((b"\xff\xfe\x00\x00", "UTF-32"), (b"\x00\x00\xfe\xff", "UTF-32"),
         (b"\xff\xfe", "UTF-16"), (b"\xfe\xff", "UTF-16"))  # fmt: skip

MAP_TAG = "tag:yaml.org,2002:map"
SEQ_TAG = "tag:yaml.org,2002:seq"


@dataclass(frozen=True)
class Scalar:
    value: Any
    loc: Location

    @property
    def kind(self) -> str:
        return _kind_name(self.value)


@dataclass(frozen=True)
class Seq:
    items: tuple[YNode, ...]
    loc: Location
    kind = "list"


@dataclass(frozen=True)
class Map:
    """A mapping; ``entries`` maps each key to (location of the key, value node)."""

    entries: dict[Any, tuple[Location, YNode]] = field(default_factory=dict)
    loc: Location = Location("")
    kind = "mapping"

    def get(self, key: Any) -> YNode | None:
        entry = self.entries.get(key)
        return entry[1] if entry else None

    def key_loc(self, key: Any) -> Location:
        entry = self.entries.get(key)
        return entry[0] if entry else self.loc

    def __contains__(self, key: Any) -> bool:
        return key in self.entries

    def items(self) -> list[tuple[Any, YNode]]:
        return [(k, v) for k, (_, v) in self.entries.items()]


YNode = Scalar | Seq | Map


def _kind_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return type(value).__name__


def _loc(file: str, node: Node | yaml.Event) -> Location:
    mark = node.start_mark
    if mark is None:
        return Location(file)
    return Location(file, mark.line + 1, mark.column + 1)


def _line_col(raw: bytes | str, index: int) -> tuple[int, int]:
    newline = b"\n" if isinstance(raw, bytes) else "\n"
    line = raw[:index].count(newline) + 1  # type: ignore[arg-type]
    return line, index - (raw.rfind(newline, 0, index) + 1) + 1  # type: ignore[arg-type]


def _read_bytes(path: Path) -> bytes:
    """The file's bytes, from a regular file of at most MAX_FILE_BYTES only, inside the
    folder being loaded (:func:`confined_to`).

    Raises OSError for anything else, with a message saying why, before reading: a
    FIFO would block forever and a link to /dev/zero would never end.
    """
    check_inside(path)
    info = os.stat(path)  # follows links: what matters is what would be read
    if stat.S_ISDIR(info.st_mode):
        raise IsADirectoryError(path)
    if not stat.S_ISREG(info.st_mode):
        raise OSError(0, "not a regular file (a FIFO, device or socket), expected a YAML file")
    if info.st_size > MAX_FILE_BYTES:
        raise OSError(
            0, f"{info.st_size} bytes, more than the {MAX_FILE_BYTES} a data file may have"
        )
    with open(path, "rb") as handle:
        raw = handle.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:  # it grew while we looked
        raise OSError(0, f"more than the {MAX_FILE_BYTES} bytes a data file may have")
    return raw


def read_text(path: Path, diags: Diagnostics) -> str | None:
    """Read a data file as UTF-8 text, reporting missing, unreadable and binary files."""
    shown = display_path(path)
    try:
        raw = _read_bytes(path)
    except FileNotFoundError:
        diags.error("E-FILE-MISSING", Location(shown), "file not found (expected a YAML file)")
        return None
    except IsADirectoryError:
        diags.error("E-FILE-UNREADABLE", Location(shown), "is a directory, expected a YAML file")
        return None
    except OutsideFolder as exc:
        diags.error("E-FILE-OUTSIDE", Location(shown), str(exc.strerror))
        return None
    except OSError as exc:
        reason = exc.strerror or str(exc)
        diags.error("E-FILE-UNREADABLE", Location(shown), f"cannot read file: {reason}")
        return None
    for bom, encoding in _BOMS:
        if raw.startswith(bom):
            diags.error(
                "E-FILE-BINARY",
                Location(shown, 1, 1),
                f"{encoding} text (it starts with a byte-order mark), expected UTF-8: "
                "save the file as UTF-8",
            )
            return None
    if b"\x00" in raw:
        line, column = _line_col(raw, raw.index(b"\x00"))
        diags.error(
            "E-FILE-BINARY",
            Location(shown, line, column),
            "a NUL byte: binary file, expected UTF-8 YAML text",
        )
        return None
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line, column = _line_col(raw, exc.start)
        diags.error(
            "E-FILE-BINARY",
            Location(shown, line, column),
            f"byte 0x{raw[exc.start]:02x} is not UTF-8, expected UTF-8 YAML text",
        )
        return None


def load_file(path: str | os.PathLike[str], diags: Diagnostics) -> YNode | None:
    """Load one YAML file into located nodes; None when it cannot be used at all."""
    path = Path(path)
    text = read_text(path, diags)
    if text is None:
        return None
    return load_text(text, display_path(path), diags)


def _check_characters(text: str, file: str, diags: Diagnostics) -> bool:
    bad = _NOT_YAML.search(text)
    if bad is None:
        return True
    line, column = _line_col(text, bad.start())
    diags.error(
        "E-YAML-CHAR",
        Location(file, line, column),
        f"character U+{ord(bad.group()):04X} is not allowed in a YAML file (not even in a "
        "comment); delete it or write it as an escape in a double-quoted string",
    )
    return False


#: libyaml's parser where PyYAML has it: the depth check then costs a thirtieth.
_FAST_EVENTS = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _check_depth(text: str, file: str, diags: Diagnostics, loader: type = _FAST_EVENTS) -> bool:
    """Nesting no deeper than MAX_DEPTH (the composer would overflow Python's stack)."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    diags.error(
                        "E-YAML-DEPTH",
                        _loc(file, event),
                        f"lists and mappings nested more than {MAX_DEPTH} levels deep, "
                        "expected data a person can read (the shipped data nests 5)",
                    )
                    return False
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        if loader is not yaml.SafeLoader:  # the composer's own parser decides what it reads
            return _check_depth(text, file, diags, yaml.SafeLoader)
        return True  # the composer below reports it with its location
    return True


def load_text(text: str, file: str, diags: Diagnostics) -> YNode | None:
    if not _check_characters(text, file, diags) or not _check_depth(text, file, diags):
        return None
    loader: Any = _FAST_EVENTS(text)  # libyaml where PyYAML has it: a tenth of the time
    try:
        node = loader.get_single_node()
    except Exception:  # noqa: BLE001 - a YAML error, or libyaml failing on an empty stream
        node = None
    if node is None:  # errors and empty files as PyYAML's own parser words them
        loader.dispose()
        loader = yaml.SafeLoader(text)
    try:
        if node is None:
            node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        loc = Location(file, mark.line + 1, mark.column + 1) if mark else Location(file)
        problem = exc.problem or str(exc)
        context = ""
        if exc.context:
            started = exc.context_mark
            at = (
                f" started at line {started.line + 1}, column {started.column + 1}"
                if started
                else ""
            )
            context = f" ({exc.context}{at})"
        diags.error("E-YAML-SYNTAX", loc, f"YAML syntax error: {problem}{context}")
        return None
    except yaml.YAMLError as exc:
        diags.error("E-YAML-SYNTAX", Location(file), f"YAML error: {exc}")
        return None
    if node is None:
        diags.error("E-YAML-EMPTY", Location(file, 1, 1), "file is empty, expected a mapping")
        return None
    converter = _Converter(file, loader, diags)
    try:
        return converter.convert(node)
    except _AliasBomb as bomb:
        diags.error("E-YAML-ALIAS", bomb.loc, bomb.message)
        return None
    finally:
        loader.dispose()


class _AliasBomb(Exception):
    def __init__(self, loc: Location, message: str) -> None:
        self.loc = loc
        self.message = message


class _Converter:
    def __init__(self, file: str, loader: Any, diags: Diagnostics) -> None:
        self.file = file
        self.loader = loader
        self.diags = diags
        self.count = 0
        self.active: set[int] = set()

    def convert(self, node: Node) -> YNode:
        self.count += 1
        loc = _loc(self.file, node)
        if self.count > MAX_NODES:
            raise _AliasBomb(
                loc, f"document expands to more than {MAX_NODES} values (an alias bomb?)"
            )
        if id(node) in self.active:
            raise _AliasBomb(loc, "recursive alias: a value contains itself")
        if isinstance(node, ScalarNode):
            return Scalar(self._scalar(node, loc), loc)
        self.active.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                self._check_tag(node, SEQ_TAG, loc)
                return Seq(tuple(self.convert(child) for child in node.value), loc)
            assert isinstance(node, MappingNode)
            self._check_tag(node, MAP_TAG, loc)
            return self._mapping(node, loc)
        finally:
            self.active.discard(id(node))

    def _check_tag(self, node: Node, expected: str, loc: Location) -> None:
        if node.tag != expected:
            self.diags.error("E-YAML-TAG", loc, f"tag {node.tag!r} is not allowed here")

    def _scalar(self, node: ScalarNode, loc: Location) -> Any:
        try:
            value = self.loader.construct_object(node, deep=True)
        except ConstructorError as exc:
            self.diags.error("E-YAML-TAG", loc, f"cannot read value: {exc.problem}")
            return None
        except (ValueError, KeyError, AttributeError, TypeError, OverflowError, IndexError):
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            self.diags.error(
                "E-YAML-TAG",
                loc,
                f"cannot read {clipped(node.value)} as {tag}, expected a value of that type "
                "(or leave the tag out)",
            )
            return None
        if isinstance(value, str):
            bad = _NOT_TEXT.search(value)
            if bad is not None:
                self.diags.error(
                    "E-TEXT-CHAR",
                    loc,
                    f"text {clipped(value)} holds the control character or lone surrogate "
                    f"U+{ord(bad.group()):04X}, expected printable text",
                )
                return value[: bad.start()] + "\ufffd" + _NOT_TEXT.sub("\ufffd", value[bad.end() :])
        return value

    def _mapping(self, node: MappingNode, loc: Location) -> Map:
        first_seen: dict[Any, Location] = {}
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self._key(key_node)
            key_loc = _loc(self.file, key_node)
            if key in first_seen:
                self.diags.error(
                    "E-YAML-DUPLICATE-KEY",
                    key_loc,
                    f"duplicate key {key!r}: first defined at line {first_seen[key].line}, "
                    "a key may appear only once in a mapping",
                )
            else:
                first_seen[key] = key_loc
        try:
            self.loader.flatten_mapping(node)  # resolve '<<' merge keys as safe_load does
        except ConstructorError as exc:
            self.diags.error("E-YAML-TAG", loc, f"bad merge key: {exc.problem}")
        entries: dict[Any, tuple[Location, YNode]] = {}
        for key_node, value_node in node.value:
            key = self._key(key_node)
            if key is _UNHASHABLE:
                self.diags.error(
                    "E-YAML-KEY", _loc(self.file, key_node), "a key must be a plain value"
                )
                continue
            entries[key] = (_loc(self.file, key_node), self.convert(value_node))
        return Map(entries, loc)

    def _key(self, key_node: Node) -> Any:
        if not isinstance(key_node, ScalarNode):
            return _UNHASHABLE
        value = self._scalar(key_node, _loc(self.file, key_node))
        try:
            hash(value)
        except TypeError:
            return _UNHASHABLE
        return value


_UNHASHABLE = object()
