"""The rules a booklet states are the rules the engine plays, in every language.

templates/booklets/<game>-rules.yaml lists each game's rule statements: the booklet
texts (and player-aid labels) that state a rule, and the engine scenarios of
tests/scenarios/<game>/ that play it. Here: every scenario named exists and passes in
the engine; every statement's texts exist in every language; every language's wording
of every statement is signed off by a native reader as it reads now (an edited text
needs a new sign-off); and the validator reports each broken case at its line.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
import yaml
from conftest import TESTS

from dinokit.products.booklet.source import load_structure, load_texts
from dinokit.products.booklet.statements import (
    check_rule_statements,
    load_signoffs,
    load_statements,
    statement_digest,
    statement_text,
)
from dinokit.products.validate import load_data
from dinokit.source import TEMPLATES_DIR
from dinokit.source.diagnostics import Diagnostics

GAMES = ("digging-for-dinos", "paleontologists")
ENGINE_TESTS = {
    "digging-for-dinos": TESTS / "games" / "dinos" / "test_dinos_engine.py",
    "paleontologists": TESTS / "games" / "paleo" / "test_paleo_engine.py",
}


@cache
def _data():
    data, diags = load_data()
    assert not diags.errors
    return data


@cache
def _statements(game: str):
    diags = Diagnostics()
    found = load_statements(game, diags)
    assert not list(diags), [d.format() for d in diags]
    return found


def _scenarios(game: str) -> dict[str, dict]:
    """Every scenario of the engine's tests, by its test id ("file:name")."""
    found: dict[str, dict] = {}
    for path in sorted((TESTS / "scenarios" / game).glob("*.yaml")):
        for scenario in yaml.safe_load(path.read_text(encoding="utf-8")):
            found[f"{path.stem}:{scenario['name']}"] = scenario
    return found


@cache
def _engine_tests(game: str) -> ModuleType:
    """The engine's scenario test module (its runner is what plays a scenario)."""
    path = ENGINE_TESTS[game]
    name = f"_rule_statements_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@cache
def _player(game: str) -> Callable[[dict], None]:
    """Plays one scenario in the engine, as the engine's own test does."""
    tests = _engine_tests(game)
    if game == "digging-for-dinos":
        rules = tests.rules_for(tests.with_values(_data().game(game), tests.SCENARIO_COMPLETE))
    else:
        rules = tests.Rules.from_data(_data().game(game))
    run = getattr(tests.test_scenario, "__wrapped__", tests.test_scenario)
    return lambda scenario: run(rules, scenario)


def _listed() -> list:
    return [
        pytest.param(game, sid, id=f"{game}:{sid}")
        for game in GAMES
        for sid in sorted({s for st in _statements(game) for s in st.scenarios})
    ]


def test_each_game_states_enough_rules_and_the_flagged_ones() -> None:
    for game in GAMES:
        ids = {st.id for st in _statements(game)}
        assert len(ids) >= 10, game
    dinos = {st.id: st for st in _statements("digging-for-dinos")}
    # issue 25: the left value, read as "scores nothing once its species is complete"
    assert "tile_left" in dinos["left-value"].keys
    assert (
        "scoring:a-spare-tile-of-a-completed-species-scores-its-left-value"
        in dinos["left-value"].scenarios
    )
    for wanted in ("end-trigger", "end-round", "end-collect", "right-value", "winning"):
        assert wanted in dinos
    assert {"scoring", "winning", "twenty-rounds"} <= {
        st.id for st in _statements("paleontologists")
    }


@pytest.mark.parametrize("game", GAMES)
def test_every_scenario_named_exists(game: str) -> None:
    known = _scenarios(game)
    for st in _statements(game):
        missing = [s for s in st.scenarios if s not in known]
        assert not missing, f"{game}/{st.id}: no scenario {missing} in tests/scenarios/{game}"


@pytest.mark.parametrize(("game", "scenario_id"), _listed())
def test_every_scenario_named_passes_in_the_engine(game: str, scenario_id: str) -> None:
    scenario = _scenarios(game)[scenario_id]
    assert not scenario.get("xfail"), f"{scenario_id} is a known engine bug"
    _player(game)(scenario)


@pytest.mark.parametrize("game", GAMES)
def test_every_statement_is_stated_in_every_language(game: str) -> None:
    structure = load_structure(game, Diagnostics())
    assert structure is not None
    extra = set(next(g for g in _games() if g.id == game).booklet_keys(_data().game(game)))
    used = set(structure.text_keys()) | extra
    for lang in _data().languages:
        texts = load_texts(game, lang.code, Diagnostics())
        assert texts is not None, lang.code
        for st in _statements(game):
            for key in st.keys:
                assert key in used, f"{game}/{st.id}: {key} is not in the booklet"
                assert key in texts.texts, f"{lang.code}: {game}/{st.id}: no text {key}"
            for key in st.labels:
                assert key in lang.labels, f"{lang.code}: {game}/{st.id}: no label {key}"


def _games():
    from dinokit.games import GAMES as registered

    return registered


@pytest.mark.parametrize("game", GAMES)
def test_every_wording_is_signed_off_as_it_reads_now(game: str) -> None:
    diags = Diagnostics()
    signoffs = load_signoffs(game, diags)
    assert not list(diags), [d.format() for d in diags]
    problems = []
    for lang in _data().languages:
        texts = load_texts(game, lang.code, Diagnostics())
        assert texts is not None
        for st in _statements(game):
            text = statement_text(st, texts, lang)
            assert text is not None
            entry = signoffs.get(lang.code, {}).get(st.id)
            if entry is None:
                problems.append(f"{lang.code} {st.id}: never signed off")
            elif entry.sha256 != statement_digest(text):
                problems.append(
                    f"{lang.code} {st.id}: changed since {entry.signed_by} signed it; "
                    "a native reader must confirm it (docs/rules.md: re-signing)"
                )
            elif not entry.signed_by.strip():
                problems.append(f"{lang.code} {st.id}: signed by nobody")
    assert not problems, "\n".join(problems)


# ------------------------------------------------------------- the validator's cases


@pytest.fixture
def booklets(tmp_path: Path) -> Path:
    """A copy of templates/booklets that a test may break."""
    target = tmp_path / "booklets"
    shutil.copytree(TEMPLATES_DIR / "booklets", target)
    return target


def _validate(root: Path) -> list:
    diags = Diagnostics()
    extra = {g.id: g.booklet_keys(_data().game(g.id)) for g in _games()}
    check_rule_statements(extra, _data().languages, diags, root)
    return list(diags)


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")


def _line_of(path: Path, fragment: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if fragment in line)


def test_the_shipped_statements_are_clean(booklets: Path) -> None:
    assert _validate(booklets) == []


def test_an_edited_translation_is_stale_at_its_text(booklets: Path) -> None:
    ja = booklets / "digging-for-dinos" / "ja.yaml"
    _replace(
        ja, "このタイルが完成した恐竜の一部になっていなければ", "その恐竜を完成させていなければ"
    )
    found = [d for d in _validate(booklets) if d.code == "W-RULE-STALE"]
    assert len(found) == 1, [d.format() for d in found]
    d = found[0]
    assert d.severity == "warning"
    assert d.location.file.endswith("digging-for-dinos/ja.yaml")
    assert (d.location.line, d.location.column) == (_line_of(ja, "tile_left:"), 14)
    assert "ja" in d.message and "left-value" in d.message and "sha256:" in d.message


def test_an_edited_aid_label_is_stale_too(booklets: Path, tmp_path: Path) -> None:
    from dataclasses import replace

    languages = tuple(
        replace(lang, labels={**lang.labels, "aid_move": lang.labels["aid_move"] + "!"})
        if lang.code == "ja"
        else lang
        for lang in _data().languages
    )
    diags = Diagnostics()
    extra = {g.id: g.booklet_keys(_data().game(g.id)) for g in _games()}
    check_rule_statements(extra, languages, diags, booklets)
    stale = [d for d in diags if d.code == "W-RULE-STALE"]
    assert [("ja" in d.message, "move-one-step" in d.message) for d in stale] == [(True, True)]


def test_a_missing_sign_off_is_reported(booklets: Path) -> None:
    path = booklets / "paleontologists" / "signoff.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    start = lines.index("  nl:\n")
    drop = next(i for i in range(start, len(lines)) if lines[i].startswith("    pass:"))
    path.write_text("".join(lines[:drop] + lines[drop + 1 :]), encoding="utf-8")
    found = [d for d in _validate(booklets) if d.code == "W-RULE-UNSIGNED"]
    assert len(found) == 1
    assert "language nl" in found[0].message and "paleontologists/pass" in found[0].message
    nl = booklets / "paleontologists" / "nl.yaml"
    assert found[0].location.line == _line_of(nl, "  pass:")


def test_a_statement_naming_no_text_is_an_error_at_its_id(booklets: Path) -> None:
    path = booklets / "digging-for-dinos-rules.yaml"
    _replace(path, "keys: [move_edge]", "keys: [move_edges]")
    found = [d for d in _validate(booklets) if d.code == "E-RULE-KEY"]
    assert len(found) == 1
    d = found[0]
    assert d.severity == "error" and "'move_edges'" in d.message
    assert d.location.line == _line_of(path, "- id: edge") and d.location.column == 9


def test_a_statement_naming_no_label_is_an_error(booklets: Path) -> None:
    path = booklets / "digging-for-dinos-rules.yaml"
    _replace(path, "labels: [aid_stuck]", "labels: [aid_stuk]")
    found = [d for d in _validate(booklets) if d.code == "E-RULE-KEY"]
    assert len(found) == 1 and "'aid_stuk'" in found[0].message


def test_the_wrong_reading_of_the_left_value_fails_in_the_engine() -> None:
    """Read as ten booklets had it, a spare tile of a completed species scores nothing:
    the engine disagrees, so a statement tied to this scenario cannot say so."""
    scenario = _scenarios("digging-for-dinos")[
        "scoring:a-spare-tile-of-a-completed-species-scores-its-left-value"
    ]
    wrong = {**scenario, "expect": {**scenario["expect"], "scores": [7, 0]}}
    with pytest.raises(AssertionError):
        _player("digging-for-dinos")(wrong)


def test_a_sign_off_of_no_statement_is_reported_at_its_line(booklets: Path) -> None:
    path = booklets / "digging-for-dinos-rules.yaml"
    _replace(path, "- id: edge\n", "- id: the-edge\n")
    found = {d.code: d for d in _validate(booklets)}
    unknown = [d for d in _validate(booklets) if d.code == "W-RULE-UNKNOWN"]
    assert len(unknown) == 11  # every language signed 'edge'
    signoff = booklets / "digging-for-dinos" / "signoff.yaml"
    assert unknown[0].location.file.endswith("digging-for-dinos/signoff.yaml")
    assert unknown[0].location.line in {
        n for n, line in enumerate(signoff.read_text().splitlines(), 1) if "    edge:" in line
    }
    assert "W-RULE-UNSIGNED" in found  # and the renamed statement is signed by nobody yet


def test_i18n_sign_writes_a_copy_and_refuses_bad_input(tmp_path: Path, monkeypatch) -> None:
    """In a copy of the templates it signs (the file written whole); an unknown game is
    a usage error, and the templates installed with a wheel are never written."""
    from conftest import run

    import dinokit.source as source

    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES_DIR, templates)
    signoff = templates / "booklets" / "paleontologists" / "signoff.yaml"
    args = ["--lang", "nl", "--by", "A. de Vries, 2026-12-03", "pass"]
    result = run("i18n", "sign", "--game", "paleontologists", "--templates", str(templates), *args)
    assert result.exit_code == 0, result.output
    assert 'pass: {signed_by: "A. de Vries, 2026-12-03"' in signoff.read_text(encoding="utf-8")
    result = run("i18n", "sign", "--game", "nope", "--templates", str(templates), *args)
    assert result.exit_code == 2 and "'nope' is not one of" in result.output
    before = (TEMPLATES_DIR / "booklets" / "paleontologists" / "signoff.yaml").read_bytes()
    monkeypatch.setattr(source, "package_folder", lambda name: TEMPLATES_DIR)  # as installed
    result = run("i18n", "sign", "--game", "paleontologists", *args)
    assert result.exit_code == 1 and "dinokit init" in result.output
    assert (TEMPLATES_DIR / "booklets" / "paleontologists" / "signoff.yaml").read_bytes() == before
