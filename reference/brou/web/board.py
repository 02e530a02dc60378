"""A position laid out for the pages: who sits where, the cards of the hands that may be shown,
the trick on the table, the trick just taken, the trump, the talon.

Players are the table's (`brou.cards.seating.Seating`), as in the protocol and the notation.
What is public at any table is always there (how many cards each holds, the trick as its cards
are played, the trick just taken while no card of the next is down, who won each trick, the
trump once named, the talon's size); a hand's cards only for the players `shown` (the table's
person, every hand once a deal is over or a table plays open, every hand in a replay).  What a
player may see beyond that is the engine's `view` of his seat, which the table sends beside.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from ..cards.seating import Seating
from ..engine.deals import deal_kind
from ..engine.homme import HommeDeal
from ..engine.phases import PhaseDeal


def seat_of(seating: Seating, player: int) -> int | None:
    """The deal seat of a table player, None if he sits the deal out."""
    try:
        return seating.seat(player)
    except ValueError:
        return None


def board(deal: PhaseDeal, seating: Seating, shown: Collection[int] | None = None) -> dict[str, Any]:
    """The position as plain data; `shown`: the players whose cards are shown (None: every one)."""
    rules = deal.rules
    n = rules.n_players
    won = [0] * seating.at_table
    for _, _, winner in deal.tricks:
        won[seating.player(winner)] += 1
    players = []
    for p in range(seating.at_table):
        seat = seat_of(seating, p)
        hand = deal.hands[seat] if seat is not None else 0
        players.append({"player": p, "seat": seat, "out": seat is None, "dealer": seat == rules.dealer,
                        "to_act": seat is not None and not deal.is_over and seat == deal.to_act,
                        "count": hand.bit_count(), "won": won[p],
                        "hand": rules.cards_text(hand) if seat is not None and (shown is None or p in shown) else None})
    trick = [{"player": seating.player((deal.leader + i) % n), "card": rules.card_text(c)} for i, c in enumerate(deal.trick)]
    last = None
    if not deal.trick and deal.tricks:
        leader, cards, winner = deal.tricks[-1]
        last = {"cards": [{"player": seating.player((leader + i) % n), "card": rules.card_text(c)}
                          for i, c in enumerate(cards)], "winner": seating.player(winner)}
    turnup = None
    if isinstance(deal, HommeDeal):
        turnup = rules.card_text(deal.turnup) if shown is None or deal.turnup_on_show() else None
    elif deal_kind(rules) == "talon" and deal.deal.turnup >= 0 and (shown is None or deal.stock):
        turnup = rules.card_text(deal.deal.turnup)  # the card turned at the deal, under the talon
    return {"players": players, "trick": trick, "last": last, "tricks": len(deal.tricks), "of": rules.n_tricks,
            "trump": None if deal.trump is None else rules.suits[deal.trump], "turnup": turnup,
            "talon": len(deal.stock), "phase": deal.phase, "over": deal.is_over,
            "to_act": None if deal.is_over else seating.player(deal.to_act)}
