"""The words players read: rules decisions stated in every language, lists joined with a
real "or"/"and", the original games credited, no mention of the project, and the fixes
native readers asked for. Measured in the text of the produced PDFs where practical."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from conftest import run
from pdfmeasure import pdf_text

from dinokit.games import BY_ID
from dinokit.games.dinos.terms import era_number, era_numeral, join_list
from dinokit.products.booklet.build import booklet_pages, values
from dinokit.products.booklet.source import load_structure, load_texts
from dinokit.products.validate import load_data
from dinokit.render.pdf import render_pdf
from dinokit.source.diagnostics import Diagnostics
from dinokit.source.lang import fill

DINOS, PALEO = "digging-for-dinos", "paleontologists"
GAMES = (DINOS, PALEO)
#: The six first languages, and one of each new kind: a CJK script and an inflected Latin
#: one (every language builds and lays out in test_languages.py and in validate).
LANGS = ("en", "it", "fr", "de", "es", "ko", "ja", "pl")

#: The text keys that state each game's Decision lines (/work/shared/games/*.md).
DECISIONS = {
    DINOS: {
        "stuck": "no legal move: place a token anywhere, then flip, collect, refill",
        "ability_timing": "the flip comes after the refill, may be declined, none at the end",
        "score_spare": "the spares are the highest-valued tiles",
        "complete_eras": "tiles of different eras combine",
        "complete_twice": "two full sets are two dinosaurs",
        "refill_empty": "once the stacks are empty, vacated squares stay empty",
        "tile_right": "every tile of a species prints the same right value",
        "tie_shared": "still tied: the victory is shared",
    },
    PALEO: {
        "bonus_use": "usable from the next round on, nothing after the last round",
        "bonus_effect_one_square_anywhere": "a square after the shape is the next round's",
        "bonus_cap": "a star with every bonus full gives nothing; the shape is legal",
        "bonus_combine": "both switches in one round, one circle each",
        "pass": "a round where nothing fits is passed",
        "fossils_edge": "the edge of the grid is a wall",
        "fossils_apart": "fossils never touch",
        "tie": "equal highest totals share the victory",
    },
}

#: How each language says the two panels of the same-type diagram: side by side.
LEFT_RIGHT = {
    "en": ("Left:", "Right:"),
    "it": ("A sinistra:", "A destra:"),
    "fr": ("À gauche\u00a0:", "À droite\u00a0:"),
    "de": ("Links:", "Rechts:"),
    "es": ("Izquierda:", "Derecha:"),
    "ko": ("왼쪽:", "오른쪽:"),
    "ja": ("左：", "右："),
    "zh-Hans": ("左：", "右："),
    "pt-BR": ("À esquerda:", "À direita:"),
    "nl": ("Links:", "Rechts:"),
    "pl": ("Po lewej:", "Po prawej:"),
}
ABOVE_BELOW = ("Above", "Below", "Sopra", "Sotto", "En haut", "En bas", "Oben", "Unten")
ABOVE_BELOW += ("Arriba", "Abajo", "위:", "아래:")

#: What native readers found, and must not come back (language, game or "labels", text).
FOUND = [
    ("en", PALEO, "Worth one point at the end of the game"),
    ("es", PALEO, "Vale un punto al final de la partida"),
    ("es", DINOS, "que trabajan"),
    ("it", DINOS, "in più di una specie"),
    ("es", DINOS, "de más de una especie"),
    ("fr", PALEO, "Gardez-vous"),
    ("fr", PALEO, "s’utilise jamais"),
    ("de", PALEO, "gezeichnet ist"),
    ("de", PALEO, "gezeichnet sein"),
    ("de", DINOS, "eins des"),
    ("ko", DINOS, "및"),
    ("ko", PALEO, "및"),
    ("fr", DINOS, "Colonne"),
    ("es", DINOS, "Columna"),
]


@functools.cache
def _loaded():
    """The shipped data, loaded once for this module (it must be valid)."""
    loaded, diags = load_data()
    assert not diags.errors, [d.format() for d in diags.errors]
    return loaded


@pytest.fixture(scope="module")
def data():
    return _loaded()


@functools.cache
def _booklet(game: str, code: str) -> tuple[list[str], dict[str, str]]:
    """The booklet's page texts as a PDF reader extracts them, and its filled-in texts."""
    data = _loaded()
    diags = Diagnostics()
    structure, texts = load_structure(game, diags), load_texts(game, code, diags)
    assert structure is not None and texts is not None
    lang = data.language(code)
    pages = pdf_text(render_pdf(booklet_pages(structure, texts, data, lang)))
    vals = values(game, data, lang)
    return pages, {key: fill(text, vals, code) for key, text in texts.texts.items()}


def _flat(text: str) -> str:
    """Text without any spacing, so that line breaks and no-break spaces do not matter."""
    return re.sub(r"[\s\u00a0]+", "", text)


def _body(game: str, code: str, data) -> str:
    """All the booklet's text, flattened, without the running footers between pages."""
    pages, _ = _booklet(game, code)
    title = re.escape(_flat(data.language(code).term("games", game)))
    return "".join(re.sub(rf"({title}\d+|\d+{title})$", "", _flat(p)) for p in pages)


@functools.cache
def _aid_text(code: str, out: str) -> str:
    result = run("aid", "--lang", code, "--out", out)
    assert result.exit_code == 0, result.output
    return " ".join(pdf_text((Path(out) / f"{DINOS}/{code}/aid-a4.pdf").read_bytes()))


@pytest.fixture(scope="module")
def aid_dir(tmp_path_factory) -> str:
    return str(tmp_path_factory.mktemp("aid"))


def _ability_names(data, code: str) -> list[str]:
    lang = data.language(code)
    dinos = data.game(DINOS)
    return [lang.term("species", s) for a in dinos.abilities for s in a.species]


# ---------------------------------------------------------------------------- the rules


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("code", LANGS)
def test_every_decision_is_printed_in_every_language(data, game: str, code: str) -> None:
    structure = load_structure(game, Diagnostics())
    assert structure is not None
    used = [*structure.text_keys(), *BY_ID[game].booklet_keys(data.game(game))]
    assert set(DECISIONS[game]) <= set(used)
    body = _body(game, code, data)
    _, texts = _booklet(game, code)
    for key in DECISIONS[game]:
        assert texts.get(key), f"{game}/{code} has no text for {key}"
        if game == PALEO and key.startswith("bonus_effect_"):
            # a table cell: its wrapped lines come out one by one
            for line in re.split(r"(?<=[.;:])\s", texts[key]):
                assert _flat(line) in body, (code, key, line)
            continue
        assert _flat(texts[key]) in body, (code, key)


@pytest.mark.parametrize("code", LANGS)
def test_the_last_round_and_both_switches_are_told_with_the_round_count(data, code) -> None:
    _, texts = _booklet(PALEO, code)
    rounds = values(PALEO, data, data.language(code))["rounds"]
    assert rounds in texts["bonus_use"] and rounds in texts["summary_stars"]
    lang = data.language(code)
    for bonus in ("switch-shape", "switch-dig-type"):
        assert lang.term("bonuses", bonus) in texts["bonus_combine"], (code, bonus)


# ------------------------------------------------------------------------------ lists


@pytest.mark.parametrize("code", LANGS)
def test_ability_species_are_joined_with_or_and_with_and(data, code: str) -> None:
    lang = data.language(code)
    names = _ability_names(data, code)
    assert len(names) >= 2
    either, both = join_list(lang, names, "or"), join_list(lang, names, "and")
    assert either != both
    assert " / " not in either and " / " not in both
    body = _body(DINOS, code, data)
    assert _flat(either) in body, either  # the quick reference: completed one of them
    assert _flat(both) in body, both  # the special dinosaurs: both carry the mark
    _, texts = _booklet(DINOS, code)
    assert either in texts["summary_ability"] and both in texts["ability"]


@pytest.mark.parametrize("code", LANGS)
def test_aid_names_the_special_species_with_or_not_a_slash(data, code, aid_dir) -> None:
    text = _flat(_aid_text(code, aid_dir))
    names = _ability_names(data, code)
    assert _flat(join_list(data.language(code), names, "or")) in text
    assert _flat(" / ".join(names)) not in text and _flat("/".join(names)) not in text


def test_join_list_follows_cldrs_list_patterns(data) -> None:
    en, ko, ja = data.language("en"), data.language("ko"), data.language("ja")
    assert join_list(en, [], "and") == ""
    assert join_list(en, ["A"], "or") == "A"
    assert join_list(en, ["A", "B", "C"], "and") == "A, B, and C"
    assert join_list(en, ["A", "B", "C"], "or") == "A, B, or C"
    assert join_list(ko, ["가", "나", "다"], "and") == "가·나·다"  # its own list_and, not 및
    assert join_list(ko, ["가", "나"], "or") == "가 또는 나"
    assert join_list(ja, ["甲", "乙"], "or") == "甲または乙"


def test_consecutive_player_counts_are_a_range(data) -> None:
    from dinokit.games.dinos.terms import player_counts

    assert player_counts(data.language("ja"), [4, 3]) == "3～4"
    assert player_counts(data.language("en"), [3, 4]) == "3–4"
    assert player_counts(data.language("en"), [2, 4]) == "2 or 4"
    assert player_counts(data.language("zh-Hans"), [2]) == "2"


@pytest.mark.parametrize(
    ("code", "words"), [("zh-Hans", "2～4人"), ("ja", "2～4人用"), ("en", "2–4 players")]
)
def test_the_cover_gives_the_player_counts_as_a_range(code, words) -> None:
    _, texts = _booklet(DINOS, code)
    assert texts["cover_facts"].startswith(words)


@pytest.mark.parametrize(
    ("code", "words"),
    [("zh-Hans", "第2～4步"), ("ja", "手順2～4"), ("ko", "2~4단계"), ("en", "steps 2–4")],
)
def test_the_aid_names_the_steps_after_a_move_as_the_language_writes_a_range(
    data, code, words
) -> None:
    from dinokit.products.dinos.aid import TURN

    lang = data.language(code)
    assert words in fill(lang.label("aid_stuck"), {"steps": lang.range(2, len(TURN))}, code)


# ------------------------------------------------------------------ credit, no project


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("code", LANGS)
def test_cover_credits_the_original_game(data, game: str, code: str) -> None:
    pages, texts = _booklet(game, code)
    cover = _flat(pages[0])
    assert _flat(texts["cover_credit"]) in cover
    original = "Digging for Dinos" if game == DINOS else "Paleontologists"
    assert _flat(original) in cover
    if game == PALEO:
        assert "JoeHout" in cover and "BelugaBlissGames" in cover


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("code", LANGS)
def test_no_booklet_page_names_the_project(data, game: str, code: str) -> None:
    pages, texts = _booklet(game, code)
    assert not any("dinokit" in page.lower() for page in pages)
    assert not any("dinokit" in text.lower() for text in texts.values())


@pytest.mark.parametrize("code", LANGS)
def test_no_label_name_or_aid_names_the_project(data, code: str, aid_dir) -> None:
    """The game's components never name the tool; only the kit's own read-me-first
    guide does, where it tells the commands that make a file (guide_*), and the tool's
    own web pages (web_*: their header says dinokit)."""
    lang = data.language(code)
    shown = [
        *(text for key, text in lang.labels.items() if not key.startswith(("guide_", "web_"))),
        *lang.names.values(),
    ]
    assert not [text for text in shown if "dinokit" in text.lower()]
    assert "dinokit" not in _aid_text(code, aid_dir).lower()


# -------------------------------------------------------------------------- explaining


@pytest.mark.parametrize("code", LANGS)
def test_eras_explained_as_the_numerals_and_names_on_the_tiles(data, code: str) -> None:
    lang = data.language(code)
    _, texts = _booklet(DINOS, code)
    eras = texts["eras"]
    for era, numeral in zip(data.game(DINOS).eras, ("I", "II", "III"), strict=False):
        entry = era_numeral(lang, era.number)  # the era as the diagrams and footers name it
        assert era_number(lang, era.number) in entry and numeral in entry
        assert entry in eras and lang.term("eras", str(era.number)) in eras, (code, entry)
    assert _flat(eras) in _body(DINOS, code, data)


@pytest.mark.parametrize("code", LANGS)
def test_dice_table_letters_explained_next_to_the_table(data, code: str) -> None:
    """The note that names the shapes by their letters follows the dice table."""
    pages, texts = _booklet(PALEO, code)
    flat = [_flat(p) for p in pages]
    header = _flat("".join(texts[k] for k in ("table_face", "table_shapes", "table_dig_type")))
    table = next(i for i, p in enumerate(flat) if header in p)
    note = _flat(texts["dice_note"])
    assert any(note[:40] in p for p in flat[table : table + 2]), code
    for face in data.game(PALEO).dice:  # the letters the note explains, row by row
        assert "".join(face.shapes) in flat[table], (code, face.shapes)


@pytest.mark.parametrize("code", LANGS)
def test_side_by_side_panels_are_captioned_left_and_right(data, code: str) -> None:
    _, texts = _booklet(PALEO, code)
    caption = texts["worked_dig_caption"]
    left, right = LEFT_RIGHT[code]
    assert caption.startswith(left) and right in caption, caption
    assert not any(word in caption for word in ABOVE_BELOW)
    assert _flat(caption) in _body(PALEO, code, data)


# --------------------------------------------------------------- what readers reported


@pytest.mark.parametrize("code, game, text", FOUND)
def test_reported_wording_is_gone(data, code: str, game: str, text: str) -> None:
    pages, texts = _booklet(game, code)
    lang = data.language(code)
    assert text not in " ".join(pages)
    assert not [key for key, value in texts.items() if text in value]
    assert not [value for value in [*lang.labels.values(), *lang.names.values()] if text in value]


@pytest.mark.parametrize("code", LANGS)
def test_sheet_labels_read_as_the_booklet_says(data, code: str) -> None:
    """The dice key and every bonus are called on the sheet what the booklet calls them."""
    lang = data.language(code)
    body = _body(PALEO, code, data).lower()
    assert _flat(lang.label("dice_key")).lower() in body, lang.label("dice_key")
    for bonus in data.game(PALEO).dig_site.bonuses:
        assert _flat(lang.term("bonuses", bonus.id)).lower() in body, bonus.id
