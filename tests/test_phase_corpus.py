"""The corpus of the games on the phase engine (Brusquembille, L'Homme d'Auvergne): the
hand-written scenarios cover every clause and pass, the generated files and perft counts are
what the generator writes."""

from __future__ import annotations

from typing import Any

import pytest

from brou import spec
from brou.conformance.cases import generate
from brou.conformance.diagnosis.run import run
from brou.conformance.judging.compare import PASSED
from brou.conformance.protocol.runner import InProcess
from brou.conformance.scenarios.corpus import CONFORMANCE_DIR, Scenario, load_file

BRUS, AUV, HOM = "brusquembille-1718", "homme-d-auvergne", "hombre"
# each ruleset and the fewest hand-written scenarios it ships
RULESETS = {BRUS: 70, AUV: 100, HOM: 120}


def _hand_written(ruleset: str) -> list[Scenario]:
    return [s for path in sorted((CONFORMANCE_DIR / "scenarios" / ruleset).glob("*.yaml")) for s in load_file(path)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_clause_has_a_hand_written_scenario_of_its_own_chapter_files(ruleset: str) -> None:
    clauses = set(spec.load_document(ruleset).data["clauses"])
    named = {c for s in _hand_written(ruleset) for c in s.clauses}
    assert clauses <= named, sorted(clauses - named)
    assert named <= clauses, sorted(named - clauses)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_hand_written_scenarios_pass_against_the_reference(ruleset: str) -> None:
    scenarios = _hand_written(ruleset)
    assert len(scenarios) >= RULESETS[ruleset]
    result = run(InProcess(), scenarios)
    bad = [(o.scenario.id, o.verdict.detail) for o in result.outcomes if o.status != PASSED]
    assert not bad, bad


@pytest.mark.parametrize("ruleset", RULESETS)
def test_generated_files_are_reproduced_by_the_generator(ruleset: str) -> None:
    folder = CONFORMANCE_DIR / "scenarios" / ruleset / "generated"
    for kind in generate.PHASE_COUNTS:
        stored = (folder / f"{kind}-01.jsonl").read_text(encoding="utf-8").splitlines()[:10]
        assert [generate.dumps(s) for s in generate.generate(ruleset, kind, 10)] == stored, kind


def _perft(ruleset: str) -> dict[str, Any]:
    return {s.id: s.data for s in load_file(CONFORMANCE_DIR / "scenarios" / ruleset / "perft" / "perft.yaml")}


def test_brusquembille_perft_counts_are_stored_for_every_form_and_grow_as_free_play_does() -> None:
    stored = _perft(BRUS)
    assert [s["id"] for s in generate.phase_perft_scenarios(BRUS)] == list(stored)
    for form in generate.PHASE_FORMS:
        start = stored[f"brus.perft.{form}.start-1"]
        # free play from full hands of three: 3 choices a card, whoever wins the first trick
        assert [step["count"] for step in start["steps"]] == [3, 9, 27, 81]


def test_homme_d_auvergne_perft_counts_are_stored_and_begin_as_the_speech_allows() -> None:
    stored = _perft(AUV)
    assert [s["id"] for s in generate.speech_perft_scenarios(AUV)] == list(stored)
    for form in ("four", "two", "three", "five"):
        # the first player turns or leaves the card: two sequences of one action
        assert stored[f"auv.perft.{form}.speech-1-any-in-turn"]["steps"][0]["count"] == 2
        # the dealer turns without a choice: the first player plays or passes, or shows a king
        assert stored[f"auv.perft.{form}.speech-1-dealer"]["steps"][0]["count"] in (2, 3)
        # the first lead: any of five cards
        assert stored[f"auv.perft.{form}.play-1"]["steps"][1]["count"] == 5


def test_the_generated_deals_of_homme_d_auvergne_go_through_every_ending_of_a_deal() -> None:
    endings = set()
    for path in sorted((CONFORMANCE_DIR / "scenarios" / AUV / "generated").glob("deal-*.jsonl")):
        for s in load_file(path):
            endings.add(s.data["steps"][-1]["expect"]["outcome"]["how"])
    assert endings >= {"played-out", "not-turned"}


def test_hombre_perft_counts_are_stored_and_begin_as_the_auction_and_exchange_allow() -> None:
    stored = _perft(HOM)
    assert [s["id"] for s in generate.auction_perft_scenarios(HOM)] == list(stored)
    for form in ("three", "four"):
        for seed in generate.PHASE_PERFT_SEEDS:
            # the first hand names one of nine contracts (eight without both black aces) or passes
            assert stored[f"hom.perft.{form}.auction-{seed}-higher-rank"]["steps"][0]["count"] in (9, 10)
            # the hombre of a demande must discard first: any of his nine cards
            assert stored[f"hom.perft.{form}.exchange-demande-{seed}"]["steps"][1]["count"] == 9
            # the tier of a sans prendre may discard any card or keep his hand
            assert stored[f"hom.perft.{form}.exchange-sans-prendre-{seed}"]["steps"][1]["count"] == 10
            # the first lead of the hombre's demande: any of his nine cards, or he gives up
            assert stored[f"hom.perft.{form}.play-{seed}"]["steps"][1]["count"] == 10


def test_the_generated_deals_of_hombre_go_through_the_endings_and_both_forms() -> None:
    endings, forms = set(), set()
    for path in sorted((CONFORMANCE_DIR / "scenarios" / HOM / "generated").glob("*.jsonl")):
        for s in load_file(path):
            forms.add(s.data["params"]["form"])
            last = s.data["steps"][-1]["expect"]
            if "outcome" in last:
                endings.add(last["outcome"]["how"])
    assert endings >= {"played-out", "all-passed", "surrender"}
    assert forms == {"three", "four"}


def test_the_card_sets_of_a_view_are_compared_in_any_order_and_the_rest_in_order() -> None:
    """PROTOCOL.md, "Order": a view's hand, partner's hand, open nolo hand, discards and talon
    rest are sets of cards; the trick, the bids and the shown cards are in the order they came."""
    from brou.conformance.judging.compare import _compare_value, view_fields

    fields = view_fields(HOM)
    one = {name: None for name in fields[0]}
    want = {"open_hand": ["KS", "QS", "2D"], "discards": ["KD", "4C"], "talon_rest": ["5H", "6H"], "hand": ["AS", "AC"],
            "trick": [{"player": 0, "card": "KC"}, {"player": 1, "card": "QC"}]}
    got = one | {"open_hand": ["2D", "QS", "KS"], "discards": ["4C", "KD"], "talon_rest": ["6H", "5H"], "hand": ["AC", "AS"],
                 "trick": [{"player": 0, "card": "KC"}, {"player": 1, "card": "QC"}]}
    assert _compare_value("view", [want], [got], fields) is None
    swapped = got | {"trick": [{"player": 1, "card": "QC"}, {"player": 0, "card": "KC"}]}
    assert _compare_value("view", [want], [swapped], fields) is not None
    fewer = got | {"discards": ["4C"]}
    assert _compare_value("view", [want], [fewer], fields) is not None
