"""What Digging for Dinos asks of a language and its booklet: names, placeholders, tables.

Takes the model and a :class:`~generator.source.lang.Language`; gives plain strings.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ...source.lang import Language
from ..base import Table
from .model import DinosData

#: The {placeholders} the booklet texts may use; :func:`booklet_values` fills exactly these.
PLACEHOLDERS = frozenset({
    "players_min", "players_max", "board_small", "board_large", "small_players",
    "tokens_per_player", "end_completed", "species_count", "tiles_per_era", "era_count",
    "ability_species_and", "ability_species_or", "era_legend", "tile_total", "players",
})  # fmt: skip
#: The optional rule of a compensation variant printed in the booklet: the points of
#: each seat by number of players, ``points_three_second`` (0 when none is printed).
COUNT_WORDS = {2: "two", 3: "three", 4: "four"}
SEAT_WORDS = ("first", "second", "third", "fourth")
POINTS = frozenset(
    f"points_{COUNT_WORDS[n]}_{SEAT_WORDS[s]}" for n in COUNT_WORDS for s in range(n)
)
PLACEHOLDERS = PLACEHOLDERS | POINTS

#: The numeral an era shows on its tiles (the game data numbers eras 1, 2, 3 ...).
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII", 9: "IX"}


def name_keys(data: DinosData) -> Iterator[tuple[str, str]]:
    """(section, id) of every name a language must give."""
    for sp in data.species:
        yield "species", sp.id
    for position in sorted({p.id for sp in data.species for p in sp.positions}):
        yield "positions", position
    for era in data.eras:
        yield "eras", str(era.number)
    for ability in data.abilities:
        yield "abilities", ability.id


def join_list(lang: Language, items: list[str], kind: str) -> str:
    """``items`` as the language writes a list, ``kind`` "and" or "or": "A, B, and C",
    from CLDR's list patterns (:meth:`~generator.source.lang.Language.join`)."""
    return lang.join(items, kind) if items else ""


def join_series(lang: Language, items: list[str]) -> str:
    """``items`` as a plain enumeration ("A, B, C"; Japanese and Chinese use 、)."""
    return lang.join(items, "series")


def player_counts(lang: Language, counts: list[int]) -> str:
    """Player counts as the language writes them: a range for consecutive counts
    ("3–4", Japanese "3～4"), else a list with "or" ("2 or 4")."""
    ordered = sorted(counts)
    run = len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1))
    if run:
        return lang.range(ordered[0], ordered[-1])
    return join_list(lang, [str(n) for n in ordered], "or")


def era_number(lang: Language, number: int) -> str:
    """An era as the rules, the diagrams and the sheets name it: "Era 2", 「第2時代」
    (the label ``era_number``: one name wherever an era is named)."""
    return lang.label("era_number", {"number": number})


def era_numeral(lang: Language, number: int) -> str:
    """An era named with the numeral its tiles show and its name: "Era 2 = II
    (Jurassic)", 「第2時代＝II（ジュラ紀）」 (the label ``era_numeral``)."""
    values = {
        "era": era_number(lang, number),
        "numeral": ROMAN.get(number, str(number)),
        "name": lang.term("eras", str(number)),
    }
    return lang.label("era_numeral", values)


def booklet_values(dinos: DinosData, lang: Language) -> dict[str, str]:
    """The numbers and names the booklet's texts (and the player aid) may use."""
    rules = dinos.rules
    assert rules is not None  # the booklet is built from valid data only
    sizes = sorted(set(rules.board_size.values()))
    small_players = [p for p, side in sorted(rules.board_size.items()) if side == sizes[0]]
    names = [lang.term("species", s) for a in dinos.abilities for s in a.species]
    legend = lang.label("separator").join(era_numeral(lang, e.number) for e in dinos.eras)
    return {
        "players_min": str(rules.min_players),
        "players_max": str(rules.max_players),
        "players": player_counts(lang, list(range(rules.min_players, rules.max_players + 1))),
        "board_small": str(sizes[0]),
        "board_large": str(sizes[-1]),
        "small_players": player_counts(lang, small_players),
        "tokens_per_player": str(rules.tokens_per_player),
        "end_completed": str(rules.end_completed),
        "species_count": str(len(dinos.species)),
        "tiles_per_era": str(len(dinos.eras[0].tiles)) if dinos.eras else "0",
        "era_count": str(len(dinos.eras)),
        "ability_species_and": join_list(lang, names, "and"),
        "ability_species_or": join_list(lang, names, "or"),
        "era_legend": legend,
        "tile_total": str(len(dinos.tiles)),
        **compensation_values(dinos),
    }


def printed_variant(dinos: DinosData, kind: str):
    """The variant of ``kind`` the booklet prints as an optional rule (``booklet: true``)."""
    rules = dinos.rules
    return (
        next((v for v in rules.variants if v.booklet and v.kind == kind), None) if rules else None
    )


def compensation_values(dinos: DinosData) -> dict[str, str]:
    """The points of each seat of the printed compensation variant, as placeholders."""
    variant = printed_variant(dinos, "compensation")
    points = variant.points if variant else {}
    return {
        f"points_{COUNT_WORDS[n]}_{SEAT_WORDS[s]}": str(points.get(n, (0,) * n)[s])
        for n in COUNT_WORDS
        for s in range(n)
    }


def species_table(dinos: DinosData, lang: Language, t: Mapping[str, str]) -> Table:
    """Every species: its positions with their left-hand values, and its complete value."""
    rows = [
        [
            lang.term("species", sp.id),
            join_series(lang, [f"{lang.term('positions', p.id)} {p.value}" for p in sp.positions]),
            str(sp.complete),
        ]
        for sp in dinos.species
    ]
    header = [t["table_species"], t["table_positions"], t["table_complete"]]
    return header, rows, [34, 66, 20]
