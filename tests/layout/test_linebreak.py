"""Line breaking: UAX #14 with the East Asian prohibitions for Chinese and Japanese,
spaces for Latin and Korean, on crafted paragraphs, measured with the real fonts."""

from __future__ import annotations

import pytest

from dinokit.layout import fonts
from dinokit.layout.text import (
    NO_LINE_END,
    NO_LINE_START,
    TextOverflow,
    break_penalties,
    break_units,
    wrap,
)

# Crafted so that a naive break (between any two characters) would land on every
# rule: closing brackets and stops after a full line, opening brackets at a line's
# end, small kana and the long-vowel mark, Latin words and numbers inside CJK text.
JAPANESE = (
    "各プレイヤーは「化石タイル」を3枚ずつ引きます。ヴェロキラプトル（Velociraptor）は"
    "2点、ティラノサウルスは10,000点！？　いいえ、そんなことはありません。"
    "「ちょっと待って」と言われたら、ターンを終えます。ラウンド20の後、得点を数えます。"
)
CHINESE = (
    "每位玩家抽取3张「化石板块」。迅猛龙（Velociraptor）值2分，霸王龙值10,000分？"
    "不，没有那么多！轮到你时，先放置一块板块，然后移动你的古生物学家：横向或纵向，"
    "一格或两格。第20轮之后，计算得分。"
)
LATIN_WORDS = ("Velociraptor", "10,000")


def _cases():
    for text, font in ((JAPANESE, "ja"), (CHINESE, "sc")):
        for width in (27.0, 31.0, 38.5, 47.0, 60.0):
            yield pytest.param(text, font, width, id=f"{font}-{width:g}")


@pytest.mark.parametrize(("text", "font", "width"), list(_cases()))
def test_cjk_lines_obey_the_rules(text: str, font: str, width: float) -> None:
    lines = wrap(text, font, 9, width)
    assert len(lines) > 1
    assert "".join(lines) == text.replace(" ", "")  # nothing lost, nothing added
    for line in lines:
        assert fonts.text_width_mm(font, line, 9) <= width + 1e-9
    for before, after in zip(lines, lines[1:], strict=False):
        assert after[0] not in NO_LINE_START, (before, after)
        assert before[-1] not in NO_LINE_END, (before, after)
    for word in LATIN_WORDS:  # never split: a whole line holds each of them
        assert any(word in line for line in lines), (word, lines)


def test_lines_are_full_greedy() -> None:
    """Each line takes as much as fits: the next line's first piece would not (a piece:
    the break units joined where a break is avoided, as a number with its unit). The
    last break may move back for the widow rule, so it is not checked."""
    width = 31.0
    lines = wrap(JAPANESE, "ja", 9, width)
    units = break_units(JAPANESE)
    penalties = break_penalties(units, cjk=True)
    pieces = [units[0]]
    for unit, penalty in zip(units[1:], penalties, strict=True):
        if penalty:
            pieces[-1] += unit
        else:
            pieces.append(unit)
    starts = set()
    at = 0
    for line in lines[:-2]:
        at += len(line)
        starts.add(at)
    pos, boundaries = 0, []
    for piece in pieces:
        boundaries.append((pos, piece))
        pos += len(piece)
    joined = "".join(lines)
    for start in starts:  # the piece that starts the next line did not fit on this one
        piece = next(u for p, u in boundaries if p == start)
        line = next(ln for ln in lines if joined.index(ln) + len(ln) == start)
        assert fonts.text_width_mm("ja", line + piece.rstrip(), 9) > width


def test_break_units_keep_brackets_and_stops_with_their_neighbours() -> None:
    units = break_units("「化石」を、3枚。")
    assert "「化" in units[0] and units[-1].endswith("枚。")
    assert not any(u[0] in NO_LINE_START for u in units[1:])
    assert not any(u[-1] in NO_LINE_END for u in units)


def test_korean_and_latin_break_at_spaces_only() -> None:
    korean = "각 플레이어는 화석 타일 3개를 뽑습니다. 벨로키랍토르는 2점입니다."
    for text, font in ((korean, "ko"), ("The Velociraptor-tile: 2 points, l'œuvre", "sans")):
        for width in (24.0, 35.0):
            lines = wrap(text, font, 9, width)
            assert " ".join(lines) == text  # every break was at a space
    assert wrap("ab\u00a0cd ef", "sans", 9, 9.0) == ["ab\u00a0cd", "ef"]  # no-break space holds


def test_a_latin_word_too_wide_in_cjk_text_overflows() -> None:
    with pytest.raises(TextOverflow) as err:
        wrap("化石Parasaurolophusです", "ja", 9, 12.0)
    assert err.value.text == "化石Parasaurolophusです"


# The rules of issue 25, each on a string made to break where it must not.


@pytest.mark.parametrize("width", [28.0, 33.0, 40.0, 47.0, 55.0])
def test_an_option_in_japanese_text_never_breaks_inside(width: float) -> None:
    text = "ずれは「dinokit printer set 名前 --duplex-offset X,Y --paper a4」で保存します。"
    lines = wrap(text, "ja", 9, width)
    assert any("--duplex-offset" in line for line in lines), lines
    assert any("--paper" in line for line in lines), lines
    for line in lines:
        assert not line.endswith("-"), lines


def test_a_code_in_chinese_text_stays_whole() -> None:
    for width in (30.0, 34.0, 40.0):
        lines = wrap("你的代码是PAL-5XNH-8W1Q，请记下。", "sc", 9, width)
        assert any("PAL-5XNH-8W1Q" in line for line in lines), lines


@pytest.mark.parametrize(
    ("text", "font", "kept"),
    [
        ("Você precisa ter a partir de 8 anos para jogar este jogo", "sans", "8 anos"),
        ("Quem completa 4 dinossauros primeiro ganha a partida", "sans", "4 dinossauros"),
        ("Elke soort levert +1 punt op aan het eind van het spel", "sans", "+1 punt"),
        ("Het museum toont 4 dinosaurussen naast elkaar in de zaal", "sans", "4 dinosaurussen"),
        ("Połóż kafelek na polu Cauda 1, potem na następnym", "sans", "Cauda 1,"),
        ("Powtórz wszystkie kroki 2–4, aż skończą się kafelki", "sans", "kroki 2–4,"),
        ("每位玩家拿取卡纸 8 张，然后放在面前。", "sc", "8 张，"),
        ("恐龙骨架完成后，每块得分 = 4 分。", "sc", "4 分。"),
        ("ボーナス欄の全12種類から選びます。", "ja", "12種類"),
    ],
)
def test_a_number_keeps_with_its_unit_or_its_label(text: str, font: str, kept: str) -> None:
    widths = [w / 2 for w in range(50, 130)]  # each fits a line whole
    for width in widths:
        lines = wrap(text, font, 9, width)
        assert any(kept in line for line in lines), (width, lines)


def test_a_sum_breaks_only_before_an_operator() -> None:
    text = "Your dinosaur scores 4 + 3 + 6 + 2 = 15 points in this round"
    for width in [w / 2 for w in range(50, 140)]:
        lines = wrap(text, "sans", 9, width)
        assert " ".join(lines) == text
        for line in lines[:-1]:
            assert line.split(" ")[-1] not in ("+", "="), (width, lines)
        if fonts.text_width_mm("sans", "4 + 3 + 6 + 2 = 15 points", 9) <= width:
            assert any("4 + 3 + 6 + 2 = 15" in line for line in lines), (width, lines)


@pytest.mark.parametrize(
    ("text", "font"),
    [
        ("挖出化石板块，拼合恐龙骨架，把本次考察中最出色的恐龙收藏带回家。", "sc"),
        ("掷出骰子，小心挖开埋藏骨骼四周的土层，让最珍贵的发现重见天日。", "sc"),
        ("形が覆った星1つにつき、ボーナス欄にある好きなボーナス1つに○をつけます。", "ja"),
        ("形が覆った星1つにつき、ボーナス1つに○", "ja"),
    ],
)
def test_no_cjk_paragraph_ends_with_one_character_alone(text: str, font: str) -> None:
    for width in [w / 2 for w in range(40, 200)]:
        lines = wrap(text, font, 9, width)
        if len(lines) > 1:
            alone = [c for c in lines[-1] if c not in NO_LINE_START and c not in "。、，"]
            assert len(alone) >= 2, (width, lines)
            assert "".join(lines) == text


def test_the_penalties_name_each_rule() -> None:
    units = ("Cauda ", "1 ", "e ", "4 ", "dinos ", "4 ", "+ ", "2")
    assert break_penalties(units, cjk=False) == [1, 0, 0, 1, 0, 1, 2]
    assert break_penalties(("--", "duplex-", "offset ", "で"), cjk=True) == [3, 3, 0]


def test_polish_one_letter_words_keep_their_no_break_space() -> None:
    text = "Gracz kładzie kafelek w\u00a0rogu planszy i\u00a0przesuwa pionek o\u00a0dwa pola"
    for width in (20.0, 25.0, 30.0, 40.0):
        for line in wrap(text, "sans", 9, width):
            assert not line.endswith((" w", " i", " o")), line


def test_punctuation_runs_are_squeezed_half_an_em() -> None:
    """JIS X 4051: of two full-width marks side by side, the half em of blank between
    them goes; an opening mark and a closing one have none between them."""
    from dinokit.layout.text import set_line, squeezes

    assert squeezes("これは（「化石」）です。「ああ」", "ja") == ((4, 500), (8, 500), (12, 500))
    assert squeezes("见“特殊恐龙”）。", "sc") == ((7, 500), (8, 500))  # zh quotes are full width
    assert squeezes("見“特殊”）。", "ja") == ((6, 500),)  # ja quotes are narrow: only ）。
    assert squeezes("「」（）", "ja") == ((2, 500),)
    texts = set_line(10, 20, "これは（「化石」）です。", "ja", 9)
    assert [t.text for t in texts] == ["これは（", "「化石」", "）です。"]
    em = fonts.text_width_mm("ja", "一", 9)
    assert texts[1].x == pytest.approx(10 + 3.5 * em) and texts[2].x == pytest.approx(10 + 7 * em)
    centred = set_line(50, 20, "（「化石」）", "ja", 9, align="center")
    assert centred[0].x == pytest.approx(50 - 2.5 * em)  # six ems less two halves, centred
    assert set_line(10, 20, "化石です。", "ja", 9)[0].text == "化石です。"  # nothing to squeeze


def test_a_squeezed_line_is_measured_squeezed() -> None:
    text = "（「化石」）（「化石」）"
    em = fonts.text_width_mm("ja", "一", 9)
    width = 10.5 * em  # twelve ems, less five half-em squeezes: 9.5
    assert wrap(text, "ja", 9, width, squeeze=True) == [text]
    assert len(wrap(text, "ja", 9, width)) == 2


def test_a_title_breaks_after_a_clause_where_that_takes_no_more_lines() -> None:
    tagline = "挖出化石板块，拼合恐龙骨架，把本次考察中最出色的恐龙收藏带回家。"
    assert wrap(tagline, "sc", 11, 120.0, title=True) == [
        "挖出化石板块，拼合恐龙骨架，",
        "把本次考察中最出色的恐龙收藏带回家。",
    ]
    assert wrap("星を覆ったら：ボーナス1つに○", "ja", 7.8, 30.0, title=True) == [
        "星を覆ったら：",
        "ボーナス1つに○",
    ]
    body = wrap(tagline, "sc", 11, 120.0)  # a paragraph fills its lines
    assert len(body) == 2 and len(body[0]) > len("挖出化石板块，拼合恐龙骨架，")


def test_a_game_term_in_cjk_text_breaks_only_when_it_must() -> None:
    text = (
        "1つのラウンドに複数のボーナスを使ってもかまいません。"
        "形チェンジと掘り方チェンジを同時に使うこともできます。"
    )
    keep = ("掘り方チェンジ", "形チェンジ")
    for width in [w / 2 for w in range(60, 200)]:
        lines = wrap(text, "ja", 9.3, width, keep=keep)
        assert "".join(lines) == text
        for term in keep:
            assert any(term in line for line in lines), (width, lines)
    assert wrap("掘り方チェンジ", "ja", 9.3, 12.0, keep=keep)  # too wide: it breaks
