"""Hostile data files: every one is refused with a located message, none crashes or hangs."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest
import yaml

from dinokit.source.diagnostics import Diagnostics
from dinokit.source.located import MAX_DEPTH, MAX_FILE_BYTES, _check_depth, load_file, load_text


def problems(text: str) -> list[tuple[str, int, int, str]]:
    diags = Diagnostics()
    load_text(text, "t.yaml", diags)
    return [(d.code, d.location.line, d.location.column, d.format()) for d in diags]


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("a: 1\n# a bell \x07 in a comment\n", 2, 10),
        ("a: x\x7fy\n", 1, 5),  # DEL
        ("a: 1\nb: \x1b[31m\n", 2, 4),  # a raw escape sequence
        ("a: \x85ok\x0c\n", 1, 7),  # form feed (NEL is allowed)
    ],
)
def test_characters_yaml_forbids_are_located(text: str, line: int, column: int) -> None:
    [(code, at_line, at_column, message)] = problems(text)
    assert (code, at_line, at_column) == ("E-YAML-CHAR", line, column)
    assert "\x1b" not in message and "\x07" not in message


@pytest.mark.parametrize(
    "text",
    [
        "[" * 500 + "]" * 500,
        "".join(f"{'  ' * i}k{i}:\n" for i in range(300)) + "  " * 300 + "end: 1\n",
        "a: &x [" * 60 + "1" + "]" * 60,
    ],
)
def test_deep_nesting_is_refused_not_a_recursion_error(text: str) -> None:
    found = problems(text)
    assert [c for c, *_ in found] == ["E-YAML-DEPTH"]
    assert found[0][1] >= 1 and f"{MAX_DEPTH} levels" in found[0][3]


@pytest.mark.parametrize(
    "text",
    [
        "x: " + "[" * 60 + "]" * 60,
        "k:\n" + "".join(f"{'  ' * i}k{i}:\n" for i in range(1, 60)) + "  " * 60 + "v: 1\n",
        "- " * 50 + "x\n",
        "{a: " * 45 + "1" + "}" * 45,
        "a: [" * 30 + "\n  b: {" * 20,  # deep, then broken
    ],
)
def test_the_fast_depth_check_finds_what_the_composers_parser_finds(text: str) -> None:
    """libyaml's events (the fast check) name the same place as PyYAML's own parser."""
    found = []
    for loader in (yaml.CSafeLoader, yaml.SafeLoader):
        diags = Diagnostics()
        _check_depth(text, "t.yaml", diags, loader)
        found.append([(d.code, d.location.line, d.location.column) for d in diags])
    assert found[0] == found[1] and found[0][0][0] == "E-YAML-DEPTH"


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("a: !!int abc\n", "!!int"),
        ("a: !!float x\n", "!!float"),
        ("a: !!bool maybe\n", "!!bool"),
        ("a: !!timestamp nope\n", "!!timestamp"),
        ("a: !!float 1e\n", "!!float"),
    ],
)
def test_explicit_tags_with_bad_values(text: str, tag: str) -> None:
    [(code, line, column, message)] = problems(text)
    assert (code, line, column) == ("E-YAML-TAG", 1, 4)
    assert tag in message


@pytest.mark.parametrize(
    "text",
    [
        'a: "bell \\a here"\n',
        'a: "\\e[2J wipe"\n',
        '"\\udc80": lone surrogate key\n',
        'a: "\\ud83d half an emoji"\n',
        'a: "\\x9b C1"\n',
    ],
)
def test_control_characters_inside_texts_are_refused(text: str) -> None:
    found = problems(text)
    assert [c for c, *_ in found] == ["E-TEXT-CHAR"]
    message = found[0][3]
    message.encode("utf-8")  # printable and encodable: no lone surrogate survives
    assert message.isprintable()


def test_tabs_newlines_and_every_script_are_fine() -> None:
    assert problems('a: "tab\\there"\nb: |\n  two\n  lines\nc: 한국어 é ü ß 日本語 🦕\n') == []


def _load(path: Path) -> list[str]:
    diags = Diagnostics()
    load_file(path, diags)
    return [d.format() for d in diags]


def test_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "species.yaml"
    os.mkfifo(fifo)
    result: list[list[str]] = []
    reader = threading.Thread(target=lambda: result.append(_load(fifo)), daemon=True)
    reader.start()
    reader.join(timeout=10)
    assert not reader.is_alive(), "reading a FIFO hung"
    [message] = result[0]
    assert "E-FILE-UNREADABLE" in message and "not a regular file" in message


def test_a_link_to_an_endless_device_is_refused(tmp_path: Path) -> None:
    link = tmp_path / "dice.yaml"
    link.symlink_to("/dev/zero")
    [message] = _load(link)
    assert "dice.yaml" in message and "not a regular file" in message


def test_a_huge_file_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "eras.yaml"
    with open(big, "wb") as handle:
        handle.truncate(MAX_FILE_BYTES + 1)
    [message] = _load(big)
    assert "E-FILE-UNREADABLE" in message and str(MAX_FILE_BYTES) in message


def test_binary_files_say_where(tmp_path: Path) -> None:
    nul = tmp_path / "a.yaml"
    nul.write_bytes(b"a: 1\nb: x\x00y\n")
    [message] = _load(nul)
    assert message.endswith(
        "a.yaml:2:5: error[E-FILE-BINARY]: a NUL byte: binary file, expected UTF-8 YAML text"
    )
    utf16 = tmp_path / "b.yaml"
    utf16.write_bytes("a: 1\n".encode("utf-16"))
    [message] = _load(utf16)
    assert ":1:1: error[E-FILE-BINARY]: UTF-16 text" in message


def test_a_list_too_long_is_refused_before_its_items_are_read(tmp_path) -> None:
    """An era of 90,000 tiles ran past 20 s of validate: now a file over 1 MiB is refused
    unread, and a long list under it at its line before any item is checked."""
    import shutil

    from conftest import run

    from dinokit.source import DEFAULT_DATA_DIR

    data = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA_DIR, data)
    eras = data / "digging-for-dinos" / "eras.yaml"
    text = eras.read_text(encoding="utf-8")
    at = text.index("      - tyrannosaurus/skull\n")
    eras.write_text(text[:at] + "      - tyrannosaurus/skull\n" * 1200 + text[at:], "utf-8")
    result = run("validate", "--data", str(data))
    assert result.exit_code == 1
    assert "eras.yaml:13:7: error[E-LENGTH]: era: tiles: 1,236 items, expected at most 1,000" in (
        result.output
    )
