"""Brusquembille with one rule broken: faults planted in the phase engine (brou.engine.phases) for
tests/test_fuzz.py, in the manner of tests/faults.py (`Faulty(brou.engine.phases, NAME, FAULT)`).

Each fault takes the engine's function and gives a faulty one:

- `pay_lost_to_one`: a brusquembille lost is paid to one other player only, not to each
  (clause brus.pay.brusquembille);
- `winner_draws_last`: after a trick the others draw first and its winner last (clause
  brus.talon.draw).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from brou.laws.ledger import Entry
from brou.spec.rules import Rules

Payments = Callable[[Rules, Sequence[tuple[int, int]], int, int], list[Entry]]
Draws = Callable[[int, int, Sequence[int]], list[tuple[int, int]]]


def pay_lost_to_one(original: Payments) -> Payments:
    """The trick's payments with a lost brusquembille paid to the first other player only."""
    def faulty(rules: Rules, plays: Sequence[tuple[int, int]], winner: int, trick: int) -> list[Entry]:
        out: list[Entry] = []
        played = set(plays)
        paid: set[tuple[int, int | None]] = set()
        for entry in original(rules, plays, winner, trick):
            key = (entry.giver, entry.card)
            if entry.giver != winner and key in played:  # its player lost the trick: he pays
                if key in paid:
                    continue
                paid.add(key)
            out.append(entry)
        return out
    return faulty


def winner_draws_last(original: Draws) -> Draws:
    """The draws after a trick with its winner drawing last: the others first, in the order of play."""
    def faulty(n: int, winner: int, stock: Sequence[int]) -> list[tuple[int, int]]:
        right = original(n, winner, stock)
        return [(seat, card) for (seat, _), (_, card) in zip([*right[1:], right[0]], right, strict=True)]
    return faulty
