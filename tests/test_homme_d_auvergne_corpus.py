"""L'Homme d'Auvergne's part of the conformance corpus: the hand-written scenarios cover every
clause and pass, the generated files and perft counts are what the generator writes."""

from __future__ import annotations

from brou import spec
from brou.conformance import generate
from brou.conformance.compare import PASSED
from brou.conformance.corpus import CONFORMANCE_DIR, Scenario, load_file
from brou.conformance.harness import run
from brou.conformance.runner import InProcess

RULESET = "homme-d-auvergne"
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
    assert len(scenarios) >= 60
    result = run(InProcess(), scenarios)
    bad = [(o.scenario.id, o.verdict.detail) for o in result.outcomes if o.status != PASSED]
    assert not bad, bad


def test_generated_files_are_reproduced_by_the_generator() -> None:
    for kind in generate.PHASE_COUNTS:
        stored = (FOLDER / "generated" / f"{kind}-01.jsonl").read_text(encoding="utf-8").splitlines()[:10]
        assert [generate.dumps(s) for s in generate.generate(RULESET, kind, 10)] == stored, kind


def test_perft_counts_are_stored_and_begin_as_the_speech_allows() -> None:
    stored = {s.id: s.data for s in load_file(FOLDER / "perft" / "perft.yaml")}
    assert [s["id"] for s in generate.speech_perft_scenarios(RULESET)] == list(stored)
    for form in ("four", "two", "three", "five"):
        # the first player turns or leaves the card: two sequences of one action
        assert stored[f"auv.perft.{form}.speech-1-any-in-turn"]["steps"][0]["count"] == 2
        # the dealer turns without a choice: the first player plays or passes, or shows a king
        assert stored[f"auv.perft.{form}.speech-1-dealer"]["steps"][0]["count"] in (2, 3)
        # the first lead: any of five cards
        assert stored[f"auv.perft.{form}.play-1"]["steps"][1]["count"] == 5


def test_the_generated_deals_go_through_every_ending_of_a_deal() -> None:
    endings = set()
    for path in sorted((FOLDER / "generated").glob("deal-*.jsonl")):
        for s in load_file(path):
            outcome = s.data["steps"][-1]["expect"]["outcome"]
            endings.add(outcome["how"])
    assert endings >= {"played-out", "not-turned"}
