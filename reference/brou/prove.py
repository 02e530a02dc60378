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

import copy
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import reduce
from itertools import product
from math import gcd
from typing import Any, Generic, TypeVar

import z3  # type: ignore[import-untyped]

from .cards.deal import deal_from_cards, deal_from_seed
from .engine import phases
from .engine.homme import HommeDeal, action_text
from .laws import kings as kings_mod
from .laws import payments, results, speech, talon
from .laws.auction import Standing, legal_bids, may_bid, outcome, standing
from .laws.contracts import contract, contracts, may_name
from .laws.counting import card_points, rounded
from .laws.following import compose, matadors_of
from .laws.game import GameContext
from .laws.ledger import BANK, POOL, SHEET, account_balance, balances
from .laws.play import LEGAL, beats
from .spec.rules import Rules, card_order, cards_of, order_tables
from .spec.tables import table_text as _table

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
    read from the clause statements and docs (brou.laws.counting): the definition both backends use."""
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
    witness: dict[str, Any] | None = None  # the deal and play shown (HommeDeal.record()), to replay


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


def prove(claim: Any, *premises: Any, tactic: Any = None) -> tuple[bool, Any]:
    """(True, None) if the premises imply the claim; (False, model) otherwise.  `tactic`: a z3
    tactic to solve with instead of the default solver."""
    solver = z3.Solver() if tactic is None else tactic.solver()
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


def witness_text(state: HommeDeal) -> str:
    record = state.record()
    hands = "; ".join(f"seat {i}: {' '.join(h)}" for i, h in enumerate(record["deal"]["hands"]))
    ctx = f" scores before {record['context']['scores']}" if "context" in record else ""
    params = f" params {record['params']}" if record["params"] else ""
    return (f"{record['ruleset']}{params}{ctx}; turn-up {record['deal']['turnup']}; {hands}; "
            f"actions: {' '.join(record['actions'])}")


def replayed(state: HommeDeal) -> HommeDeal:
    """The deal rebuilt from its record by the engine (HommeDeal.replay), as anyone can do."""
    return HommeDeal.replay(state.record(), state.rules)


def random_play(rules: Rules, rng: random.Random, context: GameContext | None = None) -> HommeDeal:
    """A seeded deal played out by random card, announcement and pass actions (no game action)."""
    state = HommeDeal(rules, deal_from_seed(rules, rng.getrandbits(63)), context)
    limit = rules.pass_action
    while not state.is_over:
        actions = [a for a in state.legal_actions() if a <= limit]
        state.apply(rng.choice(actions))
    return state


def search(rules: Rules, seed: int, accept: Callable[[HommeDeal], bool], context: GameContext | None = None,
           limit: int = 50_000) -> HommeDeal:
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
               play: Sequence[str] = GRAND_PLAY) -> HommeDeal:
    """GRAND_DEAL played as `play` (GRAND_PLAY or PLAIN_PLAY), passing in every window and
    concession question; `declare` by the player to act before trick `declare_before` (1-based),
    if given.  Returned as rebuilt by the engine from its record."""
    state = HommeDeal(rules, deal_from_cards(rules, [h.split() for h in GRAND_DEAL], "JS"), context)
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
    state = HommeDeal(rules, deal_from_cards(rules, [h.split() for h in GRAND_DEAL], "JS"), GameContext((score, 0)))
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

        def violates(state: HommeDeal) -> bool:
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

    def shows(state: HommeDeal) -> bool:
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
    return Check(True, f"engine (brou.laws.counting.rounded) = encoding on {count} cases: every card split, team 0's marriage "
                       "points in tens from -300 to 300 with team 1's making a sum of 0, 20, 150 or 300, for the four "
                       "policies; the z3 terms agree on sample points")


# =====================================================================================
# Brusquembille: the payments, the pool, the draw, the pack's points
# =====================================================================================

BRUS = "brusquembille-1718"
BRUS_FORMS = ("three", "two", "four", "four-partners", "five")
N_BRUS_SAMPLES = 5_000  # random tricks and point vectors per form, besides the exhaustive patterns
N_BRUS_DEALS = 60  # random deals per form whose draws and payments are compared with the encoding
N_Z3_DEALS = 5  # of which the first are also evaluated through the z3 terms
N_SPLITS = 20  # random splits of the pack per form whose side points are compared with the z3 terms


# eliminating the equations first takes the five-player bounds from about 20 s to 4 (a loaded machine)
def lia() -> Any:
    """The tactic for the linear integer sums of the payments (made in the fact's own context)."""
    return z3.Then("simplify", "propagate-values", "solve-eqs", "smt")


def brus_rules(form: str, **params: Any) -> Rules:
    return Rules.load(BRUS, form=form, **params)


def worth_f(ar: Arith, rules: Rules, card: Any) -> Any:
    """The jetons `card` is worth as a brusquembille, from the table the engine uses (`rules.jetons`)."""
    return sum((ar.ite(card == c, w, 0) for c, w in enumerate(rules.jetons) if w and rules.pack >> c & 1), 0)


def seat_f(ar: Arith, leader: Any, i: int, n: int) -> Any:
    """The seat of the `i`-th card of a trick led by `leader` (0 <= leader, i < n): the engine's
    `(leader + i) % n`, written without `%` (z3 takes seconds over `mod` with five players)."""
    return ar.ite(leader + i >= n, leader + i - n, leader + i)


def trick_payments_f(ar: Arith, n: int, seats: Sequence[Any], worths: Sequence[Any], winner: Any, paid: Any) -> list[Any]:
    """Each seat's net jetons from one finished trick, read from brus.pay.brusquembille (and
    brus.pay.when: nothing unless `paid`): a brusquembille played by the trick's winner is paid
    its worth by each of the n - 1 others; one played by anyone else costs its player its worth
    to each of the n - 1 others."""
    nets = []
    for p in range(n):
        total: Any = 0
        for seat, worth in zip(seats, worths, strict=True):
            mine = seat == p
            total = total + ar.ite(seat == winner, ar.ite(mine, (n - 1) * worth, -worth),
                                   ar.ite(mine, -(n - 1) * worth, worth))
        nets.append(ar.ite(paid, total, 0))
    return nets


def _trick_vars(rules: Rules) -> tuple[list[Any], Any, Any, Any, list[Any]]:
    """z3 variables of one trick: the cards in the order played, the leader, the winner, whether
    brusquembilles are paid; and the premises (cards of the pack, all different; seats in range)."""
    n = rules.n_players
    cards = [z3.Int(f"card_{i}") for i in range(n)]
    leader, winner, paid = z3.Int("leader"), z3.Int("winner"), z3.Bool("paid")
    premises = [z3.Or([c == d for d in cards_of(rules.pack)]) for c in cards]
    premises += [z3.Distinct(*cards)] if n > 1 else []
    premises += [leader >= 0, leader < n, winner >= 0, winner < n]
    return cards, leader, winner, paid, premises


def _trick_nets_z3(rules: Rules, cards: Sequence[Any], leader: Any, winner: Any, paid: Any) -> list[Any]:
    n = rules.n_players
    seats = [seat_f(Z3_ARITH, leader, i, n) for i in range(n)]
    return trick_payments_f(Z3_ARITH, n, seats, [worth_f(Z3_ARITH, rules, c) for c in cards], winner, paid)


def trick_cases(rules: Rules, seed: int, samples: int) -> list[tuple[list[int], int, int]]:
    """Tricks (cards in the order played, leader, winner): every pattern of brusquembilles
    (ace, ten, none) over the n plays that the pack can hold, for every leader and winner; then
    `samples` random tricks of the pack's cards."""
    n = rules.n_players
    pack = cards_of(rules.pack)
    by_worth: dict[int, list[int]] = {}
    for c in pack:
        by_worth.setdefault(rules.jetons[c], []).append(c)
    cases: list[tuple[list[int], int, int]] = []
    for pattern in product(sorted(by_worth), repeat=n):
        if any(pattern.count(v) > len(cs) for v, cs in by_worth.items()):
            continue
        used = dict.fromkeys(by_worth, 0)
        cards = []
        for v in pattern:
            cards.append(by_worth[v][used[v]])
            used[v] += 1
        cases += [(cards, leader, winner) for leader in range(n) for winner in range(n)]
    rng = random.Random(seed)
    cases += [(rng.sample(pack, n), rng.randrange(n), rng.randrange(n)) for _ in range(samples)]
    return cases


def crosscheck_payments(rules: Rules, cases: Sequence[tuple[list[int], int, int]], n_z3: int) -> str | None:
    """None if brou.laws.payments.brusquembille_payments gives, on every case, entries that each move
    jetons from one seat to another and net balances equal to the encoding's (Python and, on the
    first `n_z3` cases, the z3 terms); else the first disagreement."""
    n = rules.n_players
    cards_v, leader_v, winner_v, paid_v, _ = _trick_vars(rules)
    terms = _trick_nets_z3(rules, cards_v, leader_v, winner_v, paid_v)
    for i, (cards, leader, winner) in enumerate(cases):
        plays = [((leader + j) % n, c) for j, c in enumerate(cards)]
        entries = payments.brusquembille_payments(rules, plays, winner, 1)
        where = f"{rules.cards_text(sum(1 << c for c in cards))} led by seat {leader}, won by seat {winner}"
        odd = [e for e in entries if not (0 <= e.giver < n and 0 <= e.taker < n and e.giver != e.taker and e.jetons > 0)]
        if odd:
            return f"{where}: the engine's entry {odd[0]} does not move jetons from one seat to another"
        engine = balances(entries, n)
        seats = [seat_f(PY_ARITH, leader, j, n) for j in range(n)]
        want = trick_payments_f(PY_ARITH, n, seats, [worth_f(PY_ARITH, rules, c) for c in cards], winner, True)
        if engine != want:
            return f"{where}: encoding {want}, engine {engine}"
        if i < n_z3:
            subs = [(v, z3.IntVal(c)) for v, c in zip(cards_v, cards, strict=True)]
            subs += [(leader_v, z3.IntVal(leader)), (winner_v, z3.IntVal(winner)), (paid_v, z3.BoolVal(True))]
            got = [z3.simplify(z3.substitute(t, *subs)).as_long() for t in terms]
            if got != engine:
                return f"{where}: z3 term {got}, engine {engine}"
    return None


def crosscheck_paid_in_play(rules: Rules, rng: random.Random, deals: int) -> str | None:
    """None if, on `deals` random deals played out on the engine (brou.engine.phases), the brusquembille
    entries of the ledger after each trick net, seat by seat, what the encoding gives for that
    trick's cards, leader and winner (nothing when the form does not pay them); else the first
    disagreement."""
    n = rules.n_players
    paid = payments.pays_brusquembilles(rules)
    for _ in range(deals):
        deal = phases.PhaseDeal(rules, talon.talon_deal_from_seed(rules, rng.getrandbits(63)))
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        for number, (leader, cards, winner) in enumerate(deal.tricks, 1):
            entries = [e for e in deal.ledger if e.clause == "brus.pay.brusquembille" and e.trick == number]
            seats = [seat_f(PY_ARITH, leader, j, n) for j in range(n)]
            want = trick_payments_f(PY_ARITH, n, seats, [worth_f(PY_ARITH, rules, c) for c in cards], winner, paid)
            if balances(entries, n) != want:
                return f"deal {deal.record()}, trick {number}: encoding {want}, ledger {balances(entries, n)}"
    return None


PAID_WHEN = {("three", "pool"): True, ("four", "pool"): True, ("five", "pool"): True}  # brus.pay.when; else never


def fact_brus_payments_zero_sum(seed: int) -> Check:
    lines = []
    for form in BRUS_FORMS:
        for scoring in ("pool", "points"):
            paid = payments.pays_brusquembilles(brus_rules(form, scoring=scoring))
            if paid != PAID_WHEN.get((form, scoring), False):
                text = f"form {form}, scoring {scoring}: the engine pays brusquembilles: {paid}; brus.pay.when says otherwise"
                return Check(False, text, text)
        rules = brus_rules(form)
        cases = trick_cases(rules, seed, N_BRUS_SAMPLES)
        bad = crosscheck_payments(rules, cases, N_Z3_POSITIONS) or crosscheck_paid_in_play(rules, random.Random(seed),
                                                                                            N_BRUS_DEALS)
        if bad is not None:
            return Check(False, f"form {form}: {bad}", f"form {form}: {bad}")
        cards, leader, winner, paid_v, premises = _trick_vars(rules)
        nets = _trick_nets_z3(rules, cards, leader, winner, paid_v)
        ok, model = prove(z3.Sum(nets) == 0, *premises)
        if not ok:
            text = f"form {form}: z3 model: " + model_text(model, [*cards, leader, winner, paid_v,
                                                                     *[(f"net_{p}", t) for p, t in enumerate(nets)]])
            return Check(False, text, text)
        lines.append(f"{form} ({len(cases)} tricks)")
    return Check(True, "z3: unsat for n = 2..5, any cards of the pack, leader and winner, paid or not; engine "
                       "(brou.laws.payments.brusquembille_payments, every entry from one seat to another) = encoding on every "
                       f"pattern of aces, tens and other cards, every leader and winner, and {N_BRUS_SAMPLES} random tricks, "
                       f"the z3 terms on the first {N_Z3_POSITIONS}, and the ledger of each trick of {N_BRUS_DEALS} random "
                       "deals played out: " + ", ".join(lines)
                       + "; brou.laws.payments.pays_brusquembilles as brus.pay.when says for every form and scoring")


def fact_brus_trick_extremes(claimed: dict[str, tuple[int, int]]) -> Callable[[int], Check]:
    """The most a seat can win and lose on one trick's brusquembilles, per form that pays them:
    z3 optimises over the encoding, and the engine's payments on z3's trick give the same."""
    def check(seed: int) -> Check:
        lines = []
        for form, (most, least) in claimed.items():
            rules = brus_rules(form)
            n = rules.n_players
            cards, leader, winner, _, premises = _trick_vars(rules)
            net0 = _trick_nets_z3(rules, cards, leader, winner, True)[0]
            for goal, bound in ((most, True), (least, False)):
                ok, model = prove(net0 <= goal if bound else net0 >= goal, *premises, tactic=lia())
                if not ok:
                    text = (f"form {form}: seat 0 can get {model.eval(net0)} on one trick: "
                            + model_text(model, [*cards, leader, winner]))
                    return Check(False, text, text)
                model = satisfiable(*premises, net0 == goal)
                if model is None:
                    text = f"form {form}: {goal} jetons for one seat is never reached"
                    return Check(False, text, text)
                trick, (first, won) = ([model.eval(v, model_completion=True).as_long() for v in vs]
                                       for vs in (cards, (leader, winner)))
                plays = [((first + i) % n, c) for i, c in enumerate(trick)]
                engine = balances(payments.brusquembille_payments(rules, plays, won, 1), n)[0]
                if engine != goal:
                    raise ReplayMismatch(f"form {form}: the engine gives seat 0 {engine} on z3's trick, not {goal}")
                lines.append(f"{form} {'most' if bound else 'least'} {goal}: {rules.cards_text(sum(1 << c for c in trick))}"
                             f" led by seat {first}, won by seat {won}")
        return Check(True, "z3: optimal; the engine pays the same on the tricks that reach them: " + "; ".join(lines))
    return check


# -- the pool --------------------------------------------------------------------------


def pool_shares_f(ar: Arith, rules: Rules, points: Sequence[Any], pool: Any, to_bank: bool) -> tuple[list[Any], Any]:
    """What the pool gives each seat and the bank, read from brus.count.winner: the sides with
    the most card points share it equally, each side's players equally, in whole jetons; what
    does not divide goes one jeton each to the players concerned in order from seat 0 (the
    sides in their order, each side's seats in order), or to the bank (parameter odd_jetons)."""
    m, n = len(rules.teams), rules.n_players
    top = [sum((ar.ite(points[t] > points[s], 1, 0) for t in range(m)), 0) == 0 for s in range(m)]
    k = sum((ar.ite(t, 1, 0) for t in top), 0)
    side_share = sum((ar.ite(k == kk, ar.div(pool, kk), 0) for kk in range(1, m + 1)), 0)
    order = [(s, seat) for s in range(m) for seat in sorted(rules.teams[s])]
    share = {seat: ar.ite(top[s], ar.div(side_share, len(rules.teams[s])), 0) for s, seat in order}
    odd = pool - sum((share[seat] for _, seat in order), 0)
    got: list[Any] = [0] * n
    before: Any = 0  # players sharing the pool who come earlier in the order
    for s, seat in order:
        extra = 0 if to_bank else ar.ite(top[s], ar.ite(before < odd, 1, 0), 0)
        got[seat] = share[seat] + extra
        before = before + ar.ite(top[s], 1, 0)
    return got, (odd if to_bank else 0)


def engine_pool(rules: Rules, points: Sequence[int], pool: int) -> tuple[list[int], int] | str:
    """What brou.laws.results.pool_shares gives each seat and the bank, or what is wrong with its entries."""
    got, bank = [0] * rules.n_players, 0
    for e in results.pool_shares(rules, points, pool, 0):
        if e.giver != POOL or e.jetons <= 0:
            return f"entry {e} does not move jetons out of the pool"
        if e.taker == BANK:
            bank += e.jetons
        elif 0 <= e.taker < rules.n_players:
            got[e.taker] += e.jetons
        else:
            return f"entry {e} goes to no seat and not to the bank"
    return got, bank


def fact_brus_pool_shared_out(seed: int) -> Check:
    lines = []
    rng = random.Random(seed)
    for form in BRUS_FORMS:
        for odd_jetons in ("first-in-order", "bank"):
            rules = brus_rules(form, odd_jetons=odd_jetons)
            m, to_bank = len(rules.teams), odd_jetons == "bank"
            cases = [(list(v), pool) for v in product(range(3), repeat=m) for pool in [*range(1, 65), 100, 101, 999, 12345]]
            cases += [([rng.randrange(121) for _ in range(m)], rng.randrange(1, 500)) for _ in range(N_BRUS_SAMPLES // 10)]
            for pts, pool in cases:
                engine = engine_pool(rules, pts, pool)
                want = pool_shares_f(PY_ARITH, rules, pts, pool, to_bank)
                if isinstance(engine, str) or engine != (list(want[0]), want[1]):
                    text = f"form {form}, odd_jetons {odd_jetons}, points {pts}, pool {pool}: encoding {want}, engine {engine}"
                    return Check(False, text, text)
            points = [z3.Int(f"points_side_{s}") for s in range(m)]
            pool_v = z3.Int("pool")
            got, bank = pool_shares_f(Z3_ARITH, rules, points, pool_v, to_bank)
            for pts, pool in cases[:: max(1, len(cases) // N_Z3_POSITIONS)][:N_Z3_POSITIONS]:
                subs = [(v, z3.IntVal(x)) for v, x in zip(points, pts, strict=True)] + [(pool_v, z3.IntVal(pool))]
                z = [z3.simplify(z3.substitute(z3.IntVal(0) + t, *subs)).as_long() for t in [*got, bank]]
                engine = engine_pool(rules, pts, pool)
                if isinstance(engine, str) or z != [*engine[0], engine[1]]:
                    text = f"form {form}, odd_jetons {odd_jetons}, points {pts}, pool {pool}: z3 term {z}"
                    return Check(False, text, text)
            top = [z3.And([points[t] <= points[s] for t in range(m)]) for s in range(m)]
            sharing = [(seat, top[s]) for s in range(m) for seat in rules.teams[s]]
            claim = [z3.Sum(got) + bank == pool_v]
            claim += [bank == 0] if not to_bank else [bank < z3.Sum([z3.If(t, 1, 0) for _, t in sharing])]
            claim += [z3.Implies(z3.Not(t), got[seat] == 0) for seat, t in sharing]
            spread = 0 if to_bank else 1
            claim += [z3.Implies(z3.And(ti, tj), got[i] - got[j] <= spread) for i, ti in sharing for j, tj in sharing]
            premises = [pool_v >= 1, *[z3.And(p >= 0, p <= 120) for p in points]]
            ok, model = prove(z3.And(claim), *premises)
            if not ok:
                text = f"form {form}, odd_jetons {odd_jetons}: z3 model: " + model_text(model, [*points, pool_v, *got, bank])
                return Check(False, text, text)
            lines.append(f"{form} {odd_jetons} ({len(cases)} cases)")
    return Check(True, "z3: unsat for any pool of at least 1 jeton and any card points 0..120 per side; engine "
                       "(brou.laws.results.pool_shares) = encoding on every vector of 0, 1, 2 points per side (every tie) with "
                       "pools 1..64 and four larger ones, and random vectors: " + ", ".join(lines))


# -- the draw --------------------------------------------------------------------------


def draw_rounds(rules: Rules, winners: Sequence[Any]) -> list[list[tuple[Any, Any]]]:
    """The draws after each trick while the stock lasts, by brou.laws.talon.draws itself (called on
    symbolic winners for z3), the stock as positions 0 .. talon-1 (the turned card last) and
    shortened by one card a player after each trick, as brou.engine.phases does."""
    n = rules.n_players
    stock = list(range(rules.talon_size))
    out = []
    for w in winners:
        out.append(list(talon.draws(n, w, stock)))
        del stock[:n]
    return out


def fact_brus_draws(seed: int) -> Check:
    lines = []
    rng = random.Random(seed)
    for form in BRUS_FORMS:
        rules = brus_rules(form)
        n, size, talon_n = rules.n_players, rules.hand_size, rules.talon_size
        pack_n = rules.pack.bit_count()
        if talon_n % n or n * size + talon_n != pack_n:
            text = f"form {form}: {n} hands of {size} and a talon of {talon_n} do not make the {pack_n} cards in rounds"
            return Check(False, text, text)
        rounds = talon_n // n
        ws = [z3.Int(f"winner_trick_{r + 1}") for r in range(rounds)]
        drawn = draw_rounds(rules, ws)
        if talon.draws(n, 0, list(range(talon_n))[rounds * n:]) != []:
            return Check(False, f"form {form}: cards drawn once the stock is gone")
        flat = [d for r in drawn for d in r]
        claim = [z3.Sum([z3.If(card == j, 1, 0) for _, card in flat]) == 1 for j in range(talon_n)]
        # full hands, by induction over the tricks with a draw: a player who held `size` cards
        # before a trick plays one to it and draws; he holds `size` again (held[r]: before trick r + 1)
        held = [[z3.Int(f"held_before_trick_{r + 1}_seat_{p}") for p in range(n)] for r in range(rounds)]
        for got, before in zip(drawn, held, strict=True):
            counts = [z3.Sum([z3.If(seat == p, 1, 0) for seat, _ in got]) for p in range(n)]
            claim += [c == 1 for c in counts]
            claim += [h - 1 + c == size for h, c in zip(before, counts, strict=True)]
        # the turned card, last in the stock, goes to the player before the last round's winner
        claim += [z3.Implies(card == talon_n - 1, seat == (ws[-1] + n - 1) % n) for seat, card in flat]
        premises = [z3.And(w >= 0, w < n) for w in ws] + [h == size for before in held for h in before]
        ok, model = prove(z3.And(claim), *premises)
        if not ok:
            text = f"form {form}: z3 model: " + model_text(model, ws)
            return Check(False, text, text)
        # the engine's draws in play are the encoding's at the winners of its tricks
        for i in range(N_BRUS_DEALS):
            deal = phases.PhaseDeal(rules, talon.talon_deal_from_seed(rules, rng.getrandbits(63)))
            while not deal.is_over:
                deal.apply(rng.choice(deal.legal_actions()))
            winners = [w for _, _, w in deal.tricks[:rounds]]
            want = [(seat, deal.deal.stock[j]) for seat, j in (d for r in draw_rounds(rules, winners) for d in r)]
            subs = [(w, z3.IntVal(x)) for w, x in zip(ws, winners, strict=True)]
            via_z3 = want if i >= N_Z3_DEALS else [
                (z3.simplify(z3.substitute(z3.IntVal(0) + s, *subs)).as_long(), deal.deal.stock[j]) for s, j in flat]
            engine = [(e.seat, e.card) for e in deal.events if e.kind == "draw"]
            if engine != want or via_z3 != want or deal.events[-1].seat != (winners[-1] + n - 1) % n:
                text = f"form {form}: deal {deal.record()}: the engine drew {engine}, the encoding says {want}"
                return Check(False, text, text)
        lines.append(f"{form} ({rounds} rounds of {n})")
    return Check(True, "z3: unsat over every sequence of trick winners, brou.laws.talon.draws called on symbolic winners; "
                       f"the engine's draw events = the encoding on {N_BRUS_DEALS} random deals per form (the z3 terms on "
                       f"the first {N_Z3_DEALS}): " + ", ".join(lines))


# -- the pack's points -----------------------------------------------------------------


def side_points_z3(rules: Rules, teams: Sequence[Sequence[int]]) -> tuple[dict[int, Any], list[Any], list[Any]]:
    """z3 terms: who takes each card of the pack (a seat), each side's card points (brus.count.points,
    from `rules.points`, the sides `teams`), and the premises.  Bit-vectors, which z3 bit-blasts
    (over integers it times out): a taker of 3 bits, points of 9 bits, which cannot wrap as the
    whole pack is worth less than 512."""
    owner = {c: z3.BitVec(f"taker_{rules.card_text(c)}", 3) for c in cards_of(rules.pack)}
    sides = [z3.Sum([z3.If(z3.Or([o == s for s in side]), z3.BitVecVal(rules.points[c], 9), z3.BitVecVal(0, 9))
                     for c, o in owner.items()]) for side in teams]
    return owner, sides, [z3.ULT(o, rules.n_players) for o in owner.values()]


def fact_brus_points_120(seed: int) -> Check:
    lines = []
    rng = random.Random(seed)
    for form in BRUS_FORMS:
        for sevens in ("black", "red"):
            rules = brus_rules(form, sevens_removed=sevens)
            n, pack = rules.n_players, cards_of(rules.pack)
            owner, sides, premises = side_points_z3(rules, rules.teams)
            ok, model = prove(z3.Sum(sides) == 120, *premises)
            if not ok:
                text = f"form {form}, sevens {sevens}: z3 model: " + model_text(model, [("sides", z3.Sum(sides))])
                return Check(False, text, text)
            for _ in range(N_SPLITS):
                takers = {c: rng.randrange(n) for c in pack}
                won = [sum(1 << c for c in pack if takers[c] == s) for s in range(n)]
                subs = [(owner[c], z3.BitVecVal(t, 3)) for c, t in takers.items()]
                want = [z3.simplify(z3.substitute(t, *subs)).as_long() for t in sides]
                if results.side_points(rules, won) != want:
                    text = f"form {form}: side points {results.side_points(rules, won)}, encoding {want}"
                    return Check(False, text, text)
            lines.append(f"{form} {sevens} ({len(pack)} cards)")
    return Check(True, f"z3: unsat whoever takes each card; brou.laws.results.side_points = the z3 terms on {N_SPLITS} random "
                       "splits each: " + ", ".join(lines))


# =====================================================================================
# L'Homme d'Auvergne: the deal's winner, the kings, the count
# =====================================================================================

AUV = "homme-d-auvergne"
AUV_FORMS = ("two", "three", "four", "five")
N_AUV_TRICKS = 5  # auv.deal.packets: five cards each, so five tricks
N_AUV_DEALS = 40  # random deals per form and parameter choice compared with the encodings
N_AUV_REJOUISSANCES = 3  # auv.speech.rejouissance: at most three, so at most four cards turned


def auv_rules(form: str, **params: Any) -> Rules:
    return Rules.load(AUV, form=form, **params)


def engine_table(n: int, ws: Sequence[Any], value: Callable[[tuple[int, ...]], Any]) -> Any:
    """A z3 term equal to `value(seq)` whenever the z3 integers `ws` take the values `seq`
    (each in 0 .. n-1): the engine's own function, tabulated over its whole finite domain and
    written as nested if-then-else (n ** len(ws) leaves), so that z3 reasons about exactly it."""
    def tree(prefix: tuple[int, ...]) -> Any:
        if len(prefix) == len(ws):
            out = value(prefix)
            return z3.BoolVal(out) if isinstance(out, bool) else z3.IntVal(out)
        k = len(prefix)
        term = tree((*prefix, n - 1))
        for v in reversed(range(n - 1)):
            term = z3.If(ws[k] == v, tree((*prefix, v)), term)
        return term
    return tree(())


def tricks_so_far(ws: Sequence[Any], p: int, i: int) -> Any:
    """How many of the first i + 1 tricks player p took."""
    return z3.Sum([z3.If(w == p, 1, 0) for w in ws[:i + 1]])


def homme_wins_f(ws: Sequence[Any], n: int, p: int, first_to_two: bool = True) -> Any:
    """auv.count.homme-wins as A1 section 5 states it, for player p and the winners `ws` of the
    five tricks: three tricks or more win; with two, only if nobody has three and he reached two
    first; with one, only if nobody has more than one and he took the first trick.  With
    `first_to_two` False, a mutated rule: at two each, the one who took the earlier first trick."""
    count = [tricks_so_far(ws, q, len(ws) - 1) for q in range(n)]
    last = len(ws) - 1

    def before(q: int) -> Any:  # p reached two tricks before q did
        if first_to_two:
            return z3.Or([z3.And(tricks_so_far(ws, p, i) == 2, tricks_so_far(ws, q, i) < 2) for i in range(last + 1)])
        return z3.Or([z3.And(tricks_so_far(ws, p, i) == 1, tricks_so_far(ws, q, i) < 1) for i in range(last + 1)])
    two = z3.And(count[p] == 2, *[c <= 2 for c in count], *[z3.Implies(count[q] == 2, before(q)) for q in range(n) if q != p])
    one = z3.And(count[p] == 1, *[c <= 1 for c in count], ws[0] == p)
    return z3.Or(count[p] >= 3, two, one)


def _auv_winners(n: int) -> tuple[list[Any], list[Any]]:
    ws = [z3.Int(f"winner_trick_{i + 1}") for i in range(N_AUV_TRICKS)]
    return ws, [z3.And(w >= 0, w < n) for w in ws]


def fact_auv_homme_wins(seed: int) -> Check:
    lines = []
    for form in AUV_FORMS:
        rules = auv_rules(form)
        n = rules.n_players
        ws, premises = _auv_winners(n)
        wins = [homme_wins_f(ws, n, p) for p in range(n)]
        engine = engine_table(n, ws, _winner_of(n))
        claim = [z3.Sum([z3.If(w, 1, 0) for w in wins]) == 1, z3.And(engine >= 0, engine < n)]
        claim += [z3.Implies(engine == p, wins[p]) for p in range(n)]
        for h in range(n):  # the engine's count: exactly one of won and lost, won iff the statement says so
            won = engine_table(n, ws, _count_says(rules, h, "auv.count.won"))
            lost = engine_table(n, ws, _count_says(rules, h, "auv.count.lost"))
            says = engine_table(n, ws, _homme_wins(n, h))  # the clause's own function
            claim += [says == wins[h], won == wins[h], lost == z3.Not(wins[h]),
                      z3.Xor(wins[h], z3.Or([wins[q] for q in range(n) if q != h]))]
        ok, model = prove(z3.And(claim), *premises)
        if not ok:
            text = f"form {form}: z3 model: " + model_text(model, [*ws, ("engine's winner", engine)])
            return Check(False, text, text)
        # the query can fail: the tie at two parted by the earlier first trick is refuted
        mutated = [homme_wins_f(ws, n, p, first_to_two=False) for p in range(n)]
        ok, model = prove(z3.And([z3.Implies(engine == p, mutated[p]) for p in range(n)]), *premises)
        if n > 2 and ok:
            text = f"form {form}: z3 cannot tell the engine from a tie parted by the first trick: the query is vacuous"
            return Check(False, text, text)
        mutant = "" if ok else " (the tie at two parted by the earlier first trick refuted: " + model_text(model, ws) + ")"
        lines.append(f"{form} ({n ** N_AUV_TRICKS} sequences){mutant}")
    return Check(True, "z3: unsat over every sequence of five trick winners, brou.laws.results.homme_wins, deal_winner "
                       "and homme_entries tabulated over all of them: " + "; ".join(lines))


def fact_auv_count_lost(seed: int) -> Check:
    lines = []
    for form in AUV_FORMS:
        rules = auv_rules(form, loser_pays="each-opponent")
        n = rules.n_players
        ws, premises = _auv_winners(n)
        for h in range(n):
            table = engine_table(n, ws, _count_code(rules, h))
            nets = [(table / 4 ** a) % 4 - 1 for a in range(n)]
            sheet = table / 4 ** n - n
            wins = homme_wins_f(ws, n, h)
            lost = z3.And(nets[h] == -1, *[nets[q] == 1 for q in range(n) if q != h],
                          z3.Sum([nets[q] for q in range(n) if q != h]) == n - 1)
            won = z3.And(nets[h] == 1, *[nets[q] == 0 for q in range(n) if q != h])
            ok, model = prove(z3.And(table >= 0, z3.If(wins, won, lost), z3.Sum(nets) + sheet == 0), *premises)
            if not ok:
                text = f"form {form}, homme {h}: z3 model: " + model_text(model, ws)
                return Check(False, text, text)
        lines.append(f"{form} ({n} hommes x {n ** N_AUV_TRICKS} sequences)")
    # the query can fail: a count where the homme who loses keeps his mark is refuted
    rules = auv_rules("three")
    ws, premises = _auv_winners(3)
    keeps = engine_table(3, ws, lambda seq: ledger_account([e for e in results.homme_entries(rules, 0, seq)
                                                             if e.giver != 0], 0))
    ok, model = prove(z3.Implies(z3.Not(homme_wins_f(ws, 3, 0)), keeps == -1), *premises)
    if ok:
        return Check(False, "a homme who keeps his mark is not refuted: the query is vacuous")
    return Check(True, "z3: unsat over every sequence of five trick winners and every homme, brou.laws.results.homme_entries "
                       "(loser_pays each-opponent) tabulated over all of them, seats and score sheet: " + ", ".join(lines)
                 + "; a count where the losing homme keeps his mark refuted: " + model_text(model, ws))


def _winner_of(n: int) -> Callable[[tuple[int, ...]], int]:
    return lambda seq: results.deal_winner(n, seq)


def _homme_wins(n: int, homme: int) -> Callable[[tuple[int, ...]], bool]:
    return lambda seq: results.homme_wins(n, homme, seq)


def _count_says(rules: Rules, homme: int, clause: str) -> Callable[[tuple[int, ...]], bool]:
    """Whether brou.laws.results.homme_entries writes an entry of `clause` for the winners `seq`."""
    return lambda seq: any(e.clause == clause for e in results.homme_entries(rules, homme, seq))


def _count_code(rules: Rules, homme: int) -> Callable[[tuple[int, ...]], int]:
    """The whole count brou.laws.results.homme_entries writes for the winners `seq`, as one integer
    (one table per homme then suffices): seat a's net marks plus one as the base-4 digit a, the
    score sheet's net plus n as the top digit; -1 for a count outside these digits."""
    n = rules.n_players

    def code(seq: tuple[int, ...]) -> int:
        entries = results.homme_entries(rules, homme, seq)
        nets = [ledger_account(entries, a) + 1 for a in range(n)]
        sheet = ledger_account(entries, SHEET) + n
        if not all(0 <= x < 4 for x in nets) or sheet < 0:
            return -1
        return sum(x << 2 * a for a, x in enumerate(nets)) + (sheet << 2 * n)
    return code


def ledger_account(entries: Sequence[Any], account: int) -> int:
    return account_balance(list(entries), account)


# -- a king taken in a trick -----------------------------------------------------------


def taken_king_f(ar: Arith, n: int, seats: Sequence[Any], scored: Sequence[Any], winner: Any, moves: bool,
                 owner_loses: bool = True) -> tuple[list[Any], Any]:
    """Each seat's and the score sheet's net marks from the kings of one trick, read from
    auv.king.taken: each card that is a king that scored for its player in the speech (`scored`),
    won by another player, costs its player the point, which goes to the trick's winner
    (taken_king: moves) or back to the sheet (owner-pays).  `owner_loses` False: a mutated rule
    where the winner scores it without its owner losing it."""
    nets: list[Any] = [0] * n
    sheet: Any = 0
    for seat, king in zip(seats, scored, strict=True):
        taken = ar.ite(king, ar.ite(seat == winner, 0, 1), 0)
        for p in range(n):
            nets[p] = nets[p] + (ar.ite(seat == p, -taken, 0) if owner_loses else 0) + (
                ar.ite(winner == p, taken, 0) if moves else 0)
        sheet = sheet + (0 if moves else taken) - (0 if owner_loses else taken)
    return nets, sheet


def _king_trick_cases(rules: Rules) -> list[tuple[list[int], int, int, dict[int, int]]]:
    """Every pattern of scored king, unscored king and other card over the n plays (at most four
    kings), every leader and winner: (cards in order, leader, winner, scored kings -> seat)."""
    n = rules.n_players
    kings = [kings_mod.king_of(rules, s) for s in range(len(rules.suits))]
    others = [c for c in cards_of(rules.pack) if c not in kings]
    cases = []
    for pattern in product((0, 1, 2), repeat=n):  # 0 another card, 1 a king that scored, 2 a king that did not
        if sum(1 for x in pattern if x) > len(kings):
            continue
        for leader in range(n):
            cards, scored, k = [], {}, 0
            for i, x in enumerate(pattern):
                if x:
                    cards.append(kings[k])
                    if x == 1:
                        scored[kings[k]] = (leader + i) % n
                    k += 1
                else:
                    cards.append(others[i])
            cases += [(cards, leader, winner, scored) for winner in range(n)]
    return cases


def fact_auv_king_taken(seed: int) -> Check:
    lines = []
    rng = random.Random(seed)
    for form in AUV_FORMS:
        for taken_king in ("moves", "owner-pays"):
            rules = auv_rules(form, taken_king=taken_king)
            n, moves = rules.n_players, taken_king == "moves"
            leader, winner = z3.Int("leader"), z3.Int("winner")
            scored = [z3.Bool(f"scored_king_{i}") for i in range(n)]
            seats = [seat_f(Z3_ARITH, leader, i, n) for i in range(n)]
            nets, sheet = taken_king_f(Z3_ARITH, n, seats, scored, winner, moves)
            cases = _king_trick_cases(rules)
            for i, (cards, first, won, sc) in enumerate(cases):
                plays = [((first + j) % n, c) for j, c in enumerate(cards)]
                entries = kings_mod.taken_king_entries(rules, plays, won, sc, 1)
                engine = [ledger_account(entries, p) for p in range(n)], ledger_account(entries, SHEET)
                flags = [sc.get(c) == s for s, c in plays]
                py = taken_king_f(PY_ARITH, n, [seat_f(PY_ARITH, first, j, n) for j in range(n)], flags, won, moves)
                if engine != (list(py[0]), py[1]) or any(e.jetons != 1 or e.giver == e.taker for e in entries):
                    text = (f"form {form}, taken_king {taken_king}: {rules.cards_text(sum(1 << c for c in cards))} led by "
                            f"seat {first}, won by seat {won}, scored {sc}: encoding {py}, engine {engine}")
                    return Check(False, text, text)
                if i < N_Z3_POSITIONS:
                    subs = [(leader, z3.IntVal(first)), (winner, z3.IntVal(won))]
                    subs += [(v, z3.BoolVal(f)) for v, f in zip(scored, flags, strict=True)]
                    got = [z3.simplify(z3.substitute(z3.IntVal(0) + t, *subs)).as_long() for t in [*nets, sheet]]
                    if got != [*engine[0], engine[1]]:
                        text = f"form {form}, taken_king {taken_king}: z3 term {got}, engine {engine}"
                        return Check(False, text, text)
            bad = _taken_in_play(rules, rng, N_AUV_DEALS)
            if bad is not None:
                return Check(False, f"form {form}, taken_king {taken_king}: {bad}", f"form {form}: {bad}")
            taken = [z3.And(k, s != winner) for k, s in zip(scored, seats, strict=True)]
            n_taken = z3.Sum([z3.If(t, 1, 0) for t in taken])
            premises = [leader >= 0, leader < n, winner >= 0, winner < n, z3.Sum([z3.If(k, 1, 0) for k in scored]) <= 4]
            claim = [z3.Sum(nets) == (0 if moves else -n_taken), z3.Sum(nets) + sheet == 0]
            # each king on its own: its owner loses exactly one mark, which goes to the winner or the sheet
            for i in range(n):
                alone = [z3.And(scored[i], *[z3.Not(k) for j, k in enumerate(scored) if j != i])]
                one_nets, one_sheet = taken_king_f(Z3_ARITH, n, seats, [z3.BoolVal(j == i) for j in range(n)], winner, moves)
                moved = z3.And(*[one_nets[p] == z3.If(seats[i] == p, -1, 0) + (z3.If(winner == p, 1, 0) if moves else 0)
                                 for p in range(n)], one_sheet == (0 if moves else 1))
                claim.append(z3.Implies(z3.And(*alone, taken[i]), moved))
            ok, model = prove(z3.And(claim), *premises)
            if not ok:
                text = f"form {form}, taken_king {taken_king}: z3 model: " + model_text(model, [leader, winner, *scored])
                return Check(False, text, text)
            lines.append(f"{form} {taken_king} ({len(cases)} tricks)")
    # the query can fail: the winner scoring a taken king without its owner losing it is refuted
    n = 4
    leader, winner = z3.Int("leader"), z3.Int("winner")
    scored = [z3.Bool(f"scored_king_{i}") for i in range(n)]
    seats = [seat_f(Z3_ARITH, leader, i, n) for i in range(n)]
    nets, sheet = taken_king_f(Z3_ARITH, n, seats, scored, winner, True, owner_loses=False)
    ok, model = prove(z3.Sum(nets) == 0, leader >= 0, leader < n, winner >= 0, winner < n)
    if ok:
        return Check(False, "a taken king scored without its owner losing it is not refuted: the query is vacuous")
    return Check(True, "z3: unsat for any leader, winner and kings that scored, n = 2..5; engine "
                       "(brou.laws.kings.taken_king_entries) = encoding on every pattern of scored king, other king and other "
                       f"card, every leader and winner, the z3 terms on the first {N_Z3_POSITIONS}, and the ledger of each "
                       f"trick of {N_AUV_DEALS} random deals played out: " + ", ".join(lines)
                 + "; the winner scoring without the owner losing refuted: " + model_text(model, [leader, winner, *scored]))


def random_auv_deal(rules: Rules, rng: random.Random, keep_talking: bool = False) -> phases.PhaseDeal:
    """A seeded deal on the phase engine, played to its end by random actions (with
    `keep_talking`: turning whenever asked, showing whenever he can, passing otherwise, so that
    the speech goes through every réjouissance)."""
    deal = phases.PhaseDeal(rules, talon.talon_deal_from_seed(rules, rng.getrandbits(63)))
    words = {w: speech.word_action(rules, i) for i, w in enumerate(speech.WORDS)}
    while not deal.is_over:
        legal = deal.legal_actions()
        if keep_talking and deal.phase != phases.PLAY:
            pick = next(words[w] for w in ("turn", "show", "pass", "play") if words[w] in legal)
            deal.apply(pick)
        else:
            deal.apply(rng.choice(legal))
    return deal


def _taken_in_play(rules: Rules, rng: random.Random, deals: int) -> str | None:
    n, moves = rules.n_players, rules.data["play"]["taken_king"] == "moves"
    for _ in range(deals):
        deal = random_auv_deal(rules, rng)
        scored = kings_mod.scored_kings(deal.ledger)
        for number, (first, cards, won) in enumerate(deal.tricks, 1):
            entries = [e for e in deal.ledger if e.clause == "auv.king.taken" and e.trick == number]
            plays = [((first + j) % n, c) for j, c in enumerate(cards)]
            want = taken_king_f(PY_ARITH, n, [s for s, _ in plays], [scored.get(c) == s for s, c in plays], won, moves)
            got = [ledger_account(entries, p) for p in range(n)], ledger_account(entries, SHEET)
            if got != (list(want[0]), want[1]):
                return f"deal {deal.record()}, trick {number}: encoding {want}, ledger {got}"
    return None


# -- the kings of the speech -----------------------------------------------------------


def speech_kings_f(n: int, mode: str, once: bool = True) -> tuple[dict[str, Any], list[Any], list[Any], list[Any]]:
    """z3 terms for the kings that score in the speech of one deal, read from auv.king.turned,
    auv.king.held, auv.king.show and auv.king.once: rounds 0..3 (the card turned, then up to three
    réjouissances), each played or not; the suit of each turned card and whether it is that suit's
    king; where each king was dealt (-1: the talon, else the seat holding it); whether its holder
    shows the king of the suit turned in that round; whether the deal is played (someone said play in
    the last round).  Returns the variables, the premises, each round's scoring (king suit -> Bool
    per round) as a list of terms counting entries per king, and the per-king counts.  With `once`
    False, a mutated rule where a king in hand scores every time its holder shows it."""
    rounds = 1 + N_AUV_REJOUISSANCES
    v: dict[str, Any] = {
        "active": [z3.Bool(f"round_{r}_turned") for r in range(rounds)],
        "suit": [z3.Int(f"round_{r}_suit") for r in range(rounds)],
        "king": [z3.Bool(f"round_{r}_turns_a_king") for r in range(rounds)],
        "shown": [z3.Bool(f"round_{r}_king_shown") for r in range(rounds)],
        "loc": [z3.Int(f"king_{s}_dealt_to") for s in range(4)],
        "played": z3.Bool("deal_played"),
    }
    act, suit, king, shown, loc = v["active"], v["suit"], v["king"], v["shown"], v["loc"]
    premises = [act[0], *[z3.Implies(act[r], act[r - 1]) for r in range(1, rounds)]]
    premises += [z3.And(s >= 0, s < 4) for s in suit] + [z3.And(x >= -1, x < n) for x in loc]
    premises += [z3.Implies(king[r], z3.Or([z3.And(suit[r] == s, loc[s] == -1) for s in range(4)])) for r in range(rounds)]
    premises += [z3.Not(z3.And(king[r], king[t], suit[r] == suit[t])) for r in range(rounds) for t in range(r)]
    per_king: list[Any] = [0] * 4
    scored = [z3.BoolVal(False)] * 4  # has king s scored by now (held or turned)
    for r in range(rounds):
        got = []
        for s in range(4):
            this = z3.And(act[r], suit[r] == s)
            turned = z3.And(this, king[r])
            held = z3.And(this, z3.Not(king[r]), loc[s] >= 0, shown[r])
            if mode == "trump-only":
                last = z3.And(act[r], *([z3.Not(act[r + 1])] if r + 1 < rounds else []), v["played"])
                got.append(z3.And(last, z3.Or(z3.And(this, king[r]), held)))
                continue
            if mode == "trump-and-others":  # the other kings in the hand of the one who shows
                held = z3.Or(held, z3.Or([z3.And(act[r], z3.Not(king[r]), suit[r] == t, loc[t] >= 0, shown[r],
                                                 loc[s] == loc[t], *([z3.Not(scored[t])] if once else []))
                                          for t in range(4) if t != s]))
            held = z3.And(held, z3.Not(scored[s])) if once else held
            got.append(z3.Or(turned, held))
        per_king = [k + z3.If(g, 1, 0) for k, g in zip(per_king, got, strict=True)]
        scored = [z3.Or(sc, g) for sc, g in zip(scored, got, strict=True)]
    return v, premises, per_king, scored


def engine_speech_values(deal: phases.PhaseDeal) -> list[tuple[Any, Any]]:
    """The values of speech_kings_f's variables that a deal played on the engine took."""
    rules = deal.rules
    rounds = 1 + N_AUV_REJOUISSANCES
    kings = [kings_mod.king_of(rules, s) for s in range(4)]
    turns = [i for i, e in enumerate(deal.events) if e.kind == "turn"]
    shows = []
    for r, start in enumerate(turns):
        end = turns[r + 1] if r + 1 < len(turns) else len(deal.events)
        suit = rules.suit_of[deal.events[start].card]
        shows.append(any(e.kind == "show" and e.card == kings[suit] for e in deal.events[start:end]))
    if rules.data["speech"]["showing"] == "automatic":
        shows = [True] * len(turns)
    out: list[tuple[Any, Any]] = []
    for r in range(rounds):
        here = r < len(turns)
        card = deal.events[turns[r]].card if here else kings[0]
        out += [(z3.Bool(f"round_{r}_turned"), z3.BoolVal(here)), (z3.Int(f"round_{r}_suit"), z3.IntVal(rules.suit_of[card])),
                (z3.Bool(f"round_{r}_turns_a_king"), z3.BoolVal(here and card in kings)),
                (z3.Bool(f"round_{r}_king_shown"), z3.BoolVal(here and shows[r]))]
    for s, k in enumerate(kings):
        holder = next((seat for seat, hand in enumerate(deal.deal.hands) if hand >> k & 1), -1)
        out.append((z3.Int(f"king_{s}_dealt_to"), z3.IntVal(holder)))
    out.append((z3.Bool("deal_played"), z3.BoolVal(deal.homme is not None)))
    return out


KING_BOUNDS = {"turned-suit": 4, "trump-and-others": 4, "trump-only": 1}

# Built for trump-only, which random play seldom reaches: the king of hearts turned first, the seven
# of diamonds and the eight of hearts turned after it, play on hearts (the trump king, turned in an
# earlier round, scores for nobody); and the king turned last, after the seven and the eight.
_AUV_HANDS = (("AS", "TS", "QH", "9D", "KC"), ("KS", "8S", "JH", "AD", "7C"), ("QS", "9S", "TH", "KD", "QC"),
              ("JS", "7S", "9H", "JD", "TC"))
_AUV_REST = ("8D", "AH", "QD", "JC", "AC", "9C", "8C", "TD", "7H")
_AUV_BUILT = {("KH", "7D", "8H"): 0, ("7D", "8H", "KH"): 1}  # the three cards turned -> kings that score


def _auv_earlier_trump_king() -> str | None:
    """The engine's king entries = the encoding's on the built deals of `_AUV_BUILT`, under
    trump-only with four players; None when they agree."""
    rules = auv_rules("four", king_scoring="trump-only")
    _, _, per_king, _ = speech_kings_f(rules.n_players, "trump-only")
    total = z3.Sum(per_king)
    for turned, kings in _AUV_BUILT.items():
        deal = phases.PhaseDeal(rules, talon.talon_deal_from_cards(rules, _AUV_HANDS, turned + _AUV_REST, None))
        for word in ("turn", *["pass"] * 4, "turn", *["pass"] * 4, "turn", "play"):
            deal.apply(speech.word_action(rules, speech.WORDS.index(word)))
        engine = sum(1 for e in deal.ledger if e.clause in ("auv.king.turned", "auv.king.held"))
        want = z3.simplify(z3.substitute(total, *engine_speech_values(deal))).as_long()
        if (engine, want) != (kings, kings):
            return f"trump-only, cards turned {' '.join(turned)}: engine {engine} kings, encoding {want}, expected {kings}"
    return None


def fact_auv_speech_kings(seed: int) -> Check:
    lines = []
    rng = random.Random(seed)
    for mode, bound in KING_BOUNDS.items():
        for form in AUV_FORMS:
            rules = auv_rules(form, king_scoring=mode)
            n = rules.n_players
            v, premises, per_king, _ = speech_kings_f(n, mode)
            total = z3.Sum(per_king)
            ok, model = prove(z3.And(total <= bound, *[k <= 1 for k in per_king]), *premises)
            if not ok:
                text = f"{mode}, form {form}: z3 model: " + model_text(model, [("kings scored", total), *v["suit"], *v["loc"]])
                return Check(False, text, text)
            if satisfiable(*premises, total == bound) is None:
                text = f"{mode}, form {form}: {bound} kings never score"
                return Check(False, text, text)
            # four kings under turned-suit need all three réjouissances; under trump-and-others one card turned will do
            if mode == "turned-suit":
                ok, model = prove(z3.Implies(total == bound, v["active"][-1]), *premises)
                if not ok:
                    return Check(False, f"form {form}: four kings with fewer than four cards turned", "")
            if mode == "trump-and-others" and satisfiable(*premises, total == bound, z3.Not(v["active"][1])) is None:
                return Check(False, f"form {form}: four kings need a réjouissance under trump-and-others", "")
            for showing in ("shown", "automatic"):  # the engine's king entries = the encoding's, deal by deal
                r2 = auv_rules(form, king_scoring=mode, king_showing=showing)
                for i in range(N_AUV_DEALS):
                    deal = random_auv_deal(r2, rng, keep_talking=i % 2 == 0)
                    engine = sum(1 for e in deal.ledger if e.clause in ("auv.king.turned", "auv.king.held"))
                    want = z3.simplify(z3.substitute(total, *engine_speech_values(deal))).as_long()
                    if engine != want:
                        text = f"{mode}, {showing}, form {form}: deal {deal.record()}: engine {engine} kings, encoding {want}"
                        return Check(False, text, text)
            lines.append(f"{mode} {form}")
    built = _auv_earlier_trump_king()
    if built is not None:
        return Check(False, built, built)
    # the query can fail: a bound of three under turned-suit, and kings scoring again without auv.king.once
    v, premises, per_king, _ = speech_kings_f(4, "turned-suit")
    ok, model = prove(z3.Sum(per_king) <= 3, *premises)
    if ok:
        return Check(False, "a bound of three kings under turned-suit is not refuted: the query is vacuous")
    _, premises2, per_king2, _ = speech_kings_f(4, "trump-and-others", once=False)
    ok2, _ = prove(z3.Sum(per_king2) <= 4, *premises2)
    if ok2:
        return Check(False, "kings scoring again without auv.king.once are not refuted: the query is vacuous")
    return Check(True, "z3: unsat over every speech of one to four rounds, any suits turned and kings dealt anywhere, "
                       "any showing; the bound is reached (under turned-suit only with all three réjouissances, under "
                       "trump-and-others with one card turned); the engine's king entries = the encoding on "
                       f"{N_AUV_DEALS} random deals per form, mode and showing: " + ", ".join(lines)
                 + "; and on built trump-only deals (a trump king turned in an earlier round scores for nobody, "
                   "turned as the last card for its turner)"
                 + "; a bound of 3 under turned-suit refuted (" + model_text(model, v["suit"]) + "), and without "
                   "auv.king.once trump-and-others goes beyond 4")


# =====================================================================================
# L'Hombre: the orders, the auction, the matador's privilege, the result
# =====================================================================================

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
             "100 000 positions aléatoires à germe fixe : les preuves qui suivent portent donc bien sur les règles du "
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
    brus = (BRUS,)
    facts += [
        Fact("brus.pay.zero-sum",
             "Brusquembille, every form (2 to 5 players): the brusquembilles of any trick (any cards of the pack, any "
             "leader and winner, paid or not) move jetons between players only, so each player's gain is what the "
             "others lose and the balances add up to 0; the encoding gives exactly the engine's payments.",
             brus, ("brus.pay.brusquembille", "brus.pay.when"), True, fact_brus_payments_zero_sum,
             statement_fr="Brusquembille, toutes les formes (de 2 à 5 joueurs) : les brusquembilles d'une levée "
             "quelconque (n'importe quelles cartes du jeu, n'importe quel premier à jouer et gagnant, payées ou non) ne "
             "font passer des jetons que d'un joueur à un autre, si bien que le gain de chacun est ce que perdent les "
             "autres et que les soldes font 0 ; l'encodage donne exactement les paiements du moteur."),
        Fact("brus.pay.trick-extremes",
             "Brusquembille: on one trick's brusquembilles a player wins at most 8 jetons and loses at most 6 with "
             "three players, 12 and 8 with four each for himself, 15 and 10 with five; each is reached.",
             brus, ("brus.pay.brusquembille",), True,
             fact_brus_trick_extremes({"three": (8, -6), "four": (12, -8), "five": (15, -10)}),
             statement_fr="Brusquembille : sur les brusquembilles d'une levée, un joueur gagne au plus 8 jetons et en "
             "perd au plus 6 à trois, 12 et 8 à quatre chacun pour soi, 15 et 10 à cinq ; chaque borne est atteinte."),
        Fact("brus.pool.shared-out",
             "Brusquembille, every form and both choices of odd_jetons: for any card points of the sides and any pool, "
             "the count gives out the whole pool, only to the players of the sides with the most points, in shares "
             "that differ by at most one jeton (first-in-order) or are equal with the rest, less than one jeton per "
             "player sharing, to the bank (bank); the encoding gives exactly the engine's shares.",
             brus, ("brus.count.winner", "brus.stakes.pool"), True, fact_brus_pool_shared_out,
             statement_fr="Brusquembille, toutes les formes et les deux choix de odd_jetons : quels que soient les points "
             "de cartes des camps et l'enjeu, le compte distribue tout l'enjeu, aux seuls joueurs des camps qui ont le "
             "plus de points, en parts qui diffèrent d'au plus un jeton (first-in-order) ou sont égales, le reste, moins "
             "d'un jeton par joueur qui partage, allant à la banque (bank) ; l'encodage donne exactement les parts du "
             "moteur."),
        Fact("brus.talon.each-card-once",
             "Brusquembille, every form: whoever wins each trick, the draw hands each card of the stock to exactly one "
             "player, one card to each player after each trick while the stock lasts, so that every hand is full "
             "again; and the turned card goes to the last to draw after the trick that leaves as many cards in the "
             "stock as there are players, the player just before that trick's winner in the order of play.",
             brus, ("brus.talon.draw", "brus.talon.last-draw", "brus.deal.talon", "brus.talon.last-tricks"), True,
             fact_brus_draws,
             statement_fr="Brusquembille, toutes les formes : quel que soit le gagnant de chaque levée, la pioche donne "
             "chaque carte du talon à un seul joueur, une carte à chacun après chaque levée tant que dure le talon, si "
             "bien que chaque main est de nouveau complète ; et la carte retournée revient au dernier à piocher après la "
             "levée qui laisse au talon autant de cartes qu'il y a de joueurs, le joueur qui précède le gagnant de cette "
             "levée dans l'ordre du jeu."),
        Fact("brus.deck.points-120",
             "Brusquembille, every form and both choices of sevens_removed: whoever takes each card, the card points "
             "of the sides add up to 120.",
             brus, ("brus.deck.points", "brus.deck.cards", "brus.count.points", "brus.players.forms"), True,
             fact_brus_points_120,
             statement_fr="Brusquembille, toutes les formes et les deux choix de sevens_removed : quel que soit celui qui "
             "prend chaque carte, les points de cartes des camps font 120."),
    ]
    auv = (AUV,)
    facts += [
        Fact("auv.count.homme-wins",
             "L'Homme d'Auvergne, 2 to 5 players: for every sequence of 5 trick winners, the engine's winner of the deal "
             "is the one player the source's rule names: 3 tricks or more win; with 2, only if nobody has 3 and he reached "
             "2 first; with 1, only if nobody has more than 1 and he took the first trick; so for every homme exactly one "
             "of won and lost holds, and the engine's count says which.",
             auv, ("auv.count.homme-wins", "auv.count.won", "auv.count.lost"), True, fact_auv_homme_wins,
             statement_fr="L'Homme d'Auvergne, de 2 à 5 joueurs : pour toute suite de 5 gagnants de levée, le gagnant du "
             "coup selon le moteur est le seul joueur que nomme la règle de la source : 3 levées ou plus gagnent ; avec 2, "
             "seulement si personne n'en a 3 et qu'il a atteint 2 le premier ; avec 1, seulement si personne n'en a plus "
             "de 1 et qu'il a fait la première levée ; pour tout homme, exactement l'un de gagné et perdu a donc lieu, et "
             "le compte du moteur dit lequel."),
        Fact("auv.king.taken.moves-one-mark",
             "L'Homme d'Auvergne, 2 to 5 players: each king that scored in the speech and is won in a trick by another "
             "player moves exactly 1 mark from its owner, to the trick's winner under taken_king=moves, leaving the "
             "players' total unchanged, or to the score sheet under owner-pays, lowering it by 1; the encoding gives "
             "exactly the engine's entries.",
             auv, ("auv.king.taken",), True, fact_auv_king_taken,
             statement_fr="L'Homme d'Auvergne, de 2 à 5 joueurs : chaque roi qui a compté pendant la parole et que prend "
             "un autre joueur dans une levée fait passer exactement 1 marque de son porteur au gagnant de la levée avec "
             "taken_king=moves, le total des joueurs restant inchangé, ou à la feuille de marque avec owner-pays, ce qui "
             "le diminue de 1 ; l'encodage donne exactement les écritures du moteur."),
        Fact("auv.king.at-most-four",
             "L'Homme d'Auvergne: in the speech of one deal (1 card turned and up to 3 réjouissances) each king scores at "
             "most once and at most 4 kings score under king_scoring=turned-suit (4 only when all 3 réjouissances are "
             "turned), at most 4 under trump-and-others (already with 1 card turned) and at most 1 under trump-only; each "
             "bound is reached and the encoding gives exactly the engine's king entries.",
             auv, ("auv.king.turned", "auv.king.held", "auv.king.show", "auv.king.once", "auv.speech.rejouissance"), True,
             fact_auv_speech_kings,
             statement_fr="L'Homme d'Auvergne : pendant la parole d'un coup (1 carte retournée et jusqu'à 3 réjouissances) "
             "chaque roi compte au plus une fois et au plus 4 rois comptent avec king_scoring=turned-suit (4 seulement "
             "quand les 3 réjouissances sont retournées), au plus 4 avec trump-and-others (dès 1 carte retournée) et au "
             "plus 1 avec trump-only ; chaque borne est atteinte et l'encodage donne exactement les écritures de rois du "
             "moteur."),
        Fact("auv.count.lost.each-opponent",
             "L'Homme d'Auvergne, n = 2 to 5 players, loser_pays=each-opponent: the count of a deal the homme loses takes "
             "1 mark from him and gives 1 to each opponent, n - 1 in all, and that of a deal he wins gives him 1; the "
             "ledger with the score sheet sums to 0.",
             auv, ("auv.count.lost", "auv.count.won"), True, fact_auv_count_lost,
             statement_fr="L'Homme d'Auvergne, n = de 2 à 5 joueurs, loser_pays=each-opponent : le compte d'un coup que "
             "l'homme perd lui retire 1 marque et en donne 1 à chaque adversaire, n - 1 en tout, et celui d'un coup qu'il "
             "gagne lui en donne 1 ; le registre avec la feuille de marque fait 0."),
    ]
    hom = (HOM,)
    facts += [
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
    return facts


FACTS: list[Fact] = _facts()


def run_fact(fact: Fact, seed: int) -> FactResult:
    """Run one fact in a z3 context of its own: the models z3 finds depend on the terms made
    before, so that a fact run alone (`brou prove --fact`) or after the others gives the same
    result for the same seed."""
    start = time.perf_counter()
    z3.z3._main_ctx = None  # the next term made starts a fresh default context (z3.main_ctx)
    try:
        found = fact.check(seed)
        status = PROVED if found.holds else (REFUTED if not fact.holds else COUNTEREXAMPLE)
        details, cex, witness = found.details, found.counterexample, found.witness
    except Exception as exc:  # a fact that cannot be run is reported, not raised
        status, details, cex, witness = ERROR, f"{type(exc).__name__}: {exc}", None, None
    return FactResult(fact.id, fact.statement, fact.rulesets, status, fact.expected,
                      time.perf_counter() - start, details, cex, witness, statement_fr=fact.statement_fr,
                      clauses=fact.clauses)


SEED = 1802  # the seed of `brou prove` and of the record the rulebook shows


def run_all(seed: int = SEED, ids: Sequence[str] | None = None) -> list[FactResult]:
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


def record_data(results: Sequence[FactResult], seed: int = SEED) -> dict[str, Any]:
    """The record of a run of every fact (`brou prove --record FILE`), as the rulebook shows it:
    each result as `result_data` gives it, less the time it took, so that the same rules and
    engine give the same record byte for byte (tests/test_prove.py holds the shipped record
    to a fresh run)."""
    return {"command": "brou prove --record", "seed": seed,
            "facts": [{k: v for k, v in result_data(r).items() if k not in ("seconds", "ok")} for r in results]}


def record_results(data: dict[str, Any]) -> list[FactResult]:
    """The results a record holds (`record_data`), as the run gave them (no witness, no time)."""
    try:
        return [FactResult(f["id"], f["statement"], tuple(f["rulesets"]), f["status"], f["expected"], 0.0, f["details"],
                           f["counterexample"], statement_fr=f["statement_fr"], clauses=tuple(f["clauses"]))
                for f in data["facts"]]
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a record of brou prove: a fact lacks {exc}") from None
