"""Deals and sessions of the phase engine (Brusquembille) as text, for `brou deal` and `brou match`.

Players are numbered at the table (P0 ... P4), the one on the dealer's right first; the deal
is shown trick by trick with the draws and the payments that follow each trick.
"""

from __future__ import annotations

import random
from typing import Any

from .ledger import BANK, POOL, balances
from .phases import PhaseDeal
from .rules import Rules
from .seating import Seating


def greedy_bot(deal: PhaseDeal, rng: random.Random) -> int:
    """Takes a trick holding points with the cheapest card that wins it, else throws the
    cheapest card (a plain player, for sessions that are not all random)."""
    rules = deal.rules
    legal = deal.legal_actions()
    cheapest = sorted(legal, key=lambda c: (rules.points[c] + 5 * rules.jetons[c], rng.random()))
    if deal.trick and any(rules.points[c] for c in deal.trick):
        for card in cheapest:
            trial = deal.copy()
            trial.apply(card)
            if len(trial.trick) == 0 and trial.tricks[-1][2] == deal.to_act:
                return card
    return cheapest[0]


def _account(seating: Seating, account: int) -> str:
    return "pool" if account == POOL else "bank" if account == BANK else f"P{seating.player(account)}"


def deal_text(deal: PhaseDeal, title: str, seating: Seating | None = None) -> str:
    """The deal as played: the hands, the turned card, each trick with its winner, the draws
    and the payments after it, then the count and the jetons."""
    rules: Rules = deal.rules
    n = rules.n_players
    seating = seating or Seating(n, 0, rules.teams)
    p = seating.player
    lines = [title, ""]
    dealer = p(rules.dealer)
    sides = " and ".join("+".join(f"P{x}" for x in side) for side in seating.player_sides() if len(side) > 1)
    lines.append(f"{n} players, P{dealer} deals" + (f"; pairs {sides}" if sides else "")
                 + f"; turned {rules.card_text(deal.deal.turnup)}, trump {rules.data['deck']['suits'][deal.trump]['en']}")
    for seat in range(n):
        lines.append(f"  P{p(seat)}: {' '.join(rules.cards_text(deal.deal.hands[seat]))}")
    lines.append("")
    for number, (leader, cards, winner) in enumerate(deal.tricks, 1):
        played = ", ".join(f"P{p((leader + i) % n)} {rules.card_text(c)}" for i, c in enumerate(cards))
        points = sum(rules.points[c] for c in cards)
        line = f"Trick {number:>2}: {played} -> P{p(winner)} ({points})"
        drawn = [e for e in deal.events if e.trick == number]
        if drawn:
            line += "; draws " + " ".join(f"P{p(e.seat)} {rules.card_text(e.card)}" for e in drawn)
        paid = [e for e in deal.ledger if e.trick == number and e.clause == "brus.pay.brusquembille"]
        if paid:
            line += "; paid " + ", ".join(f"{_account(seating, e.giver)}>{_account(seating, e.taker)} {e.jetons}"
                                          for e in paid)
        lines.append(line)
    lines.append("")
    result = deal.result()
    lines.append("Card points: " + ", ".join(f"P{p(s)} {result[s].card_points}" for s in range(n)))
    winners = deal.winners()
    if winners is not None:
        who = sorted(p(s) for side in winners for s in rules.teams[side])
        lines.append(("Most points: " if len(winners) == 1 else "Tied for the most points, sharing: ")
                     + ", ".join(f"P{x}" for x in who))
    net = balances(deal.ledger, n)
    lines.append("Jetons: " + ", ".join(f"P{p(s)} {net[s]:+d}" for s in range(n)))
    return "\n".join(lines)


def session_text(record: dict[str, Any]) -> str:
    """A session (brou.rounds.Session.record()) as text: a line per deal, then the standings."""
    lines = []
    for d in record["deals"]:
        points = " ".join(f"{x:>3}" for x in d["points"])
        jetons = " ".join(f"{x:+4d}" for x in d["jetons"])
        best = ", ".join(f"P{w}" for w in d["winners"])
        lines.append(f"Deal {d['number']:>3}: P{d['dealer']} deals, trump {d['trump']}; points {points}; "
                     f"jetons {jetons}; most points {best}")
    lines.append("")
    n = len(record["jetons"])
    if record["kind"] == "pool":
        lines.append(f"After {len(record['deals'])} deals ({record['rounds']} rounds), each player having started "
                     f"with {record['cave']} jetons:")
        lines += [f"  P{x}: {record['jetons'][x]:+d} jetons" for x in range(n)]
    else:
        lines.append(f"Game for {record['target']} points, after {len(record['deals'])} deals:")
        lines += [f"  P{x}: {record['totals'][x]} points" for x in range(n)]
    winners = record["winners"] or []
    lines.append("Winner" + ("s" if len(winners) > 1 else "") + ": " + ", ".join(f"P{w}" for w in winners))
    return "\n".join(lines)
