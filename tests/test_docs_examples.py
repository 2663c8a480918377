"""The README's and docs' shell examples, run as written (docs/testing.md says how).

Every ``dinokit ...`` line of a ```sh block, and every ``$ dinokit ...`` line of a
```console block, is one test, named by its file and line. It runs from a new folder
with the venv's ``bin`` first on PATH and its own config folder (saved printers), and
must exit 0, or with the status its ``[exit N]`` tag gives; a console example must
also print the lines shown under it, in order. Tags in the line's trailing comment:

- ``[slow]``: more than a few seconds; skipped unless ``DINOKIT_DOCS_SLOW=1``;
- ``[server]`` (runs until Ctrl-C) and ``[cluster]`` (needs a Dask scheduler): never run;
- ``[exit N]``: the exit status the example shows;
- ``[after WORDS]``: run the nearest earlier ``dinokit WORDS ...`` line of the same
  block first (``[after printer set]``).

What an example needs is made the way the docs say: a file shown in the docs under
``<!-- file: NAME -->`` is written into the folder, and a ``--data X/data``,
``--templates X/templates`` or ``--compare X/data`` folder is made by ``dinokit init X``.
Every example's options are checked against its command first, skipped or not; an
example that is the same as an earlier one (command, tags, output) runs once.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import click
import pytest

from dinokit.cli import main

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BIN = Path(sys.executable).parent
RUN_SLOW = os.environ.get("DINOKIT_DOCS_SLOW") == "1"
FENCE = re.compile(r"^\s*```\s*([\w-]*)\s*$")
FILE_MARK = re.compile(r"^\s*<!--\s*file:\s*(\S+)\s*-->\s*$")
TAG = re.compile(r"\[([^\]]+)\]")
KNOWN_TAG = re.compile(r"slow|server|cluster|exit \d+|after [a-z0-9 -]+")
NEVER_RUN = {"server": "runs until Ctrl-C", "cluster": "needs a Dask scheduler"}
FOLDER_OPTIONS = ("--data", "--templates", "--compare")


@dataclass
class Example:
    doc: str  # README.md, docs/pads.md
    line: int
    command: str  # the shell line without its comment
    tags: list[str]
    output: list[str] = field(default_factory=list)  # console: the lines shown under it
    earlier: list[Example] = field(default_factory=list)  # of the same block, in order

    @property
    def where(self) -> str:
        return f"{self.doc}:{self.line}"

    def tag(self, prefix: str) -> str | None:
        return next((t for t in self.tags if t == prefix or t.startswith(prefix + " ")), None)


def split_comment(line: str) -> tuple[str, str]:
    """A shell line's command and its trailing ``# comment`` (outside quotes)."""
    quote = None
    for i, char in enumerate(line):
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1 :]
    return line.rstrip(), ""


def blocks(path: Path) -> list[tuple[str, list[tuple[int, str]], str | None]]:
    """Every fenced block of a Markdown file: (language, [(line number, text)], file mark)."""
    found, current, mark, previous = [], None, None, ""
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fence = FENCE.match(text)
        if current is None and fence:
            marked = FILE_MARK.match(previous)
            current, mark = (fence.group(1), []), marked.group(1) if marked else None
        elif current is not None and text.strip() == "```":
            found.append((current[0], current[1], mark))
            current = None
        elif current is not None:
            current[1].append((number, text))
        if text.strip():
            previous = text
    return found


def examples_of(path: Path) -> list[Example]:
    doc = path.relative_to(ROOT).as_posix()
    found: list[Example] = []
    for language, lines, _ in blocks(path):
        block: list[Example] = []
        if language == "sh":
            joined: list[tuple[int, str]] = []
            for number, text in lines:
                if joined and joined[-1][1].endswith("\\"):
                    joined[-1] = (joined[-1][0], joined[-1][1][:-1] + " " + text.strip())
                else:
                    joined.append((number, text.strip()))
            for number, text in joined:
                command, comment = split_comment(text)
                if command.startswith("dinokit "):
                    block.append(Example(doc, number, command, TAG.findall(comment)))
        elif language == "console":
            for number, text in lines:
                if text.startswith("$ "):
                    command, comment = split_comment(text[2:])
                    block.append(Example(doc, number, command, TAG.findall(comment)))
                elif block:
                    block[-1].output.append(text)
            block = [e for e in block if e.command.startswith("dinokit ")]
        for i, example in enumerate(block):
            example.earlier = block[:i]
        found += block
    return found


def shown_files() -> dict[str, str]:
    """The files the docs show under ``<!-- file: NAME -->``, by name."""
    files: dict[str, str] = {}
    for path in DOCS:
        for _, lines, mark in blocks(path):
            if mark:
                text = "\n".join(t for _, t in lines) + "\n"
                assert files.get(mark, text) == text, f"{path.name}: two different {mark}"
                files[mark] = text
    return files


EXAMPLES = [e for path in DOCS for e in examples_of(path)]


def key(example: Example) -> tuple:
    """Examples with the same key run the same way: the same command, needs and output."""
    after = [e.command for e in example.earlier for t in example.tags if t.startswith("after ")]
    return example.command, tuple(example.tags), tuple(example.output), tuple(after)


def cases(examples: list[Example]) -> list:
    first: dict[tuple, Example] = {}
    found = []
    for example in examples:
        marks = []
        never = [NEVER_RUN[t] for t in example.tags if t in NEVER_RUN]
        same = first.setdefault(key(example), example)
        if never:
            marks.append(pytest.mark.skip(reason=f"{never[0]}: never run by this test"))
        elif example.tag("slow") and not RUN_SLOW:
            marks.append(pytest.mark.skip(reason="[slow]: DINOKIT_DOCS_SLOW=1 runs it"))
        elif same is not example:
            marks.append(pytest.mark.skip(reason=f"the same example as {same.where}"))
        found.append(pytest.param(example, id=example.where, marks=marks))
    return found


def check_options(example: Example) -> None:
    """The command exists and takes every option the example gives (as its --help says)."""
    words = shlex.split(example.command)[1:]
    command: click.Command = main
    ctx = click.Context(main)
    while words and isinstance(command, click.Group) and not words[0].startswith("-"):
        sub = command.get_command(ctx, words[0])
        if sub is None:
            break
        command, words = sub, words[1:]
    if isinstance(command, click.Group) and words and not words[0].startswith("-"):
        pytest.fail(f"{example.where}: no such command: {example.command}")
    known = {"--help", *(o for p in command.params for o in (*p.opts, *p.secondary_opts))}
    unknown = [w for w in words if w.startswith("--") and w.split("=")[0] not in known]
    assert not unknown, f"{example.where}: {command.name} has no option {unknown[0]}"


def prepare(example: Example, folder: Path, env: dict[str, str]) -> None:
    """What the example needs: its data copies (dinokit init) and the lines it comes after."""
    words = shlex.split(example.command)
    for i, word in enumerate(words[:-1]):
        if word in FOLDER_OPTIONS and words[1] != "init":
            named = Path(words[i + 1].rstrip("/"))
            if named.name in ("data", "templates") and not (folder / named).exists():
                run(f"dinokit init {shlex.quote(str(named.parent))}", folder, env, example)
    for tag in example.tags:
        if tag.startswith("after "):
            wanted = "dinokit " + tag[len("after ") :]
            before = [e for e in example.earlier if e.command.startswith(wanted)]
            assert before, f"{example.where}: no earlier '{wanted}' in its block"
            prepare(before[-1], folder, env)
            run(before[-1].command, folder, env, example)


def run(command: str, folder: Path, env: dict[str, str], example: Example, status: int = 0) -> str:
    done = subprocess.run(
        ["sh", "-c", command],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=3600 if RUN_SLOW else 300,
    )
    assert done.returncode == status, (
        f"{example.where}: `{command}` exited {done.returncode}, expected {status}:\n"
        + done.stdout[-3000:]
    )
    return done.stdout


@pytest.mark.parametrize("example", cases(EXAMPLES))
def test_example(example: Example, tmp_path: Path) -> None:
    check_options(example)
    folder, home = tmp_path / "work", tmp_path / "home"
    folder.mkdir()
    for name, text in shown_files().items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    env = os.environ | {
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "XDG_CONFIG_HOME": str(home / ".config"),  # saved printers: the test's own
        "PYTHONUNBUFFERED": "1",  # standard output and error in the order written
    }
    prepare(example, folder, env)
    exit_tag = example.tag("exit")
    status = int(exit_tag.split()[1]) if exit_tag else 0
    printed = run(example.command, folder, env, example, status).replace(str(home), "~")
    got = [" ".join(line.split()) for line in printed.splitlines()]
    at = 0
    for shown in (" ".join(line.split()) for line in example.output):
        if shown and shown != "...":
            assert shown in got[at:], (
                f"{example.where}: `{example.command}` did not print, in this order:\n"
                f"  {shown}\nit printed:\n{printed[-3000:]}"
            )
            at = got.index(shown, at) + 1


def test_every_tag_is_known() -> None:
    unknown = [(e.where, t) for e in EXAMPLES for t in e.tags if not KNOWN_TAG.fullmatch(t)]
    assert not unknown, f"unknown example tags (docs/testing.md lists them): {unknown}"


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces as '-'."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    counts: dict[str, int] = {}
    found, in_code = set(), False
    for text in path.read_text(encoding="utf-8").splitlines():
        in_code ^= bool(FENCE.match(text))
        heading = re.match(r"#{1,6} (.+)", text)
        if heading and not in_code:
            base = slug(heading.group(1))
            found.add(f"{base}-{counts[base]}" if base in counts else base)
            counts[base] = counts.get(base, 0) + 1
    return found


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_links_resolve(path: Path) -> None:
    """Every relative link and picture names a file that exists, and its #anchor a heading."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        name, _, anchor = target.partition("#")
        linked = (path.parent / name).resolve() if name else path
        if not linked.exists() or (anchor and anchor not in anchors(linked)):
            broken.append(target)
    assert not broken, f"{path.name}: broken links {broken}"


def test_readme_is_short_and_shows_no_pictures() -> None:
    """README.md is the package's page on PyPI: short, and without relative pictures."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 300
    assert "![" not in text and "<img" not in text


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_references_a_reader_cannot_follow(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    found = re.findall(r"\.\./shared|\bissue \d+|\bsessions?\b", text, flags=re.I)
    assert not found, f"{path.name}: {found}"
