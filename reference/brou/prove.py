"""Machine-checked facts about the rules: z3 proofs, counterexamples replayed on the engine.

Each fact is a statement in plain words, a z3 encoding, and a result: `proved` (z3 shows
the negation unsatisfiable; a bound is also attained by a deal replayed on the engine),
`refuted` (a naive statement the project keeps to show why it is false: z3's model is
turned into a concrete deal and play, replayed on the engine, which shows the same
numbers), `counterexample` (a statement the project asserts was found false: a defect of
the engine, the spec or the encoding, shown with the position) or `error` (an exception,
z3 answering unknown, or a witness deal the engine does not confirm).  For the two
cross-checks, `proved` means the statement as it is made: on every sampled position (every
case of the grid) the encoding and the engine agree.

The formulas are written once, over an abstract set of operations (`Logic` for the
following rules, `Arith` for the rounding policies), and built twice: as z3 terms for the
proofs, and as Python values for the cross-check against the engine (`crosscheck_*`).
For the following rules the Python backend is bit-sliced: one Python integer holds one
boolean of every sampled position (32 bits per position), so the formula is evaluated on
100,000 positions in one pass and compared with the engine's mask for every card of every
hand.  The first positions (N_Z3_POSITIONS for each configuration) are also evaluated
through the z3 terms themselves (substitution and simplification), so the three agree: z3
term, Python evaluation, engine.

`FACTS` lists the facts, `run_all(seed)` runs them (deterministic for a seed) and
`table_text(results)` prints them; docs/proofs.md explains each one.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import reduce
from math import gcd
from typing import Any, Generic, TypeVar

import z3  # type: ignore[import-untyped]

from .counting import card_points, rounded
from .deal import deal_from_cards, deal_from_seed
from .game import GameContext
from .play import LEGAL, beats
from .rules import Rules, cards_of
from .state import DealState, action_text
from .tables import table_text as _table

HDB = "homme-de-brou-1802"
BROUC = "brouc"
ROUNDINGS = ("cards-half-up", "total-half-up", "total-half-away-from-zero", "complement-of-smaller")
PROVED, REFUTED, COUNTEREXAMPLE, ERROR = "proved", "refuted", "counterexample", "error"
Z3_TIMEOUT_MS = 30_000

B = TypeVar("B")


class ReplayMismatch(AssertionError):
    """The engine did not confirm what the encoding predicted for a witness deal."""


# =====================================================================================
# One definition, two backends
# =====================================================================================


class Logic(Generic[B]):
    """Boolean operations; `B` is a z3 term, or a bit-sliced Python int (one bit per position)."""

    def const(self, value: bool) -> B:
        raise NotImplementedError

    def and_(self, *xs: B) -> B:
        raise NotImplementedError

    def or_(self, *xs: B) -> B:
        raise NotImplementedError

    def not_(self, x: B) -> B:
        raise NotImplementedError


class Z3Logic(Logic[Any]):
    def const(self, value: bool) -> Any:
        return z3.BoolVal(value)

    def and_(self, *xs: Any) -> Any:
        return z3.And(*xs) if xs else z3.BoolVal(True)

    def or_(self, *xs: Any) -> Any:
        return z3.Or(*xs) if xs else z3.BoolVal(False)

    def not_(self, x: Any) -> Any:
        return z3.Not(x)


class LaneLogic(Logic[int]):
    """Bit-sliced booleans: bit `32 * i` of an int is the value at position `i`."""

    def __init__(self, ones: int) -> None:
        self.ones = ones

    def const(self, value: bool) -> int:
        return self.ones if value else 0

    def and_(self, *xs: int) -> int:
        return reduce(lambda a, b: a & b, xs, self.ones)

    def or_(self, *xs: int) -> int:
        return reduce(lambda a, b: a | b, xs, 0)

    def not_(self, x: int) -> int:
        return x ^ self.ones


@dataclass(frozen=True)
class Arith:
    """Integer operations for the rounding formulas: z3 (`/` is floor division for a positive
    divisor in SMT-LIB) or Python."""

    div: Callable[[Any, int], Any]
    ite: Callable[[Any, Any, Any], Any]


PY_ARITH = Arith(lambda a, b: a // b, lambda c, a, b: a if c else b)
Z3_ARITH = Arith(lambda a, b: a / b, lambda c, a, b: z3.If(c, a, b))


def half_up_f(ar: Arith, p: Any) -> Any:
    return ar.div(p + 5, 10) * 10


def rounding_f(ar: Arith, policy: str, cards: Sequence[Any], marriages: Sequence[Any]) -> list[Any]:
    """Each team's total for the deal (rounded card points plus marriages) under `policy`,
    read from the clause statements and docs (brou.counting): the definition both backends use."""
    c0, c1 = cards
    x0, x1 = marriages
    if policy == "cards-half-up":
        return [half_up_f(ar, c0) + x0, half_up_f(ar, c1) + x1]
    if policy == "total-half-up":
        return [half_up_f(ar, c0 + x0), half_up_f(ar, c1 + x1)]
    if policy == "total-half-away-from-zero":
        return [ar.ite(c + x >= 0, half_up_f(ar, c + x), -half_up_f(ar, -(c + x))) for c, x in ((c0, x0), (c1, x1))]
    if policy == "complement-of-smaller":
        # the team with the most card points (team 0 on a tie) gets the pack's rounded points less the other's
        top0 = c0 >= c1
        pack = half_up_f(ar, c0 + c1)
        m0 = ar.ite(top0, pack - half_up_f(ar, c1), half_up_f(ar, c0))
        m1 = ar.ite(top0, half_up_f(ar, c1), pack - half_up_f(ar, c0))
        return [m0 + x0, m1 + x1]
    raise ValueError(f"unknown rounding policy {policy}")


# -- the following rules ---------------------------------------------------------------

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


# =====================================================================================
# Results
# =====================================================================================


@dataclass(frozen=True)
class Check:
    """What a fact's check found: `holds` True (proved), False (false, with a counterexample)."""

    holds: bool
    details: str
    counterexample: str | None = None
    witness: dict[str, Any] | None = None  # the deal and play shown (DealState.record()), to replay


@dataclass(frozen=True)
class Fact:
    id: str
    statement: str
    rulesets: tuple[str, ...]
    clauses: tuple[str, ...]
    holds: bool  # what the project asserts; False: a naive statement kept to show its counterexample
    check: Callable[[int], Check] = field(repr=False)
    statement_fr: str = field(kw_only=True)  # the statement in French, for the bilingual rulebook

    def text(self, lang: str = "en") -> str:
        """The statement in `lang`: "en" or "fr"."""
        return _statement(self.statement, self.statement_fr, lang)

    @property
    def expected(self) -> str:
        return PROVED if self.holds else REFUTED


@dataclass(frozen=True)
class FactResult:
    id: str
    statement: str
    rulesets: tuple[str, ...]
    status: str
    expected: str
    seconds: float
    details: str
    counterexample: str | None
    witness: dict[str, Any] | None = None
    statement_fr: str = field(default="", kw_only=True)  # the fact's statement in French
    clauses: tuple[str, ...] = field(default=(), kw_only=True)  # the clauses the fact is about

    @property
    def ok(self) -> bool:
        return self.status == self.expected

    def text(self, lang: str = "en") -> str:
        """The statement in `lang`: "en" or "fr"."""
        return _statement(self.statement, self.statement_fr, lang)


def _statement(en: str, fr: str, lang: str) -> str:
    if lang not in ("en", "fr"):
        raise ValueError(f"no language '{lang}' (known: en, fr)")
    return fr if lang == "fr" else en


def prove(claim: Any, *premises: Any) -> tuple[bool, Any]:
    """(True, None) if the premises imply the claim; (False, model) otherwise."""
    solver = z3.Solver()
    solver.set("timeout", Z3_TIMEOUT_MS)
    solver.add(*premises)
    solver.add(z3.Not(claim))
    answer = solver.check()
    if answer == z3.unsat:
        return True, None
    if answer == z3.sat:
        return False, solver.model()
    raise RuntimeError(f"z3 answered {answer}: {solver.reason_unknown()}")


def satisfiable(*constraints: Any) -> Any:
    """A model of the constraints, or None."""
    solver = z3.Solver()
    solver.set("timeout", Z3_TIMEOUT_MS)
    solver.add(*constraints)
    answer = solver.check()
    if answer == z3.unknown:
        raise RuntimeError(f"z3 answered unknown: {solver.reason_unknown()}")
    return solver.model() if answer == z3.sat else None


def model_text(model: Any, names: Sequence[Any]) -> str:
    """`name = value` for z3 variables, or `(label, term)` pairs."""
    pairs = [item if isinstance(item, tuple) else (str(item), item) for item in names]
    return ", ".join(f"{label} = {model.eval(term, model_completion=True)}" for label, term in pairs)


# =====================================================================================
# Witness deals: concrete deals and plays, replayed on the engine
# =====================================================================================


def witness_text(state: DealState) -> str:
    record = state.record()
    hands = "; ".join(f"seat {i}: {' '.join(h)}" for i, h in enumerate(record["deal"]["hands"]))
    ctx = f" scores before {record['context']['scores']}" if "context" in record else ""
    params = f" params {record['params']}" if record["params"] else ""
    return (f"{record['ruleset']}{params}{ctx}; turn-up {record['deal']['turnup']}; {hands}; "
            f"actions: {' '.join(record['actions'])}")


def replayed(state: DealState) -> DealState:
    """The deal rebuilt from its record by the engine (DealState.replay), as anyone can do."""
    return DealState.replay(state.record(), state.rules)


def random_play(rules: Rules, rng: random.Random, context: GameContext | None = None) -> DealState:
    """A seeded deal played out by random card, announcement and pass actions (no game action)."""
    state = DealState(rules, deal_from_seed(rules, rng.getrandbits(63)), context)
    limit = rules.pass_action
    while not state.is_over:
        actions = [a for a in state.legal_actions() if a <= limit]
        state.apply(rng.choice(actions))
    return state


def search(rules: Rules, seed: int, accept: Callable[[DealState], bool], context: GameContext | None = None,
           limit: int = 50_000) -> DealState:
    rng = random.Random(seed)
    for _ in range(limit):
        state = random_play(rules, rng, context)
        if accept(state):
            return replayed(state)
    raise ReplayMismatch(f"no deal of {limit} random ones realises the model")


# Every king, queen and jack falls with its ace in one of the first four tricks, all won by
# seats 0 and 2 (team 0): four grand table marriages, spades (trump) among them, for team 0.
GRAND_DEAL = (
    "AS AH AD AC TS TH TD TC",
    "KS KH KD KC 9S 9H 9D 9C",
    "QS QH QD QC 8S 8H 8D 8C",
    "JS JH JD JC 7S 7H 7D 7C",
)
GRAND_PLAY = [f"{r}{s}" for s in "SHDC" for r in "AKQJ"] + [f"{r}{s}" for s in "SHDC" for r in "T987"]


# The same deal swept without any marriage: each king falls with its ace, each queen with its ten.
PLAIN_PLAY = [c for s in "SHDC" for c in (f"A{s}", f"K{s}", f"8{s}", f"J{s}", f"T{s}", f"9{s}", f"Q{s}", f"7{s}")]


def grand_deal(rules: Rules, context: GameContext | None = None, declare_before: int | None = None,
               play: Sequence[str] = GRAND_PLAY) -> DealState:
    """GRAND_DEAL played as `play` (GRAND_PLAY or PLAIN_PLAY), passing in every window and
    concession question; `declare` by the player to act before trick `declare_before` (1-based),
    if given.  Returned as rebuilt by the engine from its record."""
    state = DealState(rules, deal_from_cards(rules, [h.split() for h in GRAND_DEAL], "JS"), context)
    for i, card in enumerate(play):
        while state.phase in ("window", "concede"):
            state.apply_text("pass")
        if declare_before is not None and i == 4 * (declare_before - 1):
            state.apply_text("declare")
        state.apply_text(card)
    return replayed(state)


def offers_declaration(rules: Rules, score: int, before_trick: int) -> bool:
    """Whether the engine offers `declare` to team 0's player on lead before trick `before_trick`
    of GRAND_DEAL (played as PLAIN_PLAY), team 0 written at `score`."""
    state = DealState(rules, deal_from_cards(rules, [h.split() for h in GRAND_DEAL], "JS"), GameContext((score, 0)))
    for card in PLAIN_PLAY[: 4 * (before_trick - 1)]:
        while state.phase in ("window", "concede"):
            state.apply_text("pass")
        state.apply_text(card)
    while state.phase in ("window", "concede"):
        state.apply_text("pass")
    return "declare" in {action_text(rules, a) for a in state.legal_actions()}


# =====================================================================================
# Fact 1: the rounded card points of a deal sum to 120 or 130
# =====================================================================================


def marriage_premises(x0: Any, x1: Any) -> list[Any]:
    """Marriage points of a deal: whole tens (every kind value, trump and table factor, and
    difference is a multiple of ten in both rulesets, checked in `marriage_unit`); the two
    teams' sum is what was announced, never below zero (table marriages move points from one
    team to the other); bounded by the most a deal can hold."""
    return [x0 % 10 == 0, x1 % 10 == 0, x0 + x1 >= 0, x0 >= -300, x1 >= -300, x0 <= 300, x1 <= 300]


def marriage_unit(rules: Rules) -> int:
    """The greatest common divisor of every marriage amount the ruleset can score."""
    amounts = [k.value * f * t for k in rules.kinds for f in (1, rules.trump_factor) for t in (1, rules.table_factor)]
    amounts += [a.value - b.value for a in rules.kinds for b in rules.kinds if a.value > b.value]
    return reduce(gcd, amounts)


def card_split(c0: Any) -> list[Any]:
    return [c0 >= 0, c0 <= 120]


def _rounding_vars() -> tuple[Any, Any, Any, Any]:
    return z3.Int("cards_team0"), z3.Int("cards_team1"), z3.Int("marriages_team0"), z3.Int("marriages_team1")


def _rounded_cards(policy: str, c0: Any, c1: Any, x0: Any, x1: Any) -> tuple[Any, Any]:
    """What the rounding gives each team's cards: its deal total less its marriages."""
    t0, t1 = rounding_f(Z3_ARITH, policy, (c0, c1), (x0, x1))
    return t0 - x0, t1 - x1


def fact_rounding_sum(policy: str) -> Callable[[int], Check]:
    def check(seed: int) -> Check:
        for name in (HDB, BROUC):
            unit = marriage_unit(Rules.load(name))
            if unit % 10:
                return Check(False, f"{name}: marriage amounts are multiples of {unit}, not of ten")
        c0, c1, x0, x1 = _rounding_vars()
        r0, r1 = _rounded_cards(policy, c0, c1, x0, x1)
        premises = [*card_split(c0), c1 == 120 - c0, *marriage_premises(x0, x1)]
        ok, model = prove(z3.Or(r0 + r1 == 120, r0 + r1 == 130), *premises)
        if ok:
            both = satisfiable(*premises, r0 + r1 == 130)
            note = "130 attained" if both is not None else "130 never attained"
            return Check(True, f"z3: unsat over card points 0..120 and marriage points in tens; {note}")
        return Check(False, "z3 model: " + model_text(model, [c0, c1, x0, x1, ("rounded sum", r0 + r1)]))
    return check


def fact_rounding_fives(policy: str) -> Callable[[int], Check]:
    def check(seed: int) -> Check:
        c0, c1, x0, x1 = _rounding_vars()
        r0, r1 = _rounded_cards(policy, c0, c1, x0, x1)
        premises = [*card_split(c0), c1 == 120 - c0, *marriage_premises(x0, x1)]
        claim = (r0 + r1 == 130) == z3.And(c0 % 10 == 5, c1 % 10 == 5)
        ok, model = prove(claim, *premises)
        if ok:
            return Check(True, "z3: unsat over card points 0..120 and marriage points in tens")
        text = "z3 model: " + model_text(model, [c0, c1, x0, x1, ("rounded sum", r0 + r1)])
        # a concrete deal of the same kind (both teams' card points ending in 5, sum not 130)
        rules = Rules.load(HDB, rounding=policy)

        def violates(state: DealState) -> bool:
            cards = [card_points(rules, w) for w in state.won]
            marr = [a + t for a, t in zip(state.announced_points, state.table_points, strict=True)]
            totals = rounding_f(PY_ARITH, policy, cards, marr)
            return bool((sum(totals) - sum(marr) == 130) != (cards[0] % 10 == 5))

        state = search(rules, seed, violates)
        result = state.result()
        cards = [t.card_points for t in result.teams]
        marr = [t.announced + t.table for t in result.teams]
        engine = [t.total for t in result.teams]
        if rounded(rules, cards, marr)[1] != engine or not violates(state):
            raise ReplayMismatch("the engine's count does not show the counterexample")
        shown = (f"engine: card points {cards}, marriages {marr}, deal totals {engine}, "
                 f"rounded card points {[e - m for e, m in zip(engine, marr, strict=True)]} "
                 f"(sum {sum(engine) - sum(marr)}); deal: {witness_text(state)}")
        return Check(False, text, text + "\n" + shown, state.record())
    return check


# =====================================================================================
# Fact 2: in 1802, what rounding decides about reaching 301
# =====================================================================================


def _target_vars() -> tuple[Any, Any, Any, Any]:
    return z3.Int("score_before"), z3.Int("cards_team"), z3.Int("marriages_team"), z3.Int("marriages_other")


def _target_setup(policy: str) -> tuple[list[Any], Any, Any, list[Any]]:
    """Premises, exact count, rounded count of a team (team 0 of the rounding formula; which team
    has the most card points is left free by the card split)."""
    s, c, x, y = _target_vars()
    exact = s + c + x
    total0, _ = rounding_f(Z3_ARITH, policy, (c, 120 - c), (x, y))
    premises = [s % 10 == 0, s <= 300, *card_split(c), *marriage_premises(x, y)]
    return premises, exact, s + total0, [s, c, x, y]


def fact_naive_301(seed: int) -> Check:
    premises, exact, rnd, names = _target_setup("cards-half-up")
    counts = [("exact", exact), ("rounded", rnd)]
    s, _, x, _ = names
    ok, model = prove((exact >= 301) == (rnd >= 301), *premises, s == 230, x == 0)
    if ok:
        return Check(True, "z3: unsat")
    text = "z3 model (with the clause's case, 230 and no marriage): " + model_text(model, [*names, *counts])
    rules = Rules.load(HDB)
    context = GameContext((230, 0))

    def shows(state: DealState) -> bool:
        out = state.outcome
        return (out is not None and out.how == "played-out" and out.winner == 0 and 301 <= out.scores[0] <= 304
                and 230 + state.result().teams[0].total < 301)

    state = search(rules, seed, shows, context)
    out = state.outcome
    assert out is not None
    team = state.result().teams[0]
    shown = (f"engine: team 0 from 230 takes {team.card_points} card points, marriages {team.announced + team.table}: "
             f"exact count {out.scores[0]} reaches 301 and wins ({out.how}, winner {out.winner}), "
             f"rounded it would be 230 + {team.total} = {230 + team.total}; deal: {witness_text(state)}")
    return Check(False, text, text + "\n" + shown, state.record())


def fact_rounding_window(policy: str) -> Callable[[int], Check]:
    top = 305 if policy == "complement-of-smaller" else 304

    def check(seed: int) -> Check:
        premises, exact, rnd, names = _target_setup(policy)
        counts = [("exact", exact), ("rounded", rnd)]
        never_more = z3.Implies(rnd >= 301, exact >= 301)
        ok, model = prove(never_more, *premises)
        if not ok:
            return Check(False, "rounded reaches 301, exact does not: " + model_text(model, [*names, *counts]))
        decides = z3.And(exact >= 301, rnd < 301)
        ok, model = prove(z3.Implies(decides, z3.And(exact >= 301, exact <= top)), *premises)
        if not ok:
            return Check(False, "rounding decides outside the window: " + model_text(model, [*names, *counts]))
        attained = [v for v in range(301, top + 1) if satisfiable(*premises, decides, exact == v) is not None]
        if attained != list(range(301, top + 1)):
            return Check(False, f"window not tight: only {attained} attained")
        return Check(True, f"z3: both implications unsat; each exact count 301..{top} has a case where rounding decides")
    return check


# =====================================================================================
# Fact 3: a legal card always exists
# =====================================================================================


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


# =====================================================================================
# Facts 4 and 5: declarations from 190; the largest and smallest result of a deal
# =====================================================================================


def marriage_options(rules: Rules, trump: bool, sweep: bool) -> list[int]:
    """What one suit's marriages can add to a team's count in one deal: nothing; an announcement
    by the team (one kind; with card_reuse every kind); a table marriage in a trick it wins; or,
    unless the team took every trick (`sweep`), one in a trick the others win.  A suit gives
    at most one of these: an announcement needs the king and queen in one hand, a table
    marriage needs them played by two players into one trick."""
    factor = rules.trump_factor if trump else 1
    values = [k.value * factor for k in rules.kinds]
    announced = [sum(values)] if rules.card_reuse else values
    options = {0, *announced, *[v * rules.table_factor for v in values]}
    if not sweep and rules.table_deducted:
        options |= {-v * rules.table_factor for v in values}
    return sorted(options)


def marriage_sum(rules: Rules, prefix: str, sweep: bool) -> tuple[Any, list[Any]]:
    ms = [z3.Int(f"{prefix}_{rules.suits[s]}") for s in range(len(rules.suits))]
    cons = [z3.Or([m == v for v in marriage_options(rules, s == 0, sweep)]) for s, m in enumerate(ms)]
    return z3.Sum(ms), cons


def fact_declaration_threshold(name: str) -> Callable[[int], Check]:
    """190 + 120 card points reach the target; 180 + 120 do not (marriages of the coup so far included)."""
    def check(seed: int) -> Check:
        rules = Rules.load(name)
        target = int(rules.data["game"].get("target", 301))
        least = int(rules.data["game"]["declaration"]["min_score"])
        if least != 190:
            return Check(False, f"{name}: the ruleset's declaration threshold is {least}, not 190")
        m = z3.Int("count_at_declaration")
        ok, model = prove((m + 120 >= target) == (m >= least), m % 10 == 0)
        if not ok:
            return Check(False, model_text(model, [m]))
        # marriages never lower the count of a team that takes every trick
        x, cons = marriage_sum(rules, "marriage", sweep=True)
        ok, model = prove(m + 120 + x >= target, m % 10 == 0, m >= least, *cons)
        if not ok:
            return Check(False, model_text(model, [m, ("marriages", x)]))
        shown, record = _declaration_replays(rules, least)
        return Check(True, f"z3: for a count M in tens, M + 120 >= {target} iff M >= {least}, and marriages only add "
                           f"to a team that takes every trick; {shown}", None, record)
    return check


def _declaration_replays(rules: Rules, least: int) -> tuple[str, dict[str, Any]]:
    """The engine, on GRAND_DEAL swept by team 0 with no marriage (PLAIN_PLAY): declared from
    `least` the sweep is made, from `least - 10` (1802) it falls one point short and fails; the
    precondition reading (1802 partie_et_vole_190, Brouc always) offers the declaration from
    `least` and not below."""
    if rules.id == HDB:
        made = grand_deal(rules, GameContext((least, 0)), declare_before=2, play=PLAIN_PLAY)
        short = grand_deal(rules, GameContext((least - 10, 0)), declare_before=2, play=PLAIN_PLAY)
        if made.outcome is None or made.outcome.how != "declaration-made":
            raise ReplayMismatch(f"1802: expected a made declaration from {least}, got {made.outcome}")
        if short.outcome is None or short.outcome.how != "declaration-failed" or short.outcome.scores[0] != least - 10 + 120:
            raise ReplayMismatch(f"1802: expected a failed declaration from {least - 10}, got {short.outcome}")
        strict = Rules.load(HDB, partie_et_vole_190="precondition")
        if not offers_declaration(strict, least, 2) or offers_declaration(strict, least - 10, 2):
            raise ReplayMismatch(f"1802: partie_et_vole_190=precondition does not draw the line at {least}")
        return (f"engine: partie et vole with no marriage made from {least} (count {made.outcome.scores[0]}), "
                f"failed from {least - 10} (count {short.outcome.scores[0]}); with partie_et_vole_190=precondition "
                f"offered from {least}, not from {least - 10}; deal: {witness_text(made)}", made.record())
    made = grand_deal(rules, GameContext((least, 0)), declare_before=1, play=PLAIN_PLAY)
    if made.outcome is None or made.outcome.how != "declaration-made":
        raise ReplayMismatch(f"brouc: expected a made declaration from {least}, got {made.outcome}")
    count = least + made.result().teams[0].total
    if count <= 300 or not offers_declaration(rules, least, 1) or offers_declaration(rules, least - 10, 1):
        raise ReplayMismatch(f"brouc: the declaration is not offered from {least} only, or the sweep counts {count}")
    return (f"engine: la cape et dehors with no marriage declared and made from {least} (count {count}); "
            f"not offered from {least - 10}; deal: {witness_text(made)}", made.record())


def fact_sweep_least_score(name: str, claimed: int) -> Callable[[int], Check]:
    """The least score before the coup from which a team that takes every trick reaches the target,
    counting the most its marriages of the deal can add; the fact states it is `claimed`."""
    def check(seed: int) -> Check:
        rules = Rules.load(name)
        target = int(rules.data["game"].get("target", 301))
        s = z3.Int("score_before")
        x, cons = marriage_sum(rules, "marriage", sweep=True)
        opt = z3.Optimize()
        opt.add(s % 10 == 0, s + 120 + x >= target, *cons)
        opt.minimize(s)
        if opt.check() != z3.sat:
            return Check(False, "no score reaches the target")
        least = opt.model().eval(s).as_long()
        if least != claimed:
            return Check(False, f"z3: the least score is {least}, not {claimed}")
        ok, model = prove(s + 120 + x < target, s % 10 == 0, s < least, *cons)
        if not ok:
            return Check(False, "lower: " + model_text(model, [s, ("marriages", x)]))
        most = 120 + opt.model().eval(x).as_long()
        state = grand_deal(rules, GameContext((least, 0)), declare_before=2 if name == HDB else None)
        out = state.outcome
        assert out is not None
        if name == HDB:
            if out.how != "declaration-made" or out.scores[0] < target:
                raise ReplayMismatch(f"expected partie et vole made from {least}, got {out}")
            under = grand_deal(rules, GameContext((least - 10, 0)), declare_before=2).outcome
            if under is None or under.how != "declaration-failed":
                raise ReplayMismatch(f"expected partie et vole failed from {least - 10}, got {under}")
            shown = (f"engine: partie et vole declared before trick 2 and made from {least} (count {out.scores[0]}); "
                     f"from {least - 10} the same play fails ({under.how})")
        else:
            count = least + state.result().teams[0].total
            if out.how != "all-tricks" or count <= 300 or offers_declaration(rules, least, 1):
                raise ReplayMismatch(f"expected a plain cape from {least} with count above 300, got {out}, {count}")
            shown = (f"engine: from {least} the sweep counts {count} (> 300) but la cape et dehors is not offered "
                     f"below 190, and the plain cape does not count ({out.how})")
        return Check(True, f"z3: least {least} (a sweep is worth at most {most}); {shown}; deal: {witness_text(state)}",
                     None, state.record())
    return check


def fact_deal_extremes(name: str, claimed: tuple[int, int]) -> Callable[[int], Check]:
    def check(seed: int) -> Check:
        rules = Rules.load(name)
        c = z3.Int("cards_team")
        x, cons = marriage_sum(rules, "marriage", sweep=False)
        total = rounding_f(Z3_ARITH, rules.rounding, (c, 120 - c), (x, z3.IntVal(0)))[0]
        premises = [*card_split(c), *cons]
        bounds = []
        for sense in ("max", "min"):
            opt = z3.Optimize()
            opt.add(*premises)
            (opt.maximize if sense == "max" else opt.minimize)(total)
            if opt.check() != z3.sat:
                return Check(False, "no model")
            bound = opt.model().eval(total).as_long()
            beyond = total > bound if sense == "max" else total < bound
            ok, model = prove(z3.Not(beyond), *premises)
            if not ok:
                return Check(False, f"{sense}: " + model_text(model, [c, ("marriages", x), ("total", total)]))
            bounds.append(bound)
        if tuple(bounds) != claimed:
            return Check(False, f"z3: the bounds are {bounds}, not {list(claimed)}")
        state = grand_deal(rules)
        engine = [t.total for t in state.result().teams]
        if engine != bounds:
            raise ReplayMismatch(f"the witness deal gives {engine}, the bounds are {bounds}")
        return Check(True, f"z3: largest {bounds[0]}, smallest {bounds[1]} (optimum, and unsat beyond); "
                           f"engine: the deal gives team 0 {engine[0]}, team 1 {engine[1]}; deal: {witness_text(state)}",
                     None, state.record())
    return check


# =====================================================================================
# Fact 6: the encodings agree with the engine
# =====================================================================================


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
    (brou.play.LEGAL) on every sampled position; else the first position where they differ."""
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
N_Z3_POSITIONS = 60


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


def fact_crosscheck_rounding(seed: int) -> Check:
    count = 0
    for policy in ROUNDINGS:
        rules = Rules.load(HDB, rounding=policy)
        for c0 in range(121):
            for x0 in range(-300, 301, 10):
                for x1 in {-x0, -x0 + 20, -x0 + 150, -x0 + 300} & set(range(-300, 301, 10)):
                    cards, marr = [c0, 120 - c0], [x0, x1]
                    want = rounded(rules, cards, marr)[1]
                    got = rounding_f(PY_ARITH, policy, cards, marr)
                    if got != want:
                        text = f"{policy}: cards {cards}, marriages {marr}: encoding {got}, engine {want}"
                        return Check(False, text, text)
                    count += 1
        c0v, c1v, x0v, x1v = _rounding_vars()
        zt = rounding_f(Z3_ARITH, policy, (c0v, c1v), (x0v, x1v))
        for c0, x0, x1 in ((0, 0, 0), (35, -40, 40), (65, 20, -20), (75, 0, 0), (5, -80, 80), (55, 0, 40)):
            subs = [(c0v, z3.IntVal(c0)), (c1v, z3.IntVal(120 - c0)), (x0v, z3.IntVal(x0)), (x1v, z3.IntVal(x1))]
            got = [z3.simplify(z3.substitute(t, *subs)).as_long() for t in zt]
            want = rounded(rules, [c0, 120 - c0], [x0, x1])[1]
            if got != want:
                text = f"{policy}: z3 term gives {got}, engine {want} at cards {c0}, marriages {x0}, {x1}"
                return Check(False, text, text)
    return Check(True, f"engine (brou.counting.rounded) = encoding on {count} cases: every card split, team 0's marriage "
                       "points in tens from -300 to 300 with team 1's making a sum of 0, 20, 150 or 300, for the four "
                       "policies; the z3 terms agree on sample points")


# =====================================================================================
# The list of facts
# =====================================================================================


def _facts() -> list[Fact]:
    both = (HDB, BROUC)
    rounding_clauses = ("hdb.count.rounding", "brouc.count.rounding")
    facts = [
        Fact("crosscheck.following",
             "The encodings of the following rules (Whist in 1802; Brouc under each choice of marriage_exception and "
             "undertrump_when_void) give exactly the engine's legal cards on 100,000 seeded random positions, "
             "so the proofs below are about the engine's rules.",
             both, ("hdb.play.follow", "hdb.play.void-free", "brouc.play.follow", "brouc.play.overtrump",
                    "brouc.play.trump-led-lower", "brouc.play.only-trumps", "brouc.play.marriage-exception",
                    "brouc.play.no-undertrump"), True, fact_crosscheck_following,
             statement_fr="Les encodages des règles du jeu de la carte (le whist en 1802 ; le Brouc pour chaque choix de "
             "marriage_exception et de undertrump_when_void) donnent exactement les cartes que le moteur permet sur "
             "100 000 positions aléatoires à graine fixe : les preuves qui suivent portent donc bien sur les règles du "
             "moteur."),
        Fact("crosscheck.rounding",
             "The encodings of the four rounding policies give exactly the engine's deal totals for every split of "
             "the 120 card points and marriage points in tens.",
             both, rounding_clauses, True, fact_crosscheck_rounding,
             statement_fr="Les encodages des quatre modes d'arrondi donnent exactement les totaux de donne du moteur pour "
             "toute répartition des 120 points de cartes et des points de mariage en dizaines."),
    ]
    for policy in ROUNDINGS:
        facts.append(Fact(
            f"rounding.sum-120-or-130.{policy}",
            f"With rounding={policy}, the card points of a deal, once rounded, add up to 120 or 130 for the two "
            "teams together (a team's rounded card points: its deal total less its marriages).",
            both, rounding_clauses, True, fact_rounding_sum(policy),
            statement_fr=f"Avec rounding={policy}, les points de cartes d'une donne, une fois arrondis, font 120 ou 130 "
            "pour les deux équipes ensemble (les points de cartes arrondis d'une équipe : son total de la donne moins "
            "ses mariages)."))
    for policy in ROUNDINGS:
        holds = policy in ("cards-half-up", "total-half-up")
        facts.append(Fact(
            f"rounding.130-iff-both-end-in-5.{policy}",
            f"With rounding={policy}, the rounded card points add up to 130 exactly when both teams' card points "
            "end in 5.",
            both, rounding_clauses, holds, fact_rounding_fives(policy),
            statement_fr=f"Avec rounding={policy}, les points de cartes arrondis font 130 exactement quand les points de "
            "cartes des deux équipes finissent par 5."))
    facts.append(Fact(
        "hdb.301.naive",
        "Naive: in 1802, with scores before a coup in tens, a team's exact count (score, marriages, card points) "
        "reaches 301 if and only if its rounded count does.",
        (HDB,), ("hdb.game.last-coup", "hdb.count.rounding"), False, fact_naive_301,
        statement_fr="Naïf : en 1802, les scores d'avant le coup étant en dizaines, le compte exact d'une équipe (score, "
        "mariages, points de cartes) atteint 301 si et seulement si son compte arrondi l'atteint."))
    for policy in ROUNDINGS:
        top = 305 if policy == "complement-of-smaller" else 304
        facts.append(Fact(
            f"hdb.301.rounding-decides-only-301-{top}.{policy}",
            f"In 1802 with rounding={policy}, for a score before the coup in tens and at most 300: a team whose "
            f"rounded count reaches 301 also reaches it exactly (so written scores stay at most 300), and rounding "
            f"changes the verdict only when the exact count is 301 to {top}, each of which happens.",
            (HDB,), ("hdb.game.last-coup", "hdb.count.rounding"), True, fact_rounding_window(policy),
            statement_fr=f"En 1802 avec rounding={policy}, pour un score d'avant le coup en dizaines et d'au plus 300 : "
            f"une équipe dont le compte arrondi atteint 301 l'atteint aussi en compte exact (les scores écrits restent "
            f"donc d'au plus 300), et l'arrondi ne change le verdict que si le compte exact vaut de 301 à {top}, "
            "et chacun de ces cas se présente."))
    for policy in ("whist", "brouc"):
        facts.append(Fact(
            f"play.never-stuck.{policy}",
            f"Under the {policy} following rule, every hand facing a partial trick has at least one legal card"
            + (" (all three exceptions, both parameters, any choice of trump)." if policy == "brouc" else "."),
            both if policy == "brouc" else (HDB,),
            ("hdb.play.follow", "hdb.play.void-free") if policy == "whist" else
            ("brouc.play.follow", "brouc.play.overtrump", "brouc.play.trump-led-lower", "brouc.play.only-trumps",
             "brouc.play.marriage-exception", "brouc.play.no-undertrump"),
            True, fact_never_stuck(policy),
            statement_fr=f"Avec la règle {policy} du jeu de la carte, toute main qui fait face à une levée entamée a au "
            "moins une carte permise"
            + (" (les trois exceptions, les deux paramètres, n'importe quel atout)." if policy == "brouc" else ".")))
    facts += [
        Fact("hdb.partie-et-vole.190",
             "1802: a team whose count (score and the coup's marriages so far, in tens) is M reaches 301 by taking "
             "every trick (120 card points) with no further marriage if and only if M >= 190.",
             (HDB,), ("hdb.game.partie-et-vole", "hdb.game.partie-et-vole-success"), True,
             fact_declaration_threshold(HDB),
             statement_fr="1802 : une équipe dont le compte (score et mariages du coup jusque-là, en dizaines) vaut M "
             "atteint 301 en faisant toutes les levées (120 points de cartes) sans autre mariage si et seulement si "
             "M >= 190."),
        Fact("brouc.cape-et-dehors.190",
             "Brouc: a team written at s (in tens) passes 300 by taking every trick with no marriage if and only if "
             "s >= 190; marriages never take anything from a team that takes every trick.",
             (BROUC,), ("brouc.game.cape-et-dehors",), True, fact_declaration_threshold(BROUC),
             statement_fr="Brouc : une équipe inscrite à s (en dizaines) dépasse 300 en faisant toutes les levées sans "
             "mariage si et seulement si s >= 190 ; les mariages n'enlèvent jamais rien à une équipe qui fait toutes "
             "les levées."),
        Fact("hdb.partie-et-vole.least-score",
             "1802: counting the marriages of the coup, the least score before the coup from which a team that "
             "takes every trick reaches 301 is -110 (the sweep is worth at most 420).",
             (HDB,), ("hdb.game.partie-et-vole", "hdb.marriage.table"), True, fact_sweep_least_score(HDB, -110),
             statement_fr="1802 : en comptant les mariages du coup, le plus petit score d'avant le coup à partir duquel "
             "une équipe qui fait toutes les levées atteint 301 est -110 (faire toutes les levées rapporte au plus "
             "420)."),
        Fact("brouc.cape-et-dehors.least-score",
             "Brouc: counting the marriages of the deal, the least written score from which a team that takes every "
             "trick passes 300 is 40 (the sweep is worth at most 270); the declaration still needs 190.",
             (BROUC,), ("brouc.game.cape-et-dehors", "brouc.marriage.table"), True, fact_sweep_least_score(BROUC, 40),
             statement_fr="Brouc : en comptant les mariages de la donne, le plus petit score écrit à partir duquel "
             "une équipe qui fait toutes les levées dépasse 300 est 40 (faire toutes les levées rapporte au plus 270) ; "
             "la déclaration exige tout de même 190."),
        Fact("hdb.deal.extremes",
             "1802: a team's result for one deal (rounded card points, announced and table marriages, trump doubling, "
             "deductions) lies between -300 and 420, and both are attained.",
             (HDB,), ("hdb.count.card-points", "hdb.marriage.kinds", "hdb.marriage.table"), True,
             fact_deal_extremes(HDB, (420, -300)),
             statement_fr="1802 : le résultat d'une équipe sur un coup (points de cartes arrondis, mariages annoncés et "
             "sur table, doublement à l'atout, déductions) est compris entre -300 et 420, et les deux bornes sont "
             "atteintes."),
        Fact("brouc.deal.extremes",
             "Brouc: a team's result for one deal lies between -150 and 270, and both are attained.",
             (BROUC,), ("brouc.marriage.table", "brouc.marriage.announce-score"), True, fact_deal_extremes(BROUC, (270, -150)),
             statement_fr="Brouc : le résultat d'une équipe sur une donne est compris entre -150 et 270, et les deux "
             "bornes sont atteintes."),
    ]
    return facts


FACTS: list[Fact] = _facts()


def run_fact(fact: Fact, seed: int) -> FactResult:
    start = time.perf_counter()
    try:
        found = fact.check(seed)
        status = PROVED if found.holds else (REFUTED if not fact.holds else COUNTEREXAMPLE)
        details, cex, witness = found.details, found.counterexample, found.witness
    except Exception as exc:  # a fact that cannot be run is reported, not raised
        status, details, cex, witness = ERROR, f"{type(exc).__name__}: {exc}", None, None
    return FactResult(fact.id, fact.statement, fact.rulesets, status, fact.expected,
                      time.perf_counter() - start, details, cex, witness, statement_fr=fact.statement_fr,
                      clauses=fact.clauses)


def run_all(seed: int = 1802, ids: Sequence[str] | None = None) -> list[FactResult]:
    """Run every fact (or those of `ids`), deterministically for `seed`."""
    return [run_fact(f, seed) for f in FACTS if ids is None or f.id in ids]


def table_text(results: Sequence[FactResult]) -> str:
    """A readable table: one line per fact, then the details and counterexamples."""
    rows = [(r.id, r.status, r.expected, f"{r.seconds:.2f}", "" if r.ok else "<-- unexpected") for r in results]
    lines = [_table(("fact", "status", "expected", "seconds", ""), rows, right=("seconds",), no_wrap=("fact",))]
    lines.append(f"{len(results)} facts, {sum(r.ok for r in results)} as expected, {sum(r.seconds for r in results):.1f} s")
    lines.append("")
    for r in results:
        lines.append(f"{r.id} [{', '.join(r.rulesets)}]: {r.status}")
        lines.append(f"  {r.statement}")
        lines.append(f"  {r.details}")
        if r.counterexample:
            lines += ["  " + line for line in r.counterexample.splitlines() if line != r.details]
    return "\n".join(lines)


def result_data(result: FactResult) -> dict[str, Any]:
    """A fact's result as plain data (`brou prove --json`)."""
    return {"id": result.id, "statement": result.statement, "statement_fr": result.statement_fr,
            "rulesets": list(result.rulesets), "clauses": list(result.clauses), "status": result.status,
            "expected": result.expected, "ok": result.ok, "seconds": round(result.seconds, 3), "details": result.details,
            "counterexample": result.counterexample}
