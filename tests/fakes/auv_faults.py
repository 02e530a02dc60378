"""L'Homme d'Auvergne with one rule broken: faults planted in the engine for tests/test_fuzz.py,
in the manner of tests/faults.py (`Faulty(MODULE, NAME, FAULT)`).

Each fault takes the engine's function and gives a faulty one:

- `taken_king_stays` (in `brou.engine.phases`, for `taken_king_entries`): a king that scored in the
  speech and is won in a trick by another player keeps its mark with its holder (clause
  auv.king.taken);
- `tie_to_the_last` (in `brou.laws.results`, for `deal_winner`): players level at the top of the
  tricks (2-2-1, or one trick each) are parted by who reached that number last, not first, so
  the homme's mark is written wrong (clause auv.count.homme-wins);
- `void_need_not_trump` (in `brou.laws.following.PRIMITIVES`, for `trump-if-void`): a player void in
  the plain suit led may discard instead of trumping (clause auv.play.trump-if-void).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from brou.laws.ledger import Entry
from brou.spec.rules import Rules

TakenKings = Callable[[Rules, Sequence[tuple[int, int]], int, Mapping[int, int], int], list[Entry]]
DealWinner = Callable[[int, Sequence[int]], int]
Primitive = Callable[..., int]


def taken_king_stays(original: TakenKings) -> TakenKings:
    """The marks of kings taken in a trick: none, whatever was taken."""
    def faulty(rules: Rules, plays: Sequence[tuple[int, int]], winner: int, scored: Mapping[int, int],
               trick: int) -> list[Entry]:
        return []
    return faulty


def tie_to_the_last(original: DealWinner) -> DealWinner:
    """The deal's winner with a tie at the top given to the last of the level players to reach it."""
    def faulty(n: int, trick_winners: Sequence[int]) -> int:
        counts = [0] * n
        for w in trick_winners:
            counts[w] += 1
        top = max(counts)
        level = [p for p in range(n) if counts[p] == top]
        if len(level) == 1:
            return original(n, trick_winners)
        reached = {p: next(i for i in range(len(trick_winners)) if trick_winners[:i + 1].count(p) == top) for p in level}
        return max(level, key=lambda p: reached[p])
    return faulty


def void_need_not_trump(original: Primitive) -> Primitive:
    """Trump-if-void that asks nothing: a void player plays any card."""
    def faulty(rules: Rules, option: Any, hand: int, allowed: int, *rest: Any) -> int:
        return allowed
    return faulty
