"""The kings of L'Homme d'Auvergne: what a king turned, shown or taken scores (clauses
auv.king.*).

A king's point is a ledger entry (`brou.laws.ledger`) from the score sheet (`SHEET`) to the player,
with the king as its card; taken in a trick by another player, it moves to him or is lost to
the sheet (parameter taken_king).  Which kings score is parameter king_scoring
(`speech.kings`): `turned-suit` (A1: each king of a suit turned), `trump-and-others` (the
1718 prints and A2: the turned suit's king and every other king in the same hand),
`trump-only` (la Bête after 1725: the trump king alone, in a deal played).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from ..spec.clauses import implements_clauses
from ..spec.rules import Rules
from .ledger import SHEET, Entry


def king_of(rules: Rules, suit: int) -> int:
    """The card id of the scoring rank (`speech.king`) in `suit`."""
    return suit * len(rules.ranks) + rules.ranks.index(rules.data["speech"]["king"])


def is_king(rules: Rules, card: int) -> bool:
    return bool(rules.ranks[card % len(rules.ranks)] == rules.data["speech"]["king"])


def turned_king_entries(rules: Rules, seat: int, card: int, trick: int = 0) -> list[Entry]:
    """Whoever turns a king scores a point at once (under king_scoring trump-only, only once
    the deal is played on its suit: `trump_king_entries`)."""
    if not is_king(rules, card) or rules.data["speech"]["kings"] == "trump-only":
        return []
    return [Entry(SHEET, seat, 1, "auv.king.turned", trick, card)]


implements_clauses(turned_king_entries, "auv.king.turned")


def not_scored_yet(kings: Iterable[int], scored: Iterable[int]) -> list[int]:
    """A king scores only once: of `kings`, those that have not scored yet.  (A king scored
    stays scored, even when the deal is not played: nothing takes its entry back.)"""
    done = set(scored)
    return [k for k in kings if k not in done]


implements_clauses(not_scored_yet, "auv.king.once")


def showable_king(rules: Rules, hand: int, suit: int, scored: Iterable[int]) -> int | None:
    """The king a player may show now: the king of the suit just turned, if he holds it (it is
    shown in the round of speech of that turn, or never) and it may still score
    (`not_scored_yet`)."""
    king = king_of(rules, suit)
    return king if hand >> king & 1 and not_scored_yet([king], scored) else None


implements_clauses(showable_king, "auv.king.show")


def held_king_entries(rules: Rules, seat: int, hand: int, king: int, scored: Iterable[int]) -> list[Entry]:
    """What showing the king of the turned suit scores: one point for it; under
    trump-and-others one more for each other king in the same hand; nothing yet under
    trump-only.  A king that scored once never scores again (`not_scored_yet`)."""
    mode = rules.data["speech"]["kings"]
    if mode == "trump-only":
        return []
    kings = [king]
    if mode == "trump-and-others":
        kings += [king_of(rules, s) for s in range(len(rules.suits))
                  if king_of(rules, s) != king and hand >> king_of(rules, s) & 1]
    return [Entry(SHEET, seat, 1, "auv.king.held", 0, k) for k in not_scored_yet(kings, scored)]


implements_clauses(held_king_entries, "auv.king.held")


def trump_king_entries(rules: Rules, turned: Sequence[tuple[int, int]], shown: Mapping[int, int],
                       trump: int) -> list[Entry]:
    """Under trump-only, once the homme is named: only the last round's trump king scores, for
    the player who turned it as the last card, or for the player who showed it in this last
    round.  A trump king turned in an earlier réjouissance (its suit turned again at the last)
    was neither turned nor shown in the last round: it scores for nobody."""
    if rules.data["speech"]["kings"] != "trump-only" or not turned:
        return []
    king = king_of(rules, trump)
    seat, card = turned[-1]
    if card == king:
        return [Entry(SHEET, seat, 1, "auv.king.turned", 0, card)]
    return [Entry(SHEET, shown[king], 1, "auv.king.held", 0, king)] if king in shown else []


def scored_kings(ledger: Sequence[Entry]) -> dict[int, int]:
    """The kings held in hand that scored so far: king -> the seat it scored for."""
    return {e.card: e.taker for e in ledger if e.clause == "auv.king.held" and e.card is not None}


def taken_king_entries(rules: Rules, plays: Sequence[tuple[int, int]], winner: int, scored: Mapping[int, int],
                       trick: int) -> list[Entry]:
    """After a trick: each king in it that scored for the player who played it, won by another
    player, moves its point to the trick's winner (taken_king: moves) or costs its owner the
    point (owner-pays).  A king that did not score neither costs nor earns."""
    out = []
    for seat, card in plays:
        if scored.get(card) == seat and seat != winner:
            taker = winner if rules.data["play"]["taken_king"] == "moves" else SHEET
            out.append(Entry(seat, taker, 1, "auv.king.taken", trick, card))
    return out


implements_clauses(taken_king_entries, "auv.king.taken")
