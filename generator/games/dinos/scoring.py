"""Completed dinosaurs, scores and the winners of Digging for Dinos.

Takes the compiled :class:`~.rules.Rules` and one player's tallies (the tiles
collected, slot -> tiles, species -> completed dinosaurs, the sum of left-hand
values); gives completions, the score and, over all players, the winners.

Duplicates: each species makes as many completed dinosaurs as its rarest position
has tiles; a completed set is made of the lowest-valued tiles of each position, so
the spares left over are the ones with the highest left-hand values (the Decision
of the fact sheet: the reading that scores most when eras print different values);
the spares score their left-hand value.
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import Rules


def add_tile(rules: Rules, counts: list[int], done: list[int], tile: int) -> bool:
    """Count ``tile`` in ``counts`` (slot -> tiles); True when it completes a dinosaur,
    which is then added to ``done`` (species -> completed dinosaurs)."""
    slot = rules.tile_slot[tile]
    counts[slot] += 1
    species = rules.tile_species[tile]
    if counts[slot] > done[species]:
        slots = rules.slots[species]
        sets = min(counts[slots.start : slots.stop])
        if sets > done[species]:
            done[species] = sets
            return True
    return False


def completed_species(rules: Rules, done: Sequence[int]) -> dict[str, int]:
    """species -> completed dinosaurs (only the species completed)."""
    return {rules.species[s]: n for s, n in enumerate(done) if n}


def completed_values(rules: Rules, done: Sequence[int]) -> list[int]:
    """The right-hand values of the completed dinosaurs, highest first."""
    complete = rules.complete
    values = [complete[s] for s, n in enumerate(done) for _ in range(n)]
    return sorted(values, reverse=True)


def score(rules: Rules, collected: Sequence[int], done: Sequence[int], left_total: int) -> int:
    """Completed dinosaurs at their right-hand value; every other tile at its left."""
    total = left_total
    if not any(done):
        return total
    lefts: dict[int, list[int]] = {}
    for tile in collected:
        if done[rules.tile_species[tile]]:
            lefts.setdefault(rules.tile_slot[tile], []).append(rules.tile_left[tile])
    for slot, values in lefts.items():
        total -= sum(sorted(values)[: done[rules.slot_species[slot]]])
    return total + sum(n * rules.complete[s] for s, n in enumerate(done))


def winners(keys: Sequence[tuple[int, list[int]]]) -> list[int]:
    """The players with the best (score, completed values) key: highest total; ties go
    to the best completed dinosaurs, highest first, then the next; players still tied
    share the victory."""
    best = max(keys)
    return [p for p, key in enumerate(keys) if key == best]
