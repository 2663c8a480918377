"""Reading Digging for Dinos data files into the model, reporting every problem."""

from __future__ import annotations

from pathlib import Path

from ...source import schema as s
from ...source.diagnostics import Diagnostics, Location
from ...source.located import Map, Scalar, Seq, YNode, load_file
from .checks import defined_once
from .model import (
    COMPENSATION,
    PLACEMENT_ORDER,
    VARIANT_KINDS,
    Ability,
    DinosData,
    Era,
    Position,
    Rules,
    Species,
    Tile,
    Variant,
)

GAME_ID = "digging-for-dinos"
POSITION = (s.Field("id", s.ident), s.Field("value", s.integer(0, 99)))
SPECIES = (
    s.Field("id", s.ident),
    s.Field("colour", s.colour),
    s.Field("body", s.ident),  # checked against the silhouettes art.py can draw
    s.Field("complete", s.integer(0, 99)),
    s.Field("positions", s.seq_of(s.any_node, max_len=16)),
)
ABILITY = (s.Field("id", s.ident), s.Field("species", s.seq_of(s.ident, min_len=1)))
SPECIES_FILE = (
    s.Field("species", s.seq_of(s.any_node, min_len=1, max_len=64)),
    s.Field("abilities", s.seq_of(s.any_node), required=False, default=[]),
)
TILE = (
    s.Field("species", s.ident),
    s.Field("position", s.ident),
    s.Field("left", s.integer(0, 99), required=False),
    s.Field("right", s.integer(0, 99), required=False),
)
ERA = (
    s.Field("era", s.integer(1, 9)),
    s.Field("colour", s.colour),
    s.Field("tiles", s.seq_of(s.any_node, min_len=1, max_len=1000)),
)
ERAS_FILE = (s.Field("eras", s.seq_of(s.any_node, min_len=1, max_len=12)),)
RULES_FILE = (
    s.Field("players", s.any_node),
    s.Field("board", s.any_node),
    s.Field("tokens_per_player", s.integer(1, 4)),
    s.Field("end_completed_dinosaurs", s.integer(1, 99)),
    s.Field("player_colours", s.seq_of(s.colour, min_len=1)),
    s.Field("variants", s.seq_of(s.any_node), required=False, default=[]),
)
PASSES = ("forward", "reverse")
MAX_COMPENSATION = 20  # points a seat may be given at the end
PLAYERS = (s.Field("min", s.integer(1, 99)), s.Field("max", s.integer(1, 99)))


def load(data_dir: Path, diags: Diagnostics) -> DinosData:
    folder = data_dir / GAME_ID
    species = _read_species(load_file(folder / "species.yaml", diags), diags)
    species_list, abilities = species
    by_id = {sp.id: sp for sp in species_list}
    eras = _read_eras(load_file(folder / "eras.yaml", diags), by_id, diags)
    rules = _read_rules(load_file(folder / "rules.yaml", diags), diags)
    return DinosData(tuple(species_list), tuple(abilities), tuple(eras), rules)


def _read_species(root: YNode | None, diags: Diagnostics) -> tuple[list[Species], list[Ability]]:
    if root is None:
        return [], []
    top = s.read_record(root, "species file", SPECIES_FILE, diags)
    if top is None:
        return [], []
    species = []
    for node, _ in top["species"]:
        rec = s.read_record(node, "species", SPECIES, diags)
        if rec is None:
            continue
        what = f"species {rec['id']}"
        positions = []
        for pos_node, _ in rec["positions"]:
            pos = s.read_record(pos_node, f"{what}: position", POSITION, diags)
            if pos is not None:
                positions.append(Position(pos["id"], pos["value"], pos.loc))
        species.append(
            Species(
                rec["id"], rec["colour"], rec["body"], tuple(positions), rec["complete"], rec.loc
            )
        )
    abilities = []
    for node, _ in top["abilities"]:
        rec = s.read_record(node, "ability", ABILITY, diags)
        if rec is not None:
            names = tuple(name for name, _ in rec["species"])
            abilities.append(Ability(rec["id"], names, rec.where("species")))
    return species, abilities


def _read_tile(node: YNode, era: int, by_id: dict[str, Species], diags: Diagnostics) -> Tile | None:
    """A tile is 'species/position' or a mapping that may override the printed values."""
    what = f"era {era}: tile"
    if isinstance(node, Scalar) and isinstance(node.value, str) and "/" in node.value:
        species_id, _, position_id = node.value.partition("/")
        fields = {
            "species": s.ident(Scalar(species_id, node.loc), what + " species", diags),
            "position": s.ident(Scalar(position_id, node.loc), what + " position", diags),
            "left": None,
            "right": None,
        }
        if s.INVALID in fields.values():
            return None
        loc = node.loc
    elif isinstance(node, Map):
        rec = s.read_record(node, what, TILE, diags)
        if rec is None:
            return None
        fields, loc = rec.values, rec.loc
    else:
        shown = repr(node.value) if isinstance(node, Scalar) else f"a {node.kind}"
        diags.error(
            "E-TYPE",
            node.loc,
            f"{what}: got {shown}, expected 'species/position' or a mapping with "
            "species and position",
        )
        return None
    species = by_id.get(fields["species"])
    position = species.position(fields["position"]) if species else None
    left = fields["left"] if fields["left"] is not None else (position.value if position else 0)
    right = fields["right"] if fields["right"] is not None else (species.complete if species else 0)
    return Tile(era, fields["species"], fields["position"], left, right, loc)


def _read_eras(root: YNode | None, by_id: dict[str, Species], diags: Diagnostics) -> list[Era]:
    if root is None:
        return []
    top = s.read_record(root, "eras file", ERAS_FILE, diags)
    if top is None:
        return []
    eras = []
    for node, _ in top["eras"]:
        rec = s.read_record(node, "era", ERA, diags)
        if rec is None:
            continue
        tiles = (_read_tile(t, rec["era"], by_id, diags) for t, _ in rec["tiles"])
        eras.append(
            Era(rec["era"], rec["colour"], tuple(t for t in tiles if t), rec.key_where("tiles"))
        )
    return eras


def _read_rules(root: YNode | None, diags: Diagnostics) -> Rules | None:
    if root is None:
        return None
    rec = s.read_record(root, "rules", RULES_FILE, diags)
    if rec is None:
        return None
    players = s.read_record(rec["players"], "rules: players", PLAYERS, diags)
    board_node = s.as_map(rec["board"], "rules: board", diags)
    if players is None or board_node is None:
        return None
    board: dict[int, int] = {}
    for key, value in board_node.items():
        where = f"rules: board: {key}"
        count = s.integer(1, 99)(Scalar(key, board_node.key_loc(key)), where + " players", diags)
        side = s.integer(2, 12)(value, where, diags)
        if s.INVALID not in (count, side):
            board[count] = side
    low, high = players["min"], players["max"]
    if low > high:
        diags.error("E-RANGE", players.loc, f"rules: players: min {low} is more than max {high}")
    for count in range(low, high + 1):
        if count not in board:
            diags.error(
                "E-REQUIRED",
                board_node.loc,
                f"rules: board: no board size for {count} players (players {low} to {high})",
            )
    colours = tuple(c for c, _ in rec["player_colours"])
    if len(colours) < high:
        diags.error(
            "E-LENGTH",
            rec.where("player_colours"),
            f"rules: player_colours: {len(colours)} colours for up to {high} players",
        )
    tokens = rec["tokens_per_player"]
    variants = tuple(
        v
        for node, _ in rec["variants"]
        if (v := _read_variant(node, range(low, high + 1), tokens, diags)) is not None
    )
    defined_once(variants, "rules: variant", diags)
    _check_printed(variants, tokens, diags)
    return Rules(
        low,
        high,
        board,
        tokens,
        rec["end_completed_dinosaurs"],
        colours,
        Location(rec.loc.file, rec.loc.line, rec.loc.column),
        variants,
    )


def _check_printed(variants: tuple[Variant, ...], tokens: int, diags: Diagnostics) -> None:
    """The booklet prints at most one optional rule of each kind, and describes the
    placement of two tokens a player (the rules' number)."""
    printed: dict[str, Variant] = {}
    for v in variants:
        if not v.booklet:
            continue
        if v.kind in printed:
            diags.error(
                "E-VARIANT-BOOKLET",
                v.loc,
                f"rules: variant {v.id}: the booklet prints one {v.kind} variant, and "
                f"{printed[v.kind].id} has booklet: true already",
            )
        printed.setdefault(v.kind, v)
        if v.kind == PLACEMENT_ORDER and tokens != 2:
            diags.error(
                "E-VARIANT-BOOKLET",
                v.loc,
                f"rules: variant {v.id}: the booklet describes two placement passes, not "
                f"{tokens} (tokens_per_player); set booklet: false",
            )


def _flag(node: YNode, what: str, diags: Diagnostics):
    if isinstance(node, Scalar) and isinstance(node.value, bool):
        return node.value
    shown = repr(node.value) if isinstance(node, Scalar) else f"a {node.kind}"
    diags.error("E-TYPE", node.loc, f"{what}: got {shown}, expected true or false")
    return s.INVALID


VARIANT = (
    s.Field("id", s.ident),
    s.Field("kind", s.choice(*VARIANT_KINDS)),
    s.Field("passes", s.any_node, required=False),
    s.Field("points", s.any_node, required=False),
    s.Field("booklet", _flag, required=False, default=False),
)
#: The field each kind of variant needs (and the other kinds may not have).
VARIANT_FIELD = {PLACEMENT_ORDER: "passes", COMPENSATION: "points"}


def _read_variant(node: YNode, counts: range, tokens: int, diags: Diagnostics) -> Variant | None:
    """One setup variant; None (its problems reported) when it cannot be played."""
    rec = s.read_record(node, "rules: variant", VARIANT, diags)
    if rec is None:
        return None
    what = f"rules: variant {rec['id']}"
    kind = rec["kind"]
    needed = VARIANT_FIELD[kind]
    ok = True
    for other in VARIANT_FIELD.values():
        if other != needed and other in rec.locs:
            diags.error(
                "E-VARIANT",
                rec.key_where(other),
                f"{what}: '{other}' belongs to a {_kind_of(other)} variant, not to a {kind} one",
            )
            ok = False
    if needed not in rec.locs:
        diags.error("E-REQUIRED", rec.loc, f"{what}: a {kind} variant needs '{needed}'")
        return None
    if kind == PLACEMENT_ORDER:
        passes = _read_passes(rec["passes"], what, tokens, diags)
        if passes is None or not ok:
            return None
        return Variant(rec["id"], kind, passes=passes, booklet=rec["booklet"], loc=rec.loc)
    points = _read_points(rec["points"], what, counts, diags)
    if points is None or not ok:
        return None
    return Variant(rec["id"], kind, points=points, booklet=rec["booklet"], loc=rec.loc)


def _kind_of(name: str) -> str:
    return next(k for k, f in VARIANT_FIELD.items() if f == name)


def _read_passes(node: YNode, what: str, tokens: int, diags: Diagnostics) -> tuple[str, ...] | None:
    """The direction of each placement pass, one pass per token of a player."""
    passes = s.seq_of(s.choice(*PASSES))(node, f"{what}: passes", diags)
    if passes is s.INVALID or not isinstance(node, Seq) or len(passes) != len(node.items):
        return None
    if len(passes) != tokens:
        diags.error(
            "E-LENGTH",
            node.loc,
            f"{what}: passes: {len(passes)} passes, expected {tokens} (one per token of a "
            f"player: tokens_per_player is {tokens})",
        )
        return None
    return tuple(p for p, _ in passes)


def _read_points(
    node: YNode, what: str, counts: range, diags: Diagnostics
) -> dict[int, tuple[int, ...]] | None:
    """players -> the points of each seat, for every number of players of the game."""
    mapping = s.as_map(node, f"{what}: points", diags)
    if mapping is None:
        return None
    points: dict[int, tuple[int, ...]] = {}
    ok = True
    for key, value in mapping.items():
        where = f"{what}: points: {key}"
        count = s.integer(counts.start, counts.stop - 1)(
            Scalar(key, mapping.key_loc(key)), where + " players", diags
        )
        seats = s.seq_of(s.integer(0, MAX_COMPENSATION))(value, where, diags)
        if count is s.INVALID or seats is s.INVALID or not isinstance(value, Seq):
            ok = False
            continue
        if len(seats) != len(value.items):
            ok = False
            continue
        if len(seats) != count:
            diags.error(
                "E-LENGTH",
                value.loc,
                f"{where}: {len(seats)} seats, expected {count} (one number per seat, the "
                "first player first)",
            )
            ok = False
            continue
        points[count] = tuple(p for p, _ in seats)
    missing = [c for c in counts if c not in points]
    if ok and missing:
        diags.error(
            "E-REQUIRED",
            mapping.loc,
            f"{what}: points: no points for {', '.join(map(str, missing))} players "
            f"(expected {counts.start} to {counts.stop - 1} players)",
        )
        ok = False
    return points if ok else None
