"""tools/diagnosis-bench's parts: the latest blind batch is held out whole, every other fault tunes."""

from __future__ import annotations

import json
from collections import Counter
from types import ModuleType

import pytest

from helpers import load_tool


def bench() -> ModuleType:
    return load_tool("diagnosis-bench")


def test_the_blind_batch_is_held_out_and_the_rest_tunes(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = bench()
    assert tool.part({"engine": "hombre", "ruleset": "hombre", "name": "x", "batch": "issue-63-ae"}) == "held-out"
    for seen in ("issue-63", "issue-63-b", "issue-63-c", "issue-63-d", "issue-63-e", "issue-63-f", "issue-63-g",
                 "issue-63-h", "issue-63-i", "issue-63-j", "issue-63-k", "issue-63-l", "issue-63-m",
                 "issue-63-n", "issue-63-o", "issue-63-p", "issue-63-q", "issue-63-r", "issue-63-s",
                 "issue-63-t", "issue-63-u", "issue-63-v",
                 "issue-63-w", "issue-63-x", "issue-63-y", "issue-63-z", "issue-63-aa",
                 "issue-63-ab", "issue-63-ac", "issue-63-ad"):  # measured, read: tuning
        assert tool.part({"engine": "hombre", "ruleset": "hombre", "name": "x", "batch": seen}) == "tuning"
    assert tool.part({"engine": "hombre", "ruleset": "hombre", "name": "x", "batch": ""}) == "tuning"
    # written blind ahead of its turn: neither tuned on nor measured until it is the held-out part
    monkeypatch.setattr(tool, "SEALED_BATCHES", frozenset({"issue-63-next"}))
    assert tool.part({"engine": "hombre", "ruleset": "hombre", "name": "x", "batch": "issue-63-next"}) == "sealed"


def test_every_engine_lists_its_faults_with_a_part() -> None:
    faults = bench().faults()
    parts = Counter(f["part"] for f in faults)
    assert parts["held-out"] == sum(1 for f in faults if f["batch"] == "issue-63-ae") >= 30
    assert parts["sealed"] == sum(1 for f in faults if f["batch"] in bench().SEALED_BATCHES)
    assert parts["tuning"] >= 240
    assert len({(f["engine"], f["ruleset"], f["name"]) for f in faults}) == len(faults)  # no fault twice
    assert all(f["clause"] for f in faults)


def test_the_second_readings_name_clauses_of_their_faults_rulesets() -> None:
    """tests/independent/readings.jsonl: each row a fault the engines list, read by one of two
    readers, naming a clause of the fault's ruleset (or `protocol`, as a fault's writer may); every
    fault read by both, once each."""
    from brou.spec.rules import Rules
    tool = bench()
    known = {(f["engine"], f["ruleset"], f["name"]) for f in tool.faults()}
    rows = [json.loads(line) for line in tool.READINGS.read_text(encoding="utf-8").splitlines()]
    assert len(rows) >= 240
    seen = Counter((r["engine"], r["ruleset"], r["name"], r["reader"]) for r in rows)
    assert set(seen.values()) == {1} and {k[3] for k in seen} == {"A", "B"}
    assert Counter(k[:3] for k in seen).most_common()[-1][1] == 2  # both read every fault they read
    for r in rows:
        assert (r["engine"], r["ruleset"], r["name"]) in known
        clauses = {*Rules.load(r["ruleset"]).data["clauses"], "protocol"}  # or an answer not of the protocol's shape
        assert r["first"] in clauses and (r["second"] is None or r["second"] in clauses), r
    assert tool.second_readings([{**f, "verdict": [f["clause"]], "failed": 1} for f in tool.faults()])[
        "verdict first"] == (len({k[:3] for k in seen}),) * 2


def test_a_fault_that_only_errors_is_detected_and_its_errors_read_again_as_protocol_failures() -> None:
    """A fault whose answers the harness cannot read (a perft result without `count`) fails no
    scenario but errors some: the corpus catches it, and a report kept from before errors were
    protocol failures is read again as one."""
    tool = bench()
    assert tool.detected({"failed": 0, "errored": 13}) and tool.detected({"failed": 2, "errored": 0})
    assert not tool.detected({"failed": 0, "errored": 0})
    detail = 'step 1: malformed result: a perft result needs "count": a whole number, got {"perft": 8}'
    assert tool._malformed_again(detail) == 'a perft result needs "count": a whole number'
    assert tool._malformed_again("the implementation timed out") == ""
