"""Brusquembille's part of the conformance corpus: the hand-written scenarios cover every clause
and pass, the generated files and perft counts are what the generator writes."""

from __future__ import annotations

from brou import spec
from brou.conformance import generate
from brou.conformance.compare import PASSED
from brou.conformance.corpus import CONFORMANCE_DIR, Scenario, load_file
from brou.conformance.harness import run
from brou.conformance.runner import InProcess

RULESET = "brusquembille-1718"
FOLDER = CONFORMANCE_DIR / "scenarios" / RULESET


def _hand_written() -> list[Scenario]:
    return [s for path in sorted(FOLDER.glob("*.yaml")) for s in load_file(path)]


def test_every_clause_has_a_hand_written_scenario_of_its_own_chapter_files() -> None:
    clauses = set(spec.load_document(RULESET).data["clauses"])
    named = {c for s in _hand_written() for c in s.clauses}
    assert clauses <= named, sorted(clauses - named)
    assert named <= clauses, sorted(named - clauses)


def test_the_hand_written_scenarios_pass_against_the_reference() -> None:
    scenarios = _hand_written()
    assert len(scenarios) >= 70
    result = run(InProcess(), scenarios)
    bad = [(o.scenario.id, o.verdict.detail) for o in result.outcomes if o.status != PASSED]
    assert not bad, bad


def test_generated_files_are_reproduced_by_the_generator() -> None:
    for kind in generate.PHASE_COUNTS:
        stored = (FOLDER / "generated" / f"{kind}-01.jsonl").read_text(encoding="utf-8").splitlines()[:10]
        assert [generate.dumps(s) for s in generate.generate(RULESET, kind, 10)] == stored, kind


def test_perft_counts_are_stored_for_every_form_and_grow_as_free_play_does() -> None:
    stored = {s.id: s.data for s in load_file(FOLDER / "perft" / "perft.yaml")}
    assert [s["id"] for s in generate.phase_perft_scenarios(RULESET)] == list(stored)
    for form in generate.PHASE_FORMS:
        start = stored[f"brus.perft.{form}.start-1"]
        # free play from full hands of three: 3 choices a card, whoever wins the first trick
        assert [step["count"] for step in start["steps"]] == [3, 9, 27, 81]
