"""The cases of `brou fuzz` for a game with an auction (L'Hombre): the same bytes once more, in
a fourth layout after LIMIT and RULESET: one byte per parameter (HOMBRE_PARAMS, in order, the
form first), the dealer, the session (on or not, coups before the last, the points, two players
level at the top), the style of the bidding, then LOPSIDED, SEEDED, SEED and DIGITS where the
other layouts have them, then the actions: a bid, a contract chosen, a trump named, a discard,
`draw`, `surrender`, `stop` (`play-on`, `spil` under the readings that have them) or a card, or
about one in sixteen refused.  The pack has 40 cards: its 39 swaps are the 31 DIGITS bytes, then
the 8 SEED bytes (which a deal sent as its seed reads as the seed instead)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ...cards.seating import Seating
from ...cards.shuffle import permuted
from ...engine.hombre import AUCTION as HOMBRE_AUCTION
from ...engine.hombre import DECLARE as HOMBRE_DECLARE
from ...engine.hombre import EXCHANGE as HOMBRE_EXCHANGE
from ...engine.hombre import GIVEN_UP as HOMBRE_GIVEN_UP
from ...engine.hombre import STOPPED as HOMBRE_STOPPED
from ...engine.hombre import HombreDeal
from ...engine.phases import ALL_PASSED, DONE, PLAY
from ...engine.session import deals_to_play
from ...errors import BrouError
from ...laws.auction import DRAW as HOMBRE_DRAW
from ...laws.auction import PASS as HOMBRE_PASS
from ...laws.auction import words as hombre_words
from ...laws.contracts import SPADES as HOMBRE_SPADES
from ...laws.contracts import TURNED as HOMBRE_TURNED
from ...laws.contracts import contract as hombre_contract
from ...laws.contracts import contracts as hombre_contracts
from ...laws.talon import TalonDeal, deal_with_talon, talon_deal_from_seed
from ...spec.rules import Rules, card_order, cards_of
from ..protocol.table import Table
from .case import (
    DIGITS,
    ILLEGAL,
    LOPSIDED,
    LOPSIDED_AT,
    MAX_DIGITS,
    SEED,
    SEEDED,
    SEEDED_AT,
    SESSION_AT,
    TIE_AT,
    Choices,
    Fresh,
    Offer,
    SessionLayout,
    observe,
    rules_of,
    seed_of,
)

HO_PARAMS, HO_DEALER, HO_SESSION, HO_DEALS, HO_POINTS, HO_TIE, HO_STYLE = 2, 12, 13, 14, 15, 16, 28
HOMBRE_PARAMS = ("form", "equal_rank", "sans_prendre_trump", "talon_rest", "surrender_moment", "nolo_codille",
                 "turned_black_ace", "bids", "tier_discard", "open_hand")  # bytes 2 to 11: all there is room for
HOMBRE_PARAM_AT = (0, 128, 128, 200, 232, 232, 232, 232, 232, 232)  # a byte from here up sets another option (form: every byte)
# a HO_STYLE byte chooses how keen the players are to bid: an auction byte below the style's cut
# passes (byte 0 always passes), from it up bids, the lowest bid allowed five times in eight
BID_CUTS = (48, 96, 144, 192)
RAISE = 20  # each rank already bid raises the cut by this much: the auction seldom climbs to the top
GREEDY = 4  # a HO_STYLE byte with this bit: the players discard much (the talon runs out, a tier goes without)
STRONG = 6  # trumps of one suit (black aces counted) that make a player bid whenever he may
HOMBRE_JUNK = ("claim", "bid", "announce KQ", "turn KS", "AHS", "", "trump", "trump X")  # malformed-action
HOMBRE_UNKNOWN = ("XS", "1H", "ZZ", "TS", "9H", "8C")  # no card of this pack: unknown-card
POINT_STEPS = (0, 1, -1, 2, -2, 3, -3, 4, -4, 6, -6, 10, -10, 15, -15)  # a player's points in a session

HOMBRE_AT_START = ("to_act", "legal", "trump", "talon")
HOMBRE_AFTER_AUCTION = ("auction", "hombre", "contract", "trump", "events")  # the auction over
HOMBRE_AFTER_DECLARE = ("contract", "trump", "events")  # the contract or the trump named
HOMBRE_AFTER_EXCHANGE = ("exchange", "events", "talon")  # a player drew
HOMBRE_PER_TRICK = ("tricks", "result")
# at the end the tricks first, then the outcome (a wrong result is named as such, not by the
# points written from it), then the rest; with a vole undertaken the ledger before the outcome
# (the vole's point is an entry of its own, the outcome's points are its sum)
HOMBRE_AT_END = ("tricks", "outcome", "over", "auction", "hombre", "contract", "trump", "exchange", "talon", "events",
                 "trick", "ledger", "result")

def _hombre_params(c: Choices, ruleset: str, offer: Offer) -> tuple[dict[str, Any], Rules]:
    """The implementation's own reading, with each parameter it supports set to another of its
    values by its byte: the form by every byte (0 the reading's), the others from their
    HOMBRE_PARAM_AT up."""
    played = dict(offer.plays.get(ruleset, {}))
    params = dict(played)
    options = dict(offer.options.get(ruleset, ()))
    for k, name in enumerate(HOMBRE_PARAMS):
        others = options.get(name, ())
        b = c.at(HO_PARAMS + k)
        if not others:
            continue
        if name == "form":
            if b % (len(others) + 1):
                params[name] = others[b % (len(others) + 1) - 1]
        elif b >= HOMBRE_PARAM_AT[k]:
            params[name] = others[b % len(others)]
    try:
        return params, rules_of(ruleset, params)
    except BrouError:  # options that do not go together: the implementation's own reading
        return played, rules_of(ruleset, played)


def _hombre_deal(c: Choices, rules: Rules, seeded: bool) -> tuple[TalonDeal, int | None]:
    """The deal: from its seed if `seeded`, else the pack of 40 that the DIGITS and SEED bytes
    shuffle (the whole talon face down), possibly made lopsided; and the seed whose deal it is,
    if any (a pack shuffled from bytes is no seed's)."""
    seed = seed_of(c)
    if seeded:
        return talon_deal_from_seed(rules, seed), seed
    n = rules.n_cards
    digits = [c.at(DIGITS + k) for k in range(MAX_DIGITS)] + [c.at(SEED + k) for k in range(8)]
    js = [digits[k] % (i + 1) for k, i in enumerate(range(n - 1, 0, -1))]
    deal = deal_with_talon(rules, [rules.pack_cards[k] for k in permuted(n, js)])
    lop = c.at(LOPSIDED)
    if lop >= LOPSIDED_AT:
        return _hombre_lopsided(rules, deal, lop), None
    return deal, None


def _hombre_lopsided(rules: Rules, deal: TalonDeal, lop: int) -> TalonDeal:
    """The deal with strong cards gathered into one hand (seat `lop` >> 1 mod 3), each swapped for
    a card of that hand that is not wanted (the last): on an even byte the espadille and the
    baste (grand tourné may be named; a lone matador meets a trump lead), on an odd byte the two
    black aces and the best three to seven trumps of one suit (sans prendre, the vole)."""
    seat = (lop >> 1) % rules.n_players
    espadille, baste = rules.card("AS"), rules.card("AC")
    wanted = [espadille, baste]
    if lop & 1:
        suit = (lop >> 3) % len(rules.suits)
        order = card_order(rules, suit)
        trumps = sorted((x for x in rules.pack_cards if order.class_of[x] == suit and x not in wanted),
                        key=lambda x: order.place[x])
        wanted += trumps[:4 + (lop >> 5) % 4]
    hands, stock = list(deal.hands), list(deal.stock)
    for card in wanted:
        if hands[seat] >> card & 1:
            continue
        spare = [x for x in cards_of(hands[seat]) if x not in wanted]
        if not spare:
            break
        low = spare[-1]
        hands[seat] ^= (1 << low) | (1 << card)
        holder = next((s for s in range(rules.n_players) if hands[s] >> card & 1 and s != seat), None)
        if holder is not None:
            hands[holder] ^= (1 << low) | (1 << card)
        else:
            stock[stock.index(card)] = low
    return TalonDeal(tuple(hands), tuple(stock), deal.turnup, deal.trump)


def _hombre_session(c: Choices, rules: Rules, at_table: int) -> dict[str, Any]:
    """The game before this coup, near its end: the last coup (byte 0) or one or two before it,
    each player's points (byte 0: none yet), now and then the two best level."""
    limit = deals_to_play(rules)
    assert limit is not None
    b = c.at(HO_POINTS)
    rng = random.Random(b)
    points = [0 if b == 0 else rng.choice(POINT_STEPS) * (1 + rng.randrange(3)) for _ in range(at_table)]
    if c.at(HO_TIE) >= TIE_AT and b:
        top = sorted(range(at_table), key=lambda p: -points[p])
        points[top[1]] = points[top[0]]
    deals = limit - 1 - (c.at(HO_DEALS) % 3 if c.at(HO_DEALS) >= 192 else 0)
    return {"deals": deals, "points": points}


def _long_suit(rules: Rules, hand: int) -> tuple[int, int]:
    """(the most trumps `hand` would hold under one suit, the black aces counted; that suit)."""
    return max((sum(1 for x in cards_of(hand) if card_order(rules, s).class_of[x] == s), s)
               for s in range(len(rules.suits)))


def _hombre_pick(state: HombreDeal, b: int, cut: int, greedy: bool) -> str:
    """The legal action a byte chooses.  In the auction: a pass below `cut`, raised by the rank
    bid so far (byte 0 always passes), else a bid, the lowest allowed five times in eight; a
    player with STRONG trumps of one suit bids whenever he may, the byte's bid.  Declaring:
    the byte's contract, and as trump the strong player's long suit when he may name it.  In
    the exchange `draw` on a byte that is a multiple of three once the player may (byte 0: a tier
    keeps his hand), else a discard.  In play the byte's legal action (0: the first, a card
    before the words); the hombre leading on an odd byte leads his best trump.  (Enough sense
    that every contract, all passing, giving up and the vole come up.)"""
    rules = state.rules
    legal = state.legal_actions()
    names = hombre_words(rules)
    base = rules.n_indices
    hand = state.hands[state.to_act]
    if state.phase == HOMBRE_AUCTION:
        bids = [a for a in legal if names[a - base] != HOMBRE_PASS]
        strong = _long_suit(rules, hand)[0] >= STRONG
        named = {row.name for row in hombre_contracts(rules)}  # not `spil` (bids=spil-until-overbid), below them all
        said = [bid for _, bid in state.said if bid is not None and bid in named]
        rank = hombre_contract(rules, said[-1]).rank if said else 0
        if not bids or (not strong and b < min(cut + RAISE * rank, 256 - ILLEGAL - 16)):
            return HOMBRE_PASS
        if strong:  # a trump contract, the byte's
            trumps = [a for a in bids if names[a - base] in named and not hombre_contract(rules, names[a - base]).nolo] or bids
            return names[trumps[b % len(trumps)] - base]
        return names[(bids[0] if b % 8 < 5 else bids[b % len(bids)]) - base]
    if state.phase == HOMBRE_DECLARE and _long_suit(rules, hand)[0] >= STRONG:
        if state.contract is None:  # the contract bid, to take tricks
            return names[legal[0] - base]
        mine = base + names.index(f"trump {rules.suits[_long_suit(rules, hand)[1]]}")
        if mine in legal:
            return names[mine - base]
    if state.phase == HOMBRE_EXCHANGE:
        draw = base + names.index(HOMBRE_DRAW)
        cards = [a for a in legal if a < base]
        if draw in legal and (b % (8 if greedy else 3) == 0 or not cards):
            return HOMBRE_DRAW
        return rules.card_text(cards[b % len(cards)])
    if (state.phase == PLAY and b % 2 and state.to_act == state.hombre and not state.trick
            and state.trump is not None):
        order = card_order(rules, state.trump)
        trumps = [x for x in legal if x < base and order.class_of[x] == state.trump]
        if trumps:
            return rules.card_text(min(trumps, key=lambda x: order.place[x]))
    action = legal[b % len(legal)]
    return rules.card_text(action) if action < base else names[action - base]


def _hombre_illegal(table: Table, b: int) -> str:
    """An action the rules refuse now.  In the auction: a contract not allowed (bid-too-low; grand
    tourné without its matadors, cannot-name), a card (cards-not-yet), a word of another moment
    (word-not-now).  Declaring: a contract or a trump not open (cannot-name), a card, another
    word.  In the exchange: `draw` before the least (too-few-discards), a discard past the most
    (too-many-discards), a card not held (not-in-hand), a word.  In play: a card of the hand
    that does not follow (must-follow-suit), else one not held, a word.  Anywhere, now and
    then, no action at all (malformed-action) or a card of no pack (unknown-card)."""
    state, rules = table.state, table.rules
    names = hombre_words(rules)
    hand = state.hands[state.to_act]
    pick = b - (256 - ILLEGAL)
    legal = set(state.legal_actions())
    not_now = [w for i, w in enumerate(names) if rules.n_indices + i not in legal]
    contract_names = [row.name for row in hombre_contracts(rules)]
    refused_words = [w for w in not_now if w in contract_names or w.startswith("trump ")]
    other_words = [w for w in not_now if w not in refused_words]
    held = cards_of(hand)
    not_held = [x for x in rules.pack_cards if not hand >> x & 1]
    if pick >= 14:
        return HOMBRE_UNKNOWN[b % len(HOMBRE_UNKNOWN)]
    if pick >= 12:
        return HOMBRE_JUNK[b % len(HOMBRE_JUNK)]
    if state.phase in (HOMBRE_AUCTION, HOMBRE_DECLARE):
        if state.phase == HOMBRE_AUCTION:
            refused_words = [w for w in refused_words if w in contract_names]
        if pick < 6 and refused_words:
            return refused_words[b % len(refused_words)]
        if pick < 8 and held:
            return rules.card_text(held[b % len(held)])
        return other_words[b % len(other_words)]
    if state.phase == HOMBRE_EXCHANGE:
        if pick < 8:
            if HOMBRE_DRAW in not_now:
                return HOMBRE_DRAW
            if not state.legal_cards() and held:
                return rules.card_text(held[b % len(held)])
        if pick < 10:
            return rules.card_text(not_held[(b * 7) % len(not_held)])
        return not_now[b % len(not_now)]
    if pick < 9:
        refused = cards_of(hand & ~state.legal_cards())
        if refused:
            return rules.card_text(refused[b % len(refused)])
        return rules.card_text(not_held[(b * 7) % len(not_held)])
    return not_now[b % len(not_now)]


def _hombre_clauses(table: Table, seeded: bool, in_session: bool) -> list[str]:
    """The clauses the case went through: the auction (a pass, bidders against each other, all
    passing), the contract and what it chose, the exchanges (the hombre's, a tourné's, the
    tiers', a nolo's), giving up, following (the matador's privilege on a trump lead), the count
    (a nolo's, the vole); the deal from a seed; the session; four at the table."""
    state, rules = table.state, table.rules
    said = state.said
    clauses = ["hom.auction.order"]
    if any(bid is None for _, bid in said):
        clauses.append("hom.auction.pass-final")
    if sum(bid is not None for _, bid in said) > 1 or state.ended == ALL_PASSED:
        clauses.append("hom.auction.priority")
    if state.ended == ALL_PASSED:
        clauses.append("hom.auction.all-pass")
    row = state.contract
    if state.bid == "demande" and row is not None:
        clauses.append("hom.contract.demande")
    if state.bid == "sans-prendre" and row is not None:
        clauses.append("hom.contract.sans-prendre")
    if row is not None:
        clauses.append("hom.contract.table")
        if row.trump == HOMBRE_SPADES:
            clauses.append("hom.contract.a-pique")
        if row.needs:
            clauses.append("hom.contract.grand-tourne")
        if row.nolo:
            clauses.append("hom.contract.nolo")
        if row.open:
            clauses.append("hom.contract.nolo-ouvert")
    if state.exchanges or state.phase == HOMBRE_EXCHANGE:
        clauses.append("hom.exchange.hombre" if row is not None and row.hombre_exchanges else "hom.exchange.tiers")
        if row is not None and row.trump == HOMBRE_TURNED:
            clauses.append("hom.exchange.tourne")
        if len(state.exchanges) > 1 or (row is not None and not row.hombre_exchanges):
            clauses.append("hom.exchange.tiers")
    if row is not None and row.nolo:
        clauses.append("hom.exchange.nolo")
    if state.ended == HOMBRE_GIVEN_UP or (row is not None and row.surrender and state.phase in (PLAY, DONE)):
        clauses.append("hom.exchange.surrender")
    played = [t[0] for t in state.tricks] + ([state.trick[0]] if state.trick else [])
    if played:
        clauses += ["hom.play.lead", "hom.play.follow", "hom.play.trick-winner"]
        if state.trump is not None:
            order = card_order(rules, state.trump)
            if any(order.class_of[x] == state.trump for x in played):
                clauses.append("hom.play.matador-privilege")
            clauses += ["hom.deck.matadors", "hom.deck.trump-order", "hom.deck.plain-order"]
        else:
            clauses.append("hom.deck.nolo-order")
    if state.is_over and row is not None:
        clauses += ["hom.count.nolo" if row.nolo else "hom.count.result", "hom.count.score"]
        if state.vole is not None or state.ended == HOMBRE_STOPPED:
            clauses.append("hom.count.vole")
    if seeded:
        clauses += ["hom.deal.packets", "hom.deal.talon", "hom.deck.cards"]
    if in_session:
        clauses += ["hom.match.coups", "hom.match.next-dealer"]
    clauses.append("hom.players.four" if table.seating.at_table == 4 else "hom.players.count")
    return list(dict.fromkeys(clauses))


class Auction(SessionLayout):
    """A case of L'Hombre (the layout above)."""

    def __init__(self, c: Choices, table: Table, setup: Mapping[str, Any], offer: Offer, seeded: bool) -> None:
        super().__init__(c, table, setup, offer, seeded)
        self.series = "session" in setup
        style = c.at(HO_STYLE)
        self.cut, self.greedy = BID_CUTS[style % len(BID_CUTS)], bool(style & GREEDY)

    @staticmethod
    def fresh(c: Choices, ruleset: str, offer: Offer) -> Fresh:
        in_session = c.at(HO_SESSION) >= SESSION_AT and "session" in offer.features
        params, rules = _hombre_params(c, ruleset, offer)
        at_table = rules.table_size
        dealer = (at_table - 1 + c.at(HO_DEALER)) % at_table
        seating = Seating(rules.n_players, (dealer - rules.dealer) % at_table, rules.teams, at_table)
        seeded = c.at(SEEDED) >= SEEDED_AT and "seeded-deal" in offer.features
        deal, seed = _hombre_deal(c, rules, seeded)
        setup: dict[str, Any] = {"dealer": dealer}
        if seeded:
            setup["seed"] = seed
        else:
            out = set(seating.sitting_out())
            setup["hands"] = [[] if p in out else rules.cards_text(deal.hands[seating.seat(p)]) for p in range(at_table)]
            setup["talon"] = [rules.card_text(x) for x in deal.stock]
        if in_session:
            setup["session"] = _hombre_session(c, rules, at_table)
        return params, rules, setup, seeded, seed

    def at_start(self) -> tuple[str, ...]:
        return HOMBRE_AT_START + (("deal",) if self.seeded else ())

    def pick(self, b: int) -> str:
        return _hombre_illegal(self.table, b) if b >= 256 - ILLEGAL else _hombre_pick(self.table.state, b, self.cut, self.greedy)

    def before(self) -> tuple[str, Any, int, int]:
        state = self.table.state
        return state.phase, state.contract, len(state.exchanges), len(state.tricks)

    def seen(self, before: tuple[str, Any, int, int], ok: bool) -> dict[str, Any] | None:
        state, (phase, named, drawn, tricks) = self.table.state, before
        if state.is_over:
            return None  # the end's observations follow: the tricks, then the outcome first
        # the auction over: what it said and settled; a contract or a trump named; a player's
        # draw: the exchanges and the cards moved; after a trick: its winner first; then who
        # acts and may do what
        seen: dict[str, Any] = {}
        if phase == HOMBRE_AUCTION and state.phase != HOMBRE_AUCTION:
            seen = observe(self.table, HOMBRE_AFTER_AUCTION)
        elif phase == HOMBRE_DECLARE and (state.phase != HOMBRE_DECLARE or state.contract is not named):
            seen = observe(self.table, HOMBRE_AFTER_DECLARE)
        elif len(state.exchanges) > drawn:
            seen = observe(self.table, HOMBRE_AFTER_EXCHANGE)
        elif len(state.tricks) > tricks:
            seen = observe(self.table, HOMBRE_PER_TRICK)
        return seen | observe(self.table, ("legal", "to_act", "trick"))

    def ending(self) -> str:
        state = self.table.state
        return state.ended if state.is_over and state.ended is not None else "cut"

    def at_end(self) -> tuple[str, ...]:
        end: tuple[str, ...] = HOMBRE_AT_END
        if self.table.state.vole is not None:
            end = ("tricks", "ledger", *(name for name in HOMBRE_AT_END if name not in ("tricks", "ledger")))
        return end + (("session",) if self.series else ())

    def at_next(self) -> tuple[str, ...]:
        return HOMBRE_AT_START + ("session",) + (("deal",) if self.seeded else ())

    def clauses(self, dealt_on: bool) -> list[str]:
        return _hombre_clauses(self.table, self.seeded, self.series)
