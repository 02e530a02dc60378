"""`brou fuzz` (docs/fuzzing.md): the reference passes; every single-bug implementation of the
tests is found and shrunk to a short scenario that names the broken clause; a crash or a
hang is an error, not a divergence; the cases are the seed's; the command line."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from faults import DIAGNOSIS_FAULTS, FAULTS, Faulty

from brou.cli import main
from brou.conformance.compare import FAILED, PASSED
from brou.conformance.corpus import load_file
from brou.conformance.fuzz import (
    LIMIT,
    Offer,
    actions_of,
    build,
    finished_scenario,
    fuzz,
    search_bytes,
    write_scenario,
)
from brou.conformance.harness import run
from brou.conformance.runner import InProcess, Subprocess
from brou.conformance.server import Reference

BROKEN = [sys.executable, str(Path(__file__).parent / "fakes" / "broken.py")]
# the one planted fault the fuzzer does not find quickly: it shows only under the reading
# both_reach_target=first-during-play, when both teams pass 301 in the first tricks and the
# second did so by an announcement (docs/fuzzing.md, "What it does not find quickly")
SLOW = ("homme-de-brou-1802", "hdb.game.last-coup", "_note_reached")
FOUND_WITHIN = 1000  # cases: a few seconds


def test_the_reference_engine_passes_every_case() -> None:
    result = fuzz(InProcess(), deals=300, seed=11)
    assert result.finding is None and result.exit_status == 0
    assert result.cases == 300 and set(result.by_ruleset) == {"brouc", "homme-de-brou-1802"}


def test_the_cases_reach_every_ending_of_a_deal() -> None:
    """Claims right and wrong, dehors, declarations made and broken, vole and cape,
    concessions, matches, seeded deals, other readings: all come up in a thousand cases."""
    offer = Offer.of(Reference().hello())
    endings: Counter[str] = Counter()
    settings: Counter[str] = Counter()
    refused = 0
    for number in range(1, 1001):
        summary = build(search_bytes(0, number), offer).summary
        endings[summary.ending] += 1
        settings[summary.setting] += 1
        settings["variant"] += summary.variant
        settings["seeded"] += summary.seeded
        refused += summary.refused
    assert {"played-out", "all-tricks", "claim-right", "claim-wrong", "declaration-made", "declaration-failed",
            "concession-accepted", "cut"} <= set(endings)
    assert all(settings[k] >= 50 for k in ("alone", "game", "match", "variant", "seeded"))
    assert refused >= 1000


def test_a_case_is_its_bytes() -> None:
    offer = Offer.of(Reference().hello())
    data = search_bytes(5, 17)
    assert data == search_bytes(5, 17) and data != search_bytes(6, 17)
    assert build(data, offer).data == build(data, offer).data
    # the first byte bounds the actions: none at all is a case of its setup alone
    assert actions_of(build(bytes([0]) + data[1:], offer).data) == 0
    assert actions_of(build(bytes([3]) + data[1:], offer).data) == 3
    # past the end every decision is the simplest: an empty case is a deal alone, no action
    empty = build(b"", offer)
    assert "game" not in empty.data["setup"] and empty.summary.actions == 0 and data[LIMIT] > 0


def test_the_offer_follows_the_handshake() -> None:
    hello = {"rulesets": {"brouc": {"params": {"rounding": ["half-up", "club"]}}}, "features": ["game"]}
    offer = Offer.of(hello)
    assert offer.rulesets == ("brouc",) and offer.features == frozenset({"game"})
    for number in range(1, 80):
        case = build(search_bytes(0, number), offer)
        setup = case.data["setup"]
        assert case.data["ruleset"] == "brouc" and "seed" not in setup and "match" not in setup
        assert set(case.data.get("params", {})) <= {"rounding"}
    assert Offer.from_json(offer.to_json()) == offer


@pytest.mark.parametrize(("ruleset", "clause", "module", "name", "fault"), FAULTS,
                         ids=[f"{f[0]}:{f[1]}:{f[3]}" for f in FAULTS])
def test_every_planted_fault_is_found_and_shrunk(ruleset: str, clause: str, module: Any, name: str, fault: Any,
                                                 tmp_path: Path) -> None:
    if (ruleset, clause, name) == SLOW:
        pytest.skip("found only by long runs: docs/fuzzing.md")
    impl = Faulty(module, name, fault)
    result = fuzz(impl, deals=FOUND_WITHIN, rulesets=(ruleset,), shrink_seconds=30)
    finding = result.finding
    assert finding is not None and finding.kind == "divergence" and result.exit_status == 1
    assert finding.verdict.status == FAILED
    if (ruleset, clause, module, name, fault) in DIAGNOSIS_FAULTS:  # the faults whose clause the diagnosis must name
        assert finding.verdict.clause == clause
    # one behaviour: the actions as one step, then the observation that differs
    assert len(finding.scenario["steps"]) <= 2
    assert actions_of(finding.scenario) <= (48 if clause.startswith(("hdb.game", "brouc.game")) else 24)
    # written out, the scenario is a valid scenario of the corpus: the reference passes it, the fault fails it
    scenario = finished_scenario(finding, result)
    path = write_scenario(scenario, tmp_path)
    loaded = load_file(path)
    assert [s.id for s in loaded] == [scenario["id"]] and loaded[0].origin == "fuzzed"
    assert run(InProcess(), loaded).outcomes[0].status == PASSED
    failed = run(Faulty(module, name, fault), loaded).outcomes[0]
    assert failed.status == FAILED and failed.verdict.clause == scenario["clauses"][0]


def test_a_crash_is_an_error_not_a_divergence() -> None:
    result = fuzz(Subprocess([*BROKEN, "crash", "--nth", "3"]), deals=20, shrink_seconds=5)
    assert result.finding is not None and result.finding.kind == "error" and result.exit_status == 3
    assert result.finding.verdict.detail.startswith("crash")


def test_a_hang_is_an_error_and_not_shrunk() -> None:
    result = fuzz(Subprocess([*BROKEN, "hang", "--nth", "2"]), deals=20, timeout=0.5)
    assert result.finding is not None and result.finding.kind == "error" and result.exit_status == 3
    assert result.finding.verdict.detail.startswith("hang") and result.finding.shrink_tries == 0


def test_an_answer_that_drops_a_legal_action_is_found_at_once() -> None:
    result = fuzz(Subprocess([*BROKEN, "drop-legal"]), deals=20)
    assert result.finding is not None and result.finding.number == 1
    assert result.finding.verdict.observed == "legal"


def test_the_command_writes_the_scenario_and_a_json_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    impl = " ".join([*BROKEN, "accept-all"])
    report = tmp_path / "report.json"
    status = main(["fuzz", "--impl", impl, "--deals", "200", "--save", str(tmp_path / "found"), "--report", "json",
                   "--output", str(report), "--no-progress"])
    assert status == 1
    data = json.loads(report.read_text())
    finding = data["finding"]
    assert finding["kind"] == "divergence" and finding["clause"]
    written = Path(finding["scenario_file"])
    assert written.parent == tmp_path / "found" and load_file(written)[0].clauses[0] == finding["clause"]
    out = capsys.readouterr().out
    assert "replay" in out and str(written) in out
    # run again: the file found before is kept, the new one gets a name of its own
    assert main(["fuzz", "--impl", impl, "--deals", "200", "--save", str(tmp_path / "found"), "--no-progress"]) == 1
    assert len(list((tmp_path / "found").iterdir())) == 2


def test_the_command_passes_the_reference(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--deals", "60", "--seed", "3", "--no-progress"]) == 0
    assert "every answer agreed with the reference engine" in capsys.readouterr().out


@pytest.mark.parametrize("args", [["--deals", "0"], ["--seconds", "-1"], ["--timeout", "0"], ["--shrink-seconds", "0"],
                                  ["--seed", "-2"], ["--ruleset", "tarot"]])
def test_bad_options_are_one_line_errors(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--deals", "5", "--no-progress", *args] if args[0] != "--deals" else ["fuzz", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("brou fuzz: ") and len(err.strip().splitlines()) == 1


def test_a_folder_of_found_cases_has_its_coverage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    result = fuzz(Subprocess([*BROKEN, "drop-legal"]), deals=5)
    assert result.finding is not None
    write_scenario(finished_scenario(result.finding, result), tmp_path)
    main(["coverage", "--scenarios", str(tmp_path), "--json"])
    counts = json.loads(capsys.readouterr().out)["coverage"]
    assert sum(n["fuzzed"] for clauses in counts.values() for n in clauses.values()) >= 1
    main(["coverage", "--scenarios", str(tmp_path)])
    assert "fuzzed" in capsys.readouterr().out


def test_the_origins_are_the_schemas() -> None:
    from brou import spec
    from brou.conformance.corpus import ORIGINS

    schema = json.loads((spec.SCHEMA_DIR / "scenario.schema.json").read_text(encoding="utf-8"))
    assert tuple(schema["$defs"]["scenario"]["properties"]["origin"]["enum"]) == ORIGINS
