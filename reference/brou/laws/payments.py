"""Payments during play: the brusquembilles (clauses brus.pay.*)."""

from __future__ import annotations

from collections.abc import Sequence

from ..spec.clauses import implements_clauses
from ..spec.rules import Rules
from .ledger import Entry


def pays_brusquembilles(rules: Rules) -> bool:
    """Whether brusquembilles are paid: with three, four each for himself or five, in the game
    for the pool; never with two, in pairs, nor in the game for points (compiled from
    `payments.paid` and the form's patch)."""
    return rules.pays_brusquembilles


implements_clauses(pays_brusquembilles, "brus.pay.when")


def brusquembille_payments(rules: Rules, plays: Sequence[tuple[int, int]], winner: int, trick: int) -> list[Entry]:
    """The payments of one finished trick: `plays` are (seat, card) in the order played and
    `winner` the seat that took it.  A brusquembille (an ace, 2 jetons; a ten, 1) played by
    the winner is paid him by every other player; one played by anyone else is lost, and its
    player pays its worth to every other player."""
    out: list[Entry] = []
    n = rules.n_players
    for seat, card in plays:
        worth = rules.jetons[card]
        if not worth:
            continue
        for other in range(n):
            if other == seat:
                continue
            if seat == winner:
                out.append(Entry(other, seat, worth, "brus.pay.brusquembille", trick, card))
            else:
                out.append(Entry(seat, other, worth, "brus.pay.brusquembille", trick, card))
    return out


implements_clauses(brusquembille_payments, "brus.pay.brusquembille")
