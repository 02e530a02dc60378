"""The following rules of L'Homme de Brou (whist) and Brouc, encoded once over `Logic`: the
encodings (`whist_f`, `brouc_f`), the positions they are about, their cross-check against the
engine's legal cards on sampled positions, and the fact that no position leaves a player
without a legal card.  The bit-sliced backend holds one boolean of every sampled position in
one Python integer (32 bits per position), so the formula is evaluated on 100,000 positions in
one pass; the first N_Z3_POSITIONS are also evaluated through the z3 terms themselves."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import reduce
from typing import Any, Generic

import z3  # type: ignore[import-untyped]

from ..laws.play import LEGAL, beats
from ..spec.rules import Rules, cards_of
from .logic import N_Z3_POSITIONS, B, LaneLogic, Logic, Z3Logic, prove, satisfiable
from .results import Check

HDB = "homme-de-brou-1802"
BROUC = "brouc"

EXCEPTIONS = ("overtrump", "trump-led-lower", "only-trumps", "marriage-exception", "no-undertrump")


@dataclass(frozen=True)
class Position(Generic[B]):
    """A player to act on a partial trick: per card `hand`, `trick` (cards already played) and
    `best` (the card winning it so far); per suit `led` and `trump` (one-hot); the Brouc
    parameters as booleans (`any_trump_play`: marriage_exception=any-trump-play)."""

    hand: Sequence[B]
    trick: Sequence[B]
    best: Sequence[B]
    led: Sequence[B]
    trump: Sequence[B]
    any_trump_play: B
    undertrump_when_void: B


def whist_f(lg: Logic[B], rules: Rules, p: Position[B], drop: frozenset[str] = frozenset()) -> list[B]:
    """hdb.play.follow and hdb.play.void-free: follow suit if you can, otherwise any card."""
    n = rules.n_indices
    of_led = [p.led[rules.suit_of[c]] for c in range(n)]
    held_led = lg.or_(*[lg.and_(p.hand[c], of_led[c]) for c in range(n)])
    return [lg.and_(p.hand[c], lg.or_(of_led[c], lg.not_(held_led))) for c in range(n)]


def marriage_cards_f(lg: Logic[B], rules: Rules, p: Position[B], card: int) -> B:
    """`card`, a trump, would make or enlarge a trump marriage with the trumps in the trick: some
    marriage kind holding it has its other cards in the trick, and no kind at least as large is
    there already (brouc.play.marriage-exception)."""
    suit = rules.suit_of[card]
    ways = []
    for kind in rules.kinds:
        if not kind.masks[suit] >> card & 1:
            continue
        rest = lg.and_(*[p.trick[d] for d in cards_of(kind.masks[suit] & ~(1 << card))])
        there = [lg.and_(*[p.trick[d] for d in cards_of(k.masks[suit])]) for k in rules.kinds if k.value >= kind.value]
        ways.append(lg.and_(rest, lg.not_(lg.or_(*there))))
    return lg.and_(p.trump[suit], lg.or_(*ways))


def brouc_f(lg: Logic[B], rules: Rules, p: Position[B], drop: frozenset[str] = frozenset()) -> list[B]:
    """The Brouc following rule, read from the clauses brouc.play.*: per card, whether it may be played.

    `drop` removes parts of the rule (EXCEPTIONS), to show the cross-check catching a wrong encoding."""
    n = rules.n_indices
    suit_of = rules.suit_of
    is_trump = [p.trump[suit_of[c]] for c in range(n)]
    of_led = [p.led[suit_of[c]] for c in range(n)]
    trump_led = lg.or_(*[lg.and_(p.led[s], p.trump[s]) for s in range(len(rules.suits))])
    held_led = lg.or_(*[lg.and_(p.hand[c], of_led[c]) for c in range(n)])
    held_trump = lg.or_(*[lg.and_(p.hand[c], is_trump[c]) for c in range(n)])
    held_other = lg.or_(*[lg.and_(p.hand[c], lg.not_(is_trump[c])) for c in range(n)])
    ruffed = lg.or_(*[lg.and_(p.trick[c], is_trump[c]) for c in range(n)])
    # a trump "higher than every trump already in the trick": no stronger card of its suit lies there
    tops = [lg.and_(is_trump[c], lg.not_(lg.or_(*[p.trick[d] for d in cards_of(rules.stronger[c])]))) for c in range(n)]
    if "overtrump" in drop:
        tops = is_trump
    can_over = lg.or_(*[lg.and_(p.hand[c], tops[c]) for c in range(n)])
    honours = rules.honours_all
    no = lg.const(False)
    mk = [marriage_cards_f(lg, rules, p, c) if honours >> c & 1 and "marriage-exception" not in drop else no for c in range(n)]
    lower_ok = lg.not_(can_over) if "trump-led-lower" not in drop else no
    only_ok = lg.not_(can_over) if "only-trumps" not in drop else no
    undertrump = lg.const(True) if "no-undertrump" in drop else p.undertrump_when_void
    out = []
    for c in range(n):
        on_trump_lead = lg.or_(lg.not_(held_trump), lg.and_(is_trump[c], lg.or_(tops[c], lower_ok, mk[c])))
        void_ruffed = lg.or_(
            lg.not_(is_trump[c]),  # a discard (brouc.play.follow)
            tops[c],  # an overtrump (brouc.play.overtrump)
            lg.and_(lg.not_(held_other), lg.or_(only_ok, mk[c])),  # only trumps (brouc.play.only-trumps)
            lg.and_(held_other, lg.or_(lg.and_(undertrump, lg.not_(can_over)), lg.and_(p.any_trump_play, mk[c]))),
        )
        on_plain_lead = lg.or_(
            lg.and_(held_led, of_led[c]),
            lg.and_(lg.not_(held_led), lg.or_(lg.not_(ruffed), void_ruffed)),
        )
        out.append(lg.and_(p.hand[c], lg.or_(lg.and_(trump_led, on_trump_lead), lg.and_(lg.not_(trump_led), on_plain_lead))))
    return out


FOLLOWING_F: dict[str, Callable[..., list[Any]]] = {"whist": whist_f, "brouc": brouc_f}


def z3_position(rules: Rules) -> Position[Any]:
    n, s = rules.n_indices, len(rules.suits)
    return Position(
        hand=[z3.Bool(f"hand_{rules.card_text(c)}") for c in range(n)],
        trick=[z3.Bool(f"trick_{rules.card_text(c)}") for c in range(n)],
        best=[z3.Bool(f"best_{rules.card_text(c)}") for c in range(n)],
        led=[z3.Bool(f"led_{rules.suits[i]}") for i in range(s)],
        trump=[z3.Bool(f"trump_{rules.suits[i]}") for i in range(s)],
        any_trump_play=z3.Bool("marriage_exception_any_trump_play"),
        undertrump_when_void=z3.Bool("undertrump_when_void"),
    )


def well_formed(rules: Rules, p: Position[Any]) -> Any:
    """A position that can arise: one trump suit, one led suit; one to three cards in the trick, one
    of them of the suit led; one to eight cards in hand, none in the trick; `best` is the trick's
    winner so far (hdb.play.trick-winner: its highest trump, else its highest card of the suit led)."""
    n = rules.n_indices

    def count(xs: Sequence[Any]) -> Any:
        return z3.Sum([z3.If(x, 1, 0) for x in xs])

    is_trump = [p.trump[rules.suit_of[c]] for c in range(n)]
    of_led = [p.led[rules.suit_of[c]] for c in range(n)]
    ruffed = z3.Or([z3.And(p.trick[c], is_trump[c]) for c in range(n)])
    winner = []
    for c in range(n):
        none_stronger = z3.Not(z3.Or([p.trick[d] for d in cards_of(rules.stronger[c])] or [z3.BoolVal(False)]))
        winner.append(z3.Implies(p.best[c], z3.And(p.trick[c], none_stronger, z3.If(ruffed, is_trump[c], of_led[c]))))
    return z3.And(
        count(p.trump) == 1, count(p.led) == 1, count(p.best) == 1,
        count(p.trick) >= 1, count(p.trick) <= rules.n_players - 1,
        count(p.hand) >= 1, count(p.hand) <= rules.hand_size,
        *[z3.Not(z3.And(p.hand[c], p.trick[c])) for c in range(n)],
        z3.Or([z3.And(p.trick[c], of_led[c]) for c in range(n)]),
        *winner,
    )


# -- a legal card always exists -------------------------------------------------------


def fact_never_stuck(policy: str) -> Callable[[int], Check]:
    def check(seed: int) -> Check:
        rules = Rules.load(HDB if policy == "whist" else BROUC)
        p = z3_position(rules)
        legal = FOLLOWING_F[policy](Z3Logic(), rules, p)
        wf = well_formed(rules, p)
        if satisfiable(wf) is None:
            return Check(False, "the well-formedness premise is unsatisfiable: the proof would be vacuous")
        ok, model = prove(z3.Or(legal), wf)
        if ok:
            params = " for all four choices of marriage_exception and undertrump_when_void" if policy == "brouc" else ""
            return Check(True, f"z3: no well-formed position leaves every card illegal{params}")
        return Check(False, "stuck: " + _position_text(rules, model, p))
    return check


def _position_text(rules: Rules, model: Any, p: Position[Any]) -> str:
    def on(xs: Sequence[Any]) -> list[int]:
        return [i for i, x in enumerate(xs) if z3.is_true(model.eval(x, model_completion=True))]

    hand, trick = sum(1 << c for c in on(p.hand)), sum(1 << c for c in on(p.trick))
    return (f"hand {rules.cards_text(hand)}, trick {rules.cards_text(trick)}, "
            f"led {[rules.suits[s] for s in on(p.led)]}, trump {[rules.suits[s] for s in on(p.trump)]}")


# -- the encodings agree with the engine ----------------------------------------------


@dataclass(frozen=True)
class Sample:
    """Sampled positions, in engine form."""

    hands: list[int]
    tricks: list[int]
    led: list[int]
    trump: list[int]
    best: list[int]


def sample_positions(rules: Rules, n: int, seed: int) -> Sample:
    """`n` well-formed positions, biased towards the cases the exceptions cover: trump leads,
    ruffed tricks, hands of trumps only, trump honours in the trick."""
    rng = random.Random(seed)
    n_suits, n_ranks = len(rules.suits), len(rules.ranks)
    suit_cards = [list(range(s * n_ranks, (s + 1) * n_ranks)) for s in range(n_suits)]
    honours = [cards_of(rules.honours[s]) for s in range(n_suits)]
    out = Sample([], [], [], [], [])
    for _ in range(n):
        trump = rng.randrange(n_suits)
        led = trump if rng.random() < 0.35 else rng.randrange(n_suits)
        used = 0
        first = rng.choice(suit_cards[led])
        trick = [first]
        used |= 1 << first
        for _ in range(rng.randrange(rules.n_players - 1)):
            r = rng.random()
            pool = (honours[trump] if r < 0.25 else suit_cards[trump] if r < 0.55 else suit_cards[led] if r < 0.8
                    else range(rules.n_indices))
            free = [c for c in pool if not used >> c & 1] or [c for c in range(rules.n_indices) if not used >> c & 1]
            card = rng.choice(free)
            trick.append(card)
            used |= 1 << card
        style = rng.random()
        if style < 0.2:
            pool = [c for c in suit_cards[trump] if not used >> c & 1]  # trumps only
        elif style < 0.6:
            pool = [c for c in range(rules.n_indices) if rules.suit_of[c] != led and not used >> c & 1]  # void in the suit led
        else:
            pool = [c for c in range(rules.n_indices) if not used >> c & 1]
        if not pool:
            pool = [c for c in range(rules.n_indices) if not used >> c & 1]
        hand = 0
        for c in rng.sample(pool, rng.randint(1, min(rules.hand_size, len(pool)))):
            hand |= 1 << c
        best = trick[0]
        for c in trick[1:]:
            if beats(rules, c, best, trump):
                best = c
        out.hands.append(hand)
        out.tricks.append(sum(1 << c for c in trick))
        out.led.append(led)
        out.trump.append(trump)
        out.best.append(best)
    return out


def _pack(values: Sequence[int]) -> int:
    return int.from_bytes(b"".join(v.to_bytes(4, "little") for v in values), "little")


def lanes(rules: Rules, sample: Sample, any_trump_play: bool, undertrump: bool) -> tuple[LaneLogic, Position[int]]:
    n = len(sample.hands)
    one = _pack([1] * n)
    hands, tricks = _pack(sample.hands), _pack(sample.tricks)
    best = _pack([1 << b for b in sample.best])
    led, trump = _pack([1 << s for s in sample.led]), _pack([1 << s for s in sample.trump])
    p = Position(
        hand=[hands >> c & one for c in range(rules.n_indices)],
        trick=[tricks >> c & one for c in range(rules.n_indices)],
        best=[best >> c & one for c in range(rules.n_indices)],
        led=[led >> s & one for s in range(len(rules.suits))],
        trump=[trump >> s & one for s in range(len(rules.suits))],
        any_trump_play=one if any_trump_play else 0,
        undertrump_when_void=one if undertrump else 0,
    )
    return LaneLogic(one), p


def crosscheck_following(rules: Rules, sample: Sample, drop: frozenset[str] = frozenset()) -> str | None:
    """None if the encoding of `rules.following` (bit-sliced) gives the engine's legal mask
    (brou.laws.play.LEGAL) on every sampled position; else the first position where they differ."""
    lg, p = lanes(rules, sample, rules.marriage_exception == "any-trump-play", rules.undertrump_when_void)
    legal = FOLLOWING_F[rules.following](lg, rules, p, drop)
    got = reduce(lambda a, b: a | b, (legal[c] << c for c in range(rules.n_indices)), 0)
    engine = LEGAL[rules.following]
    want = _pack([engine(rules, h, led, t, b, tr) for h, led, t, b, tr in
                  zip(sample.hands, sample.led, sample.trump, sample.best, sample.tricks, strict=True)])
    if got == want:
        return None
    diff = got ^ want
    i = ((diff & -diff).bit_length() - 1) // 32
    full = (1 << 32) - 1
    return (f"position {i}: hand {rules.cards_text(sample.hands[i])}, trick {rules.cards_text(sample.tricks[i])}, "
            f"led {rules.suits[sample.led[i]]}, trump {rules.suits[sample.trump[i]]}, best {rules.card_text(sample.best[i])}: "
            f"encoding {rules.cards_text(got >> 32 * i & full)}, engine {rules.cards_text(want >> 32 * i & full)}")


def crosscheck_z3_terms(rules: Rules, sample: Sample, count: int) -> str | None:
    """The z3 terms themselves, evaluated by substitution and simplification on `count` positions,
    give the bit-sliced values (so the proofs are about the formula that was cross-checked)."""
    p = z3_position(rules)
    terms = FOLLOWING_F[rules.following](Z3Logic(), rules, p)
    lg, lp = lanes(rules, Sample(*(getattr(sample, f)[:count] for f in ("hands", "tricks", "led", "trump", "best"))),
                   rules.marriage_exception == "any-trump-play", rules.undertrump_when_void)
    values = FOLLOWING_F[rules.following](lg, rules, lp)
    variables = [*p.hand, *p.trick, *p.best, *p.led, *p.trump, p.any_trump_play, p.undertrump_when_void]
    lane_vars = [*lp.hand, *lp.trick, *lp.best, *lp.led, *lp.trump, lp.any_trump_play, lp.undertrump_when_void]
    vector = z3.Concat(*[z3.If(t, z3.BitVecVal(1, 1), z3.BitVecVal(0, 1)) for t in reversed(terms)])
    for i in range(count):
        subs = [(v, z3.BoolVal(bool(lv >> 32 * i & 1))) for v, lv in zip(variables, lane_vars, strict=True)]
        got = z3.simplify(z3.substitute(vector, *subs)).as_long()
        want = sum((values[c] >> 32 * i & 1) << c for c in range(rules.n_indices))
        if got != want:
            return f"position {i}: z3 term gives {rules.cards_text(got)}, the Python evaluation {rules.cards_text(want)}"
    return None


FOLLOWING_CONFIGS: tuple[tuple[str, dict[str, Any]], ...] = (
    (HDB, {}),
    (BROUC, {}),
    (BROUC, {"marriage_exception": "any-trump-play"}),
    (BROUC, {"undertrump_when_void": True}),
    (BROUC, {"marriage_exception": "any-trump-play", "undertrump_when_void": True}),
)
N_POSITIONS = 100_000


def fact_crosscheck_following(seed: int) -> Check:
    sample = sample_positions(Rules.load(BROUC), N_POSITIONS, seed)
    lines = []
    for name, params in FOLLOWING_CONFIGS:
        rules = Rules.load(name, **params)
        label = f"{name} {params or ''}".strip()
        bad = crosscheck_following(rules, sample)
        if bad is not None:
            return Check(False, f"{label}: {bad}", f"{label}: {bad}")
        bad = crosscheck_z3_terms(rules, sample, N_Z3_POSITIONS)
        if bad is not None:
            return Check(False, f"{label}: {bad}", f"{label}: {bad}")
        lines.append(label)
    decided = exception_counts(Rules.load(BROUC), sample)
    counts = ", ".join(f"{k} {v}" for k, v in decided.items())
    return Check(True, f"engine = encoding on {N_POSITIONS} seeded positions (every card of every hand) and z3 term = "
                       f"encoding on {N_Z3_POSITIONS}, for: " + "; ".join(lines)
                       + f"; positions where each part of the Brouc rule changes the legal cards: {counts}")


def exception_counts(rules: Rules, sample: Sample) -> dict[str, int]:
    """For each part of the Brouc rule (EXCEPTIONS), on how many sampled positions removing it
    changes the legal cards: how well the sample exercises it."""
    lg, p = lanes(rules, sample, rules.marriage_exception == "any-trump-play", rules.undertrump_when_void)
    full = brouc_f(lg, rules, p)
    out = {}
    for part in EXCEPTIONS:
        cut = brouc_f(lg, rules, p, frozenset([part]))
        out[part] = lg.or_(*[a ^ b for a, b in zip(full, cut, strict=True)]).bit_count()
    return out
