"""Each failure names one clause, and the first failure shown names the broken rule.

Single-bug implementations are made by planting one fault in the reference engine; the
corpus of the fault's ruleset is run against it in process; the failures are put in the
order the report shows them (brou.conformance.report.shown_failures), and the first one
must name the clause the fault breaks.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from typing import Any

import pytest

from brou import counting, game, play, state
from brou.conformance.compare import FAILED
from brou.conformance.corpus import SCENARIO_DIR, Scenario, load_corpus
from brou.conformance.diagnose import chapter_rank, following_clause
from brou.conformance.harness import Selection, run
from brou.conformance.report import shown_failures
from brou.conformance.runner import InProcess
from helpers import load


@cache
def corpus(ruleset: str) -> tuple[Scenario, ...]:
    return tuple(s for s in load_corpus([SCENARIO_DIR / ruleset]) if s.origin != "perft")


@contextmanager
def planted(target: Any, name: str, value: Any) -> Iterator[None]:
    """`target.name` (or `target[name]`, for a table of functions) replaced while inside."""
    with pytest.MonkeyPatch.context() as mp:
        if isinstance(target, dict):
            mp.setitem(target, name, value)
        else:
            mp.setattr(target, name, value)
        yield


def _counting_ten_as_eleven(original: Callable[..., int]) -> Callable[..., int]:
    rules = load("homme-de-brou-1802")
    tens = sum(1 << rules.card(f"T{s}") for s in "SHDC")

    def faulty(r: Any, cards: int) -> int:
        return int(original(r, cards)) + (cards & tens).bit_count()
    return faulty


def _rounding_five_down(original: Callable[..., Any]) -> Callable[..., Any]:
    def faulty(r: Any, cards: Any, marriages_: Any) -> Any:
        marked, totals = original(r, cards, marriages_)
        down = [m - 10 if c % 10 == 5 else m for c, m in zip(cards, marked, strict=True)]
        return down, [t - (m - d) for t, m, d in zip(totals, marked, down, strict=True)]
    return faulty


def _table_marriages_none(original: Callable[..., Any]) -> Callable[..., Any]:
    return lambda *args: []


def _grand_worth_forty(original: Callable[..., int]) -> Callable[..., int]:
    def faulty(r: Any, suit: int, kind: int, extends: int, trump: int) -> int:
        return int(original(r, suit, kind, extends, trump)) + (10 if kind == 1 and extends < 0 else 0)
    return faulty


def _vole_worth_two(original: Callable[..., Any]) -> Callable[..., Any]:
    def faulty(s: Any, team: int) -> Any:
        outcome = original(s, team)
        return outcome._replace(marks=tuple(2 if m else 0 for m in outcome.marks))
    return faulty


def _double_below_100(original: Callable[..., int]) -> Callable[..., int]:
    def faulty(r: Any, loser_count: int) -> int:
        value = int(original(r, loser_count))
        return value - 1 if value == 2 and loser_count >= 100 else value
    return faulty


def _no_overtrump(original: Callable[..., int]) -> Callable[..., int]:
    """Brouc following without its overtrump obligation (and so without its exceptions)."""
    return play.legal_whist


def _lower_trump_wins(original: Callable[..., tuple[int, ...]]) -> Callable[..., tuple[int, ...]]:
    """Among trumps, the lower card wins the trick."""
    def faulty(r: Any, trump: int) -> tuple[int, ...]:
        table = list(original(r, trump))
        trumps = r.suit_mask[trump]
        for card in range(r.n_cards):
            if r.suit_of[card] == trump:
                table[card] = (table[card] & ~trumps) | (trumps & ~r.stronger[card] & ~(1 << card))
        return tuple(table)
    return faulty


FAULTS: list[tuple[str, str, Any, str, Callable[[Callable[..., Any]], Callable[..., Any]]]] = [
    # (ruleset, clause broken, module, function, fault)
    ("homme-de-brou-1802", "hdb.count.card-points", counting, "card_points", _counting_ten_as_eleven),
    ("homme-de-brou-1802", "hdb.count.rounding", counting, "rounded", _rounding_five_down),
    ("brouc", "brouc.count.rounding", counting, "rounded", _rounding_five_down),
    ("homme-de-brou-1802", "hdb.marriage.table", state, "table_marriages", _table_marriages_none),
    ("brouc", "brouc.marriage.table", state, "table_marriages", _table_marriages_none),
    ("homme-de-brou-1802", "hdb.marriage.announce-score", state, "announcement_value", _grand_worth_forty),
    ("homme-de-brou-1802", "hdb.game.vole", game, "all_tricks_outcome", _vole_worth_two),
    ("homme-de-brou-1802", "hdb.game.value", game, "game_value", _double_below_100),
    ("brouc", "brouc.play.overtrump", play.LEGAL, "brouc", _no_overtrump),
    ("homme-de-brou-1802", "hdb.play.trick-winner", state, "beating_cards", _lower_trump_wins),
]


class Faulty(InProcess):
    """The reference engine with one fault planted, while it answers (and only then: the
    harness's own diagnosis uses the engine as it is)."""

    def __init__(self, module: Any, name: str, fault: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
        super().__init__()
        original = module[name] if isinstance(module, dict) else getattr(module, name)
        self.module, self.name, self.fault = module, name, fault(original)

    def run(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        with planted(self.module, self.name, self.fault):
            return super().run(request, timeout)


def first_named(ruleset: str, impl: InProcess) -> str | None:
    shown = shown_failures(run(impl, list(corpus(ruleset))))
    return shown[0].verdict.clause if shown else None


@pytest.mark.parametrize(("ruleset", "clause", "module", "name", "fault"), FAULTS, ids=[f"{f[0]}:{f[1]}" for f in FAULTS])
def test_the_first_failure_shown_names_the_broken_clause(ruleset: str, clause: str, module: Any, name: str,
                                                          fault: Callable[[Callable[..., Any]], Callable[..., Any]]) -> None:
    assert first_named(ruleset, Faulty(module, name, fault)) == clause


def test_every_failure_names_one_clause_of_its_ruleset() -> None:
    result = run(Faulty(counting, "rounded", _rounding_five_down), list(corpus("brouc")))
    failed = [o for o in result.outcomes if o.status == FAILED]
    assert failed
    clauses = load("brouc").data["clauses"]
    assert all(o.verdict.clause in clauses for o in failed)
    shown = [o.verdict.clause for o in shown_failures(result)]
    counts = [shown.count(c) for c in shown]
    assert counts == sorted(counts, reverse=True)  # the clause named most often first
    groups = list(dict.fromkeys(shown))  # on equal numbers, the most basic chapter first
    for a, b in itertools.pairwise(groups):
        assert shown.count(a) > shown.count(b) or chapter_rank(a or "") <= chapter_rank(b or "")


def test_following_clause_names_the_rule_that_decides_a_card() -> None:
    rules = load("brouc")
    card = rules.card
    hand = sum(1 << card(c) for c in ("AH", "9H", "7S", "8D"))  # trumps: hearts
    trick = [card("KS"), card("QH")]  # spades led, ruffed by the queen of hearts
    assert following_clause(rules, hand, card("7S"), trick, rules.suits.index("H"), card("QH")) == "brouc.play.follow"
    void = sum(1 << card(c) for c in ("AH", "9H", "8D"))
    assert following_clause(rules, void, card("9H"), trick, rules.suits.index("H"), card("QH")) == "brouc.play.overtrump"
    assert following_clause(rules, void, card("AH"), trick, rules.suits.index("H"), card("QH")) == "brouc.play.overtrump"
    whist = load("homme-de-brou-1802")
    assert following_clause(whist, void, whist.card("8D"), trick, 1, card("QH")) == "hdb.play.void-free"


def test_clause_selects_by_purpose() -> None:
    chosen = [s for s in corpus("brouc") if Selection(clauses=["brouc.play.overtrump"]).keeps(s)]
    assert chosen and all(s.clauses[0] == "brouc.play.overtrump" for s in chosen)
    assert all(s.origin != "generated" for s in chosen)
