"""Mutants of the engine's clause functions (brou.conformance.diagnosis.mutants) and the verdict they
give (brou.conformance.diagnosis.counterfactual): a program whose failures are those of the reference
with one slip in a clause's function is found to break that clause."""

from __future__ import annotations

import inspect
import linecache
import os
from types import FunctionType

import pytest

from brou.cards.deal import cut_pack, packet_positions
from brou.conformance.diagnosis.counterfactual import reproductions
from brou.conformance.diagnosis.localise import ranked
from brou.conformance.diagnosis.mutants import Mutant, lines_run, mutable, mutants, played
from brou.conformance.judging.compare import FAILED, PASSED
from brou.conformance.judging.reference import load_corpus, reference_verdict
from brou.conformance.judging.verdict import Outcome
from brou.conformance.scenarios.corpus import SCENARIO_DIR
from brou.engine.phases import PhaseDeal
from brou.laws.game import concession_answer
from brou.laws.results import homme_wins
from brou.laws.talon import turned
from brou.spec.rules import Rules

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="mutants are played in a forked child")


def test_the_cut_has_its_slips_and_each_compiles() -> None:
    func = mutable("hdb.deal.cut")
    assert func is cut_pack
    found = mutants(func)
    assert ("every slice at lifted", "at -lifted") in {(m.was, m.now) for m in found}
    assert ("lifted:", ":lifted") in {(m.was, m.now) for m in found}
    assert all(m.function == "brou.cards.deal.cut_pack" and m.code.co_name == "cut_pack" for m in found)
    # nothing in the `raise` and its message: no slip there changes play
    lines, first = inspect.getsourcelines(cut_pack)
    raised = next(first + i for i, text in enumerate(lines) if "raise DealError" in text)
    assert found and all(m.line != raised for m in found)


@needs_fork
def test_a_mutant_plays_in_a_child_and_leaves_this_process_as_it_was() -> None:
    found = mutants(_plain(cut_pack))
    bottom = next(m for m in found if m.was == "every slice at lifted")
    pack = list(range(8))
    [result] = played(_plain(cut_pack), [bottom], lambda m: cut_pack(pack, 3), 10)
    assert result == [5, 6, 7, 0, 1, 2, 3, 4]  # three cards lifted from the bottom
    assert cut_pack(pack, 3) == [3, 4, 5, 6, 7, 0, 1, 2]


@needs_fork
def test_the_turned_card_read_from_the_other_end_is_the_bottom_card() -> None:
    """One mutant mirrors every index and slice of the stock at once: the bottom card turned and
    left where it lies, as a program that turns the bottom card of the pack does."""
    func = mutable("brus.deal.turned")
    assert func is turned
    bottom = next(m for m in mutants(func) if m.was == "stock from its first end")
    rules = Rules.load("brusquembille-1718")
    pack = [rules.card(c) for c in ("AS", "KH", "QD", "JC")]
    [result] = played(func, [bottom], lambda m: turned(rules, pack), 10)
    assert result == (tuple(pack), pack[-1], rules.suit_of[pack[-1]])  # the jack of clubs: clubs trump
    assert turned(rules, pack) == ((*pack[1:], pack[0]), pack[0], rules.suit_of[pack[0]])


@needs_fork
def test_a_function_whose_answers_are_cached_is_played_as_the_mutant_has_it() -> None:
    """The packets are computed once per ruleset and kept (an lru_cache): what this process
    computed with the function as written serves no mutant in the child, and the function's
    lines are seen to run whatever the cache holds."""
    func = mutable("brus.deal.packets")
    assert func is not None and func is _plain(packet_positions.__wrapped__)
    rules = Rules.load("brusquembille-1718")
    dealt = packet_positions(rules)  # kept in the cache
    from_one = next(m for m in mutants(func) if m.was == "0" and m.now == "1")  # the first card never dealt
    [result] = played(func, [from_one], lambda m: packet_positions(rules), 10)
    assert result is not None and result != dealt and result[0][0][0] == 1
    assert packet_positions(rules) == dealt
    assert lines_run([func], lambda: packet_positions(rules))[func]


def test_a_yes_or_no_function_answers_yes_and_no_where_it_computes_its_answer() -> None:
    found = {(m.was, m.now) for m in mutants(_plain(homme_wins))}
    computed = "return deal_winner(n, trick_winners) == homme"
    assert {(computed, "return True"), (computed, "return False")} <= found
    assert not any(was == "return False" for was, _ in found)  # an answer already constant is left as it is


def test_two_sequences_joined_the_other_way_round_is_a_slip_and_numbers_added_are_not() -> None:
    """The hombre exchanges before the tiers (hom.exchange.tiers: `exchangers` joins his turn and
    theirs): one slip joins them the other way round. A sum of numbers is not swapped: the same
    sum, a mutant that changes nothing."""
    from brou.laws.exchange import exchangers

    found = {(m.was, m.now) for m in mutants(_plain(exchangers))}
    assert ("((hombre,) if hombre_may else ()) + (tiers if tiers_may else ())",
            "(tiers if tiers_may else ()) + ((hombre,) if hombre_may else ())") in found
    assert not any(now == "b + a" for _, now in ((m.was, m.now) for m in mutants(_plain(_added))))


def _added(a: int, b: int) -> int:
    return a + b


def test_no_mutant_leaves_out_a_call_of_another_clause() -> None:
    """A homme's turn scores the turned king through auv.king.turned's function: leaving that
    statement out would look like that clause broken, whose own mutants stand for it."""
    left_out = [m.was for m in mutants(_plain(PhaseDeal._turn)) if m.now == "(left out)"]
    assert left_out and not any("turned_king_entries" in was for was in left_out)


def _plain(func: object) -> FunctionType:
    assert isinstance(func, FunctionType)
    return func


def _loops(n: int) -> int:
    while n > 0:
        n -= 1
    return n


@needs_fork
def test_a_mutant_that_hangs_is_stopped_and_the_others_still_play() -> None:
    found = mutants(_plain(_loops))
    hangs = next(m for m in found if m.was == "n -= 1")  # left out: the loop never ends
    rest = [m for m in found if m is not hangs][:2]
    # the one that loops is stopped after its second of CPU time (however busy the machine), the others play
    results = played(_plain(_loops), [hangs, *rest], lambda m: _loops(3), 1.0)
    assert results[0] is None and len(results) == 3 and all(isinstance(r, int) for r in results[1:])


@needs_fork
def test_the_mutants_stop_once_the_caller_has_had_enough() -> None:
    """The caller's budget is spent as each result comes in order (`enough`): the child is
    stopped after the result that spends it, the one it stopped on counting too."""
    found = mutants(_plain(_loops))
    hangs = next(m for m in found if m.was == "n -= 1")
    rest = [m for m in found if m is not hangs][:3]
    seen: list[object] = []

    def two(result: object) -> bool:
        seen.append(result)
        return len(seen) == 2

    assert len(played(_plain(_loops), rest, lambda m: _loops(3), 1.0, two)) == 2
    seen.clear()
    results = played(_plain(_loops), [rest[0], hangs, *rest[1:]], lambda m: _loops(3), 1.0, two)
    assert results[1] is None and len(results) == 2  # the mutant that looped spends too


def _played_under(ruleset: str, func: FunctionType, mutant: Mutant, chapter: str) -> list[Outcome]:
    """The corpus's scenarios of `ruleset` written for a clause of `chapter`, judged as a program
    that has the mutant: the reference engine with that slip."""
    scenarios = [s for s in load_corpus([SCENARIO_DIR]) if s.ruleset == ruleset and s.clauses[0].startswith(chapter)]
    verdicts = played(func, [mutant], lambda m: [reference_verdict(s, 10.0) for s in scenarios],
                      60)[0]
    assert verdicts is not None
    return [Outcome(s, v._replace(clause=s.clauses[0]) if v.status == FAILED else v)
            for s, v in zip(scenarios, verdicts, strict=True)]


@needs_fork
def test_a_program_that_counts_a_tie_as_codille_is_found_with_that_slip() -> None:
    """L'Hombre: a hombre level with the better tier loses codille (the reference's remise
    turned into codille). No reading, number or order of the ruleset plays that; the mutant of
    the clause's function that does reproduces the failures, and the verdict names the clause."""
    func = mutable("hom.count.result")
    assert func is not None
    tie = next(m for m in mutants(func) if m.was == "REMISE" and m.now == "CODILLE" and "best_tier" in _line(m))
    outcomes = _played_under("hombre", func, tie, "hom.count.")
    failures = [(o.scenario, o.verdict) for o in outcomes if o.verdict.status == FAILED]
    assert failures, "a tie counted as codille must fail some scenarios"
    found = reproductions("hombre", failures, [o.scenario for o in outcomes if o.verdict.status == PASSED], replays=0)
    assert any("hom.count.result" in r.clauses and r.what.startswith("brou.laws.results.hombre_outcome, line ")
               for r in found)
    assert ranked("hombre", outcomes)[0].clause == "hom.count.result"


def _line(m: Mutant) -> str:
    return linecache.getline(m.code.co_filename, m.line)


@needs_fork
def test_a_program_whose_refused_concession_binds_nobody_is_found_with_that_slip() -> None:
    """1802: a team that refuses a concession plays on bound to nothing. The answer's function
    (`brou.laws.game.concession_answer`) without its one statement binding the team reproduces the
    failures of the concession's scenarios, and the verdict names the answer, not the failed
    partie et vole where one of them shows."""
    func = mutable("hdb.game.concession-answer")
    assert func is _plain(concession_answer)
    unbound = next(m for m in mutants(func) if m.was == "declared = (team, False)" and m.now == "(left out)")
    outcomes = _played_under("homme-de-brou-1802", func, unbound, "hdb.game.concession")
    assert any(o.verdict.status == FAILED for o in outcomes), "a refusal binding nobody must fail some scenarios"
    assert ranked("homme-de-brou-1802", outcomes)[0].clause == "hdb.game.concession-answer"


def test_a_function_of_several_clauses_stands_for_each_of_them_the_fault_could_be_in() -> None:
    """One function may implement several clauses (`may_declare`: 1802's partie et vole, Brouc's
    la cape et dehors and its pas dédoublé). Its mutants stand for every one of them the fault
    could be in, whichever of them reached it first, so that a slip reproducing a fault is
    evidence for each (brou.conformance.diagnosis.counterfactual._functions), and not for the
    others, whose passing scenarios would refute it; a function it calls that implements
    another clause of the ruleset is that clause's, not a helper of the first."""
    from brou.conformance.diagnosis.counterfactual import _functions
    from brou.conformance.diagnosis.mutants import implemented_by
    from brou.laws.game import may_declare

    assert implemented_by(may_declare) == ("hdb.game.partie-et-vole", "brouc.game.cape-et-dehors",
                                           "brouc.game.cape-pas-dedouble")
    def stands(clauses: list[str]) -> tuple[str, ...]:
        return next(c for f, c in _functions("brouc", clauses) if f is may_declare)

    assert stands(["brouc.game.cape-pas-dedouble", "brouc.game.cape-et-dehors"]) == ("brouc.game.cape-et-dehors",
                                                                                   "brouc.game.cape-pas-dedouble")
    assert stands(["brouc.game.cape-pas-dedouble"]) == ("brouc.game.cape-pas-dedouble",)
    helpers = [f for f, _ in _functions("brouc", ["brouc.game.cape-pas-dedouble"]) if f is not may_declare]
    assert not any(c in Rules.load("brouc").data["clauses"] for f in helpers for c in implemented_by(f))
