"""The score sheet of a game to a number of marks (session kind `marks`: L'Homme d'Auvergne).

Each player's marks are the sum of the ledger's entries to and from him (`brou.laws.ledger`, unit a
mark); the game ends the moment a player reaches the target, even in the middle of a deal (a
king scored in the speech can end it before the cards are played).  Totals are by whatever
index the caller uses (deal seats or table players), the same for the entries given.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..laws.ledger import Entry
from ..spec.clauses import implements_clauses
from ..spec.rules import Rules


def marks_after(rules: Rules, totals: Sequence[int], entries: Iterable[Entry]) -> list[int]:
    """The totals after `entries`, in order: a player who loses a mark he does not have owes it,
    his total going below zero until he scores again (debts: owed), or loses nothing
    (forgiven: a total never goes below zero)."""
    out = list(totals)
    forgiven = rules.data["session"]["debts"] == "forgiven"
    for e in entries:
        if 0 <= e.giver < len(out):
            out[e.giver] = max(0, out[e.giver] - e.jetons) if forgiven else out[e.giver] - e.jetons
        if 0 <= e.taker < len(out):
            out[e.taker] += e.jetons
    return out


implements_clauses(marks_after, "auv.count.debt")


def marks_winners(rules: Rules, totals: Sequence[int]) -> list[int] | None:
    """Who has won the game once `totals` are reached: the player at the target or above with
    the highest total; several level there (a lost deal brings opponents to the target
    together) win together under target_tie=shared, and under play-on nobody has won yet.
    None while nobody has reached the target."""
    session = rules.data["session"]
    top = max(totals)
    if top < session["target"]:
        return None
    best = [i for i, t in enumerate(totals) if t == top]
    if len(best) > 1 and session["tie_at_target"] == "play-on":
        return None
    return best


implements_clauses(marks_winners, "auv.match.target")


def pot(n: int, winners: Sequence[int]) -> dict[str, object]:
    """Played for money: each of the `n` players puts one agreed stake on the table when the
    game begins, and the winner takes them all (players who win together share them)."""
    return {"stakes": n, "taken_by": sorted(winners)}


implements_clauses(pot, "auv.stakes.pool")
