"""The conformance suite's self-checks: the corpus is valid and covers every clause,
the reference engine passes it, what an implementation is sent hides the expectations,
the judge tells right from wrong, and the harness's filters, lists and reports work."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from brou import Rules, spec
from brou.conformance.cases import generate
from brou.conformance.diagnosis.run import Run, run
from brou.conformance.judging.compare import ERRORED, FAILED, PASSED, expectations, judge
from brou.conformance.judging.expected import XFAILED, XPASSED
from brou.conformance.judging.readings import offered_features, reading_label, reading_of, skip_reason
from brou.conformance.judging.reference import load_corpus, reference_verdict
from brou.conformance.protocol.runner import InProcess, check_hello
from brou.conformance.protocol.server import Reference, perft
from brou.conformance.protocol.table import PARTNERSHIP as PARTNERSHIP_GAMES
from brou.conformance.reporting.report import changes_since, read_track, summary_line, to_json, to_junit, write_track
from brou.conformance.scenarios.corpus import CONFORMANCE_DIR, CorpusError, Scenario, Selection, load_file, request_of
from brou.engine.homme import HommeDeal
from helpers import whole_corpus

RULESETS = ("homme-de-brou-1802", "brouc", "brusquembille-1718", "homme-d-auvergne", "hombre")
PARTNERSHIP = ("homme-de-brou-1802", "brouc")  # the rulesets of the partnership engine (generate.COUNTS)


def corpus() -> tuple[Scenario, ...]:
    return whole_corpus()


@cache
def reference_run() -> Run:
    return run(InProcess(), list(corpus()))


# -- the corpus ------------------------------------------------------------------------


def test_corpus_loads_validates_and_has_unique_ids() -> None:
    scenarios = corpus()
    assert len({s.id for s in scenarios}) == len(scenarios)
    assert sum(s.origin == "generated" for s in scenarios) >= 10_000
    assert {s.ruleset for s in scenarios} == set(RULESETS)


def test_reference_engine_passes_the_whole_corpus() -> None:
    result = reference_run()
    bad = [(o.scenario.id, o.verdict.detail) for o in result.outcomes if o.status != PASSED]
    assert not bad, bad[:5]
    assert result.exit_status == 0
    assert len(result.outcomes) == len(corpus())


def test_generated_scenarios_are_reproduced_by_the_generator() -> None:
    """The stored generated files are what tools/generate-corpus writes (first 15 of each kind);
    Brusquembille's: tests/test_phase_corpus.py."""
    for ruleset in PARTNERSHIP:
        folder = CONFORMANCE_DIR / "scenarios" / ruleset / "generated"
        for kind in generate.COUNTS:
            stored = (folder / f"{kind}-01.jsonl").read_text(encoding="utf-8").splitlines()[:15]
            assert [generate.dumps(s) for s in generate.generate(ruleset, kind, 15)] == stored, (ruleset, kind)


def test_perft_depth_one_is_the_number_of_legal_actions_and_counts_grow_consistently() -> None:
    rules = Rules.load("brouc")
    for seed in range(20):
        state = HommeDeal.from_seed(rules, seed)
        assert perft(state, 1) == len(state.legal_actions())
        assert perft(state, 2) == sum(perft(_after(state, a), 1) for a in state.legal_actions())


def _after(state: HommeDeal, action: int) -> HommeDeal:
    child = state.copy()
    child.apply(action)
    return child


def test_perft_scenarios_are_stored_for_every_ruleset() -> None:
    perfts = [s for s in corpus() if s.origin == "perft"]
    assert {s.ruleset for s in perfts} == set(RULESETS)
    assert all(any("perft" in step for step in s.data["steps"]) for s in perfts)


# -- what an implementation is sent ------------------------------------------------------------


def _walk_keys(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            yield k
            yield from _walk_keys(v)
    elif isinstance(node, list):
        for v in node:
            yield from _walk_keys(v)


def test_requests_never_show_expectations() -> None:
    for s in corpus():
        data = s.data  # parsed once: `Scenario.data` reads the text again at each call
        steps = s.request["steps"]
        assert not {"expect", "reject", "code", "count", "do"} & set(_walk_keys(steps)), s.id
        wanted = expectations(s, data=data)
        assert len(steps) == len(wanted)
        # an action that must be refused is sent exactly like one that must be accepted
        for step, (kind, want, number, _) in zip(steps, wanted, strict=True):
            if kind in ("accept", "reject"):
                by = data["steps"][number - 1].get("player")  # feature out-of-turn: the player who acts
                assert step == {"act": want if kind == "accept" else want[0]} | ({} if by is None else {"player": by})


@cache
def _protocol_validator(name: str) -> Draft202012Validator:
    scenario_schema = json.loads((spec.SCHEMA_DIR / "scenario.schema.json").read_text(encoding="utf-8"))
    registry: Registry[Any] = Registry().with_resource(scenario_schema["$id"], Resource.from_contents(scenario_schema))
    schema = json.loads((CONFORMANCE_DIR / "protocol" / f"{name}.schema.json").read_text(encoding="utf-8"))
    return Draft202012Validator(schema, registry=registry)


def test_protocol_messages_of_the_reference_validate_against_the_schemas() -> None:
    reference = Reference()
    hello = reference.handle({"seq": 1, "cmd": "hello", "brou": 1})
    _protocol_validator("hello.request").validate({"seq": 1, "cmd": "hello", "brou": 1})
    _protocol_validator("hello.answer").validate(hello)
    _protocol_validator("stop.request").validate({"seq": 0, "cmd": "stop"})
    rng = random.Random(5)
    sample = [s for s in corpus() if s.origin != "generated"] + rng.sample([s for s in corpus() if s.origin == "generated"], 150)
    for seq, s in enumerate(sample, 2):
        message = {"seq": seq, "cmd": "run", "scenario": s.request}
        _protocol_validator("run.request").validate(json.loads(json.dumps(message)))
        answer = reference.handle(message)
        assert answer is not None
        _protocol_validator("run.answer").validate(json.loads(json.dumps(answer)))


# -- the judge ------------------------------------------------------------------------------


def _scenario(steps: list[dict[str, Any]], **extra: Any) -> Scenario:
    data = {"id": "t.x", "description": "test", "clauses": ["hdb.play.follow"], "ruleset": "homme-de-brou-1802",
            "setup": {"hands": [[]] * 4, "turnup": "7H"}, "steps": steps} | extra
    return Scenario(data, "t.yaml", 1)


def test_a_long_value_is_read_whole_by_the_diagnosis_and_cut_in_the_report_unless_asked() -> None:
    """A ledger longer than the report keeps (its differing entries at the end): the judge keeps
    it whole for the diagnosis (`whole=True`, as verdict_of asks), `with_clause` lays the failure
    and then cuts the values to the report's bound, or keeps them whole (`brou check --whole-values`)."""
    from brou.conformance.diagnosis.diagnose import with_clause
    from brou.conformance.protocol.bounds import MAX_VALUE
    entry = {"trick": 0, "from": 0, "to": "pool", "jetons": 20, "card": None, "clause": "brus.stakes.pool"}
    want = [entry] * 60
    s = _scenario([{"expect": {"ledger": want}}])
    got = [*want[:-1], {**entry, "jetons": 19}]
    assert len(json.dumps(got)) > MAX_VALUE
    cut = judge(s, {"results": [{"ledger": got}]})
    assert cut.status == FAILED and isinstance(cut.got, str) and cut.got.endswith("characters in all)")
    whole = judge(s, {"results": [{"ledger": got}]}, whole=True)
    assert whole.got == got and whole.expected == want
    reported = with_clause(s, whole)
    assert isinstance(reported.got, str) and len(reported.got) < len(json.dumps(got)) and reported.clause
    assert with_clause(s, whole, whole=True).got == got


def test_judge_compares_legal_as_sets_and_names_missing_and_extra_actions() -> None:
    s = _scenario([{"expect": {"legal": ["AS", "KS"]}}])
    assert judge(s, {"results": [{"legal": ["KS", "AS"]}]}).status == PASSED
    v = judge(s, {"results": [{"legal": ["AS", "7H"]}]})
    assert v.status == FAILED and "missing KS" in v.detail and "not allowed 7H" in v.detail and v.step == 1
    assert judge(s, {"results": [{"legal": ["AS", "KS", "KS"]}]}).status == FAILED


def test_judge_on_actions_accepted_refused_and_codes() -> None:
    s = _scenario([{"do": ["AS", "KS"]}, {"reject": "7H", "code": "must-follow-suit"}])
    ok = {"ok": True}
    assert judge(s, {"results": [ok, ok, {"ok": False, "code": "must-follow-suit"}]}).status == PASSED
    v = judge(s, {"results": [ok, {"ok": False, "code": "not-in-hand"}, {"ok": False}]})
    assert v.status == FAILED and v.detail.startswith("step 1, action 2 of 2: KS was refused")
    v = judge(s, {"results": [ok, ok, ok]})
    assert v.status == FAILED and "7H was accepted" in v.detail
    v = judge(s, {"results": [ok, ok, {"ok": False, "code": "wrong"}]})
    assert v.status == FAILED and "must-follow-suit" in v.detail
    # without the error-codes feature only the refusal counts
    assert judge(s, {"results": [ok, ok, {"ok": False, "code": "wrong"}]}, codes=False).status == PASSED


def test_judge_compares_records_on_the_given_fields_only() -> None:
    s = _scenario([{"expect": {"result": [{"total": 70}, {"total": 50}], "outcome": {"how": "played-out", "winner": None}}}])
    got: dict[str, Any] = {"result": [{"total": 70, "tricks": 5}, {"total": 50, "tricks": 3}],
           "outcome": {"how": "played-out", "winner": None, "marks": [0, 0]}}
    assert judge(s, {"results": [got]}).status == PASSED
    got["result"][1]["total"] = 60
    v = judge(s, {"results": [got]})
    assert v.status == FAILED and "result: [1].total is 60, expected 50" in v.detail
    s2 = _scenario([{"expect": {"over": True, "to_act": None}}])
    assert judge(s2, {"results": [{"over": 1, "to_act": None}]}).status == FAILED  # 1 is not true
    assert judge(s2, {"results": [{"over": True, "to_act": 0}]}).status == FAILED


def test_judge_calls_misshapen_answers_errors_not_failures() -> None:
    s = _scenario([{"do": "AS"}, {"expect": {"legal": ["KS"]}}, {"perft": 2, "count": 10}])
    assert judge(s, {}).status == ERRORED
    assert judge(s, {"results": [{"ok": True}]}).status == ERRORED
    assert judge(s, {"results": ["yes", {"legal": ["KS"]}, {"count": 10}]}).status == ERRORED
    assert judge(s, {"results": [{"ok": True}, {}, {"count": 10}]}).status == ERRORED
    assert judge(s, {"results": [{"ok": True}, {"legal": "KS"}, {"count": 10}]}).status == ERRORED
    assert judge(s, {"results": [{"ok": True}, {"legal": ["KS"]}, {"count": "10"}]}).status == ERRORED
    assert judge(s, {"results": [{"ok": True}, {"legal": ["KS"]}, {"count": 11}]}).status == FAILED
    assert judge(s, {"results": [{"ok": True}, {"legal": ["KS"]}, {"count": 10}]}).status == PASSED


def test_a_planted_engine_error_fails_the_scenarios_of_its_clause(monkeypatch: pytest.MonkeyPatch) -> None:
    """The corpus catches a following rule that lets a player discard while holding the suit led."""
    from brou.laws import play

    def anything(rules: Rules, hand: int, led: int, trump: int, best: int, trick_mask: int) -> int:
        return hand

    monkeypatch.setitem(play.LEGAL, "whist", anything)
    scenarios = [s for s in corpus() if s.ruleset == "homme-de-brou-1802" and s.origin == "hand-written"]
    result = run(InProcess(), scenarios)
    failed_clauses = {c for o in result.outcomes if o.status == FAILED for c in o.scenario.clauses}
    assert "hdb.play.follow" in failed_clauses
    assert result.exit_status == 1


# -- selecting, skipping, expected failures, reports ---------------------------------------------


def test_selection_by_ruleset_clause_prefix_feature_and_id_glob() -> None:
    scenarios = corpus()
    brouc_play = [s for s in scenarios if Selection(clauses=["brouc.play"]).keeps(s)]
    assert brouc_play and all(any(c.startswith("brouc.play.") for c in s.clauses) for s in brouc_play)
    assert not Selection(clauses=["brouc.pla"]).keeps(brouc_play[0])  # a prefix ends at a dot
    games = [s for s in scenarios if Selection(features=["game"]).keeps(s)]
    assert games and all("game" in s.features for s in games)
    assert [s.id for s in scenarios if Selection(ids=["gen.brouc.seeded.0000?"]).keeps(s)] == [
        f"gen.brouc.seeded.{i:05d}" for i in range(1, 10)]
    assert all(s.ruleset == "brouc" for s in scenarios if Selection(rulesets=["brouc"]).keeps(s))


def test_skip_reasons_from_the_handshake() -> None:
    scenarios = {s.id: s for s in corpus()}
    game = next(s for s in scenarios.values() if s.features == {"game"} and s.ruleset == "brouc")
    variant = next(s for s in scenarios.values()
                   if s.params and s.ruleset == "brouc" and not s.features and s.origin == "generated")
    hello: dict[str, Any] = {"rulesets": {"brouc": {"params": {}}}, "features": []}
    assert skip_reason(game, hello) == "needs feature game"
    assert skip_reason(variant, hello) is not None and "is not supported" in skip_reason(variant, hello)  # type: ignore[operator]
    full = Reference().hello()
    assert skip_reason(game, full) is None and skip_reason(variant, full) is None
    assert skip_reason(game, {"rulesets": {}, "features": ["game"]}) == "ruleset brouc is not supported"


def test_expected_failures_xfail_xpass_and_stale_entries() -> None:
    scenarios = [s for s in corpus() if s.origin == "hand-written"][:3]
    xfail = {scenarios[0].id: "listed", "no.such.scenario": ""}
    result = run(InProcess(), scenarios, xfail=xfail, all_ids=[s.id for s in corpus()])
    assert result.outcomes[0].status == XPASSED
    assert result.stale_xfails == ["no.such.scenario"]
    assert result.exit_status == 1


def test_expected_failure_of_a_failing_scenario_keeps_the_run_green(monkeypatch: pytest.MonkeyPatch) -> None:
    s = next(x for x in corpus() if x.origin == "hand-written" and any("legal" in st.get("expect", {}) for st in x.data["steps"]))
    monkeypatch.setitem(PARTNERSHIP_GAMES.answers, "legal", lambda table: [])
    result = run(InProcess(), [s], xfail={s.id: "known"})
    assert result.outcomes[0].status == XFAILED and result.exit_status == 0


def test_reports_json_junit_and_tracking(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scenarios = [s for s in corpus() if s.origin == "hand-written"][:4]
    scenarios += [s for s in corpus() if s.origin == "hand-written" and any("tricks" in st.get("expect", {})
                                                                           for st in s.data["steps"])][:2]
    first = run(InProcess(), scenarios)
    data = to_json(first)
    assert data["counts"]["passed"] == 6 and len(data["scenarios"]) == 6
    root = ET.fromstring(to_junit(first))
    assert int(root.get("tests", "0")) == 6 and not root.findall(".//failure")
    track = tmp_path / "track.json"
    ids = {s.id for s in corpus()}
    assert read_track(track) is None
    write_track(track, first, None, ids)
    assert changes_since(read_track(track), first, ids) == []
    monkeypatch.setitem(PARTNERSHIP_GAMES.answers, "tricks", lambda table: [9])
    second = run(InProcess(), scenarios)
    changed = changes_since(read_track(track), second, ids)
    broken = {o.scenario.id for o in second.outcomes if o.status == FAILED}
    assert broken and {c[0] for c in changed} == broken and all(c[1:] == ("passed", "failed") for c in changed)
    junit = ET.fromstring(to_junit(second))
    assert len(junit.findall(".//failure")) == len(broken)


# -- another reading, declared ------------------------------------------------------------

# AMB-29 and AMB-30 read the other way in 1802
READING_1802 = {"escape_commitment": True, "partie_et_vole_declarer": "any-player-of-team"}


class DeclaresReadings(InProcess):
    """An implementation of 1802 alone that plays AMB-29 `escape` and AMB-30
    `any-player-of-team` (declared by register entry) and cannot play the spec's defaults of
    those questions: the reference engine with those parameters unless told; with
    `wrong_to_act`, every `to_act` it reports is wrong too."""

    def __init__(self, wrong_to_act: bool = False) -> None:
        super().__init__()
        self.wrong_to_act = wrong_to_act

    def start(self) -> dict[str, Any]:
        hello = self.reference.hello()
        ruleset = hello["rulesets"]["homme-de-brou-1802"]
        for name in READING_1802:
            del ruleset["params"][name]
        ruleset["readings"] = {"AMB-29": "escape", "AMB-30": "any-player-of-team"}
        hello["rulesets"] = {"homme-de-brou-1802": ruleset}
        return check_hello(hello)

    def run(self, request: Mapping[str, Any], timeout: float) -> dict[str, Any]:
        answer = super().run(dict(request) | {"params": READING_1802 | dict(request["params"])}, timeout)
        if self.wrong_to_act:
            for result in answer.get("results", []):
                if "to_act" in result:
                    result["to_act"] = 99
        return answer


@cache
def reading_corpus() -> tuple[Scenario, ...]:
    """The 1802 scenarios of games and of the two questions, and 200 generated deals."""
    root = CONFORMANCE_DIR / "scenarios/homme-de-brou-1802"
    generated = [s for s in corpus() if s.ruleset == "homme-de-brou-1802" and s.origin == "generated"][:200]
    files = [root / "game", root / "ambiguities/AMB-29.yaml", root / "ambiguities/AMB-30.yaml"]
    return tuple(load_corpus(files)) + tuple(generated)


@cache
def reading_run() -> Run:
    return run(DeclaresReadings(), list(reading_corpus()))


def test_a_declared_reading_leaves_out_exactly_the_steps_where_the_reference_under_it_departs() -> None:
    """Each scenario written for the spec's defaults runs under the declared reading; a step
    is left out only where the reference engine, playing that reading, does not meet the
    scenario's expectation, and a scenario with nothing left out is one it passes whole."""
    result = reading_run()
    assert result.count(FAILED) == result.count(ERRORED) == 0
    skipped = [o for o in result.outcomes if o.status == "skipped"]
    assert all("is not supported" in o.verdict.detail for o in skipped)  # they set a default explicitly
    hello = result.hello or {}
    partial = 0
    for o in result.outcomes:
        if o.status != PASSED:
            continue
        s = o.scenario
        under = reference_verdict(Scenario(s.data | {"params": READING_1802 | s.params}, s.file, s.line))
        reading, why = reading_of(s, hello)
        assert why is None and reading is not None and reading.params == {k: v for k, v in READING_1802.items()
                                                                          if k not in s.params}
        if not o.verdict.reading_steps:
            assert under.status == PASSED and reading.omit is None, s.id
            continue
        partial += 1
        omit = reading.omit
        assert under.status == FAILED and omit is not None and under.step is not None, s.id
        assert under.step in omit.steps or (omit.from_step is not None and under.step >= omit.from_step), s.id
        label = reading_label(s.ruleset, reading.params)  # each parameter with its register entry and option
        assert f"on the reading {label}: " in o.verdict.detail and "(AMB-" in label
        assert o.verdict.reading_steps == reading.steps > 0
    assert partial >= 10


def test_a_declared_reading_does_not_hide_a_wrong_answer_where_it_does_not_matter() -> None:
    """The same implementation, now reporting every `to_act` wrongly: each scenario in which
    a `to_act` is still asked for fails (at a step the reading does not touch), the ones with
    steps left out included; no other fails."""
    result = run(DeclaresReadings(wrong_to_act=True), list(reading_corpus()))
    hello = result.hello or {}
    failed_partial = 0
    for o in result.outcomes:
        if o.status == "skipped":
            continue
        s = o.scenario
        reading, _ = reading_of(s, hello)
        omit = reading.omit if reading is not None else None
        asked = any("to_act" in step.get("observe", []) for step in s.request_for(offered_features(hello), omit)["steps"])
        assert o.status == (FAILED if asked else PASSED), s.id
        if o.status == FAILED and o.verdict.reading_steps:
            failed_partial += 1
            assert o.verdict.step is not None and omit is not None and o.verdict.observed == "to_act"
            left = omit.steps.get(o.verdict.step, frozenset())
            assert left is not None and "to_act" not in left  # a step and an observable not left out
            assert omit.from_step is None or o.verdict.step < omit.from_step
    assert failed_partial >= 5
    assert result.exit_status == 1


def test_the_reports_count_the_steps_left_out_for_a_reading() -> None:
    result = reading_run()
    partial = [o for o in result.outcomes if o.verdict.reading_steps]
    steps = sum(o.verdict.reading_steps for o in partial)
    assert f"{steps:,} steps of {len(partial):,} scenarios left out for the readings" in summary_line(result)
    data = to_json(result)
    assert data["reading_steps"] == steps
    assert sum(e.get("reading_steps", 0) for e in data["scenarios"]) == steps
    root = ET.fromstring(to_junit(result))
    prop = root.find(".//testsuite[@name='homme-de-brou-1802']/properties/property[@name='steps-left-out-for-readings']")
    assert prop is not None and prop.get("value") == str(steps)


# -- corpus files that cannot be used ---------------------------------------------------------


GOOD = """format: brou-scenarios/1
scenarios:
  - id: t.one
    description: one
    clauses: [hdb.play.follow]
    ruleset: homme-de-brou-1802
    setup: {hands: [[AS]], turnup: AS}
    steps:
      - do: AS
"""


@pytest.mark.parametrize(("text", "line", "message"), [
    (GOOD.replace("format: brou-scenarios/1", "format: brou-scenarios/9"), 1, "brou-scenarios/1"),
    (GOOD.replace("      - do: AS", "      - do: AS\n        expect: {over: true}"), 9, "more than one"),
    (GOOD.replace("[hdb.play.follow]", "[hdb.play.nothing]"), 3, "clause 'hdb.play.nothing' is not a clause"),
    (GOOD.replace("ruleset: homme-de-brou-1802", "ruleset: skat"), 3, "unknown ruleset 'skat'"),
    (GOOD.replace("    setup:", "    params: {rounding: sideways}\n    setup:"), 3, "rounding"),
    (GOOD.replace("    setup:", "    id: t.two\n    setup:"), 7, "duplicate key 'id'"),
    (GOOD + GOOD.split("scenarios:\n")[1], 10, "used twice"),
    (GOOD.replace("steps:", "steps: [").replace("- do: AS", "oops"), 10, "YAML syntax"),
    (GOOD.replace("id: t.one", "id: T One"), 3, "does not match"),
])
def test_a_broken_scenario_file_gives_one_line_naming_file_and_line(tmp_path: Path, text: str, line: int, message: str) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CorpusError) as info:
        load_corpus([path])
    shown = str(info.value)
    assert "\n" not in shown and message in shown, shown
    assert f"broken.yaml:{line}" in shown, shown


def test_a_broken_generated_line_is_named_by_its_line(tmp_path: Path) -> None:
    good = generate.dumps(generate.generate("brouc", "seeded", 1)[0])
    path = tmp_path / "g.jsonl"
    path.write_text(good + "\n" + good[:-5] + "\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"g\.jsonl:2: JSON syntax"):
        load_file(path)
    path.write_text(good.replace('"origin":"generated"', '"origin":"invented"') + "\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"g\.jsonl:1: at origin"):
        load_file(path)


def test_request_of_expands_do_lists() -> None:
    steps = [{"do": ["AS", "KS"]}, {"reject": "7H"}, {"perft": 2, "count": 1}, {"expect": {"over": False, "legal": []}}]
    data = {"id": "x", "ruleset": "brouc", "setup": {}, "steps": steps}
    sent = [{"act": "AS"}, {"act": "KS"}, {"act": "7H"}, {"perft": 2}, {"observe": ["legal", "over"]}]
    assert request_of(data)["steps"] == sent


def test_brou_serve_answers_bad_requests_with_errors_and_goes_on() -> None:
    import subprocess
    import sys

    lines = [
        {"seq": 1, "cmd": "run", "scenario": {"ruleset": "brouc"}},
        [1],
        {"seq": 2, "cmd": "run", "scenario": {"ruleset": "brouc", "params": {}, "setup": {"hands": [["ZZ"]], "turnup": "AS"},
                                              "steps": []}},
        {"seq": 3, "cmd": "launch"},
        {"seq": 4, "cmd": "hello", "brou": 1},
        {"seq": 0, "cmd": "stop"},
    ]
    text = "\n".join(json.dumps(x) for x in lines[:2]) + "\nnot json\n" + "\n".join(json.dumps(x) for x in lines[2:]) + "\n"
    done = subprocess.run([sys.executable, "-m", "brou", "serve"], input=text, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["seq"] for a in answers] == [1, None, None, 2, 3, 4]
    assert all("error" in a for a in answers[:5])
    assert "players" in answers[3]["error"] and "launch" in answers[4]["error"]
    assert answers[5]["brou"] == 1


def test_judge_takes_the_cards_of_a_dealt_hand_in_any_order() -> None:
    s = _scenario([{"expect": {"deal": {"hands": [["AS", "KS"], ["7H", "8H"]], "turnup": "8H"}}}])
    assert judge(s, {"results": [{"deal": {"hands": [["KS", "AS"], ["8H", "7H"]], "turnup": "8H"}}]}).status == PASSED
    assert judge(s, {"results": [{"deal": {"hands": [["KS", "AS"], ["8H", "9H"]], "turnup": "8H"}}]}).status == FAILED
    assert judge(s, {"results": [{"deal": {"hands": "AS KS", "turnup": "8H"}}]}).status == ERRORED


# == several deals, the draw and the cut: what the reference server refuses ======================

_MATCH_SETUP = {"seed": 3, "game": {"scores": [0, 0]}, "match": {"marks": [0, 0]}}


def _run_steps(setup: dict[str, Any], steps: list[dict[str, Any]], ruleset: str = "brouc",
               params: dict[str, Any] | None = None) -> dict[str, Any]:
    return Reference().run({"id": "t", "ruleset": ruleset, "params": params or {}, "setup": setup, "steps": steps})


def _played_out(ruleset: str = "brouc", setup: dict[str, Any] = _MATCH_SETUP) -> list[dict[str, Any]]:
    """The act steps that play a seeded deal to its end (the first legal action each time)."""
    from brou.conformance.protocol.table import Table
    table = Table(Rules.load(ruleset), setup)
    steps = []
    while not table.state.is_over:
        action = table.observe("legal")[0]
        table.act(action)
        steps.append({"act": action})
    return steps


@pytest.mark.clause("hdb.match.next-dealer")
@pytest.mark.parametrize(("setup", "steps", "message"), [
    (_MATCH_SETUP, [{"act": "AS"}, {"deal": {"seed": 1}}], "while the deal was still being played"),
    ({"seed": 3}, [{"deal": {"seed": 1}}], "needs a match"),
    ({**_MATCH_SETUP, "match": {"marks": [0, 4]}}, [], ""),
])
def test_a_deal_step_at_the_wrong_moment_is_a_one_line_error(setup: dict[str, Any], steps: list[dict[str, Any]],
                                                              message: str) -> None:
    if not steps:  # after a cape that marks the losers' fifth coche the match is over: no next deal
        [s] = [s for s in corpus() if s.id == "brouc.match.deals.cape-ends-the-match"]
        request = s.request
        answer = Reference().run(request)
        assert answer["results"][-1]["match"]["winner"] == 0, answer
        setup, steps, message = request["setup"], [*request["steps"], {"deal": {"seed": 1}}], "after the match was won"
    answer = _run_steps(setup, steps)
    assert set(answer) == {"error"} and message in answer["error"] and "\n" not in answer["error"], answer


@pytest.mark.clause("hdb.deal.cut")
@pytest.mark.parametrize("cut", [0, 32, 99])
def test_a_cut_out_of_range_is_a_one_line_error(cut: int) -> None:
    answer = _run_steps({"seed": 7, "cut": cut}, [{"observe": ["deal"]}])
    assert answer == {"error": f"a cut lifts from 1 to 31 cards of the 32, not {cut}"}
    answer = _run_steps(_MATCH_SETUP, [*_played_out(), {"deal": {"seed": 7, "cut": cut}}])
    assert answer == {"error": f"a cut lifts from 1 to 31 cards of the 32, not {cut}"}
    answer = _run_steps({"hands": [], "turnup": "AS", "cut": 3}, [{"observe": ["deal"]}])
    assert answer == {"error": "setup.cut: a cut needs a seed (hands given are already cut)"}


@pytest.mark.clause("hdb.match.first-dealer", "brouc.match.first-dealer")
@pytest.mark.parametrize(("ruleset", "draw", "message"), [
    ("homme-de-brou-1802", {"cards": [["8S", "AH", "8D", "KC"]]}, "the draw is not over: players 0, 2 tie"),
    ("homme-de-brou-1802", {"cards": [["8S", "AH", "8D", "KC"], ["9S", "9H", "7D", None]]}, "draw round 2: players 0, 2 draw"),
    ("homme-de-brou-1802", {"cards": [["8S", "8S", "9D", "KC"]]}, "draw round 1: a card is drawn twice"),
    ("homme-de-brou-1802", {"cards": [["8S", "XX", "9D", "KC"]]}, "setup.draw: round 1: unknown card 'XX'"),
    ("brouc", {"cards": [["8S", "AH", "9D", "KC"]]}, "in brouc the first dealer is chosen by lot"),
])
def test_a_draw_that_cannot_be_read_is_a_one_line_error(ruleset: str, draw: dict[str, Any], message: str) -> None:
    answer = _run_steps({"draw": draw, "seed": 4}, [{"observe": ["to_act"]}], ruleset)
    assert set(answer) == {"error"} and answer["error"].startswith(message) and "\n" not in answer["error"], answer
    answer = _run_steps({"draw": {"seed": 1}, "dealer": 2, "seed": 4}, [{"observe": ["to_act"]}], ruleset)
    assert answer == {"error": "setup: the dealer is given or drawn (draw), not both"}


def test_the_new_setups_and_the_deal_step_need_their_features() -> None:
    [s] = [s for s in corpus() if s.id == "brouc.deal.cut.next-deal-cut"]
    assert s.needs == {"game", "match", "seeded-deal", "deals", "cut"}
    assert s.request_for(["game", "match", "seeded-deal", "deals", "cut"])["steps"][-2] == {"deal": {"seed": 7, "cut": 31}}
    [s] = [s for s in corpus() if s.id == "hdb.match.first-dealer.tie-redrawn"]
    assert s.needs == {"draw", "seeded-deal"}
    [s] = [s for s in corpus() if s.id == "brouc.match.deals.cape-carries-marriages"]
    assert s.needs == {"game", "match", "deals", "seeded-deal"}
    results = Reference().run(s.request)["results"]
    assert judge(s, {"results": results}).status == PASSED
    dealt = results.index({"ok": True}, len(results) - 2)
    verdict = judge(s, {"results": [*results[:dealt], {"ok": False}, *results[dealt + 1:]]})
    assert verdict.status == FAILED and "the next deal was not dealt" in verdict.detail, verdict


def test_the_sheet_is_a_games_and_never_asked_of_a_deal_alone() -> None:
    """A deal alone (no `setup.game`) writes no score sheet (PROTOCOL.md, "The score sheet"):
    no scenario of the corpus asks `sheet` there, `brou fuzz` asks it only of a deal in a
    game, and the reference engine refuses the question with one line."""
    asking = [s.id for s in corpus() if "game" not in s.data["setup"]
              and any("sheet" in step.get("expect", {}) for step in s.data["steps"])]
    assert not asking
    from brou.conformance.cases.build import build
    from brou.conformance.cases.case import Offer, search_bytes
    offer = Offer.of(Reference().hello(), PARTNERSHIP)
    cases = [build(search_bytes(0, number), offer).data for number in range(60)]
    alone = [c for c in cases if "game" not in c["setup"]]
    assert alone and len(alone) < len(cases)  # both kinds were drawn
    assert all("sheet" not in step.get("expect", {}) for c in alone for step in c["steps"])
    assert any("sheet" in step.get("expect", {}) for c in cases if "game" in c["setup"] for step in c["steps"])
    answer = _run_steps({"seed": 3}, [{"observe": ["sheet"]}])
    assert "error" in answer and "'sheet' is observed only in a scenario whose setup has a game" in answer["error"]
