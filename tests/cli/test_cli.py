"""The command line as a user meets it: help, version, exit codes, no tracebacks."""

from __future__ import annotations

import hashlib
import io
import json
import os
from pathlib import Path

import pypdf
import pytest
from conftest import edit, run

from dinokit import __version__
from dinokit.cli import main

COMMANDS = sorted(main.commands)
# every command a user runs: top-level commands and the subcommands of groups
LEAVES = sorted(
    [(name,) for name, cmd in main.commands.items() if not hasattr(cmd, "commands")]
    + [
        (name, sub)
        for name, cmd in main.commands.items()
        if hasattr(cmd, "commands")
        for sub in cmd.commands
    ]
)


def test_version() -> None:
    result = run("--version")
    assert result.exit_code == 0 and __version__ in result.output


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Example:" in result.output


@pytest.mark.parametrize("command", LEAVES, ids=" ".join)
def test_every_command_has_help_and_example(command: tuple[str, ...]) -> None:
    result = run(*command, "--help")
    assert result.exit_code == 0 and "Example:" in result.output


@pytest.mark.parametrize("command", LEAVES, ids=" ".join)
def test_every_data_command_takes_data_option(command: tuple[str, ...]) -> None:
    assert "--data" in run(*command, "--help").output


def test_validate_clean_exits_zero() -> None:
    result = run("validate")
    assert result.exit_code == 0
    assert "0 errors, 0 warnings" in result.output


def test_json_output_is_a_list_of_diagnostics(data_copy: Path) -> None:
    edit(data_copy / "lang/de.yaml", "  total: Summe\n", "")
    result = run("validate", "--data", str(data_copy), "--format", "json")
    assert result.exit_code == 1
    found = json.loads(result.output)
    assert isinstance(found, list) and found
    for item in found:
        assert set(item) == {"file", "line", "column", "severity", "code", "message"}


def test_text_line_format(data_copy: Path) -> None:
    edit(data_copy / "lang/de.yaml", "  total: Summe\n", "")
    lines = run("validate", "--data", str(data_copy)).output.splitlines()
    assert any(
        line.endswith(
            "lang/de.yaml:50:1: error[E-LANG-MISSING]: language de: label 'total' "
            "is missing (key labels.total)"
        )
        for line in lines
    ), lines


def test_missing_data_folder(tmp_path: Path) -> None:
    result = run("validate", "--data", str(tmp_path / "nowhere"))
    assert result.exit_code == 1
    assert "E-DATA-DIR" in result.output and "not found" in result.output


def test_data_folder_is_a_file(tmp_path: Path) -> None:
    file = tmp_path / "data.yaml"
    file.write_text("a: 1\n")
    result = run("validate", "--data", str(file))
    assert result.exit_code == 1 and "is a file" in result.output


def test_unreadable_data_folder(tmp_path: Path, monkeypatch) -> None:
    # Root reads any folder, so simulate the permission error the OS would give.
    real_listdir = os.listdir

    def refuse(path):
        if Path(path) == tmp_path:
            raise PermissionError(13, "Permission denied")
        return real_listdir(path)

    monkeypatch.setattr(os, "listdir", refuse)
    result = run("validate", "--data", str(tmp_path))
    assert result.exit_code == 1
    assert "E-DATA-DIR" in result.output and "Permission denied" in result.output


def test_missing_data_file(data_copy: Path) -> None:
    (data_copy / "paleontologists/dice.yaml").unlink()
    result = run("validate", "--data", str(data_copy))
    assert result.exit_code == 1
    assert "dice.yaml: error[E-FILE-MISSING]" in result.output


def test_binary_data_file(data_copy: Path) -> None:
    (data_copy / "digging-for-dinos/rules.yaml").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    result = run("validate", "--data", str(data_copy))
    assert result.exit_code == 1 and "E-FILE-BINARY" in result.output


def test_build_writes_manifest(tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run("build", "--out", str(out), "--lang", "ko", "--paper", "letter")
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["dinokit"] == __version__
    assert sorted(manifest["languages"]) == sorted(
        ["de", "en", "es", "fr", "it", "ja", "ko", "nl", "pl", "pt-BR", "zh-Hans"]
    )
    files = {entry["file"]: entry for entry in manifest["files"]}
    assert set(files) == {
        f"digging-for-dinos/ko/{name}-letter.pdf" for name in ("tiles", "tokens", "aid")
    } | {
        "paleontologists/ko/pad-sample-letter.pdf",
        "ko/guide-letter.pdf",
        "ko/calibration-letter.pdf",
    } | {
        f"{game}/ko/{name}.pdf"
        for game in ("digging-for-dinos", "paleontologists")
        for name in ("rules-a5", "rules-imposed-letter")
    }
    for name, entry in files.items():
        content = (out / name).read_bytes()
        assert entry["sha256"] == hashlib.sha256(content).hexdigest()
        assert entry["language"] == "ko"
        assert entry["paper"] == ("a5" if name.endswith("rules-a5.pdf") else "letter")
        assert entry["pages"] == len(pypdf.PdfReader(io.BytesIO(content)).pages)
    assert files["digging-for-dinos/ko/tiles-letter.pdf"]["pages"] == 12


def test_build_unknown_language(tmp_path: Path) -> None:
    result = run("build", "--out", str(tmp_path), "--lang", "xx")
    assert result.exit_code == 2 and "no language 'xx'" in result.output


def test_build_is_reproducible(tmp_path: Path) -> None:
    run("build", "--out", str(tmp_path / "a"), "--lang", "en", "--paper", "a4")
    # on one process too: the files do not depend on how many build them
    run("build", "--out", str(tmp_path / "b"), "--lang", "en", "--paper", "a4", "--jobs", "1")
    for file in (tmp_path / "a").rglob("*"):
        if file.is_file():
            assert (
                file.read_bytes()
                == (tmp_path / "b" / file.relative_to(tmp_path / "a")).read_bytes()
            )


def test_build_with_bad_data_writes_nothing(data_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "manifest.json").write_text("old")
    edit(data_copy / "digging-for-dinos/species.yaml", "complete: 16", "complete: lots")
    result = run("build", "--data", str(data_copy), "--out", str(out))
    assert result.exit_code == 1
    assert "error[" in result.output and "nothing was built" in result.output
    assert (out / "manifest.json").read_text() == "old"
    assert [p.name for p in out.iterdir()] == ["manifest.json"]


def test_build_into_a_file_is_a_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "out"
    blocker.write_text("not a folder")
    result = run("build", "--out", str(blocker))
    assert result.exit_code != 0
    assert "Traceback" not in result.output
    assert blocker.read_text() == "not a folder"


def test_templates_option_lasts_only_for_its_command(tmp_path: Path) -> None:
    """--templates DIR is the folder in use while its command runs; afterwards (in the
    same process: tests, the web app) the folder in use before is back."""
    import shutil

    from dinokit.source import TEMPLATES_DIR, templates_dir

    shutil.copytree(TEMPLATES_DIR, tmp_path / "templates")
    before = templates_dir()
    result = run("validate", "--templates", str(tmp_path / "templates"))
    assert result.exit_code == 0, result.output
    assert templates_dir() == before
