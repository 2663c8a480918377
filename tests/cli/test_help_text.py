"""Every command's --help says only what is true of that command.

Each command and subcommand of the ``dinokit`` group is rendered with ``--help`` (wide,
so that no line is wrapped inside a code or an option's name), and its text is checked:

- every sheet code shown (``PAL-...``) is one the code parser accepts;
- every option named is one the command has (or, after ``dinokit OTHER``, one that
  command has; after "every command", one every data command has);
- every option has a help text, and defaults are written one way: Click's
  ``[default: ...]`` (``show_default``), never by hand in the help text.
"""

from __future__ import annotations

import re

import click
import pytest
from click.testing import CliRunner

from dinokit.cli import main
from dinokit.games.paleo.pads import CodeError, decode_code
from dinokit.games.paleo.rolls import read_code

WIDE = 10_000  # no line of the help is wrapped


def _walk(command: click.Command, path: tuple[str, ...]):
    yield path, command
    if isinstance(command, click.Group):
        for name in sorted(command.commands):
            yield from _walk(command.commands[name], (*path, name))


COMMANDS = dict(_walk(main, ()))
LEAVES = {path: c for path, c in COMMANDS.items() if not isinstance(c, click.Group)}


def help_text(path: tuple[str, ...]) -> str:
    result = CliRunner().invoke(
        main, [*path, "--help"], terminal_width=WIDE, max_content_width=WIDE
    )
    assert result.exit_code == 0, result.output
    return result.output


def own_options(command: click.Command) -> set[str]:
    """The options a command has; a group's are those of its subcommands (its help
    speaks of them), with --help and --version."""
    names = {"--help", "-h"}
    if isinstance(command, click.Group):
        names.add("--version")
        for sub in command.commands.values():
            names |= own_options(sub)
    for param in command.params:
        names.update(o for o in (*param.opts, *param.secondary_opts) if o.startswith("--"))
    return names


EVERY_COMMAND = set.intersection(
    *(own_options(c) for c in LEAVES.values() if any(p.name == "data_dir" for p in c.params))
)
#: A part of a sentence: options in it belong to one command.
_PART = re.compile(r"[^;'\"()\n]+")
_NAMED = re.compile(r"\bdinokit((?: [a-z][a-z0-9-]*)+)")
_OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")


def _named_command(words: str) -> tuple[str, ...] | None:
    """The longest command path that ``words`` (after 'dinokit') start with."""
    path: tuple[str, ...] = ()
    for word in words.split():
        if (*path, word) not in COMMANDS:
            break
        path = (*path, word)
    return path or None


def options_out_of_place(path: tuple[str, ...], text: str) -> list[str]:
    """Each option the help names that the command it speaks of does not have."""
    wrong = []
    for part in _PART.findall(text):
        speakers = sorted(
            [(m.start(), _named_command(m.group(1))) for m in _NAMED.finditer(part)]
            + [(m.start(), "every") for m in re.finditer(r"\bevery command\b", part)],
            key=lambda mark: mark[0],
        )
        for option in _OPTION.finditer(part):
            allowed = own_options(COMMANDS[path])
            for at, who in speakers:  # the last command named before the option
                if at < option.start() and who is not None:
                    allowed = EVERY_COMMAND if who == "every" else own_options(COMMANDS[who])
            if option.group() not in allowed:
                wrong.append(f"{option.group()} in {part.strip()!r}")
    return wrong


def test_the_walk_finds_every_command() -> None:
    assert ("pads",) in LEAVES and ("simulate", "paleontologists") in LEAVES
    assert ("printer", "list") in LEAVES and ("export", "tts") in LEAVES
    assert "--data" in EVERY_COMMAND and "--templates" in EVERY_COMMAND


@pytest.mark.parametrize("path", list(COMMANDS), ids=lambda p: " ".join(p) or "dinokit")
def test_every_code_shown_is_a_valid_code(path: tuple[str, ...]) -> None:
    for code in re.findall(r"\bPAL(?:-[0-9A-Z]+)+", help_text(path)):
        base, _ = read_code(code)  # a code with its rolls, or the sheet's own
        try:
            decode_code(base)
        except CodeError as exc:
            pytest.fail(f"dinokit {' '.join(path)} --help shows {code}: {exc}")


@pytest.mark.parametrize("path", list(COMMANDS), ids=lambda p: " ".join(p) or "dinokit")
def test_help_names_only_options_the_command_has(path: tuple[str, ...]) -> None:
    assert options_out_of_place(path, help_text(path)) == []


#: Click's own notes at the end of an option's line: [default: ...; 1<=x<=64], [required]
_CLICK_NOTE = re.compile(r"  \[[^\[\]]*\]$")


@pytest.mark.parametrize("path", list(COMMANDS), ids=lambda p: " ".join(p) or "dinokit")
def test_defaults_are_written_one_way(path: tuple[str, ...]) -> None:
    text = help_text(path)
    by_hand = [
        line.strip()
        for line in text.splitlines()
        if re.search(r"default", _CLICK_NOTE.sub("", line), re.IGNORECASE)
    ]
    assert by_hand == [], "a default written in the help text, not by show_default"
    for param in COMMANDS[path].params:
        if not isinstance(param, click.Option) or param.hidden or param.is_flag:
            continue
        if param.required:  # Click says [required]
            continue
        if param.default not in (None, ()) or param.show_default:
            # a default there is: Click shows it, in its one style
            assert param.show_default, f"{param.opts[0]}: default {param.default!r} not shown"


@pytest.mark.parametrize("path", list(LEAVES), ids=" ".join)
def test_every_option_says_what_it_is(path: tuple[str, ...]) -> None:
    for param in LEAVES[path].params:
        if isinstance(param, click.Option) and not param.hidden:
            assert (param.help or "").strip(), f"{param.opts[0]} has no help text"


@pytest.mark.parametrize(
    "path",
    [p for p, c in LEAVES.items() if any(x.name == "players" for x in c.params)],
    ids=" ".join,
)
def test_players_says_whether_it_counts_copies_or_seats(path: tuple[str, ...]) -> None:
    [players] = [x for x in LEAVES[path].params if x.name == "players"]
    words = "copies" if path == ("pads",) else "seats"
    assert words in (players.help or "")


def test_the_checks_can_fail() -> None:
    """What the help said before: each check finds it."""
    with pytest.raises(CodeError):
        decode_code(read_code("PAL-7K3F-92QD")[0])
    wrong = options_out_of_place(
        ("build",),
        "--printer NAME  Use this saved printer's duplex offset and paper (see 'dinokit "
        "printer list'); --duplex-offset and --paper given here win.",
    )
    assert wrong == ["--duplex-offset in '--duplex-offset and --paper given here win.'"]
    assert options_out_of_place(("printer", "list"), "see 'dinokit tiles --bleed 2'") == []
    line = "  --jobs INTEGER RANGE  Processes [default: every core].  [1<=x<=64]"
    assert re.search("default", _CLICK_NOTE.sub("", line))
