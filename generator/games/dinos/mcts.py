"""A strong Digging for Dinos player: information-set Monte Carlo tree search.

The stacks are hidden: a player knows which tiles each era stack still holds (every
tile not yet seen) but not their order. Each of the ``budget`` iterations therefore
deals one *determinization* (the unseen tiles of each stack shuffled with the bot's
``rng``) and walks one shared tree of moves in it (single-observer ISMCTS, Cowling,
Powley and Whitehouse 2012): a move is chosen by UCB1 counted over the iterations in
which it was legal (availability), one new move is added, a short random playout
follows (``depth`` moves), and the position is judged by :func:`evaluate`. Every node
keeps the reward of the player who made its move (max-n), so opponents are modelled
as playing for themselves. The move played is the root move visited most (ties: the
first in rule order). Seeded and deterministic: the same game, ``rng`` state and
budget always give the same move.
"""

from __future__ import annotations

import math
import random
from functools import cache

from .board import Move
from .play import Game
from .rules import Rules

DEFAULT_BUDGET = 100  # iterations per decision
DEPTH = 3  # random moves after the tree, before the position is judged
EXPLORE = 0.7  # UCB1 exploration constant (rewards lie in 0..1)
SPREAD = 8.0  # points of lead that make a reward of about 0.88


@cache
def _tables(rules: Rules) -> tuple[tuple[float, ...], tuple[int, ...]]:
    """Per species: the gain of completing it (complete value minus the mean left-hand
    values of one set), and its number of positions."""
    lefts: dict[int, list[int]] = {}
    for tile, slot in enumerate(rules.tile_slot):
        lefts.setdefault(slot, []).append(rules.tile_left[tile])
    gains, sizes = [], []
    for s, slots in enumerate(rules.slots):
        held = sum(sum(lefts.get(k, [0])) / len(lefts.get(k, [0])) for k in slots)
        gains.append(max(0.0, rules.complete[s] - held))
        sizes.append(len(slots))
    return tuple(gains), tuple(sizes)


def evaluate(game: Game) -> list[float]:
    """Each player's worth: the score, plus for every species the gain of completing its
    next dinosaur times the square of the share of its positions held (a finished game:
    the score alone)."""
    scores = game.scores()
    if game.finished:
        return [float(s) for s in scores]
    rules = game.rules
    gains, sizes = _tables(rules)
    board = game.board
    left = sum(map(len, game.stacks)) + len(board) - board.count(None)
    hope = min(1.0, left / (len(rules.tiles) / 2))  # late in the game sets finish less
    worth = []
    for p in range(game.players):
        counts, done = game.counts[p], game.completed[p]
        value = float(scores[p])
        for s, slots in enumerate(rules.slots):
            need = done[s] + 1
            held = 0  # a plain loop: no generator in the hottest loop of the search
            for k in slots:
                if counts[k] >= need:
                    held += 1
            if held:
                share = held / sizes[s]
                value += gains[s] * share * share * hope
        worth.append(value)
    return worth


class _Node:
    __slots__ = ("player", "visits", "total", "avail", "children")

    def __init__(self, player: int) -> None:
        self.player = player  # who made the move into this node
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.children: dict[Move, _Node] = {}


def _mover(game: Game) -> int:
    return game.current if game.pending_flip is None else game.pending_flip


def _rewards(worth: list[float]) -> list[float]:
    """Each player's reward in 0..1 from its lead over the best other player."""
    out = []
    for p, w in enumerate(worth):
        best_other = max(x for q, x in enumerate(worth) if q != p)
        out.append(0.5 + 0.5 * math.tanh((w - best_other) / SPREAD))
    return out


def search(
    game: Game, rng: random.Random, budget: int = DEFAULT_BUDGET, depth: int = DEPTH
) -> Move:
    """The move ``budget`` iterations of ISMCTS find best for the player to decide."""
    moves = game.legal_moves()
    if len(moves) == 1 or budget <= 0:
        return moves[0]
    root = _Node(-1)
    log = math.log
    longest = 1  # the longest path in the tree so far, root included
    for _ in range(budget):
        g = game.copy()
        # at most one tile is drawn per move: the top ``draws`` of each stack decide the
        # iteration, and they are a uniform sample of the unseen tiles (Fisher-Yates
        # from the top); tiles below them are never reached
        draws = longest + depth
        randrange = rng.randrange
        for stack in g.stacks:
            n = len(stack)
            for i in range(n - 1, max(n - 1 - draws, 0), -1):
                j = randrange(i + 1)
                stack[i], stack[j] = stack[j], stack[i]
        node, path = root, [root]
        while not g.finished:
            legal = g.legal_moves()
            children = node.children
            fresh = [m for m in legal if m not in children]
            for m in legal:
                child = children.get(m)
                if child is not None:
                    child.avail += 1
            if fresh:
                move = fresh[rng.randrange(len(fresh))]
                child = children[move] = _Node(_mover(g))
                child.avail = 1
                g.apply(move)
                path.append(child)
                break
            best, best_value = None, -1.0
            for m in legal:
                c = children[m]
                value = c.total / c.visits + EXPLORE * math.sqrt(log(c.avail) / c.visits)
                if value > best_value:
                    best, best_value = c, value
                    move = m
            g.apply(move)
            node = best  # type: ignore[assignment]
            path.append(node)
        for _ in range(depth):
            if g.finished:
                break
            legal = g.legal_moves()
            g.apply(legal[rng.randrange(len(legal))])
        longest = max(longest, len(path))
        rewards = _rewards(evaluate(g))
        for visited in path[1:]:
            visited.visits += 1
            visited.total += rewards[visited.player]
    best_move, most = moves[0], -1
    for m in moves:
        child = root.children.get(m)
        if child is not None and child.visits > most:
            best_move, most = m, child.visits
    return best_move


class MctsBot:
    """ISMCTS with ``budget`` iterations per decision; starting squares as greedy."""

    def __init__(self, budget: int = DEFAULT_BUDGET, depth: int = DEPTH) -> None:
        self.budget, self.depth = budget, depth

    def place_token(self, game: Game, player: int, face: str, rng: random.Random) -> int:
        from .bots import GreedyBot

        return GreedyBot().place_token(game, player, face, rng)

    def choose_move(self, game: Game, player: int, rng: random.Random) -> Move:
        return search(game, rng, self.budget, self.depth)

    choose_flip = choose_move
