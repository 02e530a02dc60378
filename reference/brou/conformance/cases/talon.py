"""The cases of `brou fuzz` for a game on the phase engine with a talon and no speech or
auction (Brusquembille, `generate.PHASE_RULESETS`): the same bytes, read in a layout of their
own after LIMIT and RULESET: one byte per parameter (PHASE_PARAMS, in order), the dealer, the
session (on or not, deals played, jetons, totals, a tie at the top), then LOPSIDED, SEEDED, SEED
and DIGITS where the partnership games have them, then the actions: a card, or about one in
sixteen refused."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...cards.seating import Seating
from ...cards.shuffle import permuted, swaps
from ...engine.session import deals_to_play
from ...errors import BrouError
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
from .generate import PHASE_RULESETS

PH_PARAMS, PH_DEALER, PH_SESSION, PH_DEALS, PH_JETONS, PH_TOTALS, PH_TIE = 2, 12, 13, 14, 15, 16, 17
# the parameters a case may set, each by its own byte; the last three only inside a session
PHASE_PARAMS = ("form", "sevens_removed", "ten_rank", "deal_packets", "following_after_talon", "odd_jetons", "scoring",
                "rounds", "points_target", "points_tie")
SESSION_PARAMS = frozenset({"rounds", "points_target", "points_tie"})
JETON_STEPS = (0, 1, -1, 2, -2, 3, -3, 5, -5, 10, -10, 20, -20, 40, -40)  # jetons won or lost in a session
POINT_GAPS = (1, 2, 3, 5, 10, 15, 20, 30, 40, 60, 80, 119)  # how far under the target a side's total lies
PHASE_JUNK = ("pass", "claim", "announce KQ", "mark", "AHS", "play AS")  # no card: malformed-action

PHASE_AT_START = ("to_act", "legal", "trump", "talon")
PHASE_PER_TRICK = ("tricks", "talon", "events", "ledger", "result")
PHASE_AT_END = ("over", "tricks", "trick", "talon", "events", "ledger", "result", "outcome")

_PHASE_PLAY = ("play.lead", "play.free", "play.trick-winner", "play.next-lead", "talon.draw", "talon.last-draw",
               "talon.last-tricks")
_PHASE_END = ("count.points", "count.winner", "deck.points")
_PHASE_DEAL = ("deal.packets", "deal.talon", "deal.turned")

def _phase_params(c: Choices, ruleset: str, offer: Offer, session: bool) -> tuple[dict[str, Any], Rules]:
    """The implementation's own reading, with each parameter it supports set to another of its
    values by its byte: the form by every byte (0 the reading's), the others from PARAM_AT up;
    the session's parameters only inside a session."""
    played = dict(offer.plays.get(ruleset, {}))
    params = dict(played)
    options = dict(offer.options.get(ruleset, ()))
    for k, name in enumerate(PHASE_PARAMS):
        others = options.get(name, ())
        b = c.at(PH_PARAMS + k)
        if not others or (name in SESSION_PARAMS and not session):
            continue
        if name == "form" and b % (len(others) + 1):
            params[name] = others[b % (len(others) + 1) - 1]
        elif name != "form" and b >= PARAM_AT:
            params[name] = others[b % len(others)]
    try:
        return params, rules_of(ruleset, params)
    except BrouError:  # options that do not go together: the implementation's own reading
        return played, rules_of(ruleset, played)


def _phase_deal(c: Choices, rules: Rules, seeded: bool) -> tuple[TalonDeal, int | None]:
    """The deal: from its seed (SEED bytes, docs/shuffle.md "Games with a talon") if `seeded`,
    else the pack the DIGITS bytes shuffle (each the j of one swap), possibly made lopsided; and
    the seed whose deal it is, if any."""
    seed = seed_of(c)
    if seeded:
        return talon_deal_from_seed(rules, seed), seed
    n = rules.n_cards
    js = digits_of(c, n)
    deal = deal_with_talon(rules, [rules.pack_cards[k] for k in permuted(n, js)])
    lop = c.at(LOPSIDED)
    if lop >= LOPSIDED_AT:
        return _phase_lopsided(rules, deal, lop % rules.n_players, 1 + (lop >> 3) % 3), None
    return deal, (seed if js == swaps(n, seed) else None)


def _phase_lopsided(rules: Rules, deal: TalonDeal, seat: int, moves: int) -> TalonDeal:
    """The deal with up to `moves` of the strongest cards of the other hands and the talon
    (trumps first, then aces and tens, by points) swapped for the weakest of `seat`'s hand (the
    turned card stays where it is)."""
    trump = rules.suit_of[deal.turnup]

    def strength(card: int) -> int:
        return (100 if rules.suit_of[card] == trump else 0) + rules.points[card] * 4 + (7 - card % 8)

    hands, stock = list(deal.hands), list(deal.stock)
    for _ in range(moves):
        mine = min((strength(x), x) for x in cards_of(hands[seat]))
        where = [(strength(x), s, x) for s in range(rules.n_players) if s != seat for x in cards_of(hands[s])]
        where += [(strength(x), -1 - i, x) for i, x in enumerate(stock[:-1])]
        strong = max(where)
        if strong[0] <= mine[0]:
            break
        hands[seat] ^= (1 << mine[1]) | (1 << strong[2])
        if strong[1] >= 0:
            hands[strong[1]] ^= (1 << mine[1]) | (1 << strong[2])
        else:
            stock[-1 - strong[1]] = mine[1]
    return TalonDeal(tuple(hands), tuple(stock), deal.turnup, deal.trump)


def _phase_session(c: Choices, rules: Rules, seating: Seating) -> dict[str, Any]:
    """The session before this deal, near its end: for the pool one to three deals before the
    last (byte 0: the last deal), jetons apart or level at the top; for points the sides' totals
    just under the target, now and then two of them level."""
    n = rules.n_players
    sides = seating.player_sides()
    limit = deals_to_play(rules)
    b = c.at(PH_JETONS)
    rng = random.Random(b)
    jetons = [0 if b == 0 else rng.choice(JETON_STEPS) * (1 + rng.randrange(3)) for _ in range(n)]
    level = c.at(PH_TIE) >= TIE_AT
    if limit is not None:
        deals = limit - 1 - c.below(PH_DEALS, min(limit, 3))
        if level and b:
            top = sorted(range(n), key=lambda p: -jetons[p])
            jetons[top[1]] = jetons[top[0]]
        side_totals = [40 * deals * len(side) // n for side in sides]
    else:
        deals = 1 + c.below(PH_DEALS, 12)
        target = int(rules.data["session"]["target"])
        t = c.at(PH_TOTALS)
        trng = random.Random(t)
        side_totals = [0 if t == 0 else target - trng.choice(POINT_GAPS) for _ in sides]
        if level and t and len(sides) > 1:
            best = sorted(range(len(sides)), key=lambda k: -side_totals[k])
            side_totals[best[1]] = side_totals[best[0]]
    totals = [0] * n
    for side, total in zip(sides, side_totals, strict=True):
        for p in side:
            totals[p] = total
    return {"deals": deals, "jetons": jetons, "totals": totals}


def _phase_illegal(table: Table, b: int) -> str:
    """A card or text the rules refuse now: a card of the pack the player does not hold, a card
    of his hand he may not play (following_after_talon=follow-suit), no card at all, a card of
    no pack or of another pack (a seven taken out)."""
    state, rules = table.state, table.rules
    hand = state.hands[state.to_act]
    pick = b - (256 - ILLEGAL)
    if pick < 10:  # a card of his hand the rules refuse (rare: only after the talon), else one he does not hold
        legal = state.legal_cards()
        refused = [x for x in cards_of(hand & ~legal)]
        if refused:
            return rules.card_text(refused[b % len(refused)])
        others = [x for x in rules.pack_cards if not hand >> x & 1]
        return rules.card_text(others[(b * 7) % len(others)])
    if pick < 13:
        return PHASE_JUNK[b % len(PHASE_JUNK)]
    outside = [x for x in range(rules.n_indices) if not rules.pack >> x & 1]
    if outside and pick < 15:
        return rules.card_text(outside[b % len(outside)])
    return PHASE_UNKNOWN[b % len(PHASE_UNKNOWN)]


class Talon(SessionLayout):
    """A case of Brusquembille (the layout above)."""

    def __init__(self, c: Choices, table: Table, setup: Mapping[str, Any], offer: Offer, seeded: bool) -> None:
        super().__init__(c, table, setup, offer, seeded)
        self.series = "session" in setup

    @staticmethod
    def fresh(c: Choices, ruleset: str, offer: Offer) -> Fresh:
        in_session = c.at(PH_SESSION) >= SESSION_AT and "session" in offer.features
        params, rules = _phase_params(c, ruleset, offer, in_session)
        n = rules.n_players
        step = int(rules.data["session"]["next_dealer_step"])
        dealers = [p for p in range(n) if p % step == rules.dealer % step]  # in two pairs, 1 or 3
        dealer = dealers[(len(dealers) - 1 + c.at(PH_DEALER)) % len(dealers)]
        seating = Seating(n, (dealer - rules.dealer) % n, rules.teams)
        seeded = c.at(SEEDED) >= SEEDED_AT and "seeded-deal" in offer.features
        deal, seed = _phase_deal(c, rules, seeded)
        setup: dict[str, Any] = {"dealer": dealer}
        if seeded:
            setup["seed"] = seed
        else:
            setup["hands"] = [rules.cards_text(deal.hands[seating.seat(p)]) for p in range(n)]
            setup["talon"] = [rules.card_text(x) for x in deal.stock[:-1]]
            setup["turnup"] = rules.card_text(deal.turnup)
        if in_session:
            setup["session"] = _phase_session(c, rules, seating)
        return params, rules, setup, seeded, seed

    def at_start(self) -> tuple[str, ...]:
        return PHASE_AT_START + (("deal",) if self.seeded else ())

    def pick(self, b: int) -> str:
        if b >= 256 - ILLEGAL:
            return _phase_illegal(self.table, b)
        legal = self.table.state.legal_actions()
        return self.table.rules.card_text(legal[b % len(legal)])

    def before(self) -> tuple[int, int, int]:
        state = self.table.state
        return len(state.tricks), len(state.events), len(state.ledger)

    def seen(self, before: tuple[int, int, int], ok: bool) -> dict[str, Any]:
        # after a trick: its winner, the draws and the payments first (a wrong draw is named
        # as such, not as the wrong hand that follows from it), then who acts and what he may
        # play; the draws and the ledger when the trick added to them (the count, every time)
        state, (tricks, drawn, paid) = self.table.state, before
        seen: dict[str, Any] = {}
        if len(state.tricks) > tricks:
            names = [name for name in PHASE_PER_TRICK if (name != "events" or len(state.events) > drawn)
                     and (name != "ledger" or len(state.ledger) > paid)]
            seen = observe(self.table, tuple(names))
        return seen | observe(self.table, ("legal", "to_act", "trick"))

    def ending(self) -> str:
        return "played-out" if self.table.state.is_over else "cut"

    def at_end(self) -> tuple[str, ...]:
        return PHASE_AT_END + (("session",) if self.series else ())

    def at_next(self) -> tuple[str, ...]:
        return PHASE_AT_START + ("session",) + (("deal",) if self.seeded else ())

    def clauses(self, dealt_on: bool) -> list[str]:
        state, rules = self.table.state, self.table.rules
        clauses = [*_PHASE_PLAY, *(_PHASE_END if state.is_over else ()), *(_PHASE_DEAL if self.seeded else ())]
        if rules.data["session"]["kind"] == "pool":
            clauses.append("stakes.pool")
        if rules.pays_brusquembilles:
            clauses.append("pay.brusquembille")
        clauses.append("pay.when")
        if rules.n_players != 3:
            clauses.append("players.forms")
        if self.series:
            clauses += ["match.rounds" if deals_to_play(rules) is not None else "match.points", "match.next-dealer"]
        prefix = PHASE_RULESETS[rules.id]
        return [f"{prefix}.{clause}" for clause in clauses]
