"""Faults an independent review planted in engines of its own that the corpus used to miss.

Each test plants one fault in the reference engine and plays the scenarios of the rule it
breaks, in process, against an implementation that offers every optional feature but the
score sheet (`sheet`): the corpus must fail it.  So the corpus catches the fault, and it
does so with observables that every implementation of the game has.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from faults import _first_to_reach_wins, _reached_only_at_trick_ends, _sweep_only_by_first_leaders

from brou.conformance.diagnosis.run import run
from brou.conformance.judging.compare import FAILED
from brou.conformance.judging.reference import load_corpus
from brou.conformance.judging.verdict import PARTIAL
from brou.conformance.protocol.runner import ImplementationError, InProcess, check_hello
from brou.conformance.reporting.report import readings_played, summary_line
from brou.conformance.scenarios.corpus import CONFORMANCE_DIR
from brou.engine import homme
from brou.laws import game

SCENARIOS = CONFORMANCE_DIR / "scenarios"


class WithoutSheet(InProcess):
    """The reference engine, announcing every feature but the score sheet."""

    def start(self) -> dict[str, Any]:
        hello = super().start()
        hello["features"] = [f for f in hello["features"] if f != "sheet"]
        return hello


def failures(*files: str) -> list[str]:
    """The scenarios of these corpus files that the engine, as it is now, fails."""
    scenarios = load_corpus([SCENARIOS / f for f in files])
    result = run(WithoutSheet(), scenarios)
    return [o.scenario.id for o in result.outcomes if o.verdict.status == FAILED]


@contextmanager
def planted(target: Any, name: str, make: Callable[[Callable[..., Any]], Callable[..., Any]]) -> Iterator[None]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(target, name, make(getattr(target, name)))
        yield


@pytest.mark.clause("hdb.game.vole")
def test_a_vole_by_the_team_that_did_not_lead_is_checked() -> None:
    with planted(homme, "deal_result", _sweep_only_by_first_leaders):
        caught = failures("homme-de-brou-1802/game/vole.yaml")
    assert {"hdb.game.vole.team-1-not-leading", "hdb.game.vole.team-0-not-leading"} <= set(caught)


@pytest.mark.clause("brouc.game.cape")
def test_a_cape_by_the_team_that_did_not_lead_is_checked() -> None:
    with planted(homme, "deal_result", _sweep_only_by_first_leaders):
        caught = failures("brouc/game/cape.yaml")
    assert {"brouc.game.cape.team-1-not-leading", "brouc.game.cape.team-0-not-leading"} <= set(caught)


@pytest.mark.clause("hdb.game.last-coup")
def test_both_teams_over_301_settled_by_the_first_to_reach_it_is_caught_without_the_sheet() -> None:
    with planted(game, "end_of_deal_outcome", _first_to_reach_wins):
        caught = failures("homme-de-brou-1802/game/last-coup.yaml", "homme-de-brou-1802/ambiguities/AMB-15.yaml")
    assert "hdb.ambiguity.amb-15.higher-total-vs-first-during-play" in caught


@pytest.mark.clause("hdb.game.last-coup")
def test_the_first_team_at_301_by_an_announcement_is_checked() -> None:
    with planted(homme.HommeDeal, "_note_reached", _reached_only_at_trick_ends):
        caught = failures("homme-de-brou-1802/game/last-coup.yaml")
    assert {"hdb.game.last-coup.first-to-301-by-announcement-team-1-then-other-by-trick",
            "hdb.game.last-coup.first-to-301-by-announcement-team-1-asked-to-concede"} <= set(caught)


def test_no_scenario_hides_a_game_check_behind_the_score_sheet() -> None:
    """A hand-written scenario or witness that expects `sheet` expects no outcome, count or
    match: those are checked in scenarios an implementation without the sheet also runs."""
    offenders = []
    for path in sorted(Path(SCENARIOS).glob("*/*/*.yaml")):
        for s in load_corpus([path]):
            expected = {name for step in s.data["steps"] if "expect" in step for name in step["expect"]}
            if "sheet" in expected and expected & {"outcome", "result", "match"}:
                offenders.append(s.id)
    assert offenders == []


class Offering(InProcess):
    """The reference engine, announcing only the given optional features."""

    def __init__(self, features: set[str]) -> None:
        super().__init__()
        self.offered = features

    def start(self) -> dict[str, Any]:
        hello = super().start()
        hello["features"] = [f for f in hello["features"] if f in self.offered]
        return hello


def test_an_optional_observable_leaves_out_its_steps_not_the_scenario() -> None:
    """Without `sheet` (or `perft`), a scenario runs with its sheet (perft) steps left out;
    only a scenario with nothing else to ask is skipped, and its reason names the feature."""
    scenarios = load_corpus([SCENARIOS / "homme-de-brou-1802/sheet", SCENARIOS / "homme-de-brou-1802/perft",
                             SCENARIOS / "homme-de-brou-1802/ambiguities/AMB-15.yaml"])
    everything = {"game", "match", "seeded-deal", "error-codes", "sheet", "perft"}
    full = run(Offering(everything), scenarios)
    assert full.count("passed") == len(scenarios)
    lacking = run(Offering(everything - {"sheet", "perft"}), scenarios)
    skipped = [o for o in lacking.outcomes if o.status == "skipped"]
    assert lacking.count("failed") == lacking.count("errored") == 0
    assert {o.scenario.origin for o in skipped} == {"perft"} and all("perft" in o.verdict.detail for o in skipped)
    assert lacking.count("passed") == len(scenarios) - len(skipped) > 0
    partial = [o for o in lacking.outcomes if o.status == "passed" and o.verdict.detail]
    assert partial and all(o.verdict.detail.startswith(PARTIAL) for o in partial)
    lacked = {o.verdict.detail.split(": ")[1] for o in partial}
    assert lacked <= {"sheet not offered", "perft not offered", "perft, sheet not offered"}
    assert f"{len(partial)} of the passed ran with steps left out" in summary_line(lacking)
    assert not any(o.verdict.detail for o in full.outcomes)
    sheet_only = next(s for s in scenarios if s.id == "hdb.sheet.marque.plain-coup")
    assert all("sheet" not in step.get("observe", []) for step in sheet_only.request_for({"game"})["steps"])


class PlaysEscape(InProcess):
    """An implementation that reads AMB-29 the other way (a bound team may still claim) and
    can play nothing else: the reference engine with escape_commitment=true unless told."""

    def __init__(self, declare: str) -> None:
        super().__init__()
        self.declare = declare

    def start(self) -> dict[str, Any]:
        hello = self.reference.hello()
        for ruleset in hello["rulesets"].values():
            if ruleset["params"].pop("escape_commitment", None) is None:
                continue  # a ruleset without the question (Brusquembille)
            if self.declare == "readings":
                ruleset["readings"] = {"AMB-29": "escape"}
            else:
                ruleset["plays"] = {"escape_commitment": True}
        return check_hello(hello)

    def run(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        params = {"escape_commitment": True} | dict(request["params"])
        return super().run(dict(request) | {"params": params}, timeout)


@pytest.mark.parametrize("declare", ["plays", "readings"])
def test_an_implementation_of_another_reading_runs_what_holds_for_it(declare: str) -> None:
    """Declared in the handshake (`plays`, or `readings` by register entry), another reading
    of an open question is played: every scenario written for the spec's default runs, the
    steps that depend on the reading left out saying why, none fails; only the scenarios that
    set the spec's default explicitly (which it cannot play) are skipped; the report names
    the reading and counts the steps left out."""
    scenarios = load_corpus([SCENARIOS / "brouc/game", SCENARIOS / "homme-de-brou-1802/game",
                             SCENARIOS / "brouc/ambiguities/AMB-29.yaml"])
    result = run(PlaysEscape(declare), scenarios)
    assert result.count("failed") == result.count("errored") == 0
    skipped = [o for o in result.outcomes if o.status == "skipped"]
    assert skipped and all("escape_commitment=False is not supported" in o.verdict.detail for o in skipped)
    partial = {o.scenario.id: o for o in result.outcomes if o.verdict.reading_steps}
    assert partial and result.count("passed") > 10 * len(partial)
    no_escape = partial["brouc.game.cape-et-dehors.no-escape-by-dehors"].verdict
    assert no_escape.status == "passed" and no_escape.reading_steps == 2
    assert no_escape.detail.startswith(PARTIAL)
    assert "escape_commitment=True (AMB-29 escape): step 2 (legal); step 3 and all after it" in no_escape.detail
    steps = sum(o.verdict.reading_steps for o in partial.values())
    assert f"{steps:,} steps of {len(partial):,} scenarios left out for the readings" in summary_line(result)
    assert readings_played(result) == ["reading played for brouc: escape_commitment=True",
                                       "reading played for homme-de-brou-1802: escape_commitment=True"]


def test_a_reading_the_register_does_not_know_is_a_handshake_error() -> None:
    hello = InProcess().reference.hello()
    hello["rulesets"]["brouc"]["readings"] = {"AMB-29": "sometimes"}
    with pytest.raises(ImplementationError, match="no option sometimes of AMB-29"):
        check_hello(hello)
    hello["rulesets"]["brouc"]["readings"] = {}
    hello["rulesets"]["brouc"]["plays"] = {"escape_commitment": "maybe"}
    with pytest.raises(ImplementationError, match="escape_commitment"):
        check_hello(hello)
