"""Every PDF dinokit writes names itself: title, subject, author, creator, language.

Read from the produced files with pikepdf: the document information (no reportlab
defaults "untitled", "anonymous", "unspecified") and the catalog's /Lang; and the
same command writes the same bytes twice (fixed dates).
"""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from conftest import run

from dinokit.products.validate import load_data

DEFAULTS = {"untitled", "anonymous", "unspecified", ""}

#: (command line, file written under --out, language of the file)
PRODUCTS = [
    (["tiles", "--lang", "de"], "digging-for-dinos/de/tiles-a4.pdf", "de"),
    (
        ["tokens", "--lang", "ko", "--paper", "letter"],
        "digging-for-dinos/ko/tokens-letter.pdf",
        "ko",
    ),
    (["aid", "--lang", "fr"], "digging-for-dinos/fr/aid-a4.pdf", "fr"),
    (
        ["pads", "--count", "1", "--lang", "it"],
        "paleontologists/it/pad-medium-seed1-x1-a4.pdf",
        "it",
    ),
    (
        ["rules", "--game", "paleontologists", "--lang", "es"],
        "paleontologists/es/rules-a5.pdf",
        "es",
    ),
    (
        ["rules", "--game", "digging-for-dinos", "--lang", "en", "--imposed", "--paper", "letter"],
        "digging-for-dinos/en/rules-imposed-letter.pdf",
        "en",
    ),
]


def _info(path: Path) -> tuple[dict[str, str], str]:
    with pikepdf.open(path) as pdf:
        info = {str(k)[1:]: str(v) for k, v in pdf.docinfo.items()}
        return info, str(pdf.Root.get("/Lang", ""))


def _check(info: dict[str, str], lang: str, code: str) -> None:
    for key in ("Title", "Subject", "Author", "Creator"):
        assert info.get(key, "") not in DEFAULTS, (key, info)
    assert info["Creator"] == "dinokit"
    assert lang == code


@pytest.mark.parametrize("args, name, code", PRODUCTS, ids=[p[1] for p in PRODUCTS])
def test_every_product_pdf_has_title_subject_author_creator_and_language(
    tmp_path: Path, args: list[str], name: str, code: str
) -> None:
    result = run(*args, "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    info, lang = _info(tmp_path / name)
    _check(info, lang, code)
    data, _ = load_data()
    game = name.split("/")[0]
    assert data.language(code).term("games", game) in info["Title"]  # in its own language


def test_titles_and_subjects_tell_the_products_apart(tmp_path: Path) -> None:
    for args in (["aid"], ["tokens"], ["rules", "--game", "digging-for-dinos"]):
        assert run(*args, "--out", str(tmp_path)).exit_code == 0
    imposed_run = run("rules", "--game", "digging-for-dinos", "--imposed", "--out", str(tmp_path))
    assert imposed_run.exit_code == 0
    folder = tmp_path / "digging-for-dinos/en"
    infos = [_info(folder / n)[0] for n in ("aid-a4.pdf", "tokens-a4.pdf", "rules-a5.pdf")]
    assert len({i["Title"] for i in infos}) == 3
    a5, imposed = _info(folder / "rules-a5.pdf")[0], _info(folder / "rules-imposed-a4.pdf")[0]
    assert a5["Subject"] != imposed["Subject"] and "A4" in imposed["Subject"]


def test_balance_report_is_english_and_named(tmp_path: Path) -> None:
    result = run(
        "simulate",
        "paleontologists",
        "--games",
        "3",
        "--sheets",
        "1",
        "--difficulty",
        "easy",
        "--jobs",
        "1",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    info, lang = _info(tmp_path / "paleontologists-balance.pdf")
    _check(info, lang, "en")
    assert "balance report" in info["Title"].lower()


def test_the_same_command_writes_the_same_bytes(tmp_path: Path) -> None:
    for out in ("one", "two"):
        assert run("aid", "--lang", "ko", "--out", str(tmp_path / out)).exit_code == 0
    one, two = (tmp_path / out / "digging-for-dinos/ko/aid-a4.pdf" for out in ("one", "two"))
    assert one.read_bytes() == two.read_bytes()
    info, _ = _info(one)
    assert info["CreationDate"] == info["ModDate"] == "D:20000101000000+00'00'"
