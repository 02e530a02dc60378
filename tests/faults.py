"""Single-bug implementations: one fault planted in the reference engine.

Each fault is a function that takes the engine's function and gives a faulty one; `Faulty`
is the reference engine as a protocol implementation with one fault planted while it
answers.  tests/test_diagnosis.py (which clause a failure names), tests/test_corpus_catches.py
(the corpus catches what a review found missing) and tests/test_fuzz.py (the fuzzer finds and
shrinks each fault) use them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import pytest

from brou.conformance.protocol.runner import InProcess
from brou.engine import homme, phases
from brou.laws import counting, game, play
from brou.laws.counting import DealResult
from helpers import load


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
    def faulty(r: Any, trump: int | None) -> tuple[int, ...]:
        table = list(original(r, trump))
        if trump is None:  # the phase engine's table before trump is known
            return tuple(table)
        trumps = r.suit_mask[trump]
        for card in range(r.n_cards):
            if r.suit_of[card] == trump:
                table[card] = (table[card] & ~trumps) | (trumps & ~r.stronger[card] & ~(1 << card))
        return tuple(table)
    return faulty


DIAGNOSIS_FAULTS: list[tuple[str, str, Any, str, Callable[[Callable[..., Any]], Callable[..., Any]]]] = [
    # (ruleset, clause broken, module, function, fault)
    ("homme-de-brou-1802", "hdb.deck.points", counting, "card_points", _counting_ten_as_eleven),
    ("homme-de-brou-1802", "hdb.count.rounding", counting, "rounded", _rounding_five_down),
    ("brouc", "brouc.count.rounding", counting, "rounded", _rounding_five_down),
    ("homme-de-brou-1802", "hdb.marriage.table", homme, "table_marriages", _table_marriages_none),
    ("brouc", "brouc.marriage.table", homme, "table_marriages", _table_marriages_none),
    ("homme-de-brou-1802", "hdb.marriage.kinds", homme, "announcement_value", _grand_worth_forty),
    ("homme-de-brou-1802", "hdb.game.vole", game, "all_tricks_outcome", _vole_worth_two),
    ("homme-de-brou-1802", "hdb.game.value", game, "game_value", _double_below_100),
    ("brouc", "brouc.play.overtrump", play.LEGAL, "brouc", _no_overtrump),
    ("homme-de-brou-1802", "hdb.play.trick-winner", phases, "beating_cards", _lower_trump_wins),
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


def _sweep_only_by_first_leaders(deal_result: Callable[..., DealResult]) -> Callable[..., DealResult]:
    """A vole or cape counted only when the team that led the first trick takes every trick."""
    def faulty(s: homme.HommeDeal) -> DealResult:
        result = deal_result(s)
        if result.all_tricks is not None and result.all_tricks != s.rules.team_of[s.tricks[0][0]]:
            return result._replace(all_tricks=None)
        return result
    return faulty


def _first_to_reach_wins(end_of_deal: Callable[[homme.HommeDeal], game.Outcome]) -> Callable[[homme.HommeDeal], game.Outcome]:
    """Both teams over 301 settled by the first to reach it, whatever the parameter says."""
    def faulty(s: homme.HommeDeal) -> game.Outcome:
        saved = s.rules.params.get("both_reach_target")
        s.rules.params["both_reach_target"] = "first-during-play"
        try:
            return end_of_deal(s)
        finally:
            s.rules.params["both_reach_target"] = saved
    return faulty


def _reached_only_at_trick_ends(note: Callable[..., None]) -> Callable[..., None]:
    """The 1802 target noticed only when a trick ends, team 0 looked at before team 1."""
    def faulty(self: homme.HommeDeal, gaining: int) -> None:
        if self.trick or self.phase != homme.PLAY or self.first_reached >= 0:
            return  # an announcement in a window: not looked at
        for t in range(2):
            if game.reaches_target(self.rules, game.count_so_far(self, t)):
                self.first_reached = t
                return
    return faulty



def _target_one_lower(original: Callable[..., bool]) -> Callable[..., bool]:
    """301 treated as 300 (and Brouc's more than 300 as 300 or more)."""
    def faulty(r: Any, count: int) -> bool:
        return bool(original(r, count + 1))
    return faulty


def _value_edge_at_151(original: Callable[..., int]) -> Callable[..., int]:
    """A loser at exactly 150 counted as under 150 (the double game's edge moved up by one)."""
    def faulty(r: Any, loser_count: int) -> int:
        return int(original(r, loser_count - 1 if loser_count == 150 else loser_count))
    return faulty


def _quadruple_at_zero(original: Callable[..., int]) -> Callable[..., int]:
    """A loser at exactly 0 counted as below zero."""
    def faulty(r: Any, loser_count: int) -> int:
        return int(original(r, -1 if loser_count == 0 else loser_count))
    return faulty


def _no_follow(original: Callable[..., int]) -> Callable[..., int]:
    """Any card of the hand, suit led or not."""
    return lambda r, hand, led, trump, best, trick: hand


def _coches_edge_at_160(original: Callable[..., int]) -> Callable[..., int]:
    """Losers written at 150 counted as under 150."""
    def faulty(r: Any, loser_count: int) -> int:
        return int(original(r, loser_count - 10 if loser_count == 150 else loser_count))
    return faulty


# (clause, the side of its boundary pair whose scenarios the fault makes fail, module, function, fault)
BOUNDARY_FAULTS: list[tuple[str, str, Any, str, Callable[[Callable[..., Any]], Callable[..., Any]]]] = [
    ("hdb.game.target", "outside", game, "reaches_target", _target_one_lower),
    ("brouc.game.target", "outside", game, "reaches_target", _target_one_lower),
    ("hdb.count.rounding", "outside", counting, "rounded", _rounding_five_down),
    ("brouc.count.rounding", "outside", counting, "rounded", _rounding_five_down),
    ("hdb.game.value", "outside", game, "game_value", _value_edge_at_151),
    ("brouc.game.coches", "outside", game, "game_value", _coches_edge_at_160),
    ("brouc.play.overtrump", "inside", play.LEGAL, "brouc", _no_overtrump),
    ("hdb.play.follow", "inside", play.LEGAL, "whist", _no_follow),
    ("brouc.play.follow", "inside", play.LEGAL, "brouc", _no_follow),
]


_RULESET = {"hdb": "homme-de-brou-1802", "brouc": "brouc"}

# (ruleset, clause broken, module, function, fault): every fault above once, for the fuzzer
FAULTS = DIAGNOSIS_FAULTS + [
    ("homme-de-brou-1802", "hdb.game.vole", homme, "deal_result", _sweep_only_by_first_leaders),
    ("brouc", "brouc.game.cape", homme, "deal_result", _sweep_only_by_first_leaders),
    ("homme-de-brou-1802", "hdb.game.last-coup", game, "end_of_deal_outcome", _first_to_reach_wins),
    ("homme-de-brou-1802", "hdb.game.last-coup", homme.HommeDeal, "_note_reached", _reached_only_at_trick_ends),
] + [(_RULESET[clause.split(".")[0]], clause, module, name, fault) for clause, _, module, name, fault in BOUNDARY_FAULTS
     if fault not in (_rounding_five_down, _no_overtrump)] + [
    ("homme-de-brou-1802", "hdb.game.value", game, "game_value", _quadruple_at_zero),
]
