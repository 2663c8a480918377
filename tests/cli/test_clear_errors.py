"""A folder that is not what a command expects is one clear message, never a traceback.

Each case: a non-zero exit, a message naming the option and the folder (or file) and
what was expected, no "Traceback", and no output file written.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
from pathlib import Path

import click
import pytest
from conftest import edit, run

from dinokit.cli import main
from dinokit.source import TEMPLATES_DIR


def _leaves(command: click.Command, path: tuple[str, ...] = ()):
    if isinstance(command, click.Group):
        for name in sorted(command.commands):
            yield from _leaves(command.commands[name], (*path, name))
    else:
        yield path, command


#: Every command that takes --data and --templates; validate reports a folder that is
#: not one as one of its findings (file, code, message; in --format json too).
DATA_COMMANDS = {
    path: command
    for path, command in _leaves(main)
    if any(p.name == "data_dir" for p in command.params) and path != ("validate",)
}
ids = " ".join


def _clean(result, *named: str) -> None:
    """A plain message (exit 1 or 2) that names each of ``named``."""
    assert result.exit_code in (1, 2), result.output
    assert "Traceback" not in result.output
    for text in named:
        assert text in result.output, (text, result.output)


def _not_a_folder(tmp_path: Path, kind: str) -> Path:
    """A path that is no folder of the kind asked for: missing, a file, or empty."""
    target = tmp_path / f"not-{kind}"
    if kind == "file":
        target.write_text("sheets: none\n", encoding="utf-8")
    elif kind == "empty":
        target.mkdir()
    return target


EXPECTED = {"missing": "no such folder", "file": "is a file", "empty": "has no"}


@pytest.mark.parametrize("command", ["tiles", "build"])
def test_a_missing_templates_folder_is_named_as_templates(tmp_path: Path, command: str) -> None:
    """Before: "Invalid value for '--duplex-offset'" (tiles), or "the data in data has
    1 error" (build)."""
    out, missing = tmp_path / "out", tmp_path / "nonexistent"
    result = run(command, "--templates", str(missing), "--out", str(out))
    _clean(result, "'--templates'", str(missing), "no such folder", "templates/")
    assert "--duplex-offset" not in result.output
    assert not out.exists()


@pytest.mark.parametrize("kind", sorted(EXPECTED))
@pytest.mark.parametrize("path", list(DATA_COMMANDS), ids=ids)
def test_every_command_refuses_templates_that_are_not_a_templates_folder(
    tmp_path: Path, monkeypatch, path: tuple[str, ...], kind: str
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    folder = _not_a_folder(tmp_path, kind)
    out = ["--out", str(tmp_path / "out")] if "--out" in _options(path) else []
    result = run(*path, "--templates", str(folder), *out)
    assert result.exit_code == 2
    _clean(result, "'--templates'", str(folder), EXPECTED[kind], "sheets.yaml")
    assert not (tmp_path / "out").exists() and not (tmp_path / "config").exists()


@pytest.mark.parametrize("kind", sorted(EXPECTED))
@pytest.mark.parametrize("path", list(DATA_COMMANDS), ids=ids)
def test_every_command_refuses_data_that_is_not_a_data_folder(
    tmp_path: Path, monkeypatch, path: tuple[str, ...], kind: str
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    folder = _not_a_folder(tmp_path, kind)
    out = ["--out", str(tmp_path / "out")] if "--out" in _options(path) else []
    result = run(*path, "--data", str(folder), *out)
    assert result.exit_code == 2
    _clean(result, "'--data'", str(folder), EXPECTED[kind], "data/")
    assert not (tmp_path / "out").exists() and not (tmp_path / "config").exists()


def _options(path: tuple[str, ...]) -> set[str]:
    return {o for p in DATA_COMMANDS[path].params for o in p.opts}


def test_validate_still_reports_a_missing_folder_as_a_finding(tmp_path: Path) -> None:
    result = run("validate", "--templates", str(tmp_path / "none"), "--format", "json")
    assert result.exit_code == 1 and "E-TEMPLATES-DIR" in result.output


def test_printer_list_with_an_empty_templates_folder(tmp_path: Path, monkeypatch) -> None:
    """Before: a traceback (DataError from reading EMPTY/sheets.yaml)."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    (tmp_path / "empty").mkdir()
    result = run("printer", "list", "--templates", str(tmp_path / "empty"))
    assert result.exit_code == 2
    _clean(result, "'--templates'", str(tmp_path / "empty"), "sheets.yaml")


@pytest.fixture
def broken_templates(tmp_path: Path) -> Path:
    """A copy of templates/ whose sheets.yaml is not YAML."""
    shutil.copytree(TEMPLATES_DIR, tmp_path / "templates")
    (tmp_path / "templates" / "sheets.yaml").write_text("duplex_max: [oops\n", encoding="utf-8")
    return tmp_path / "templates"


@pytest.mark.parametrize(
    "args",
    [("tiles",), ("printer", "list"), ("printer", "set", "office", "--duplex-offset", "1,1")],
    ids=ids,
)
def test_a_broken_sheets_yaml_read_early_is_named_as_templates(
    tmp_path: Path, monkeypatch, broken_templates: Path, args: tuple[str, ...]
) -> None:
    """Read while the options are parsed (--duplex-offset's limit) or before the data:
    before, "Invalid value for '--duplex-offset'" or a traceback."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    out = ("--out", str(tmp_path / "out")) if args == ("tiles",) else ()
    result = run(*args, "--templates", str(broken_templates), *out)
    _clean(result, "'--templates'", str(broken_templates / "sheets.yaml"), "E-YAML-SYNTAX")
    assert "--duplex-offset'" not in result.output
    assert not (tmp_path / "out").exists() and not (tmp_path / "config").exists()


def test_a_broken_sheets_yaml_for_build_names_the_templates(
    tmp_path: Path, broken_templates: Path
) -> None:
    result = run("build", "--templates", str(broken_templates), "--out", str(tmp_path / "out"))
    assert result.exit_code == 1
    _clean(result, str(broken_templates / "sheets.yaml"), f"the templates in {broken_templates}")
    assert not (tmp_path / "out").exists()


def test_i18n_status_with_broken_templates_says_why(broken_templates: Path) -> None:
    """Before: an empty table, exit 1, no word of why."""
    result = run("i18n", "status", "--templates", str(broken_templates))
    assert result.exit_code == 1
    _clean(result, str(broken_templates / "sheets.yaml"), "no translation status")


def test_i18n_status_with_data_errors_says_so(data_copy: Path) -> None:
    edit(data_copy / "digging-for-dinos/species.yaml", "complete: 16", "complete: lots")
    result = run("i18n", "status", "--data", str(data_copy), "--format", "json")
    assert result.exit_code == 1
    assert f"{data_copy}: 1 other error" in result.stderr


def test_simulate_compare_with_a_folder_that_is_not_data(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    out = tmp_path / "out"
    result = run(
        "simulate", "digging-for-dinos", "--compare", str(tmp_path / "empty"), "--out", str(out)
    )
    assert result.exit_code == 2
    _clean(result, "'--compare'", str(tmp_path / "empty"), "has no lang/")
    assert not out.exists()


# serve


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def served(monkeypatch) -> list[object]:
    """uvicorn's Server.run recorded, never run: the apps serve would have served."""
    import uvicorn

    apps: list[object] = []
    record = lambda self, sockets=None: apps.append(self.config.app)  # noqa: E731
    monkeypatch.setattr(uvicorn.Server, "run", record)
    return apps


def test_serve_refuses_a_missing_data_folder(tmp_path: Path, served: list) -> None:
    """Before: it started and answered 503 to every page, without a word."""
    result = run("serve", "--data", str(tmp_path / "missing"))
    assert result.exit_code == 2
    _clean(result, "'--data'", str(tmp_path / "missing"), "no such folder")
    assert served == []


def test_serve_with_data_errors_says_so_on_the_console(data_copy: Path, served: list) -> None:
    """It still starts (its data page lists the problems), but says what is wrong and
    which pages answer 503 until it is fixed."""
    edit(data_copy / "digging-for-dinos/species.yaml", "complete: 16", "complete: lots")
    result = run("serve", "--data", str(data_copy), "--port", str(free_port()))
    assert result.exit_code == 0 and len(served) == 1
    assert "species.yaml:" in result.stderr and "error[E-TYPE]" in result.stderr
    assert f"the data in {data_copy} has 1 error" in result.stderr
    assert "503" in result.stderr and re.search(r"http://127\.0\.0\.1:\d+/data", result.stderr)


def test_serve_with_clean_data_says_nothing_of_errors(served: list) -> None:
    result = run("serve", "--port", str(free_port()))
    assert result.exit_code == 0 and len(served) == 1
    assert "error" not in result.stderr


# guide


@pytest.fixture(scope="module")
def letter_kit(tmp_path_factory) -> Path:
    """A kit built for English on Letter only (and its Letter guide)."""
    kit = tmp_path_factory.mktemp("kit") / "K"
    result = run("build", "--out", str(kit), "--lang", "en", "--paper", "letter")
    assert result.exit_code == 0, result.output
    return kit


def test_guide_refuses_a_paper_the_kit_was_not_built_for(letter_kit: Path) -> None:
    """Before: an A4 guide listing nothing but the A5 booklets, exit 0."""
    before = (letter_kit / "en" / "guide-letter.pdf").read_bytes()
    result = run("guide", "--out", str(letter_kit), "--paper", "a4")
    assert result.exit_code == 1
    _clean(result, str(letter_kit), "no A4 files", "built for Letter", "no guide was written")
    assert "--paper a4 --paper letter" in result.output  # the build that would give it
    assert not (letter_kit / "en" / "guide-a4.pdf").exists()
    assert (letter_kit / "en" / "guide-letter.pdf").read_bytes() == before


def test_guide_refuses_a_language_the_kit_was_not_built_in(letter_kit: Path) -> None:
    result = run("guide", "--out", str(letter_kit), "--lang", "de")
    assert result.exit_code == 1
    _clean(result, str(letter_kit), "no files in 'de'", "its languages: en")
    assert not (letter_kit / "de").exists()


def test_guide_makes_the_kits_papers_by_default(letter_kit: Path, tmp_path: Path) -> None:
    kit = tmp_path / "K"
    shutil.copytree(letter_kit, kit)
    (kit / "en" / "guide-letter.pdf").unlink()
    result = run("guide", "--out", str(kit))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (kit / "en").glob("guide-*")) == ["guide-letter.pdf"]


def test_guide_with_a_listed_file_missing(letter_kit: Path, tmp_path: Path) -> None:
    """Before: a traceback from the PDF reader, after the first guide was written."""
    kit = tmp_path / "K"
    shutil.copytree(letter_kit, kit)
    (kit / "en" / "guide-letter.pdf").unlink()
    (kit / "digging-for-dinos" / "en" / "tiles-letter.pdf").unlink()
    result = run("guide", "--out", str(kit))
    assert result.exit_code == 1
    _clean(result, str(kit / "digging-for-dinos" / "en" / "tiles-letter.pdf"), "manifest.json")
    assert list((kit / "en").glob("guide-*")) == []


def test_guide_with_a_listed_file_that_is_not_a_pdf(letter_kit: Path, tmp_path: Path) -> None:
    kit = tmp_path / "K"
    shutil.copytree(letter_kit, kit)
    (kit / "en" / "guide-letter.pdf").unlink()
    (kit / "digging-for-dinos" / "en" / "tiles-letter.pdf").write_text("not a pdf")
    result = run("guide", "--out", str(kit))
    assert result.exit_code == 1
    _clean(result, "tiles-letter.pdf", "not a PDF", "build the kit again")
    assert list((kit / "en").glob("guide-*")) == []


def _fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


def _truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:2000])


def _link_out(path: Path) -> None:
    path.unlink()
    path.symlink_to("/dev/zero")


TILES = "digging-for-dinos/en/tiles-letter.pdf"


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (lambda p: p.write_bytes(b""), "empty"),
        (_truncated, "not a PDF"),
        (_fifo, "a named pipe, expected a file"),
        (_folder, "a folder, expected a file"),
        (_link_out, "outside the kit's folder"),
    ],
    ids=["empty", "truncated", "fifo", "folder", "link-to-dev-zero"],
)
def test_guide_reads_the_kits_files_as_untrusted(
    letter_kit: Path, tmp_path: Path, change, expected: str
) -> None:
    """Before: tracebacks (PdfiumError, IsADirectoryError) or a hang on the pipe."""
    kit = tmp_path / "K"
    shutil.copytree(letter_kit, kit)
    (kit / "en" / "guide-letter.pdf").unlink()
    change(kit / TILES)
    result = run("guide", "--out", str(kit))
    assert result.exit_code == 1
    _clean(result, "tiles-letter.pdf", expected, "build the kit again")
    assert list((kit / "en").glob("guide-*")) == []


def _entry(**changes):
    def edit(body: dict) -> None:
        body["files"][0].update(changes)

    return edit


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (_entry(pages=float("inf")), "Infinity is not a number JSON allows"),
        (_entry(pages=10**9), "files[0].pages: 1000000000, expected a whole number"),
        (_entry(pages=True), "files[0].pages: True"),
        (_entry(file="/etc/passwd"), "files[0].file: '/etc/passwd', expected a path inside"),
        (_entry(file="../../x.pdf"), "expected a path inside the kit's folder"),
        (_entry(file="a\0b.pdf"), "files[0].file"),
        (_entry(file="x" * 10_000), "expected a text of 1 to 1024 characters"),
        (_entry(component=["deep"]), "files[0].component"),
        (_entry(sha256="zz"), "files[0].sha256"),
        (lambda body: body["files"].append(3), "a int, expected an object"),
    ],
    ids=[
        "infinity",
        "pages-huge",
        "pages-bool",
        "absolute",
        "dotdot",
        "nul",
        "long",
        "list",
        "sha",
        "not-object",
    ],  # fmt: skip
)
def test_guide_checks_every_manifest_entry(
    letter_kit: Path, tmp_path: Path, edit, expected: str
) -> None:
    kit = tmp_path / "K"
    shutil.copytree(letter_kit, kit)
    manifest = kit / "manifest.json"
    body = json.loads(manifest.read_text(encoding="utf-8"))
    edit(body)
    manifest.write_text(json.dumps(body), encoding="utf-8")
    result = run("guide", "--out", str(kit))
    assert result.exit_code == 1
    _clean(result, "manifest.json", expected)


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "deep", "huge"])
def test_guide_reads_a_hostile_manifest_without_hanging(
    letter_kit: Path, tmp_path: Path, kind: str
) -> None:
    kit = tmp_path / "K"
    shutil.copytree(letter_kit, kit)
    manifest = kit / "manifest.json"
    manifest.unlink()
    if kind == "fifo":
        os.mkfifo(manifest)
    elif kind == "dev-zero":
        manifest.symlink_to("/dev/zero")
    elif kind == "deep":
        manifest.write_text("[" * 100_000 + "]" * 100_000)
    else:
        manifest.write_bytes(b" " * (5 * 1024 * 1024))
    result = run("guide", "--out", str(kit))
    assert result.exit_code == 1
    _clean(result, "manifest.json")


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["export", "tts", "--base-url", "https://a.org/x\n"], "a URL cannot hold"),
        (["export", "tts", "--base-url", 'https://a.org/"x'], "a URL cannot hold"),
        (["export", "tts", "--base-url", "javascript:alert(1)"], "http:// or https:// URL"),
        (["export", "tts", "--base-url", "https://a.org/?q=1"], "no ?query or #fragment"),
        (["pads", "--daily", "2026-W01-1"], "is not a date, expected YYYY-MM-DD"),
        (["pads", "--daily", "2026-002"], "is not a date, expected YYYY-MM-DD"),
        (["pads", "--solo", "--count", "100000"], "expected at most 1,000 sheets in one solo"),
        (["simulate", "digging-for-dinos", "--bots", ",".join(["random"] * 9)],
         "9 bots, expected at most 8"),
        (["simulate", "paleontologists", "--bots", ",".join(["greedy"] * 500)],
         "500 bots, expected at most 8"),
    ],
)  # fmt: skip
def test_values_written_into_files_are_checked_first(args: list[str], expected: str, tmp_path):
    """Before: newlines, quotes and javascript: went into the TTS image URLs; a week date
    was read as 2025-12-29; 500 bots played every game before the report failed."""
    result = run(*args, "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    _clean(result, expected)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("command", [["aid"], ["build", "--lang", "en"], ["pads"]])
def test_an_out_folder_the_system_cannot_hold_is_refused_first(command, tmp_path) -> None:
    """Before: OSError [Errno 36] File name too long, as a traceback."""
    for out in (tmp_path / ("x" * 300), tmp_path.joinpath(*["y" * 200] * 25)):
        result = run(*command, "--out", str(out))
        assert result.exit_code == 2
        _clean(result, "--out", "expected at most")
