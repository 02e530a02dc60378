"""The cases of `brou fuzz` for a game with a speech (L'Homme d'Auvergne): the same bytes again,
in a third layout after LIMIT and RULESET: one byte per parameter (SPEECH_PARAMS, in order, the
form first), the dealer, the session (on or not, the marks, two players level, a debt, the deals
played), then LOPSIDED, SEEDED, SEED and DIGITS where the other layouts have them (the deal
lopsided: kings moved into one hand), then the actions: a word of the speech or a card of play,
or about one in sixteen refused."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...cards.seating import Seating
from ...cards.shuffle import permuted, swaps
from ...engine.phases import ALL_PASSED, NOT_TURNED, PLAY, PLAYED, SPEECH, TURN_OFFER, PhaseDeal
from ...engine.phases import action_text as phase_action_text
from ...errors import BrouError
from ...laws.speech import LEAVE, PASS, SHOW, TURN, WORDS, word_action
from ...laws.speech import PLAY as SAY_PLAY
from ...laws.talon import TalonDeal, deal_with_talon, talon_deal_from_seed
from ...spec.rules import Rules, cards_of
from ..protocol.table import Table
from .case import (
    ILLEGAL,
    LOPSIDED,
    LOPSIDED_AT,
    PARAM_AT,
    PHASE_UNKNOWN,
    SEEDED,
    SEEDED_AT,
    SESSION_AT,
    TIE_AT,
    Choices,
    Fresh,
    Offer,
    SessionLayout,
    digits_of,
    observe,
    rules_of,
    seed_of,
)

SP_PARAMS, SP_DEALER, SP_SESSION, SP_MARKS, SP_TIE, SP_DEBT, SP_DEALS, SP_STYLE = 2, 13, 14, 15, 16, 17, 28, 29
SPEECH_PARAMS = ("form", "turner", "king_scoring", "king_showing", "taken_king", "loser_pays", "pack_with_four",
                 "packets", "target", "target_tie", "debts")
SPEECH_SESSION_PARAMS = frozenset({"target", "target_tie", "debts"})
KINGS_AT = 160  # the king_scoring byte sets another reading from here up (kings are what the speech is about)
DEBT_AT = 192  # a SP_DEBT byte from here up puts one player below zero (debts: owed)
RELUCTANT_AT = 192  # a SP_STYLE byte from here up: the players turn but hardly ever play (réjouissances, all pass)
RELUCTANT_PLAY = 224  # a reluctant player says `play` only with a byte from here up (below 256 - ILLEGAL)
MARK_GAPS = (0, 0, 1, 1, 2, 3, 4)  # how far under the target (less one) a player's marks lie
SPEECH_JUNK = ("claim", "bid", "announce KQ", "turn KS", "AHS", "")  # no action: malformed-action
KING = "K"

SPEECH_AT_START = ("to_act", "legal", "trump", "talon")
SPEECH_AFTER_WORDS = ("words", "homme", "trump", "events", "ledger")  # when play begins
SPEECH_PER_TRICK = ("tricks", "ledger", "result")
# at the end the tricks first, then the outcome (a wrong deal winner is named as such, not by the
# marks written from it), then the rest
SPEECH_AT_END = ("tricks", "outcome", "over", "words", "homme", "trump", "talon", "events", "trick", "ledger", "result")

def _speech_params(c: Choices, ruleset: str, offer: Offer, session: bool) -> tuple[dict[str, Any], Rules]:
    """The implementation's own reading, with each parameter it supports set to another of its
    values by its byte: the form by every byte (0 the reading's), king_scoring from KINGS_AT up,
    the others from PARAM_AT up; the session's parameters only inside a session."""
    played = dict(offer.plays.get(ruleset, {}))
    params = dict(played)
    options = dict(offer.options.get(ruleset, ()))
    for k, name in enumerate(SPEECH_PARAMS):
        others = options.get(name, ())
        b = c.at(SP_PARAMS + k)
        if not others or (name in SPEECH_SESSION_PARAMS and not session):
            continue
        if name == "form":
            if b % (len(others) + 1):
                params[name] = others[b % (len(others) + 1) - 1]
        elif b >= (KINGS_AT if name == "king_scoring" else PARAM_AT):
            params[name] = others[b % len(others)]
    try:
        return params, rules_of(ruleset, params)
    except BrouError:  # options that do not go together: the implementation's own reading
        return played, rules_of(ruleset, played)


def _speech_deal(c: Choices, rules: Rules, seeded: bool) -> tuple[TalonDeal, int | None]:
    """The deal: from its seed if `seeded`, else the pack the DIGITS bytes shuffle (the whole
    talon face down), possibly made lopsided; and the seed whose deal it is, if any."""
    seed = seed_of(c)
    if seeded:
        return talon_deal_from_seed(rules, seed), seed
    n = rules.n_cards
    js = digits_of(c, n)
    deal = deal_with_talon(rules, [rules.pack_cards[k] for k in permuted(n, js)])
    lop = c.at(LOPSIDED)
    if lop >= LOPSIDED_AT:
        return _speech_lopsided(rules, deal, lop % rules.n_players, 1 + (lop >> 3) % 3, bool(lop & 4)), None
    return deal, (seed if js == swaps(n, seed) else None)


def _speech_lopsided(rules: Rules, deal: TalonDeal, seat: int, moves: int, suited: bool) -> TalonDeal:
    """The deal with up to `moves` kings of the other hands and the talon swapped into `seat`'s
    hand for its lowest cards that are no kings (the king rules fire: a king shown, scored, taken);
    if `suited`, the talon's top card swapped for a card of the first of his kings' suits."""
    king = rules.ranks.index(KING)
    is_king = [c % len(rules.ranks) == king for c in range(rules.n_indices)]
    hands, stock = list(deal.hands), list(deal.stock)
    for _ in range(moves):
        mine = [x for x in cards_of(hands[seat]) if not is_king[x]]
        where = [(s, x) for s in range(rules.n_players) if s != seat for x in cards_of(hands[s]) if is_king[x]]
        where += [(-1 - i, x) for i, x in enumerate(stock) if is_king[x]]
        if not mine or not where:
            break
        low = max(mine, key=lambda x: x % len(rules.ranks))  # the ranks run from the king down
        s, k = where[0]
        hands[seat] ^= (1 << low) | (1 << k)
        if s >= 0:
            hands[s] ^= (1 << low) | (1 << k)
        else:
            stock[-1 - s] = low
    kings = [x for x in cards_of(hands[seat]) if is_king[x]]
    if suited and kings:
        suit = rules.suit_of[kings[0]]
        same = [i for i, x in enumerate(stock) if i and rules.suit_of[x] == suit and not is_king[x]]
        if same and rules.suit_of[stock[0]] != suit:
            stock[0], stock[same[0]] = stock[same[0]], stock[0]
    return TalonDeal(tuple(hands), tuple(stock), deal.turnup, deal.trump)


def _speech_session(c: Choices, rules: Rules) -> dict[str, Any]:
    """The game before this deal, near its end: each player's marks just under the target (byte
    0: none yet), now and then the two best level, one below zero (debts: owed)."""
    n = rules.n_players
    target = int(rules.data["session"]["target"])
    b = c.at(SP_MARKS)
    rng = random.Random(b)
    marks = [0 if b == 0 else target - 1 - rng.choice(MARK_GAPS) for _ in range(n)]
    if c.at(SP_TIE) >= TIE_AT and b:
        top = sorted(range(n), key=lambda p: -marks[p])
        marks[top[1]] = marks[top[0]]
    d = c.at(SP_DEBT)
    if d >= DEBT_AT and rules.data["session"]["debts"] == "owed":
        marks[d % n] = -1 - d % 3
    return {"deals": c.below(SP_DEALS, 24), "marks": marks}


def _speech_pick(state: PhaseDeal, b: int, reluctant: bool) -> str:
    """The legal action a byte chooses (0: the first legal one: turn, play, show in the showing,
    the lowest card).  `reluctant` players turn the card offered but say `play` only with a
    byte from RELUCTANT_PLAY up, showing their king when they may on an odd byte."""
    rules = state.rules
    legal = state.legal_actions()
    if reluctant and state.phase == TURN_OFFER:
        return WORDS[LEAVE if b < 32 else TURN]
    if reluctant and state.phase == SPEECH:
        if b >= RELUCTANT_PLAY:
            return WORDS[SAY_PLAY]
        show = word_action(rules, SHOW)
        return WORDS[SHOW if show in legal and b % 2 else PASS]
    return phase_action_text(rules, legal[b % len(legal)])


def _speech_illegal(table: Table, b: int) -> str:
    """An action the rules refuse now.  Before play: a card of the hand (cards-not-yet), a word
    not taken now (word-not-now; `show` with no king, no-king-to-show), no action at all.  In
    play: a card of the hand that does not follow or trump (must-follow-suit, must-trump), else
    one not held (not-in-hand), a word (word-not-now), a card of no pack, no action at all."""
    state, rules = table.state, table.rules
    hand = state.hands[state.to_act]
    pick = b - (256 - ILLEGAL)
    legal = set(state.legal_actions())
    if state.phase != PLAY:
        if pick < 5:
            cards = cards_of(hand)
            return rules.card_text(cards[b % len(cards)])
        if pick < 8 and state.phase == SPEECH and word_action(rules, SHOW) not in legal:
            return WORDS[SHOW]
        if pick < 13:
            words = [w for i, w in enumerate(WORDS) if word_action(rules, i) not in legal]
            return words[b % len(words)]
        return SPEECH_JUNK[b % len(SPEECH_JUNK)]
    if pick < 9:
        refused = cards_of(hand & ~state.legal_cards())
        if refused:
            return rules.card_text(refused[b % len(refused)])
        others = [x for x in rules.pack_cards if not hand >> x & 1]
        return rules.card_text(others[(b * 7) % len(others)])
    if pick < 12:
        return WORDS[b % len(WORDS)]
    outside = [x for x in range(rules.n_indices) if not rules.pack >> x & 1]
    if outside and pick < 14:
        return rules.card_text(outside[b % len(outside)])
    return (SPEECH_JUNK + PHASE_UNKNOWN)[b % (len(SPEECH_JUNK) + len(PHASE_UNKNOWN))]


def _speech_clauses(state: PhaseDeal, seeded: bool, in_session: bool) -> list[str]:
    """The clauses the case went through (as generate's for a deal played out): the turn-offer
    and the speech, a réjouissance, a deal not played, kings turned, shown, scored or taken,
    following and the count when they happened; the deal from a seed; the game to the target."""
    rules = state.rules
    clauses = ["auv.turn.offer"] if rules.data["speech"]["turner"] != "dealer" else []
    if state.turned:
        clauses += ["auv.speech.round", "auv.speech.trump"]
    if len(state.turned) > 1 or state.ended == ALL_PASSED:
        clauses.append("auv.speech.rejouissance")
    if state.ended == NOT_TURNED:
        clauses.append("auv.turn.nobody")
    if any(e.kind == "show" for e in state.events):
        clauses.append("auv.king.show")
    written = {e.clause for e in state.ledger}
    clauses += [c for c in ("auv.king.turned", "auv.king.held", "auv.king.taken") if c in written]
    if state.tricks or state.trick:
        clauses += ["auv.play.lead", "auv.play.follow", "auv.play.trump-if-void", "auv.play.trick-winner"]
    if state.ended == PLAYED:
        clauses += ["auv.count.homme-wins", "auv.count.won" if "auv.count.won" in written else "auv.count.lost"]
    if seeded:
        clauses += ["auv.deal.packets", "auv.deal.talon", "auv.deck.cards"]
    if in_session:
        clauses += ["auv.match.target", "auv.match.next-dealer", "auv.count.debt"]
    if rules.n_players != 4:
        clauses.append("auv.players.count")
    return list(dict.fromkeys(clauses)) or ["auv.turn.offer"]


def _speech_start(table: Table, seeded: bool) -> tuple[str, ...]:
    """What is observed as a deal starts (the turn and the ledger when the dealer turned a card)."""
    return SPEECH_AT_START + (("events", "ledger") if table.state.events else ()) + (("deal",) if seeded else ())


class Speech(SessionLayout):
    """A case of L'Homme d'Auvergne (the layout above)."""

    def __init__(self, c: Choices, table: Table, setup: Mapping[str, Any], offer: Offer, seeded: bool) -> None:
        super().__init__(c, table, setup, offer, seeded)
        self.series = "session" in setup
        self.reluctant = c.at(SP_STYLE) >= RELUCTANT_AT

    @staticmethod
    def fresh(c: Choices, ruleset: str, offer: Offer) -> Fresh:
        in_session = c.at(SP_SESSION) >= SESSION_AT and "session" in offer.features
        params, rules = _speech_params(c, ruleset, offer, in_session)
        n = rules.n_players
        dealer = (n - 1 + c.at(SP_DEALER)) % n
        seating = Seating(n, (dealer - rules.dealer) % n, rules.teams)
        seeded = c.at(SEEDED) >= SEEDED_AT and "seeded-deal" in offer.features
        deal, seed = _speech_deal(c, rules, seeded)
        setup: dict[str, Any] = {"dealer": dealer}
        if seeded:
            setup["seed"] = seed
        else:
            setup["hands"] = [rules.cards_text(deal.hands[seating.seat(p)]) for p in range(n)]
            setup["talon"] = [rules.card_text(x) for x in deal.stock]
        if in_session:
            setup["session"] = _speech_session(c, rules)
        return params, rules, setup, seeded, seed

    def at_start(self) -> tuple[str, ...]:
        return _speech_start(self.table, self.seeded)

    def pick(self, b: int) -> str:
        return _speech_illegal(self.table, b) if b >= 256 - ILLEGAL else _speech_pick(self.table.state, b, self.reluctant)

    def before(self) -> tuple[str, int, int, int]:
        state = self.table.state
        return state.phase, len(state.turned), len(state.tricks), len(state.ledger)

    def seen(self, before: tuple[str, int, int, int], ok: bool) -> dict[str, Any] | None:
        state, (phase, turned, tricks, paid) = self.table.state, before
        if state.is_over:
            return None  # the end's observations follow: the tricks, then the outcome first
        # the end of the speech: what it said and wrote, before who leads; a card turned: the
        # trump; after a trick: its winner and the marks it moved first, then who acts and may do what
        seen: dict[str, Any] = {}
        if phase != PLAY and state.phase == PLAY:
            seen = observe(self.table, SPEECH_AFTER_WORDS)
        elif len(state.turned) > turned:
            seen = observe(self.table, ("trump",))
        elif len(state.tricks) > tricks:
            seen = observe(self.table, tuple(name for name in SPEECH_PER_TRICK if name != "ledger" or len(state.ledger) > paid))
        return seen | observe(self.table, ("legal", "to_act", "trick"))

    def ending(self) -> str:
        state = self.table.state
        return state.ended if state.is_over and state.ended is not None else "cut"

    def at_end(self) -> tuple[str, ...]:
        return SPEECH_AT_END + (("session",) if self.series else ())

    def at_next(self) -> tuple[str, ...]:
        return _speech_start(self.table, self.seeded) + ("session",)

    def clauses(self, dealt_on: bool) -> list[str]:
        return _speech_clauses(self.table.state, self.seeded, self.series)
