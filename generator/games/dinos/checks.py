"""Consistency checks of Digging for Dinos data against the binding rules."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ...source.diagnostics import Diagnostics
from .model import DinosData, Era

MIN_POSITIONS, MAX_POSITIONS = 2, 6
ERAS = (1, 2, 3)
FLIP_ABILITY = "flip-token"
#: The rules name these species as the ones that grant the flip.
FLIP_SPECIES = ("velociraptor", "deinosuchus")


def check(data: DinosData, diags: Diagnostics) -> None:
    _check_species(data, diags)
    _check_abilities(data, diags)
    _check_eras(data, diags)
    for era in data.eras:
        _check_set(data, era, diags)
        _check_stack(data, era, diags)
    _check_right_values(data, diags)


def defined_once(items: Iterable, what: str, diags: Diagnostics) -> None:
    """Each id of ``items`` (with ``id`` and ``loc``) defined once: ``what`` names them."""
    seen: dict[str, int] = {}
    for item in items:
        if item.id in seen:
            diags.error(
                "E-DUPLICATE-ID",
                item.loc,
                f"{what} {item.id!r} is defined twice (first at line {seen[item.id]})",
            )
        seen.setdefault(item.id, item.loc.line)


def _check_species(data: DinosData, diags: Diagnostics) -> None:
    defined_once(data.species, "species", diags)
    for sp in data.species:
        if not MIN_POSITIONS <= len(sp.positions) <= MAX_POSITIONS:
            diags.error(
                "E-POSITIONS",
                sp.loc,
                f"species {sp.id}: {len(sp.positions)} skeleton positions, expected "
                f"{MIN_POSITIONS} to {MAX_POSITIONS}",
            )
        for pos_id, count in Counter(sp.position_ids).items():
            if count > 1:
                diags.error(
                    "E-DUPLICATE-ID",
                    sp.loc,
                    f"species {sp.id}: position {pos_id!r} is listed {count} times",
                )
        left_total = sum(p.value for p in sp.positions)
        if sp.positions and sp.complete <= left_total:
            diags.warning(
                "W-COMPLETE-LOW",
                sp.loc,
                f"species {sp.id}: completing it scores {sp.complete}, no more than its "
                f"tiles' left-hand values together ({left_total}); nobody gains by completing it",
            )


def _check_abilities(data: DinosData, diags: Diagnostics) -> None:
    known = {sp.id for sp in data.species}
    holders: dict[str, str] = {}
    for ability in data.abilities:
        for species_id in ability.species:
            if species_id not in known:
                diags.error(
                    "E-ABILITY-SPECIES",
                    ability.loc,
                    f"ability {ability.id}: unknown species {species_id!r} "
                    f"(species: {', '.join(sorted(known))})",
                )
            elif species_id in holders:
                diags.error(
                    "E-ABILITY-SPECIES",
                    ability.loc,
                    f"ability {ability.id}: {species_id} already grants {holders[species_id]}; "
                    "a species grants at most one ability",
                )
            holders.setdefault(species_id, ability.id)
    if not data.species:
        return
    where = data.abilities[0].loc if data.abilities else data.species[0].loc
    for species_id in FLIP_SPECIES:
        if holders.get(species_id) != FLIP_ABILITY:
            diags.error(
                "E-ABILITY-RULE",
                where,
                f"{species_id} must grant the {FLIP_ABILITY!r} ability (the rules give it "
                f"to {' and '.join(FLIP_SPECIES)})",
            )


def _check_eras(data: DinosData, diags: Diagnostics) -> None:
    numbers = Counter(era.number for era in data.eras)
    for era in data.eras:
        if numbers[era.number] > 1:
            diags.error("E-DUPLICATE-ID", era.loc, f"era {era.number} is defined more than once")
        if era.number not in ERAS:
            diags.error("E-ERA", era.loc, f"era {era.number}: expected eras {ERAS} only")
    if data.eras:
        for number in ERAS:
            if number not in numbers:
                diags.error(
                    "E-ERA",
                    data.eras[0].loc,
                    f"era {number} is missing (the game has eras 1, 2, 3)",
                )


def _check_set(data: DinosData, era: Era, diags: Diagnostics) -> None:
    """Each era holds exactly one complete set of every species."""
    counts = Counter((t.species, t.position) for t in era.tiles)
    first_line: dict[tuple[str, str], int] = {}
    for tile in era.tiles:
        key = (tile.species, tile.position)
        sp = data.species_by_id(tile.species)
        if sp is None:
            diags.error(
                "E-SET-UNKNOWN-SPECIES",
                tile.loc,
                f"era {era.number}: unknown species {tile.species!r} "
                f"(species: {', '.join(s.id for s in data.species)})",
            )
        elif sp.position(tile.position) is None:
            diags.error(
                "E-SET-UNKNOWN-POSITION",
                tile.loc,
                f"era {era.number}: {sp.id} has no position {tile.position!r} "
                f"(positions: {', '.join(sp.position_ids)})",
            )
        elif key in first_line:
            diags.error(
                "E-SET-DUPLICATE",
                tile.loc,
                f"era {era.number}: a second {sp.id} '{tile.position}' tile (the first is at "
                f"line {first_line[key]}); expected exactly one of each position per era",
            )
        first_line.setdefault(key, tile.loc.line)
    for sp in data.species:
        for position in sp.position_ids:
            if (sp.id, position) not in counts:
                diags.error(
                    "E-SET-MISSING",
                    era.loc,
                    f"era {era.number}: {sp.id} has no '{position}' tile "
                    f"(positions: {', '.join(sp.position_ids)})",
                )


def _check_stack(data: DinosData, era: Era, diags: Diagnostics) -> None:
    if data.rules is None:
        return
    side = data.rules.largest_board
    needed = side * side + 1
    if len(era.tiles) < needed:
        diags.error(
            "E-ERA-STACK",
            era.loc,
            f"era {era.number}: {len(era.tiles)} tiles, expected at least {needed} "
            f"(the {side}x{side} board plus one to draw)",
        )


def _check_right_values(data: DinosData, diags: Diagnostics) -> None:
    """The right-hand value belongs to the species: the same on all its tiles."""
    for tile in data.tiles:
        sp = data.species_by_id(tile.species)
        if sp is not None and tile.right != sp.complete:
            diags.error(
                "E-RIGHT-MISMATCH",
                tile.loc,
                f"era {tile.era}: {sp.id}/{tile.position} prints {tile.right} on the right, "
                f"but every {sp.id} tile must print the species' complete value {sp.complete}",
            )
