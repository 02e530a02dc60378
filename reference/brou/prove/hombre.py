"""The facts of L'Hombre: the orders of the cards, every auction ends, the matador's privilege
never leaves a player without a legal card, one result for every split of the tricks; each
encoding cross-checked against the engine."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import reduce
from itertools import product
from typing import Any, Generic

import z3  # type: ignore[import-untyped]

from ..laws import results
from ..laws.auction import Standing, legal_bids, may_bid, outcome, standing
from ..laws.contracts import contract, contracts, may_name
from ..laws.following import compose, matadors_of
from ..laws.play import beats
from ..spec.rules import Rules, card_order, cards_of, order_tables
from .logic import B, LaneLogic, Logic, Z3Logic, engine_table, model_text, prove, satisfiable
from .results import Check, Fact

HOM = "hombre"
HOM_RED = ("H", "D")  # hom.deck.trump-order: the red suits; spades and clubs are black
HOM_MANILLE = {"red": "7", "black": "2"}  # hom.deck.matadors: the lowest plain card of the trump suit
N_HOM_TRICKS = 9  # hom.deal.packets: nine cards each, so nine tricks
N_HOM_POSITIONS = 100_000
N_HOM_Z3_POSITIONS = 60


def hom_rules(**params: Any) -> Rules:
    return Rules.load(HOM, **params)


def _hom_orders(rules: Rules, mutant: str | None = None) -> dict[str, Any]:
    """The ruleset's `orders` section, or a mutated copy: `ponte-below-king` (in red trumps the
    ace after the king) or `baste-plain` (the ace of clubs no permanent trump, the lowest card of
    clubs instead)."""
    orders: dict[str, Any] = copy.deepcopy(rules.data["orders"])
    if mutant == "ponte-below-king":
        red = orders["trump"]["order"]["red"]
        i, j = red.index("A"), red.index("K")
        red[i], red[j] = red[j], red[i]
    elif mutant == "baste-plain":
        del orders["trump"]["permanent"]["baste"]
        for colour in ("red", "black"):
            orders["trump"]["order"][colour].remove("baste")
        orders["plain"]["black"].append("A")
    return orders


def _order_claims(rules: Rules, order: Any, trump: int | None) -> tuple[Any, list[Any]]:
    """The claims of hom.deck.* about one compiled order (`brou.spec.rules.Order`), with z3 card
    variables a, b, c: every card of the pack in exactly one class; within a class a strict
    total order (irreflexive, total, transitive), no order across classes; under a trump, the
    trump class of 12 cards in red and 11 in black with the espadille, the manille and the baste
    first and, in red, the ponte fourth.  The order is the engine's tables tabulated
    (`engine_table`): the class of each card, the number of classes holding it, and its place;
    a card outranks another of its class with a lower place, which is how `brou.laws.play.beats`
    compares two cards of a class (checked on every pair by the caller), so the content of
    totality is that no two cards of a class share a place."""
    n = rules.n_indices
    a, b, c = z3.Int("card_a"), z3.Int("card_b"), z3.Int("card_c")
    in_pack = [z3.Or([x == k for k in rules.pack_cards]) for x in (a, b, c)]
    cls_of, place_of = {}, {}
    for x in (a, b, c):
        cls_of[x] = engine_table(n, [x], lambda s: order.class_of[s[0]])
        place_of[x] = engine_table(n, [x], lambda s: order.place[s[0]])

    def cls(x: Any) -> Any:
        return cls_of[x] if x in cls_of else z3.IntVal(order.class_of[x])

    def outranks(x: Any, y: Any) -> Any:
        px = place_of[x] if x in place_of else z3.IntVal(order.place[x])
        py = place_of[y] if y in place_of else z3.IntVal(order.place[y])
        return z3.And(cls(x) == cls(y), cls(x) >= 0, px < py)

    def classes(x: Any) -> Any:
        return engine_table(n, [x], lambda s: sum(m >> s[0] & 1 for m in order.class_mask))

    claims = [classes(a) == 1, cls(a) >= 0, cls(a) < len(rules.suits),
              z3.Not(outranks(a, a)),
              z3.Implies(z3.And(a != b, cls(a) == cls(b)), z3.Xor(outranks(a, b), outranks(b, a))),
              z3.Implies(cls(a) != cls(b), z3.Not(outranks(a, b))),
              z3.Implies(z3.And(outranks(a, b), outranks(b, c)), outranks(a, c))]
    claim = z3.And(*claims)
    if trump is None:
        sizes = [z3.Sum([z3.If(cls(k) == s, 1, 0) for k in rules.pack_cards]) == len(rules.ranks)
                 for s in range(len(rules.suits))]
        return z3.And(claim, *sizes), in_pack
    symbol = rules.suits[trump]
    colour = "red" if symbol in HOM_RED else "black"
    size = z3.Sum([z3.If(cls(k) == trump, 1, 0) for k in rules.pack_cards]) == (12 if colour == "red" else 11)
    heads = ["AS", HOM_MANILLE[colour] + symbol, "AC"] + (["A" + symbol] if colour == "red" else [])

    def above(card: str) -> Any:  # how many cards outrank it
        return z3.Sum([z3.If(outranks(d, rules.card(card)), 1, 0) for d in rules.pack_cards])
    places = [z3.And(cls(rules.card(card)) == trump, above(card) == i) for i, card in enumerate(heads)]
    return z3.And(claim, size, *places), in_pack


def fact_hom_trump_order(seed: int) -> Check:
    rules = hom_rules()
    deck = rules.data["deck"]
    trumps: list[int | None] = [*range(len(rules.suits)), None]
    for trump in trumps:  # the engine plays by card_order and beats: the tables z3 is given are theirs
        order = card_order(rules, trump)
        if order != order_tables(deck, _hom_orders(rules), trump):
            return Check(False, "card_order is not the compiled orders section", "card_order differs")
        for x, y in product(rules.pack_cards, repeat=2):
            if order.class_of[x] == order.class_of[y] and beats(rules, x, y, trump) != (order.place[x] < order.place[y]):
                text = f"beats({rules.card_text(x)}, {rules.card_text(y)}) disagrees with the order's places"
                return Check(False, text, text)
    for trump in trumps:
        claim, premises = _order_claims(rules, card_order(rules, trump), trump)
        ok, model = prove(claim, *premises)
        if not ok:
            text = f"trump {'none' if trump is None else rules.suits[trump]}: " + _card_model(rules, model)
            return Check(False, text, text)
    # the query can fail: each mutation of the orders, compiled by the engine, is refuted
    hearts = rules.suits.index("H")
    refuted = []
    for mutant in ("ponte-below-king", "baste-plain"):
        claim, premises = _order_claims(rules, order_tables(deck, _hom_orders(rules, mutant), hearts), hearts)
        ok, model = prove(claim, *premises)
        if ok:
            return Check(False, f"the mutation {mutant} is not refuted: the query is vacuous")
        mutated = order_tables(deck, _hom_orders(rules, mutant), hearts)
        cards = sorted((c for c in rules.pack_cards if mutated.class_of[c] == hearts), key=lambda c: mutated.place[c])
        refuted.append(f"{mutant} ({len(cards)} trumps in hearts: {' '.join(rules.card_text(c) for c in cards[:6])} ...)")
    return Check(True, "z3: unsat for trump S, H, D, C and none, the class of each card and the order within each class "
                       "tabulated from brou.spec.rules.card_order (which agrees with brou.laws.play.beats on every pair of cards "
                       "of a class); mutations of the orders section compiled by the engine and refuted under hearts: "
                 + ", ".join(refuted))


def _card_model(rules: Rules, model: Any) -> str:
    out = []
    for name in ("card_a", "card_b", "card_c"):
        value = model.eval(z3.Int(name), model_completion=True).as_long()
        out.append(f"{name} = {rules.card_text(value) if 0 <= value < rules.n_indices else value}")
    return ", ".join(out)


# -- the auction -----------------------------------------------------------------------


def _later_may_equal(rules: Rules, seat: int, row: Any, now: Any, hand: int) -> bool:
    """A mutated hom.auction.priority: the later speaker too may equal the standing rank."""
    equal = (now.bid is not None and may_name(rules, row, hand) and row.rank == contract(rules, now.bid).rank)
    return may_bid(rules, seat, row, now, hand) or equal


def auction_graph(rules: Rules, may: Callable[..., bool] | None = None, limit: int = 60) -> dict[str, Any]:
    """Every auction the engine lets three players make, walked depth first: what each seat may
    say is `brou.laws.auction.legal_bids` (with `may`, a mutated priority instead of
    `brou.laws.auction.may_bid`) and a pass, where the auction stands is `brou.laws.auction.standing`, the
    result `brou.laws.auction.outcome`.  Every seat holds the espadille and the baste, so may name
    every contract: `may_bid` only forbids grand tourné to other hands, so this graph holds the
    auction of every deal.  Returns the number of lists of calls walked, of ended auctions, the
    longest, the most bids and passes in one, the first fault found (a seat speaking after it
    passed, an ended auction without one hombre or three passes) and the first loop (a standing
    and set of seats spoken that repeats along one auction: its calls can be said forever)."""
    full = rules.mask(["AS", "AC"])
    found: dict[str, Any] = {"walked": 0, "ended": 0, "longest": 0, "bids": 0, "passes": 0, "fault": None, "loop": None}

    def walk(said: list[tuple[int, str | None]], seen: set[Any]) -> None:
        if found["fault"] or found["loop"]:
            return
        now = standing(rules, said)
        found["walked"] += 1
        key = (now, frozenset(s for s, _ in said))
        if key in seen or len(said) > limit:
            found["loop"] = said
            return
        if now.to_speak is None:
            found["ended"] += 1
            found["longest"] = max(found["longest"], len(said))
            found["bids"] = max(found["bids"], sum(1 for _, w in said if w is not None))
            found["passes"] = max(found["passes"], sum(1 for _, w in said if w is None))
            left = {0, 1, 2} - now.passed
            won = outcome(rules, said)
            last = next(((s, w) for s, w in reversed(said) if w is not None), None)
            if not ((won is None and not left) or (won is not None and left == {won[0]} and won == last)):
                found["fault"] = f"ended {said}: outcome {won}, not passed {sorted(left)}"
            return
        if now.to_speak in now.passed:
            found["fault"] = f"seat {now.to_speak} speaks after passing: {said}"
            return
        seat = now.to_speak
        if may is None:
            rows = legal_bids(rules, said, full)
        else:
            rows = [row for row in contracts(rules) if may(rules, seat, row, now, full)]
        for name in [row.name for row in rows] + [None]:
            walk([*said, (seat, name)], seen | {key})

    walk([], set())
    return found


def _priority_vars() -> tuple[list[Any], list[Any]]:
    seat, row, bidder, bid = (z3.Int(n) for n in ("seat", "contract", "bidder", "standing_bid"))
    return [seat, row, bidder, bid], [seat >= 0, seat < 3, bidder >= 0, bidder < 3, seat != bidder, row >= 0, bid >= 0]


def _priority_table(rules: Rules, may: Callable[..., bool]) -> Callable[[tuple[int, ...]], bool]:
    """may_bid as a function of (seat, contract index, standing bidder, standing contract index)."""
    rows = contracts(rules)
    full = rules.mask(["AS", "AC"])

    def value(s: tuple[int, ...]) -> bool:
        seat, k, bidder, j = s
        if seat > 2 or bidder > 2 or seat == bidder:
            return False
        now = Standing(None, bidder, rows[j].name, frozenset())
        return bool(may(rules, seat, rows[k], now, full))
    return value


def _rank_potential(rules: Rules, may: Callable[..., bool]) -> tuple[bool, Any, list[Any], int]:
    """z3 on the rank argument: with potential(seat, contract) = 3 * rank + 2 - seat, every bid
    the tabulated priority allows raises the potential of the standing bid; (proved, model,
    variables, the number of bids the potential bounds)."""
    rows = contracts(rules)
    ws, premises = _priority_vars()
    seat, k, bidder, j = ws
    premises += [k < len(rows), j < len(rows)]
    allowed = engine_table(len(rows), ws, _priority_table(rules, may))

    def rank(x: Any) -> Any:
        return engine_table(len(rows), [x], lambda s: rows[s[0]].rank)

    def potential(s: Any, x: Any) -> Any:
        return 3 * rank(x) + 2 - s
    ok, model = prove(z3.Implies(allowed, potential(seat, k) > potential(bidder, j)), *premises)
    ranks = [row.rank for row in rows]
    span = (3 * max(ranks) + 2) - (3 * min(ranks)) + 1  # the potential's values: one bid each at most
    return ok, model, ws, span


def fact_hom_auction_ends(equal_rank: str = "higher-rank") -> Callable[[int], Check]:
    """Under equal_rank=higher-rank: z3 proves the rank argument over the tabulated priority, and
    the engine's auction is walked whole.  Under other-contract the later speaker may answer at
    the standing rank, so the potential 3 * rank + 2 - seat does not rise at every bid (it rises
    within a duel once the answer at a rank is counted, and the later speaker, equalled at a rank
    where he has bid, must go higher): there the exhaustive walk of the engine's auction is the
    proof."""
    def check(seed: int) -> Check:
        rules = hom_rules(equal_rank=equal_rank)
        span = 0
        argued = "no rank argument (the walk is the proof under this reading)"
        if equal_rank == "higher-rank":
            ok, model, ws, span = _rank_potential(rules, may_bid)
            if not ok:
                text = f"equal_rank={equal_rank}: a bid that does not raise 3 * rank + 2 - seat: " + model_text(model, ws)
                return Check(False, text, text)
            argued = (f"z3: unsat, every bid brou.laws.auction.may_bid allows (tabulated over seat, contract, standing "
                      f"bidder and contract) raises 3 * rank + 2 - seat, from 3 to 23, so at most {span} bids, and "
                      f"each seat passes once")
        graph = auction_graph(rules)
        if graph["fault"] or graph["loop"]:
            text = f"equal_rank={equal_rank}: " + (graph["fault"] or f"an auction that never ends: {graph['loop']}")
            return Check(False, text, text)
        if (span and graph["bids"] > span) or graph["passes"] > 3:
            text = f"{graph['bids']} bids against the bound {span}, {graph['passes']} passes"
            return Check(False, text, text)
        # the query can fail: the later speaker allowed to equal never ends, and z3 refutes the rank argument
        bad, model, ws, _ = _rank_potential(rules, _later_may_equal)
        mutant = auction_graph(rules, _later_may_equal)
        if bad or mutant["loop"] is None:
            return Check(False, "the later speaker allowed to equal is not refuted: the query is vacuous")
        loop = ", ".join(f"{s}:{w or 'pass'}" for s, w in mutant["loop"][:8])
        return Check(True, f"equal_rank={equal_rank}: {argued}; exhaustive walk of the engine's auction "
                           f"({graph['walked']} lists of calls, {graph['ended']} ended auctions, every seat holding "
                           f"espadille and baste): no call list repeats a standing, all end with one hombre, the last "
                           f"bidder, or with three passes, the longest {graph['longest']} calls ({graph['bids']} bids, "
                           f"{graph['passes']} passes); the later speaker allowed to equal refuted by z3 "
                           f"({model_text(model, ws)}) and by a loop: {loop} ...")
    return check


def fact_hom_auction_ends_both(seed: int) -> Check:
    """`fact_hom_auction_ends` under both readings of equal_rank."""
    found = [fact_hom_auction_ends(reading)(seed) for reading in ("higher-rank", "other-contract")]
    bad = next((c for c in found if not c.holds), None)
    return bad or Check(True, " || ".join(c.details for c in found))


# -- the matador's privilege -----------------------------------------------------------


@dataclass(frozen=True)
class HomPosition(Generic[B]):
    """A L'Hombre player to act on a partial trick: per card `hand`, `trick` and `lead` (the card
    led, one-hot); per suit `trump` (one-hot, or none of them and `no_trump`: a nolo)."""

    hand: Sequence[B]
    trick: Sequence[B]
    lead: Sequence[B]
    trump: Sequence[B]
    no_trump: B


def hombre_f(lg: Logic[B], rules: Rules, p: HomPosition[B], mutant: bool = False) -> list[B]:
    """hom.play.follow and hom.play.matador-privilege read from the clauses, per card: whether
    it may be played.  A card is a trump if of the trump suit, or the espadille or the baste
    under any trump (hom.deck.matadors); the class led is the trump class for a trump led, else
    the suit led.  Holding the class led, a player plays it; void, any card.  On a trump lead, a
    player whose only trumps are matadors (espadille, manille, baste) may play any card, unless
    the card led is a matador higher than one of his (espadille over manille and baste, manille
    over baste).  `mutant`: the privilege takes the matadors away instead of giving back the hand."""
    n = rules.n_indices
    suit_of = rules.suit_of
    permanent = [bool(rules.permanent_trumps >> c & 1) for c in range(n)]
    is_trump = [lg.or_(p.trump[suit_of[c]], lg.and_(lg.const(permanent[c]), lg.not_(p.no_trump))) for c in range(n)]
    espadille, baste = rules.card("AS"), rules.card("AC")
    manille = [lg.and_(p.trump[suit_of[c]], lg.const(rules.card_text(c)[0] == HOM_MANILLE[
        "red" if rules.suits[suit_of[c]] in HOM_RED else "black"])) for c in range(n)]
    matador = [lg.or_(manille[c], lg.and_(lg.const(c in (espadille, baste)), lg.not_(p.no_trump))) for c in range(n)]
    height = {espadille: 0, baste: 2}  # among the matadors: espadille, manille, baste

    # the class led: the trump class for a trump led, else the suit of the card led
    trump_led = lg.or_(*[lg.and_(p.lead[d], is_trump[d]) for d in range(n)])
    suit_led = [lg.or_(*[lg.and_(p.lead[d], lg.not_(is_trump[d])) for d in range(n) if suit_of[d] == s])
                for s in range(len(rules.suits))]
    of_led = [lg.or_(lg.and_(is_trump[c], trump_led), lg.and_(lg.not_(is_trump[c]), suit_led[suit_of[c]]))
              for c in range(n)]
    held_led = lg.or_(*[lg.and_(p.hand[c], of_led[c]) for c in range(n)])
    held_trump = lg.or_(*[lg.and_(p.hand[c], is_trump[c]) for c in range(n)])
    other_trump = lg.or_(*[lg.and_(p.hand[c], is_trump[c], lg.not_(matador[c])) for c in range(n)])

    def rank(c: int) -> int:
        return height.get(c, 1)  # a manille is the second matador

    can_be = [c for c in range(n) if c in height or rules.card_text(c)[0] in HOM_MANILLE.values()]
    forced = lg.or_(*[lg.and_(p.lead[d], matador[d], p.hand[c], matador[c])
                      for d in can_be for c in can_be if c != d and rank(d) < rank(c)])
    privileged = lg.and_(trump_led, held_trump, lg.not_(other_trump), lg.not_(forced))
    out = []
    for c in range(n):
        follows = lg.or_(of_led[c], lg.not_(held_led))
        if mutant:
            out.append(lg.and_(p.hand[c], lg.or_(lg.and_(privileged, lg.not_(matador[c])),
                                                 lg.and_(lg.not_(privileged), follows))))
        else:
            out.append(lg.and_(p.hand[c], lg.or_(privileged, follows)))
    return out


def z3_hom_position(rules: Rules) -> HomPosition[Any]:
    n, s = rules.n_indices, len(rules.suits)
    return HomPosition(
        hand=[z3.Bool(f"hand_{rules.card_text(c)}") for c in range(n)],
        trick=[z3.Bool(f"trick_{rules.card_text(c)}") for c in range(n)],
        lead=[z3.Bool(f"lead_{rules.card_text(c)}") for c in range(n)],
        trump=[z3.Bool(f"trump_{rules.suits[i]}") for i in range(s)],
        no_trump=z3.Bool("no_trump"),
    )


def hom_well_formed(rules: Rules, p: HomPosition[Any]) -> Any:
    """A position that can arise: one trump suit or none; one card led, in the trick; one or two
    cards in the trick; one to nine cards in hand, none in the trick nor out of the pack."""
    def count(xs: Sequence[Any]) -> Any:
        return z3.Sum([z3.If(x, 1, 0) for x in xs])
    out_of_pack = [c for c in range(rules.n_indices) if not rules.pack >> c & 1]
    return z3.And(
        count([*p.trump, p.no_trump]) == 1, count(p.lead) == 1,
        count(p.trick) >= 1, count(p.trick) <= rules.n_players - 1,
        count(p.hand) >= 1, count(p.hand) <= rules.hand_size,
        *[z3.Implies(p.lead[c], p.trick[c]) for c in range(rules.n_indices)],
        *[z3.Not(z3.And(p.hand[c], p.trick[c])) for c in range(rules.n_indices)],
        *[z3.Not(z3.Or(p.hand[c], p.trick[c])) for c in out_of_pack],
    )


@dataclass(frozen=True)
class HomSample:
    hands: list[int]
    tricks: list[int]
    lead: list[int]
    trump: list[int | None]


def hom_sample(rules: Rules, n: int, seed: int) -> HomSample:
    """`n` positions, biased towards what the privilege decides: trump leads, matadors led,
    hands whose only trumps are matadors."""
    rng = random.Random(seed)
    pack = list(rules.pack_cards)
    out = HomSample([], [], [], [])
    for _ in range(n):
        trump = None if rng.random() < 0.15 else rng.randrange(len(rules.suits))
        order = card_order(rules, trump)
        trumps = [c for c in pack if trump is not None and order.class_of[c] == trump]
        matadors = cards_of(matadors_of(rules, trump)) if trump is not None else []
        r = rng.random()
        lead = rng.choice(matadors if r < 0.3 and matadors else trumps if r < 0.7 and trumps else pack)
        trick = [lead] + rng.sample([c for c in pack if c != lead], rng.randrange(rules.n_players - 1))
        used = sum(1 << c for c in trick)
        free = [c for c in pack if not used >> c & 1]
        if rng.random() < 0.5 and trumps:  # a few matadors, and no other trump
            mats = [c for c in matadors if not used >> c & 1]
            hand = sum(1 << c for c in rng.sample(mats, rng.randint(0, len(mats))))
            plain = [c for c in free if order.class_of[c] != trump]
            hand |= sum(1 << c for c in rng.sample(plain, rng.randint(0 if hand else 1, rules.hand_size - hand.bit_count())))
        else:
            hand = sum(1 << c for c in rng.sample(free, rng.randint(1, rules.hand_size)))
        out.hands.append(hand)
        out.tricks.append(sum(1 << c for c in trick))
        out.lead.append(lead)
        out.trump.append(trump)
    return out


HOM_LANE = 64  # bits per position in the bit-sliced L'Hombre values: a hand of 40 cards needs more than 32


def _pack64(values: Sequence[int]) -> int:
    return int.from_bytes(b"".join(v.to_bytes(HOM_LANE // 8, "little") for v in values), "little")


def hom_lanes(rules: Rules, sample: HomSample) -> tuple[LaneLogic, HomPosition[int]]:
    n = len(sample.hands)
    one = _pack64([1] * n)
    hands, tricks, lead = _pack64(sample.hands), _pack64(sample.tricks), _pack64([1 << c for c in sample.lead])
    trump = _pack64([0 if t is None else 1 << t for t in sample.trump])
    return LaneLogic(one), HomPosition(
        hand=[hands >> c & one for c in range(rules.n_indices)],
        trick=[tricks >> c & one for c in range(rules.n_indices)],
        lead=[lead >> c & one for c in range(rules.n_indices)],
        trump=[trump >> s & one for s in range(len(rules.suits))],
        no_trump=_pack64([1 if t is None else 0 for t in sample.trump]),
    )


def crosscheck_hombre(rules: Rules, sample: HomSample, mutant: bool = False) -> str | None:
    """None if `hombre_f` (bit-sliced) gives the engine's legal cards (`brou.laws.following.compose`
    of the ruleset's primitives, called as the phase engine calls it) on every sampled position."""
    lg, p = hom_lanes(rules, sample)
    legal = hombre_f(lg, rules, p, mutant)
    got = reduce(lambda a, b: a | b, (legal[c] << c for c in range(rules.n_indices)), 0)
    engine = compose(rules.following_primitives)
    values = []
    for hand, trick, lead, trump in zip(sample.hands, sample.tricks, sample.lead, sample.trump, strict=True):
        best = lead
        for c in cards_of(trick & ~(1 << lead)):
            best = c if beats(rules, c, best, trump) else best
        values.append(engine(rules, hand, card_order(rules, trump).class_of[lead], trump, best, trick, lead))
    want = _pack64(values)
    if got == want:
        return None
    diff = got ^ want
    i = ((diff & -diff).bit_length() - 1) // HOM_LANE
    full = (1 << HOM_LANE) - 1
    t = sample.trump[i]
    return (f"position {i}: hand {rules.cards_text(sample.hands[i])}, trick {rules.cards_text(sample.tricks[i])}, "
            f"lead {rules.card_text(sample.lead[i])}, trump {'none' if t is None else rules.suits[t]}: "
            f"encoding {rules.cards_text(got >> HOM_LANE * i & full)}, engine {rules.cards_text(want >> HOM_LANE * i & full)}")


def crosscheck_hom_z3_terms(rules: Rules, sample: HomSample, count: int) -> str | None:
    """The z3 terms of `hombre_f`, evaluated by substitution on `count` positions, give the
    bit-sliced values."""
    p = z3_hom_position(rules)
    terms = hombre_f(Z3Logic(), rules, p)
    head = HomSample(sample.hands[:count], sample.tricks[:count], sample.lead[:count], sample.trump[:count])
    lg, lp = hom_lanes(rules, head)
    values = hombre_f(lg, rules, lp)
    variables = [*p.hand, *p.trick, *p.lead, *p.trump, p.no_trump]
    lane_vars = [*lp.hand, *lp.trick, *lp.lead, *lp.trump, lp.no_trump]
    vector = z3.Concat(*[z3.If(t, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)) for t in reversed(terms)])
    for i in range(count):
        subs = [(v, z3.BoolVal(bool(lv >> HOM_LANE * i & 1))) for v, lv in zip(variables, lane_vars, strict=True)]
        got = z3.simplify(z3.substitute(vector, *subs)).as_long()
        want = sum((values[c] >> HOM_LANE * i & 1) << c for c in range(rules.n_indices))
        if got != want:
            return f"position {i}: z3 term gives {rules.cards_text(got)}, the Python evaluation {rules.cards_text(want)}"
    return None


def privilege_counts(rules: Rules, sample: HomSample) -> int:
    """On how many sampled positions the privilege changes the legal cards (how well the sample
    exercises it): those where the mutated privilege disagrees with the rule."""
    lg, p = hom_lanes(rules, sample)
    full, cut = hombre_f(lg, rules, p), hombre_f(lg, rules, p, mutant=True)
    return int(lg.or_(*[a ^ b for a, b in zip(full, cut, strict=True)]).bit_count())


def fact_hom_never_stuck(seed: int) -> Check:
    rules = hom_rules()
    sample = hom_sample(rules, N_HOM_POSITIONS, seed)
    bad = crosscheck_hombre(rules, sample) or crosscheck_hom_z3_terms(rules, sample, N_HOM_Z3_POSITIONS)
    if bad is not None:
        return Check(False, bad, bad)
    if crosscheck_hombre(rules, sample, mutant=True) is None:
        return Check(False, "the cross-check does not tell the mutated privilege from the engine: the sample is too weak")
    p = z3_hom_position(rules)
    wf = hom_well_formed(rules, p)
    if satisfiable(wf) is None:
        return Check(False, "the well-formedness premise is unsatisfiable: the proof would be vacuous")
    ok, model = prove(z3.Or(hombre_f(Z3Logic(), rules, p)), wf)
    if not ok:
        return Check(False, "stuck: " + _hom_position_text(rules, model, p), "stuck: " + _hom_position_text(rules, model, p))
    # the query can fail: a privilege that takes the matadors away leaves a hand of matadors stuck
    ok, model = prove(z3.Or(hombre_f(Z3Logic(), rules, p, mutant=True)), wf)
    if ok:
        return Check(False, "a privilege that removes the matadors is not refuted: the query is vacuous")
    return Check(True, f"engine (brou.laws.following.compose of follow-suit, matador-privilege) = encoding on {N_HOM_POSITIONS} "
                       f"seeded positions (every card of every hand, every trump suit and none) and z3 term = encoding on "
                       f"{N_HOM_Z3_POSITIONS}; the privilege decides on {privilege_counts(rules, sample)} of them; z3: no "
                       "well-formed position, under any trump or none, leaves a hand without a legal card; a privilege "
                       "that removes the matadors refuted: " + _hom_position_text(rules, model, p))


def _hom_position_text(rules: Rules, model: Any, p: HomPosition[Any]) -> str:
    def on(xs: Sequence[Any]) -> list[int]:
        return [i for i, x in enumerate(xs) if z3.is_true(model.eval(x, model_completion=True))]
    trump = [rules.suits[s] for s in on(p.trump)] or ["none"]
    return (f"hand {rules.cards_text(sum(1 << c for c in on(p.hand)))}, trick "
            f"{rules.cards_text(sum(1 << c for c in on(p.trick)))}, lead {rules.cards_text(sum(1 << c for c in on(p.lead)))}, "
            f"trump {trump[0]}")


# -- the result ------------------------------------------------------------------------


def hombre_result_f(counts: Sequence[Any], hombre: int, nolo: bool, mutant: bool = False) -> tuple[Any, Any, Any]:
    """hom.count.result and hom.count.nolo as stated, from the tricks each seat took: (won,
    remise, codille).  `mutant`: a win with as many tricks as the better tier."""
    mine = counts[hombre]
    tiers = [counts[q] for q in range(3) if q != hombre]
    if nolo:
        return mine == 0, mine == 1, mine >= 2
    won = z3.And(*[mine >= t if mutant else mine > t for t in tiers])
    remise = z3.And(z3.Or(*[mine == t for t in tiers]), *[mine >= t for t in tiers])
    return won, remise, z3.Or(*[t > mine for t in tiers])


def _split_vars() -> tuple[list[Any], list[Any]]:
    counts = [z3.Int(f"tricks_seat_{q}") for q in range(3)]
    return counts, [*[c >= 0 for c in counts], z3.Sum(counts) == N_HOM_TRICKS]


def _outcome_table(row: Any, hombre: int) -> Callable[[tuple[int, ...]], int]:
    """hombre_outcome's code (0 won, 1 remise, 2 codille) for seat 0 taking c0 tricks and seat 1
    c1 (seat 2 the rest), called on the winners in seat order; -1 for more than nine."""
    codes = {results.WON: 0, results.REMISE: 1, results.CODILLE: 2}

    def code(s: tuple[int, ...]) -> int:
        c0, c1 = s
        if c0 + c1 > N_HOM_TRICKS:
            return -1
        return codes[results.hombre_outcome(row, hombre, [0] * c0 + [1] * c1 + [2] * (N_HOM_TRICKS - c0 - c1))]
    return code


def fact_hom_one_result(seed: int) -> Check:
    rules = hom_rules()
    counts, premises = _split_vars()
    lines = []
    for name in ("demande", "pur-nolo"):
        row = contract(rules, name)
        for h in range(3):  # the result reads the split only: every sequence of winners gives its split's
            for seq in product(range(3), repeat=N_HOM_TRICKS):
                split = sorted(seq)
                if results.hombre_outcome(row, h, seq) != results.hombre_outcome(row, h, split):
                    text = f"{name}, hombre {h}: the winners {seq} and {split} give different results"
                    return Check(False, text, text)
            engine = engine_table(N_HOM_TRICKS + 1, counts[:2], _outcome_table(row, h))
            won, remise, codille = hombre_result_f(counts, h, row.nolo)
            one = z3.Sum([z3.If(x, 1, 0) for x in (won, remise, codille)]) == 1
            agree = z3.And(won == (engine == 0), remise == (engine == 1), codille == (engine == 2))
            ok, model = prove(z3.And(one, agree), *premises)
            if not ok:
                text = f"{name}, hombre {h}: z3 model: " + model_text(model, [*counts, ("engine", engine)])
                return Check(False, text, text)
        lines.append(name)
    # the query can fail: a win with as many tricks as the better tier
    row = contract(rules, "demande")
    engine = engine_table(N_HOM_TRICKS + 1, counts[:2], _outcome_table(row, 0))
    won, _, _ = hombre_result_f(counts, 0, False, mutant=True)
    ok, model = prove(won == (engine == 0), *premises)
    if ok:
        return Check(False, "a win with as many tricks as the better tier is not refuted: the query is vacuous")
    return Check(True, f"z3: unsat over every split of the nine tricks among the three seats and every hombre, "
                       "brou.laws.results.hombre_outcome tabulated over the splits, for the contracts to take tricks "
                       "(demande: the outcome reads only the contract's nolo flag) and the nolos (pur-nolo); every one of "
                       f"the {3 ** N_HOM_TRICKS} sequences of winners gives its split's result; a win with as many as "
                       "the better tier refuted: " + model_text(model, counts))


# -- the list ---------------------------------------------------------------------------


def _facts() -> list[Fact]:
    hom = (HOM,)
    return [
        Fact("hom.deck.trump-order-total",
             "L'Hombre: under each of the 4 trump suits and without trump (the nolos), every card of the 40 is in exactly "
             "one class and the engine's order is a strict total order within each class and orders no 2 cards of "
             "different classes; the trump class has 12 cards in red and 11 in black, the espadille, the manille and the "
             "baste first, and in red the ponte 4th.",
             hom, ("hom.deck.cards", "hom.deck.plain-order", "hom.deck.matadors", "hom.deck.trump-order",
                   "hom.deck.nolo-order"), True, fact_hom_trump_order,
             statement_fr="L'Hombre : avec chacune des 4 couleurs d'atout et sans atout (les nolos), chacune des 40 cartes "
             "est dans exactement une classe et l'ordre du moteur est un ordre total strict dans chaque classe et "
             "n'ordonne pas 2 cartes de classes différentes ; la classe d'atout compte 12 cartes en rouge et 11 en noir, "
             "l'espadille, la manille et la baste en tête, et en rouge la ponte en 4e."),
        Fact("hom.auction.always-ends",
             "L'Hombre: every auction ends, under either reading of equal_rank, with exactly 1 hombre, the last bidder, "
             "or with all 3 passed; under the default each bid raises 3 times its rank plus 2 minus its seat, which lies "
             "between 3 and 23, so there are at most 21 bids and 3 passes (no auction has more than 15 calls, 17 when "
             "the later speaker may answer with the other contract of a rank).",
             hom, ("hom.auction.order", "hom.auction.pass-final", "hom.auction.priority", "hom.auction.all-pass"),
             True, fact_hom_auction_ends_both,
             statement_fr="L'Hombre : toute enchère prend fin, quelle que soit la lecture d'equal_rank, avec exactement "
             "1 hombre, le dernier à avoir annoncé, ou avec les 3 joueurs passés ; par défaut chaque annonce augmente 3 "
             "fois son rang plus 2 moins sa place, qui va de 3 à 23, d'où au plus 21 annonces et 3 passes (aucune "
             "enchère ne compte plus de 15 paroles, 17 quand le second peut répondre par l'autre contrat d'un rang)."),
        Fact("hom.play.matador-never-stuck",
             "L'Hombre: the following rules (follow the class led, then the matador's privilege) never leave a player "
             "holding cards without a legal card, under any trump suit or none and any lead; the encoding gives exactly "
             "the engine's legal cards on 100,000 seeded random positions.",
             hom, ("hom.play.follow", "hom.play.matador-privilege"), True, fact_hom_never_stuck,
             statement_fr="L'Hombre : les règles du jeu de la carte (fournir de la classe jouée, puis le privilège des "
             "matadors) ne laissent jamais un joueur qui a des cartes sans carte permise, quel que soit l'atout ou sans "
             "atout et quelle que soit l'entame ; l'encodage donne exactement les cartes que le moteur permet sur "
             "100 000 positions aléatoires à germe fixe."),
        Fact("hom.count.one-result",
             "L'Hombre: for every split of the 9 tricks among the 3 players and every hombre, exactly one of won, remise and "
             "codille holds, in the contracts to take tricks (more tricks than each tier, as many as the better, fewer) "
             "and in the nolos (0 tricks, 1, 2 or more), and the engine's result says which.",
             hom, ("hom.count.result", "hom.count.nolo"), True, fact_hom_one_result,
             statement_fr="L'Hombre : pour toute répartition des 9 levées entre les 3 joueurs et tout hombre, "
             "exactement l'un de gagné, "
             "remise et codille a lieu, dans les contrats où l'on fait des levées (plus de levées que chaque tiers, "
             "autant que le meilleur, moins) et dans les nolos (0 levée, 1, 2 ou plus), et le résultat du moteur dit "
             "lequel."),
    ]


FACTS: list[Fact] = _facts()
