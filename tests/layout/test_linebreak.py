"""Line breaking: UAX #14 with the East Asian prohibitions for Chinese and Japanese,
spaces for Latin and Korean, on crafted paragraphs, measured with the real fonts."""

from __future__ import annotations

import pytest

from dinokit.layout import fonts
from dinokit.layout.text import NO_LINE_END, NO_LINE_START, TextOverflow, break_units, wrap

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
    """Each line takes as much as fits: the next line's first piece would not."""
    width = 31.0
    lines = wrap(JAPANESE, "ja", 9, width)
    units = break_units(JAPANESE)
    starts = set()
    at = 0
    for line in lines[:-1]:
        at += len(line)
        starts.add(at)
    pos, boundaries = 0, []
    for unit in units:
        boundaries.append((pos, unit))
        pos += len(unit)
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
