"""Deals and sessions as text, for `brou deal` and `brou match`, and a played deal as data.

`deal_text(deal, title)` is the printed deal of every game, one function per kind of deal
(`TEXTS`, keyed by `brou.engine.deals.deal_kind`).  In 1802 and Brouc the deal is told by deal seat
(seat 0 leads), trick by trick with the announcements, the table marriages and the running
count; in the other games players are numbered at the table (P0 ... P4), the one on the
dealer's right first, and the deal is shown trick by trick with the draws and the payments that
follow each trick (Brusquembille), after the speech and its kings (L'Homme d'Auvergne), after
the auction and the exchange (L'Hombre).  `deal_to_data` is a played deal as JSON-ready data
(`brou deal --json`).  The bots of `brou match` for these games (`greedy_bot`) live here too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from ..cards.seating import Seating
from ..laws.auction import words
from ..laws.contracts import has_auction
from ..laws.counting import card_points
from ..laws.exchange import discard_bounds
from ..laws.kings import king_of
from ..laws.ledger import BANK, POOL, SHEET, balances
from ..laws.marriages import value_of
from ..laws.speech import LEAVE, PASS, PLAY, SHOW, TURN, WORDS, action_word, has_speech, word_action
from ..spec.rules import Rules, card_order, cards_of
from .deals import deal_kind
from .hombre import HombreDeal
from .homme import HommeDeal, marriage_text
from .phases import PhaseDeal
from .position import hand_text, result_table, team_name


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


def _trump_count(rules: Rules, hand: int, trump: int) -> int:
    """The trumps a hand would hold with `trump` for trump, the permanent ones included."""
    return (hand & card_order(rules, trump).class_mask[trump]).bit_count()


def _hombre_choice(deal: HombreDeal) -> int:
    """A plain L'Hombre player before play: bids sans prendre with seven trumps in his best
    suit (not spades), demande with five, else passes; names his best suit; the hombre
    discards his plain cards below the king (at least what the contract asks), a tier his
    plain cards below the queen while the talon lasts; never gives up; stops after five."""
    rules, hand = deal.rules, deal.hands[deal.to_act]
    names = words(rules)
    offered = [names[w] for w in deal.legal_words()]
    base = rules.n_indices

    def say(word: str) -> int:
        return base + names.index(word)

    suits = sorted(range(len(rules.suits)), key=lambda t: -_trump_count(rules, hand, t))
    if deal.phase == "auction":
        best = max(_trump_count(rules, hand, t) for t in suits if rules.suits[t] != "S")
        for wanted, needed in (("sans-prendre", 7), ("demande", 5)):
            if best >= needed and wanted in offered:
                return say(wanted)
        return say("pass")
    if deal.phase == "declare":
        trumps = [w for w in offered if w.startswith("trump ")]
        if trumps:
            for t in suits:
                if f"trump {rules.suits[t]}" in trumps:
                    return say(f"trump {rules.suits[t]}")
        return say(offered[0])
    if deal.phase == "exchange":
        least, most = discard_bounds(rules, deal.contract, deal.to_act, deal.hombre, len(deal.stock)) \
            if deal.contract is not None and deal.hombre is not None else (0, 0)
        order = card_order(rules, deal.trump)
        keep_from = 1 if deal.to_act == deal.hombre else 2  # K kept by the hombre; K, Q by a tier
        weak = sorted((c for c in cards_of(hand) if order.class_of[c] != deal.trump),
                      key=lambda c: -order.place[c])
        weak_cards = [c for c in weak if order.place[c] >= keep_from]
        if len(deal.discarding) < min(most, max(least, len(weak_cards))):
            return next(c for c in weak_cards + sorted(cards_of(hand), key=lambda c: -order.place[c]) if hand >> c & 1)
        return say("draw")
    return say("stop") if "stop" in offered else deal.legal_actions()[0]


def _hombre_card(deal: HombreDeal, rng: random.Random) -> int:
    """A plain L'Hombre card: the hombre of a nolo plays the highest card that does not take
    the trick (the lowest if all would); anyone else takes the trick with the cheapest card
    that wins it, else throws his lowest card."""
    rules = deal.rules
    order = card_order(rules, deal.trump)
    legal = [a for a in deal.legal_actions() if a < rules.n_indices]
    lowest = sorted(legal, key=lambda c: (-order.place[c], rng.random()))
    nolo = deal.contract is not None and deal.contract.nolo and deal.to_act == deal.hombre

    def takes(card: int) -> bool:
        trial = deal.copy()
        trial.apply(card)
        return bool(trial.tricks) and len(trial.tricks) > len(deal.tricks) and trial.tricks[-1][2] == deal.to_act

    if nolo:
        safe = [c for c in reversed(lowest) if not (len(deal.trick) == rules.n_players - 1 and takes(c))]
        return safe[0] if safe and deal.trick else lowest[0]
    if deal.trick:
        for card in lowest:
            if len(deal.trick) == rules.n_players - 1 and takes(card):
                return card
    return lowest[0]


def greedy_bot(deal: PhaseDeal, rng: random.Random) -> int:
    """Takes a trick holding points with the cheapest card that wins it, else throws the
    cheapest card (a plain player, for sessions that are not all random); before play, the
    plain words of `_speech_choice` (L'Hombre: `_hombre_choice` and `_hombre_card`).  In a
    game without card points every trick is worth taking."""
    rules = deal.rules
    if isinstance(deal, HombreDeal):
        return _hombre_choice(deal) if deal.phase != "play" or deal.may_stop() else _hombre_card(deal, rng)
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


def deal_text(deal: PhaseDeal, title: str = "", seating: Seating | None = None) -> str:
    """The deal as played, as its kind of deal tells it (`TEXTS`); players numbered by
    `seating` (default: the deal's seats, the dealer last)."""
    rules = deal.rules
    return TEXTS[deal_kind(rules)](deal, title, seating or Seating(rules.n_players, 0, rules.teams))


def _talon_deal_text(deal: PhaseDeal, title: str, seating: Seating) -> str:
    """A deal with a talon: the hands, the turned card, each trick with its winner, the draws
    and the payments after it, then the count and the jetons."""
    rules = deal.rules
    n = rules.n_players
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
    result = deal.seat_results()
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


def _hombre_deal_text(deal: HombreDeal, title: str, seating: Seating) -> str:
    """A deal of L'Hombre: the hands and the talon, the auction, the contract, the exchanges,
    each trick, then the result and the hombre's points."""
    rules = deal.rules
    n = rules.n_players
    p = seating.player
    out = seating.sitting_out()
    lines = [title, "", f"P{p(rules.dealer)} deals" + (f", P{out[0]} sits out" if out else "")]
    for seat in range(n):
        lines.append(f"  P{p(seat)}: {' '.join(rules.cards_text(deal.deal.hands[seat]))}")
    lines.append(f"  talon: {' '.join(rules.card_text(c) for c in deal.deal.stock)}")
    lines.append("")
    lines.append("Auction: " + "; ".join(f"P{p(s)} {'pass' if b is None else b}" for s, b in deal.said))
    if deal.contract is not None and deal.hombre is not None:
        trump = "no trump" if deal.trump is None else f"trump {rules.data['deck']['suits'][deal.trump]['en']}"
        lines.append(f"Hombre: P{p(deal.hombre)}, {deal.contract.en}, {trump}")
        for e in deal.events:
            if e.kind in ("turn", "show"):
                lines.append(f"  P{p(e.seat)} {'turns' if e.kind == 'turn' else 'shows'} {rules.card_text(e.card)}")
        if deal.exchanges:
            lines.append("Exchange: " + "; ".join(f"P{p(s)} {k}" for s, k in deal.exchanges))
    for number, (leader, cards, winner) in enumerate(deal.tricks, 1):
        played = ", ".join(f"P{p((leader + i) % n)} {rules.card_text(c)}" for i, c in enumerate(cards))
        lines.append(f"Trick {number}: {played} -> P{p(winner)}")
    lines.append("")
    ended = {"played-out": "played out", "all-passed": "not played: all passed",
             "surrender": "given up by the hombre", "stopped": "stopped by the hombre after five tricks",
             "codille": "ended at the nolo hombre's second trick"}
    lines.append(f"The deal is {ended.get(deal.ended or '', 'in progress')}"
                 + (f": {deal.outcome}" if deal.outcome and deal.outcome != "surrender" else "")
                 + (f", vole {deal.vole}" if deal.vole else ""))
    net = balances(deal.ledger, n)
    lines.append("Points: " + ", ".join(f"P{p(s)} {net[s]:+d}" for s in range(n)))
    return "\n".join(lines)


def _marriage_words(rules: Rules, suit: int, kind: int, trump: int) -> str:
    trump_word = ", trumps" if suit == trump else ""
    return f"{' '.join(rules.kinds[kind].ranks)} of {rules.data['deck']['suits'][suit]['en']}{trump_word}"


def _partnership_deal_text(state: HommeDeal, title: str, seating: Seating) -> str:
    """A deal of 1802 or Brouc, by deal seat: hands and turn-up, then trick by trick with the
    announcements and the table marriages, then the count."""
    rules = state.rules
    trump_name = rules.data["deck"]["suits"][state.trump]["en"]
    lines = []
    if title:
        lines += [title, ""]
    exposed = " (face up through the first trick)" if rules.turnup_exposed == "first-trick" else ""
    lines.append(f"Trump: {trump_name}. Turn-up {rules.card_text(state.turnup)}, the dealer's last card{exposed}.")
    lines.append(f"Seat 0 leads; the dealer is seat {rules.dealer}. Teams: {team_name(rules, 0)} against {team_name(rules, 1)}.")
    lines.append("")
    for seat, hand in enumerate(state.deal.hands):
        role = " (dealer)" if seat == rules.dealer else ""
        lines.append(f"  seat {seat}{role:<9} {hand_text(rules, hand)}")
    lines.append("")
    n_teams = len(rules.teams)
    card_total = [0] * n_teams
    marriages = [0] * n_teams
    announcements_by_trick: dict[int, list[str]] = {}
    announced_by_trick: dict[int, list[tuple[int, int]]] = {}
    for seat, suit, kind, extends, points, after in state.announcements:
        announced_by_trick.setdefault(after, []).append((rules.team_of[seat], points))
        raised = " (raising an earlier one)" if extends >= 0 else ""
        words = _marriage_words(rules, suit, kind, state.trump_suit)
        text = f"seat {seat} announces {marriage_text(rules, suit, kind)}: {words}, +{points}{raised}"
        announcements_by_trick.setdefault(after, []).append(text)
    for index, (leader, cards, winner) in enumerate(state.tricks):
        for text in announcements_by_trick.get(index, []):
            lines.append(f"  {text}")
        for team, points in announced_by_trick.get(index, []):
            marriages[team] += points
        plays = "  ".join(f"{(leader + i) % rules.n_players}:{rules.card_text(c)}" for i, c in enumerate(cards))
        mask = sum(1 << c for c in cards)
        pts = card_points(rules, mask)
        team = rules.team_of[winner]
        card_total[team] += pts
        lines.append(f"Trick {index + 1}  {plays}   -> seat {winner} wins {pts} ({team_name(rules, team)})")
        for t_index, suit, kind, t_team, points in state.table:
            if t_index == index:
                for t in range(n_teams):
                    marriages[t] += points if t == t_team else (-points if rules.table_deducted else 0)
                lines.append(f"  marriage on the table: {_marriage_words(rules, suit, kind, state.trump_suit)}, "
                             f"+{points} to {team_name(rules, t_team)}"
                             + (", the same taken from the other team" if rules.table_deducted else ""))
        lines.append("  so far: " + ";  ".join(
            f"{team_name(rules, t)} cards {card_total[t]}, marriages {marriages[t]:+d}" for t in range(n_teams)))
    for text in announcements_by_trick.get(len(state.tricks), []):
        lines.append(f"  {text}")
    if state.is_over:
        lines += ["", *result_table(rules, state.result())]
    return "\n".join(lines)


def _partnership_deal_data(state: HommeDeal) -> dict[str, Any]:
    """A deal of 1802 or Brouc as JSON-ready data: setup, every action, every trick, the count."""
    rules = state.rules
    record = state.record()
    tricks = []
    for index, (leader, cards, winner) in enumerate(state.tricks):
        tricks.append({
            "leader": leader,
            "cards": [{"seat": (leader + i) % rules.n_players, "card": rules.card_text(c)} for i, c in enumerate(cards)],
            "winner": winner,
            "points": card_points(rules, sum(1 << c for c in cards)),
            "table_marriages": [
                {"marriage": marriage_text(rules, suit, kind), "team": team, "points": points}
                for t_index, suit, kind, team, points in state.table if t_index == index
            ],
        })
    out: dict[str, Any] = {
        "ruleset": rules.id,
        "params": rules.params,
        "deal": record["deal"] | {"trump": rules.suits[state.trump_suit]},
        "actions": record["actions"],
        "announcements": [
            {"seat": seat, "marriage": marriage_text(rules, suit, kind), "points": points,
             "value": value_of(rules, kind, suit, state.trump_suit), "after_trick": after}
            for seat, suit, kind, extends, points, after in state.announcements
        ],
        "tricks": tricks,
    }
    if state.is_over:
        result = state.result()
        out["result"] = {
            "teams": [dict(r._asdict(), seats=list(rules.teams[t])) for t, r in enumerate(result.teams)],
            "all_tricks": result.all_tricks,
        }
    return out


TEXTS: dict[str, Callable[[Any, str, Seating], str]] = {
    "partnership": _partnership_deal_text, "talon": _talon_deal_text, "speech": _speech_deal_text,
    "auction": _hombre_deal_text}


def deal_to_data(deal: PhaseDeal, origin: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A played deal as JSON-ready data (`brou deal --json`), with `origin` (where it came
    from) after its record: in 1802 and Brouc the setup, every action, every trick and the
    count; in the other games its record, then each trick's cards and winner and each seat's
    result."""
    origin = origin or {}
    if isinstance(deal, HommeDeal):
        return _partnership_deal_data(deal) | dict(origin)
    rules = deal.rules
    if has_auction(rules):
        result: list[dict[str, Any]] = [{"tricks": r.tricks, "points": r.jetons} for r in deal.seat_results()]
    elif has_speech(rules):
        result = [{"tricks": r.tricks, "marks": r.jetons} for r in deal.seat_results()]
    else:
        result = [{"tricks": r.tricks, "card_points": r.card_points, "jetons": r.jetons} for r in deal.seat_results()]
    return deal.record() | dict(origin) | {
        "tricks": [rules.cards_text(sum(1 << c for c in cards)) for _, cards, _ in deal.tricks],
        "winners": [w for _, _, w in deal.tricks], "result": result}


def _coups_session_text(record: dict[str, Any]) -> str:
    """A game of coups (L'Hombre): a line per coup, then the points and the winners."""
    lines = []
    for d in record["deals"]:
        if d["hombre"] is None:
            what = "all passed"
        else:
            vole = f", vole {d['vole']}" if d["vole"] else ""
            what = f"P{d['hombre']} {d['contract']}: {d['result']}{vole}"
        points = " ".join(f"{x:+3d}" for x in d["jetons"])
        lines.append(f"Coup {d['number']:>2}: P{d['dealer']} deals; {what}; points {points}")
    lines.append("")
    lines.append(f"After {len(record['deals'])} coups:")
    lines += [f"  P{x}: {v:+d} points" for x, v in enumerate(record["jetons"])]
    winners = record["winners"] or []
    lines.append("Winner" + ("s" if len(winners) > 1 else "") + ": " + ", ".join(f"P{w}" for w in winners))
    return "\n".join(lines)


def session_text(record: dict[str, Any]) -> str:
    """A session (brou.engine.session.Session.record()) as text: a line per deal, then the standings."""
    if record["kind"] == "marks":
        return _marks_session_text(record)
    if record["kind"] == "coups":
        return _coups_session_text(record)
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
