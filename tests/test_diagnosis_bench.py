"""tools/diagnosis-bench's parts: the latest blind batch is held out whole, every other fault tunes."""

from __future__ import annotations

import importlib.machinery
import importlib.util
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parents[1] / "tools" / "diagnosis-bench"


def bench() -> ModuleType:
    loader = importlib.machinery.SourceFileLoader("diagnosis_bench", str(TOOL))
    spec = importlib.util.spec_from_loader("diagnosis_bench", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def test_the_blind_batch_is_held_out_and_the_rest_tunes(monkeypatch: pytest.MonkeyPatch) -> None:
    tool = bench()
    assert tool.part({"engine": "hombre", "ruleset": "hombre", "name": "x", "batch": "issue-63-l"}) == "held-out"
    for seen in ("issue-63", "issue-63-b", "issue-63-c", "issue-63-d", "issue-63-e", "issue-63-f",
                 "issue-63-g", "issue-63-h", "issue-63-i", "issue-63-j", "issue-63-k"):  # measured, read: tuning
        assert tool.part({"engine": "hombre", "ruleset": "hombre", "name": "x", "batch": seen}) == "tuning"
    assert tool.part({"engine": "hombre", "ruleset": "hombre", "name": "x", "batch": ""}) == "tuning"
    # written blind ahead of its turn: neither tuned on nor measured until it is the held-out part
    monkeypatch.setattr(tool, "SEALED_BATCHES", frozenset({"issue-63-z"}))
    assert tool.part({"engine": "hombre", "ruleset": "hombre", "name": "x", "batch": "issue-63-z"}) == "sealed"


def test_every_engine_lists_its_faults_with_a_part() -> None:
    faults = bench().faults()
    parts = Counter(f["part"] for f in faults)
    assert parts["held-out"] == sum(1 for f in faults if f["batch"] == "issue-63-l") >= 30
    assert parts["sealed"] == sum(1 for f in faults if f["batch"] in bench().SEALED_BATCHES)
    assert parts["tuning"] >= 240
    assert len({(f["engine"], f["ruleset"], f["name"]) for f in faults}) == len(faults)  # no fault twice
    assert all(f["clause"] for f in faults)
