"""The next request sent as soon as the last answer is in (`harness.send_ahead`, used by
`brou fuzz` with its search in a process of its own and by `brou check`): the implementation
sees the same messages in the same order, a case that fails stops the search as before (the
case sent ahead is answered and dropped), and the judge's fast paths never pass a value the
exact comparison fails."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from brou.conformance.cases.build import build
from brou.conformance.cases.case import Offer, search_bytes
from brou.conformance.cases.fuzz import BACKGROUND_FROM, fuzz
from brou.conformance.judging.compare import FAILED, PASSED, judge, passing_results
from brou.conformance.judging.verdict import Session, send_ahead, verdict_of
from brou.conformance.protocol.runner import Subprocess
from brou.conformance.protocol.server import Reference
from brou.conformance.scenarios.corpus import Scenario, request_of

BROKEN = [sys.executable, str(Path(__file__).parent / "fakes" / "broken.py")]
AHEAD = BACKGROUND_FROM + 20  # enough cases that the search runs in a process of its own


@pytest.fixture(autouse=True)
def _fast_hello(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BROU_FAKE_HELLO", json.dumps(Reference().hello()))


def test_every_case_is_sent_once_to_one_process(tmp_path: Path) -> None:
    starts = tmp_path / "starts"
    result = fuzz(Subprocess([*BROKEN, "ok", "--count", str(starts)]), deals=AHEAD, rulesets=("brouc",))
    assert result.finding is None and result.cases == AHEAD
    assert len(starts.read_text().split()) == 1


def test_a_divergence_deep_in_the_search_is_found_at_its_case_and_shrunk() -> None:
    nth = BACKGROUND_FROM + 5
    result = fuzz(Subprocess([*BROKEN, "drop-legal", "--nth", str(nth)]), deals=AHEAD, rulesets=("brouc",),
                  shrink_seconds=5)
    assert result.finding is not None and result.finding.kind == "divergence"
    assert result.finding.number == nth and result.cases == nth
    # shrinking asked the same process again, after the case sent ahead was answered and dropped
    assert result.finding.verdict.status == FAILED and result.finding.verdict.observed == "legal"


def test_a_crash_on_a_case_sent_ahead_is_that_case_s_error() -> None:
    nth = BACKGROUND_FROM + 5
    result = fuzz(Subprocess([*BROKEN, "crash", "--nth", str(nth)]), deals=AHEAD, rulesets=("brouc",), shrink_seconds=5)
    assert result.finding is not None and result.finding.kind == "error" and result.finding.number == nth
    assert result.finding.verdict.detail.startswith("crash")


def _scenario(steps: list[dict[str, object]]) -> Scenario:
    data = {"id": "t", "description": "t", "clauses": ["hdb.deck.cards"], "ruleset": "brouc",
            "setup": {"seed": 1}, "steps": steps}
    return Scenario(data, "t", 1)


@pytest.mark.parametrize(("want", "got", "status"), [
    ({"to_act": 1}, {"to_act": 1}, PASSED),
    ({"to_act": 1}, {"to_act": True}, FAILED),
    ({"to_act": 1}, {"to_act": 1.0}, FAILED),
    ({"over": False}, {"over": 0}, FAILED),
    ({"result": [{"tricks": 1, "total": 2}]}, {"result": [{"total": 2, "tricks": 1}]}, PASSED),
    ({"result": [{"tricks": 1}]}, {"result": [{"tricks": 1, "more": 0}]}, PASSED),
    ({"result": [{"tricks": 1}]}, {"result": [{"tricks": True}]}, FAILED),
    ({"trick": ["AS"], "to_act": 0}, {"to_act": 0, "trick": ["AS"]}, PASSED),
    ({"trick": ["AS"], "to_act": 0}, {"to_act": False, "trick": ["AS"]}, FAILED),
    ({"legal": ["AS", "KS"]}, {"legal": ["KS", "AS"]}, PASSED),
])
def test_the_judge_s_fast_paths_keep_the_types(want: dict[str, object], got: dict[str, object], status: str) -> None:
    s = _scenario([{"expect": want}])
    assert judge(s, {"results": [got]}).status == status


def test_a_scenario_sent_ahead_is_judged_as_one_sent_then() -> None:
    impl = Subprocess([*BROKEN, "ok"])
    session = Session()
    first, second = _scenario([{"expect": {"to_act": 0}}]), _scenario([{"expect": {"over": False}}])
    try:
        assert verdict_of(impl, first, session).status == PASSED  # starts it
        sent = send_ahead(impl, second, session)
        assert sent is not None and sent.request is not None and sent.request["steps"] == [{"observe": ["over"]}]
        assert verdict_of(impl, second, session, ahead=sent).status == PASSED
        assert verdict_of(impl, first, session).status == PASSED  # and on, one exchange at a time
    finally:
        session.finish(impl)


@pytest.mark.parametrize("ruleset", ["homme-de-brou-1802", "brouc", "brusquembille-1718", "homme-d-auvergne", "hombre"])
def test_the_passing_results_pass_and_are_mostly_the_reference_s_answer_to_the_byte(ruleset: str) -> None:
    reference = Reference()
    offer = Offer.of(reference.hello(), (ruleset,))
    same = 0
    for number in range(1, 41):
        case = build(search_bytes(0, number), offer)
        passing = passing_results(case.data, case.refusals)
        assert passing is not None
        assert judge(Scenario(case.data, "t", number), {"results": passing}).status == PASSED
        answer = reference.handle({"seq": number, "cmd": "run", "scenario": request_of(case.data)})
        results = json.dumps(passing, separators=(",", ":"))
        same += json.dumps(answer, separators=(",", ":")) == f'{{"seq":{number},"results":{results}}}'
    assert same >= 30  # (not every one: a view is expected of one player only)


def test_an_answer_that_differs_from_the_passing_results_is_judged() -> None:
    s = _scenario([{"expect": {"to_act": 0}}, {"reject": "XX", "code": "unknown-card"}])
    passing = passing_results(s.data, ["no such card"])
    assert passing == [{"to_act": 0}, {"ok": False, "code": "unknown-card", "message": "no such card"}]
    assert judge(s, {"results": passing}).status == PASSED
    assert judge(s, {"results": [{"to_act": 1}, passing[1]]}).status == FAILED
    assert passing_results(_scenario([{"reject": "XX"}]).data, []) is None  # a refusal without its code
