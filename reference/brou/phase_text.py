"""Deals and sessions of the phase engine as text, for `brou deal` and `brou match`.

Players are numbered at the table (P0 ... P4), the one on the dealer's right first; the deal
is shown trick by trick with the draws and the payments that follow each trick (Brusquembille),
after the speech and its kings (L'Homme d'Auvergne).
"""

from __future__ import annotations

import random
from typing import Any

from .kings import king_of
from .ledger import BANK, POOL, SHEET, balances
from .phases import PhaseDeal
from .rules import Rules
from .seating import Seating
from .speech import LEAVE, PASS, PLAY, SHOW, TURN, WORDS, action_word, has_speech, word_action


def _speech_choice(deal: PhaseDeal) -> int:
    """A plain player's word before play: turn the card, show a king, play holding three trumps
    or two with the king, else pass."""
    rules, hand = deal.rules, deal.hands[deal.to_act]
    words = deal.legal_words()
    if TURN in words:
        return word_action(rules, TURN if TURN in words else LEAVE)
    if SHOW in words:
        return word_action(rules, SHOW)
    if PLAY in words and deal.trump is not None:
        trumps = hand & rules.suit_mask[deal.trump]
        if trumps.bit_count() >= 3 or (trumps.bit_count() >= 2 and trumps >> king_of(rules, deal.trump) & 1):
            return word_action(rules, PLAY)
    return word_action(rules, PASS)


def greedy_bot(deal: PhaseDeal, rng: random.Random) -> int:
    """Takes a trick holding points with the cheapest card that wins it, else throws the
    cheapest card (a plain player, for sessions that are not all random); before play, the
    plain words of `_speech_choice`.  In a game without card points every trick is worth
    taking."""
    rules = deal.rules
    if deal.phase not in ("play", "done"):
        return _speech_choice(deal)
    legal = deal.legal_actions()
    cheapest = sorted(legal, key=lambda c: (rules.points[c] + 5 * rules.jetons[c], rng.random()))
    if deal.trick and (any(rules.points[c] for c in deal.trick) or has_speech(rules)):
        for card in cheapest:
            trial = deal.copy()
            trial.apply(card)
            if len(trial.trick) == 0 and trial.tricks[-1][2] == deal.to_act:
                return card
    return cheapest[0]


def _account(seating: Seating, account: int) -> str:
    return ("pool" if account == POOL else "bank" if account == BANK else "sheet" if account == SHEET
            else f"P{seating.player(account)}")


def deal_text(deal: PhaseDeal, title: str, seating: Seating | None = None) -> str:
    """The deal as played: the hands, the turned card, each trick with its winner, the draws
    and the payments after it, then the count and the jetons."""
    rules: Rules = deal.rules
    n = rules.n_players
    seating = seating or Seating(n, 0, rules.teams)
    if has_speech(rules):
        return _speech_deal_text(deal, title, seating)
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


def _speech_deal_text(deal: PhaseDeal, title: str, seating: Seating) -> str:
    """A deal with a speech: the hands, each word said (with the cards turned and the kings
    shown), each trick, then how the deal ended and the marks written."""
    rules = deal.rules
    n = rules.n_players
    p = seating.player
    lines = [title, "", f"{n} players, P{p(rules.dealer)} deals"]
    for seat in range(n):
        lines.append(f"  P{p(seat)}: {' '.join(rules.cards_text(deal.deal.hands[seat]))}")
    lines.append("")
    said = []
    replay = PhaseDeal(rules, deal.deal, deal.marks)  # played again action by action, to tell the speech in order

    def happened(since: int) -> None:
        for e in replay.events[since:]:
            said.append(f"P{p(e.seat)} {'turns' if e.kind == 'turn' else 'shows'} {rules.card_text(e.card)}")

    happened(0)
    for action in deal.history:
        if replay.phase == "play":
            break
        seen = len(replay.events)
        word = action_word(rules, action)
        replay.apply(action)
        if word is not None and word not in (TURN, SHOW):
            said.append(f"P{p(replay.words[-1][0])} {WORDS[word]}")
        happened(seen)
    lines.append("Speech: " + "; ".join(said) if said else "Speech: none")
    if deal.homme is not None and deal.trump is not None:
        lines.append(f"Homme: P{p(deal.homme)}, trump {rules.data['deck']['suits'][deal.trump]['en']}")
    for number, (leader, cards, winner) in enumerate(deal.tricks, 1):
        played = ", ".join(f"P{p((leader + i) % n)} {rules.card_text(c)}" for i, c in enumerate(cards))
        lines.append(f"Trick {number}: {played} -> P{p(winner)}")
    lines.append("")
    ended = {"played-out": "played out", "not-turned": "not played: nobody turned a card",
             "all-passed": "not played: all passed", "target": "stopped: a player reached the target"}
    lines.append(f"The deal is {ended.get(deal.ended or '', 'in progress')}")
    for e in deal.ledger:
        card = f" ({rules.card_text(e.card)})" if e.card is not None else ""
        lines.append(f"  {_account(seating, e.giver)} > {_account(seating, e.taker)}: {e.jetons} mark{card}, {e.clause}")
    net = balances(deal.ledger, n)
    lines.append("Marks: " + ", ".join(f"P{p(s)} {net[s]:+d}" for s in range(n)))
    return "\n".join(lines)


def session_text(record: dict[str, Any]) -> str:
    """A session (brou.rounds.Session.record()) as text: a line per deal, then the standings."""
    if record["kind"] == "marks":
        return _marks_session_text(record)
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


def _marks_session_text(record: dict[str, Any]) -> str:
    """A game to a number of marks: a line per deal (who was the homme, how it ended, the
    marks after it), then the winner."""
    lines = []
    ended = {"played-out": "played", "not-turned": "nobody turned", "all-passed": "all passed",
             "target": "stopped at the target"}
    for d in record["deals"]:
        homme = "" if d["homme"] is None else f", homme P{d['homme']}, trump {d['trump']}"
        marks = " ".join(f"{x:+3d}" for x in d["marks"])
        lines.append(f"Deal {d['number']:>3}: P{d['dealer']} deals{homme}; {ended[d['how']]}; marks {marks}")
    lines.append("")
    lines.append(f"Game to {record['target']} marks, after {len(record['deals'])} deals:")
    lines += [f"  P{x}: {m} mark{'' if abs(m) == 1 else 's'}" for x, m in enumerate(record["marks"])]
    winners = record["winners"] or []
    lines.append("Winner" + ("s" if len(winners) > 1 else "") + ": " + ", ".join(f"P{w}" for w in winners))
    if record.get("pot"):
        share = "share" if len(winners) > 1 else "takes"
        lines.append(f"Played for money: {' and '.join(f'P{w}' for w in winners)} {share} the {record['pot']['stakes']} stakes")
    return "\n".join(lines)
